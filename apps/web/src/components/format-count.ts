/**
 * A whole count as both locales write it: digits in groups of three with commas (`12,345`; zh-CN
 * and en-US group alike). Not `toLocaleString`: its first call on a page loads the browser's
 * number-format data, about 15 ms of main-thread work (60 ms on Lighthouse's slowed phone), in
 * the middle of /home's first screen (issue 13 item 9: total blocking time). Anything that is not
 * a finite whole number is written as `String(n)` would.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
