import { useDeferredValue } from 'react';

/** What {@link useDeferredList} reads of a list query (a TanStack Query result). */
export interface ListQueryState<T> {
  data: T | undefined;
  isFetching: boolean;
  isPending: boolean;
}

/**
 * A list query's state as deferred values: `shown` (its data), `fetching` and `firstLoad` (no answer
 * yet). An answer arriving re-renders the screen at once with the values it had, so a list built from
 * them (kept with `useMemo`) is not built again then; the list with the new rows follows as a
 * transition, which yields to input every few milliseconds instead of building a page of rows in one
 * long task (issue 13 item 9: total blocking time; docs/web.md §First load). Everything drawn from
 * the list, the first-load placeholder too, must use these values, so it changes with the rows.
 */
export function useDeferredList<T>(query: ListQueryState<T>): { shown: T | undefined; fetching: boolean; firstLoad: boolean } {
  return { shown: useDeferredValue(query.data), fetching: useDeferredValue(query.isFetching), firstLoad: useDeferredValue(query.isPending) };
}
