/** The roles (角色权限): the query of @eco/contracts/api/roles. */
import { useQuery } from '@tanstack/react-query';
import { rolesApi as api } from '@eco/contracts/api/roles';
import { queryOf } from './client';

/** The roles with the server's descriptions, in both languages (any signed-in user); they change only with a release. */
export function useRoles() {
  return useQuery({ ...queryOf(api.listRoles), staleTime: 5 * 60_000 });
}
