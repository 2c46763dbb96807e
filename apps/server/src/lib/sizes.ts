/**
 * A size in bytes as people read it in messages: `50 MB`, `1.5 GB`, `512 KB` (binary units of
 * 1024, at most two decimals, as the `bytes` package writes them).
 */
import bytes from 'bytes';

export function readableSize(size: number): string {
  return bytes.format(size, { unitSeparator: ' ' }) ?? `${size} B`;
}
