import { describe, expect, it } from 'vitest';
import { formatClock, formatDataTime } from './format-data-time';

describe('formatDataTime', () => {
  const now = '2026-11-24T20:58:00+08:00';

  it('shows the date and time in the province, with the year when it is not this year', () => {
    expect(formatDataTime('2023-01-21T23:00:00+08:00', 'zh-CN', now)).toBe('2023年1月21日 23:00');
    expect(formatDataTime('2023-01-21T23:00:00+08:00', 'en-US', now)).toBe('21 Jan 2023 23:00');
    expect(formatDataTime('2026-11-24T19:05:00+08:00', 'zh-CN', now)).toBe('11月24日 19:05');
    expect(formatDataTime('2026-11-24T19:05:00+08:00', 'en-US', now)).toBe('24 Nov 19:05');
  });

  it('reads a time in another offset as the province sees it, across the new year', () => {
    // 16:30 UTC on 31 December is 00:30 on 1 January in the province: a new year there
    expect(formatDataTime('2025-12-31T16:30:00Z', 'zh-CN', '2026-01-01T08:00:00+08:00')).toBe('1月1日 00:30');
    expect(formatDataTime('2025-12-31T15:30:00Z', 'zh-CN', '2026-01-01T08:00:00+08:00')).toBe('2025年12月31日 23:30');
  });

  it('returns a time it cannot read as given', () => {
    expect(formatDataTime('not a time', 'zh-CN', now)).toBe('not a time');
  });
});

describe('formatClock', () => {
  it('gives the date, the weekday and the time to the second', () => {
    const at = new Date('2026-11-24T12:58:25Z');
    expect(formatClock(at, 'zh-CN')).toBe('2026年11月24日 星期二 20:58:25');
    expect(formatClock(at, 'en-US')).toBe('Tue 24 Nov 2026 20:58:25');
  });
});
