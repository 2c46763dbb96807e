import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, setUploadMaxBytes, sizeLimitExceeded } from './upload-limit';

afterEach(() => setUploadMaxBytes(null));

describe('formatBytes', () => {
  it('reads as people read sizes: 50 MB, not 52428800 bytes nor 50.0 MB', () => {
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(46_387)).toBe('45.3 KB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
});

describe('sizeLimitExceeded', () => {
  it('refuses a file over the server limit, accepting one exactly at it', () => {
    setUploadMaxBytes(1000);
    expect(sizeLimitExceeded({ size: 1001 })).toBe(1000);
    expect(sizeLimitExceeded({ size: 1000 })).toBeNull();
  });

  it('takes the smaller of the server limit and the endpoint’s own', () => {
    setUploadMaxBytes(1000);
    expect(sizeLimitExceeded({ size: 600 }, 500)).toBe(500);
    expect(sizeLimitExceeded({ size: 1200 }, 5000)).toBe(1000);
  });

  it('refuses nothing before the limit is known (the server still checks)', () => {
    expect(sizeLimitExceeded({ size: 10 ** 12 })).toBeNull();
  });
});
