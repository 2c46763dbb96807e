import { useSearchParams } from 'react-router-dom';

/** Changes to the address's query: a value sets the key, undefined / '' removes it. */
export type QueryChanges = Record<string, string | number | undefined | null>;

/**
 * The section's filters in the address (`?section=users&keyword=…&page=2`), so a view can be
 * shared and the back button returns to it. `update(changes)` pushes a new address; filter changes
 * go back to page 1 unless `resetPage` is false. Values are read back through the router (a space
 * written as `+` comes back as a space: docs/request-layer.md §Requests).
 */
export function useQueryState(): [URLSearchParams, (changes: QueryChanges, resetPage?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const update = (changes: QueryChanges, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...(resetPage ? { page: undefined } : {}), ...changes })) {
      if (value === undefined || value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return [params, update];
}

/** A positive page number from the query (1 when missing or not a positive integer). */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
