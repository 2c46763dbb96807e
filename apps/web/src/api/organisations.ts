/** Organisations (机构管理): queries and writes of @eco/contracts/api/organisations. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { organisationsApi as api } from '@eco/contracts/api/organisations';
import { usersApi } from '@eco/contracts/api/users';
import { call, keyOf, queryOf } from './client';

/**
 * The organisation tree, province → cities → counties (any signed-in user); kept fresh for a
 * minute, so the sections and forms that pick an organisation share one load.
 */
export function useOrganisations() {
  return useQuery({ ...queryOf(api.listOrganisations), staleTime: 60_000 });
}

/**
 * Renames an organisation (administrators; `mutateAsync({ id, name })` → the organisation). The
 * tree, the user lists (which show organisation names) and the audit log reload.
 */
export function useRenameOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => call(api.renameOrganisation, { params: { id }, body: { name } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keyOf(api.listOrganisations) }),
        client.invalidateQueries({ queryKey: keyOf(usersApi.listUsers) }),
        client.invalidateQueries({ queryKey: keyOf(usersApi.getUser) }),
        client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
      ]),
  });
}
