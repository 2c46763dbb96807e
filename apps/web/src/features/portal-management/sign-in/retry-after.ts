/**
 * When a refused sign-in (429 TOO_MANY_ATTEMPTS) may be tried again, from the response's
 * `Retry-After` header (RFC 9110 §10.2.3: a number of seconds, or an HTTP date).
 */

/**
 * @param header the `Retry-After` value, or null when absent.
 * @param now the current time in ms since the epoch.
 * @returns the time (ms since the epoch) from which a retry is allowed; null when the header is
 *   missing or unreadable. A date in the past means "now".
 */
export function retryAt(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return now + Number(value) * 1000;
  // An HTTP date always names its day of the week and GMT; anything else (e.g. '-5') is not one.
  if (!/GMT$/.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(date, now);
}

/** Minutes and seconds left until `at` (never negative), e.g. `{ minutes: 4, seconds: 59 }`. */
export function timeLeft(at: number, now: number): { minutes: number; seconds: number; total: number } {
  const total = Math.max(0, Math.ceil((at - now) / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60, total };
}
