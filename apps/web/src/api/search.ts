/** Site-wide search (站内搜索): the query of @eco/contracts/api/search. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchApi as api } from '@eco/contracts/api/search';
import { queryOf } from './client';

/**
 * The groups of notices, regulations, application systems and tools holding every word of `q`;
 * disabled while `q` is null (nothing searched yet, or a query the box refused). The previous
 * answer stays on screen while the next loads.
 */
export function useSiteSearch(q: string | null) {
  return useQuery({ ...queryOf(api.search, { query: { q: q ?? '' } }), enabled: q !== null, placeholderData: keepPreviousData });
}
