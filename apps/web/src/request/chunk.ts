/**
 * Loading lazy route chunks with a deadline and webpack-style failures (docs/request-layer.md §Error display: "A chunk that
 * fails to load raises 'Loading chunk failed', including the failure type"; "A CSS chunk failure
 * uses the code CSS_CHUNK_LOAD_FAILED"; docs/request-layer.md §Limits: script chunk load timeout 120000 ms).
 */

/** How long a chunk may take before it counts as failed, in ms (docs/request-layer.md §Limits). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** 'timeout': no answer within the deadline; 'error': the import (or a stylesheet preload) failed. */
export type ChunkLoadErrorType = 'timeout' | 'error';

/**
 * A lazy chunk could not be loaded. `message` is `Loading chunk <name> failed.\n(<type>: <request or
 * reason>)`, or for a stylesheet `Loading CSS chunk <name> failed.\n(<href>)` with
 * `code = 'CSS_CHUNK_LOAD_FAILED'` (as webpack and mini-css-extract-plugin word them). The browser
 * remembers a failed `import()` per URL, so recovering means reloading the page.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** The chunk's name as given to {@link loadChunk}. */
  readonly chunk: string;
  readonly type: ChunkLoadErrorType;
  /** The URL that failed, when known. */
  readonly request?: string;
  /** Set for stylesheet failures only. */
  readonly code?: 'CSS_CHUNK_LOAD_FAILED';

  /**
   * @param message the full message (see the class docs).
   * @param fields chunk name, failure type, failed URL, code, and the original error as `cause`.
   */
  constructor(message: string, fields: { chunk: string; type: ChunkLoadErrorType; request?: string; code?: 'CSS_CHUNK_LOAD_FAILED'; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.chunk = fields.chunk;
    this.type = fields.type;
    this.request = fields.request;
    this.code = fields.code;
  }
}

/** True when `error` is a {@link ChunkLoadError} (e.g. in a route's error element). */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Runs a lazy chunk's `import()` with a deadline.
 *
 * @param name the chunk's name for messages, e.g. `notice`.
 * @param importer starts the import, e.g. `() => import('../features/notice/NoticePage')`.
 * @param timeoutMs deadline in ms; default {@link CHUNK_LOAD_TIMEOUT_MS} (120000, docs/request-layer.md §Limits).
 * @returns the module once the import resolves (the timer is then cleared).
 * @throws ChunkLoadError type 'timeout' when the import has not settled after `timeoutMs`; type
 *   'error' when it rejects (or `importer` throws); with code CSS_CHUNK_LOAD_FAILED when Vite's
 *   stylesheet preload failed (`Unable to preload CSS for <href>`). A late result is ignored.
 */
export function loadChunk<T>(name: string, importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk ${name} failed.\n(timeout: no response within ${timeoutMs} ms)`, { chunk: name, type: 'timeout' }));
    }, timeoutMs);
    let pending: Promise<T>;
    try {
      pending = importer();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(name, error));
      },
    );
  });
}

const CSS_PRELOAD_FAILURE = /^Unable to preload CSS for (.+)$/s; // Vite's preload helper
const URL_IN_MESSAGE = /\b(?:https?|file):\/\/\S+/; // Chrome/Firefox name the failed module's URL

function toChunkLoadError(name: string, error: unknown): ChunkLoadError {
  if (isChunkLoadError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const css = CSS_PRELOAD_FAILURE.exec(reason);
  if (css) {
    const href = css[1].trim();
    return new ChunkLoadError(`Loading CSS chunk ${name} failed.\n(${href})`, {
      chunk: name,
      type: 'error',
      request: href,
      code: 'CSS_CHUNK_LOAD_FAILED',
      cause: error,
    });
  }
  const request = URL_IN_MESSAGE.exec(reason)?.[0];
  return new ChunkLoadError(`Loading chunk ${name} failed.\n(error: ${request ?? (reason || 'unknown reason')})`, {
    chunk: name,
    type: 'error',
    request,
    cause: error,
  });
}
