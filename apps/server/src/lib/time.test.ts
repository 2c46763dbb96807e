/**
 * Times on the wire carry the province's offset: the fast fixed shift of `toIsoCst` must say what
 * the time-zone database says for Asia/Shanghai, across day, month, year and leap-day boundaries.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { toIsoCst } from './time';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('toIsoCst', () => {
  it('formats like the time-zone database for Asia/Shanghai from 2000 on', () => {
    const samples = [
      '2000-01-01T00:00:00Z',
      '2023-01-21T15:59:59.999Z',
      '2023-01-21T16:00:00Z',
      '2024-02-28T16:30:00Z',
      '2024-12-31T16:00:00Z',
      '2026-11-23T05:07:09Z',
    ];
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 7_919_993_117) samples.push(new Date(ms).toISOString());
    for (const sample of samples) {
      const date = new Date(sample);
      expect(toIsoCst(date), sample).toBe(dayjs(date).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:ssZ'));
    }
  });

  it('turns the day at 16:00 UTC', () => {
    expect(toIsoCst(new Date('2023-01-21T16:00:00Z'))).toBe('2023-01-22T00:00:00+08:00');
  });
});
