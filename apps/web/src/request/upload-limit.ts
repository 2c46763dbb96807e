/**
 * The largest upload the server accepts (`UPLOAD_MAX_BYTES`, sent with the session in the initial
 * state), so uploaders refuse a larger file before sending it instead of after minutes of upload.
 * The server's own check stays: this only spares the wait. Sizes are shown as people read them.
 */

let maxBytes: number | null = null;

/** Set by the initial state (state/initial-state.ts) from `GET /api/session`'s `uploadMaxBytes`. */
export function setUploadMaxBytes(bytes: number | null): void {
  maxBytes = bytes;
}

/** The server's upload limit in bytes; null before the initial state has loaded (then nothing is refused here). */
export function uploadMaxBytes(): number | null {
  return maxBytes;
}

/**
 * The server's upload limit as people read it (`50 MB`), for hints beside upload buttons; the
 * server's default (50 MB, apps/server/src/config.ts) before the initial state has loaded.
 */
export function readableUploadLimit(): string {
  return formatBytes(maxBytes ?? 50 * 1024 * 1024);
}

/**
 * The limit `file` is over, in bytes, or null when it may be sent: the server's upload limit, or
 * `ownLimit` when an endpoint declares a smaller one (e.g. camera-trap images).
 */
export function sizeLimitExceeded(file: Pick<File, 'size'>, ownLimit?: number): number | null {
  const limits = [maxBytes, ownLimit].filter((limit): limit is number => typeof limit === 'number');
  if (limits.length === 0) return null;
  const limit = Math.min(...limits);
  return file.size > limit ? limit : null;
}

/**
 * Bytes as people read them, in binary units (1 KB = 1024 B) as the server's messages write them
 * (apps/server/src/lib/sizes.ts): `812 B`, `45.3 KB`, `50 MB`, `1.5 GB` — one decimal, none when
 * it is zero.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023.96 KB would round to "1024 KB": say 1 MB instead
  if (Number(value.toFixed(1)) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
