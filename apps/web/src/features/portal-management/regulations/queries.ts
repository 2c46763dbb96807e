import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation, RegulationDetail, RegulationInput } from '@eco/contracts/regulations';
import { del, patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'regulations'] as const;

export interface ManagedRegulationFilters {
  keyword?: string;
  page: number;
  pageSize: number;
}

/** One page of the library (every regulation is public; editors see the same list). */
export function useManagedRegulations(filters: ManagedRegulationFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: () => request<Page<Regulation>>('api/technical-regulations', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** One regulation with its links and documents; disabled without an id. */
export function useManagedRegulation(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => request<RegulationDetail>(`api/technical-regulations/${id}`),
    enabled: id !== null,
  });
}

/** The writes; each reloads the library (back office, public page, home) and the audit log. */
export function useRegulationMutations() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: KEY }),
      client.invalidateQueries({ queryKey: ['regulations'] }),
      client.invalidateQueries({ queryKey: ['regulation'] }),
      client.invalidateQueries({ queryKey: ['home', 'latest-regulations'] }),
      client.invalidateQueries({ queryKey: ['portal-management', 'audit'] }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: RegulationInput) => post<RegulationDetail>('api/technical-regulations', body), onSuccess: reload }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Partial<RegulationInput> }) => patch<RegulationDetail>(`api/technical-regulations/${id}`, body),
      onSuccess: reload,
    }),
    upload: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return post<RegulationDetail>(`api/technical-regulations/${id}/documents`, form);
      },
      onSuccess: reload,
    }),
    detach: useMutation({
      mutationFn: ({ id, documentId }: { id: number; documentId: number }) => del<RegulationDetail>(`api/technical-regulations/${id}/documents/${documentId}`),
      onSuccess: reload,
    }),
  };
}
