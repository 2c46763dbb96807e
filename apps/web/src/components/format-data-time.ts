/**
 * How the portal shows the time of data (docs/sensing.md §Freshness): always with its date, with the
 * year when it is not the current year, in the province's time (UTC+08:00, Asia/Shanghai), whatever
 * the browser's own zone. China has kept +08:00 without daylight saving since 1991, so a fixed
 * shift is exact for every time the portal holds (its data starts in 2000).
 */
import type { Locale } from '../i18n/i18n';

const OFFSET_MS = 8 * 3_600_000;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS_ZH = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The calendar parts of `time` in UTC+08:00. */
function partsOf(time: Date) {
  const d = new Date(time.getTime() + OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hm: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
    s: two(d.getUTCSeconds()),
  };
}

/**
 * A data time for people: zh-CN `1月21日 23:00`, or `2023年1月21日 23:00` when its year (in UTC+08:00)
 * is not the year of `now`; en-US `21 Jan 23:00` / `21 Jan 2023 23:00`. `time`: ISO 8601 with
 * offset (as the API sends) or a Date; `now` defaults to the browser's clock. An unreadable time is
 * returned as given.
 */
export function formatDataTime(time: string | Date, locale: Locale, now: string | Date = new Date()): string {
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) return String(time);
  const p = partsOf(at);
  const withYear = p.year !== partsOf(new Date(now)).year;
  if (locale === 'zh-CN') return `${withYear ? `${p.year}年` : ''}${p.month + 1}月${p.day}日 ${p.hm}`;
  return `${p.day} ${MONTHS_EN[p.month]}${withYear ? ` ${p.year}` : ''} ${p.hm}`;
}

/** The wall clock: zh-CN `2026年11月24日 星期二 20:58:25`, en-US `Tue 24 Nov 2026 20:58:25` (UTC+08:00). */
export function formatClock(time: Date, locale: Locale): string {
  const p = partsOf(time);
  if (locale === 'zh-CN') return `${p.year}年${p.month + 1}月${p.day}日 ${WEEKDAYS_ZH[p.weekday]} ${p.hm}:${p.s}`;
  return `${WEEKDAYS_EN[p.weekday]} ${p.day} ${MONTHS_EN[p.month]} ${p.year} ${p.hm}:${p.s}`;
}
