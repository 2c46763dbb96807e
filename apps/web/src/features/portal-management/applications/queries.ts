import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInput, ManagedApplication } from '@eco/contracts/applications';
import { patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'applications'] as const;

/** Every application system, in catalogue order (`GET /api/manage/applications`, editors). */
export function useManagedApplications() {
  return useQuery({ queryKey: KEY, queryFn: () => request<ManagedApplication[]>('api/manage/applications') });
}

/** Create and update; each reloads this list, the public catalogue and the audit log. */
export function useApplicationMutations() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: KEY }),
      client.invalidateQueries({ queryKey: ['applications'] }),
      client.invalidateQueries({ queryKey: ['portal-management', 'audit'] }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: ApplicationInput) => post<ManagedApplication>('api/manage/applications', body), onSuccess: reload }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Partial<ApplicationInput> }) => patch<ManagedApplication>(`api/manage/applications/${id}`, body),
      onSuccess: reload,
    }),
  };
}
