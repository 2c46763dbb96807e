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

/** `Date` → `YYYY-MM-DDTHH:mm:ss+08:00`. */
export function toIsoCst(date: Date): string {
  return dayjs(date).tz(PROVINCE_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** The calendar date (`YYYY-MM-DD`) in the province at `now`. */
export function provinceDate(now: Date): string {
  return dayjs(now).tz(PROVINCE_TIME_ZONE).format('YYYY-MM-DD');
}

/** `Date` → `YYYYMMDD-HHmmss` in the province, for file names. */
export function fileStamp(date: Date): string {
  return dayjs(date).tz(PROVINCE_TIME_ZONE).format('YYYYMMDD-HHmmss');
}
