import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import { isAqiFresh, type Thing } from '@eco/contracts/sensing';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/i18n';
import '../../i18n/sensing';
import '../../i18n/sensing-wall';
import { DataTime } from './DataTime';
import { TaskTable } from '../../components/map/TaskTable';

/** The Things the wall's map draws (ThingsMap.tsx) and its table lists: those with a position. */
export function placedThings(things: readonly Thing[]): Thing[] {
  return things.filter((th) => th.longitude !== null && th.latitude !== null);
}

/**
 * One Thing as the map shows it: name and code, kind, city, online or not (and its status when it
 * is not in service); for a station its newest AQI with the HJ 633-2012 category and data time
 * while fresh (AQI_FRESH_MINUTES before `at`), else 无最新数据 beside the old value, as the map
 * draws it grey.
 */
function ThingRow({ thing, locale, at }: { thing: Thing; locale: Locale; at: string }) {
  const { t } = useTranslation();
  const zh = locale === 'zh-CN';
  const station = thing.kind === 'air_quality_station';
  const fresh = thing.aqi !== null && isAqiFresh(thing.aqi.time, at);
  const level = fresh ? aqiLevelOf(thing.aqi?.value) : null;
  const notApplicable = <span className="wall-table-muted">{t('wall.table.notStation')}</span>;
  const category = level ? (zh ? level.categoryZh : level.categoryEn) : t('sensing.wall.noRecentData');
  const time = thing.aqi ? <DataTime time={thing.aqi.time} locale={locale} at={at} /> : '—';
  return (
    <tr>
      <th scope="row">
        {thing.name} <span className="wall-table-muted">{thing.code}</span>
      </th>
      <td>{t(`sensing.kinds.${thing.kind}`)}</td>
      <td>{thing.cityName ?? <span className="wall-table-muted">{t('wall.table.unknownCity')}</span>}</td>
      <td>
        {thing.online ? t('sensing.online') : t('sensing.offline')}
        {thing.status !== 'active' && ` · ${t(`sensing.statuses.${thing.status}`)}`}
      </td>
      <td>{station ? (thing.aqi?.value ?? '—') : notApplicable}</td>
      <td>{station ? category : notApplicable}</td>
      <td className="wall-table-time">{station ? time : notApplicable}</td>
    </tr>
  );
}

/**
 * The text alternative of the wall's map (WCAG 2.1 1.1.1): the same data as tables, every Thing the
 * map draws (ThingRow) and every open verification task it pins (TaskTable). A button
 * (`aria-expanded`) opens them as a scrollable layer over the map, so the wall keeps filling the
 * screen without a scrollbar; focus moves into the layer when it opens and back to the button when
 * it closes (its own close button, the toggle again, or Escape). Renders the button and the layer
 * side by side: the wall's grid puts the layer over the map (sensing-wall.css).
 *
 * @param things the map's Things (placedThings picks those it draws)
 * @param at the figures' time (the server's clock, ISO 8601), against which AQI freshness and the
 *   data times are read
 */
export function MapTable({ things, tasks, locale, at }: { things: readonly Thing[]; tasks: readonly PublicTask[]; locale: Locale; at: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const placed = placedThings(things);

  useEffect(() => {
    if (open) scroller.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="wall-table-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="wall-table-toggle"
      >
        {open ? t('wall.table.close') : t('wall.table.show')}
      </button>
      {/* focusable, so that focus can move into it and the keyboard scrolls it (axe scrollable-region-focusable); Escape closes it */}
      <section
        ref={scroller}
        id={id}
        className="wall-table"
        aria-labelledby={`${id}-title`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (WCAG 2.1.1)
        tabIndex={0}
        hidden={!open}
        onKeyDown={onKeyDown}
        data-testid="wall-table"
      >
        {open && (
          <>
            <div className="wall-table-head">
              <h3 id={`${id}-title`}>{t('wall.table.title')}</h3>
              <button type="button" className="wall-table-close" onClick={close}>
                {t('wall.table.close')}
              </button>
            </div>
            <table className="wall-table-data">
              <caption>{t('wall.table.thingsCaption', { count: placed.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('wall.table.thing')}</th>
                  <th scope="col">{t('wall.table.kind')}</th>
                  <th scope="col">{t('wall.table.city')}</th>
                  <th scope="col">{t('wall.table.state')}</th>
                  <th scope="col">{t('wall.table.aqi')}</th>
                  <th scope="col">{t('wall.table.category')}</th>
                  <th scope="col">{t('wall.table.time')}</th>
                </tr>
              </thead>
              <tbody>
                {placed.map((thing) => (
                  <ThingRow key={thing.id} thing={thing} locale={locale} at={at} />
                ))}
              </tbody>
            </table>
            <TaskTable
              tasks={tasks}
              className="wall-table-data"
              timeClassName="wall-table-time"
              renderTime={(iso) => <DataTime time={iso} locale={locale} at={at} />}
            />
          </>
        )}
      </section>
    </>
  );
}
