import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation, RegulationDetail, RegulationStatus } from '@eco/contracts/regulations';
import { request } from '../../request/request';

export interface RegulationFilters {
  keyword?: string;
  category?: string;
  status?: RegulationStatus;
  page: number;
  pageSize: number;
}

/** One page of regulations for the filters; keeps the previous page on screen while the next loads. */
export function useRegulations(filters: RegulationFilters) {
  return useQuery({
    queryKey: ['regulations', filters],
    queryFn: () => request<Page<Regulation>>('api/technical-regulations', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** The categories in use (cached for a minute by the request layer, seed-spec §7). */
export function useRegulationCategories() {
  return useQuery({
    queryKey: ['regulations', 'categories'],
    queryFn: () => request<string[]>('api/technical-regulations/categories', { useCache: true }),
  });
}

/** One regulation with its replacement links; disabled without an id. */
export function useRegulation(id: number | null) {
  return useQuery({
    queryKey: ['regulation', id],
    queryFn: () => request<RegulationDetail>(`api/technical-regulations/${id}`),
    enabled: id !== null,
  });
}
