import { describe, expect, it } from 'vitest';
import { formatDistance, metresBetween } from './distance';

describe('distances shown to the verifier', () => {
  it('measures metres between two positions (0.001° of latitude is about 111 m)', () => {
    expect(metresBetween([109.7, 34.58599], [109.7, 34.58699])).toBeGreaterThan(105);
    expect(metresBetween([109.7, 34.58599], [109.7, 34.58699])).toBeLessThan(117);
  });

  it('says metres below a kilometre and kilometres above, in the reader’s language', () => {
    expect(formatDistance(446, 'zh-CN')).toBe('446 米');
    expect(formatDistance(2420, 'zh-CN')).toBe('2.4 公里');
    expect(formatDistance(2420, 'en-US')).toBe('2.4 km');
    expect(formatDistance(15_600, 'en-US')).toBe('16 km');
  });
});
