import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups digits in threes with commas, as zh-CN and en-US both write counts', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4321, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      expect(formatCount(n)).toBe(n.toLocaleString('zh-CN'));
    }
  });

  it('writes what is not a whole number as it is', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(1.5)).toBe('1.5');
  });
});
