import { useQuery } from '@tanstack/react-query';
import type { RoleInfo } from '@eco/contracts/users';
import { request } from '../../../request/request';

/** The roles with the server's descriptions (in both languages). */
export function useRoles() {
  return useQuery({ queryKey: ['portal-management', 'roles'], queryFn: () => request<RoleInfo[]>('api/roles'), staleTime: 5 * 60_000 });
}
