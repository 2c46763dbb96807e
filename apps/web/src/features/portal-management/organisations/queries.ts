import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganisationNode } from '@eco/contracts/users';
import { patch, request } from '../../../request/request';

const KEY = ['portal-management', 'organisations'] as const;

/** The organisation tree (province → cities → counties); the same for a minute across sections. */
export function useOrganisations() {
  return useQuery({ queryKey: KEY, queryFn: () => request<OrganisationNode[]>('api/organisations'), staleTime: 60_000 });
}

/** Renames an organisation (`PATCH /api/organisations/:id`); the tree and the user list reload. */
export function useRenameOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => patch<OrganisationNode>(`api/organisations/${id}`, { name }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['portal-management', 'users'] })]),
  });
}
