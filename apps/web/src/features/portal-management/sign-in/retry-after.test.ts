import { describe, expect, it } from 'vitest';
import { retryAt, timeLeft } from './retry-after';

const NOW = Date.parse('2026-01-08T06:00:00Z');

describe('Retry-After of a refused sign-in', () => {
  it('reads a number of seconds', () => {
    expect(retryAt('900', NOW)).toBe(NOW + 900_000);
    expect(retryAt(' 30 ', NOW)).toBe(NOW + 30_000);
    expect(retryAt('0', NOW)).toBe(NOW);
  });

  it('reads an HTTP date, and a date in the past means now', () => {
    expect(retryAt('Thu, 08 Jan 2026 06:15:00 GMT', NOW)).toBe(Date.parse('2026-01-08T06:15:00Z'));
    expect(retryAt('Thu, 08 Jan 2026 05:00:00 GMT', NOW)).toBe(NOW);
  });

  it('gives null when the header is missing or unreadable', () => {
    expect(retryAt(null, NOW)).toBeNull();
    expect(retryAt('', NOW)).toBeNull();
    expect(retryAt('-5', NOW)).toBeNull();
    expect(retryAt('1.5', NOW)).toBeNull();
    expect(retryAt('soon', NOW)).toBeNull();
    expect(retryAt('Not a date GMT', NOW)).toBeNull();
  });
});

describe('the time left until a retry', () => {
  it('splits it into whole minutes and seconds, rounding up', () => {
    expect(timeLeft(NOW + 299_001, NOW)).toEqual({ minutes: 5, seconds: 0, total: 300 });
    expect(timeLeft(NOW + 59_000, NOW)).toEqual({ minutes: 0, seconds: 59, total: 59 });
  });

  it('is zero once the time has come', () => {
    expect(timeLeft(NOW - 1000, NOW)).toEqual({ minutes: 0, seconds: 0, total: 0 });
  });
});
