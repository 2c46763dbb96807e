import { useQuery } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation } from '@eco/contracts/regulations';
import { request } from '../../request/request';

/** The 5 most recently issued regulations and the library's total, for the home page. */
export function useLatestRegulations() {
  return useQuery({
    queryKey: ['home', 'latest-regulations'],
    queryFn: () => request<Page<Regulation>>('api/technical-regulations', { params: { pageSize: 5 } }),
  });
}
