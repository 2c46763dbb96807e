import { formatDataTime } from '../../components/format-data-time';
import type { Locale } from '../../i18n/i18n';

/**
 * A data time (formatDataTime) that may break only between its date and its hour, so a narrow
 * column of the wall's tables wraps it as people read it. `time` ISO 8601 with offset; `at` the
 * server's clock, against which the year is shown or left out.
 */
export function DataTime({ time, locale, at }: { time: string; locale: Locale; at: string }) {
  const text = formatDataTime(time, locale, at);
  const space = text.lastIndexOf(' ');
  return (
    <time dateTime={time}>
      {space < 0 ? (
        text
      ) : (
        <>
          <span className="wall-table-nowrap">{text.slice(0, space)}</span> <span className="wall-table-nowrap">{text.slice(space + 1)}</span>
        </>
      )}
    </time>
  );
}
