import type { ComponentType } from 'react';
import { loadChunk } from '../request/chunk';

/**
 * A route's `lazy` loader for a screen module with a default export: each screen is its own chunk,
 * fetched on first visit, failing with `ChunkLoadError` after 120000 ms (docs/request-layer.md §Limits).
 */
export function lazyScreen(name: string, importer: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await loadChunk(name, importer)).default });
}
