import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './chunk';

const page = { default: () => null };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An import that settles only when told to. */
function deferredImport<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { importer: () => promise, resolve, reject };
}

describe('loadChunk', () => {
  it('resolves with the module when the chunk arrives in time, and clears its timer', async () => {
    const chunk = deferredImport<typeof page>();
    const pending = loadChunk('notice', chunk.importer);
    await vi.advanceTimersByTimeAsync(119_000);
    chunk.resolve(page);
    await expect(pending).resolves.toBe(page);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits 120000 ms by default (docs/request-layer.md §Limits)', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it("rejects with type 'timeout' when the chunk is still pending at 120000 ms, not at 119999", async () => {
    const chunk = deferredImport<typeof page>();
    let outcome: unknown = 'pending';
    const pending = loadChunk('notice', chunk.importer).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void pending.then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'ChunkLoadError', type: 'timeout', chunk: 'notice', code: undefined });
    expect((error as Error).message).toMatch(/^Loading chunk notice failed\.\n\(timeout: .+\)$/);
    chunk.resolve(page); // too late: ignored
    await expect(pending).resolves.toBe(error);
  });

  it('honours a custom timeout', async () => {
    const pending = loadChunk('map', () => new Promise<never>(() => {}), 500).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toMatchObject({ type: 'timeout' });
  });

  it("rejects with type 'error' and the failed URL when the import fails", async () => {
    const url = 'http://localhost:5173/assets/NoticePage-3f9a.js';
    const error = await loadChunk('notice', () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ type: 'error', request: url, code: undefined });
    expect((error as Error).message).toBe(`Loading chunk notice failed.\n(error: ${url})`);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives the reason when the browser's message names no URL", async () => {
    const error = await loadChunk('notice', () => Promise.reject(new TypeError('Importing a module script failed.'))).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Loading chunk notice failed.\n(error: Importing a module script failed.)');
  });

  it('treats an importer that throws as a failed import', async () => {
    const error = await loadChunk('notice', () => {
      throw new Error('boom');
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChunkLoadError', type: 'error' });
  });

  it('maps a Vite stylesheet preload failure to CSS_CHUNK_LOAD_FAILED', async () => {
    const href = 'http://localhost:5173/assets/NoticePage-77c1.css';
    const error = await loadChunk('notice', () => Promise.reject(new Error(`Unable to preload CSS for ${href}`))).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED', type: 'error', request: href });
    expect((error as Error).message).toBe(`Loading CSS chunk notice failed.\n(${href})`);
  });

  it('recognises only chunk errors', () => {
    expect(isChunkLoadError(new Error('Loading chunk x failed.'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
