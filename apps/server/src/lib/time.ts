/**
 * Times on the wire: ISO 8601 with the province's offset (China Standard Time, UTC+08:00, no DST),
 * e.g. `2023-01-21T23:00:00+08:00`. The database keeps `timestamptz`.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PROVINCE_TIME_ZONE = 'Asia/Shanghai';

/** China Standard Time's offset from UTC, ms: fixed, without daylight saving since 1991. */
const CST_OFFSET_MS = 8 * 3_600_000;

/**
 * `Date` → `YYYY-MM-DDTHH:mm:ss+08:00` (seconds; milliseconds dropped). A fixed shift by UTC+08:00,
 * exact for every time since 1991 (the portal's data starts in 2000): the time-zone plugin would
 * look the zone up through Intl on every call (~85 µs; a 744-bucket series spent 60 ms on it).
 */
export function toIsoCst(date: Date): string {
  return `${new Date(date.getTime() + CST_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** The calendar date (`YYYY-MM-DD`) in the province at `now`. */
export function provinceDate(now: Date): string {
  return dayjs(now).tz(PROVINCE_TIME_ZONE).format('YYYY-MM-DD');
}

/** `Date` → `YYYYMMDD-HHmmss` in the province, for file names. */
export function fileStamp(date: Date): string {
  return dayjs(date).tz(PROVINCE_TIME_ZONE).format('YYYYMMDD-HHmmss');
}
