/** User administration (用户管理, administrators): queries and writes of @eco/contracts/api/users. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { usersApi as api } from '@eco/contracts/api/users';
import type { CreateUser, UpdateUser } from '@eco/contracts/users';
import { call, keyOf, queryOf } from './client';

/** The filters and page of the user list: keyword, role, status, organisation id, `page` from 1, `pageSize` up to 100. */
export type UserFilters = NonNullable<QueryOf<typeof api.listUsers>>;

/** One page of users for the filters, by account; the previous page stays on screen while the next loads. */
export function useUsers(filters: UserFilters) {
  return useQuery({ ...queryOf(api.listUsers, { query: filters }), placeholderData: keepPreviousData });
}

/**
 * The writes of the user list (`mutateAsync`): `create` (→ the user and a temporary password,
 * shown once), `update`, `disable`, `enable`, `resetPassword` (→ a new temporary password). Each
 * reloads the users and the audit log when it succeeds. Refusals (409 ACCOUNT_TAKEN,
 * CANNOT_CHANGE_SELF, LAST_ADMIN; 404) are shown by the request layer.
 */
export function useUserMutations() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keyOf(api.listUsers) }),
      client.invalidateQueries({ queryKey: keyOf(api.getUser) }),
      client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: CreateUser) => call(api.createUser, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateUser }) => call(api.updateUser, { params: { id }, body }), onSuccess }),
    disable: useMutation({ mutationFn: (id: number) => call(api.disableUser, { params: { id } }), onSuccess }),
    enable: useMutation({ mutationFn: (id: number) => call(api.enableUser, { params: { id } }), onSuccess }),
    resetPassword: useMutation({ mutationFn: (id: number) => call(api.resetUserPassword, { params: { id } }), onSuccess }),
  };
}
