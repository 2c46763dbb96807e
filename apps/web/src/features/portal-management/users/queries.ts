import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { Role, UserStatus } from '@eco/contracts/roles';
import type { CreateUser, TemporaryPassword, UpdateUser, User } from '@eco/contracts/users';
import { patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'users'] as const;

export interface UserFilters {
  keyword?: string;
  role?: Role;
  status?: UserStatus;
  organisationId?: number;
  page: number;
  pageSize: number;
}

/** One page of users for the filters; the previous page stays on screen while the next loads. */
export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: [...KEY, filters],
    queryFn: () => request<Page<User>>('api/users', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** The mutations of the user list; each reloads the list (and the audit log) when it succeeds. */
export function useUserMutations() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['portal-management', 'audit'] })]);
  return {
    create: useMutation({ mutationFn: (body: CreateUser) => post<TemporaryPassword>('api/users', body), onSuccess: reload }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateUser }) => patch<User>(`api/users/${id}`, body), onSuccess: reload }),
    disable: useMutation({ mutationFn: (id: number) => post<User>(`api/users/${id}/disable`), onSuccess: reload }),
    enable: useMutation({ mutationFn: (id: number) => post<User>(`api/users/${id}/enable`), onSuccess: reload }),
    resetPassword: useMutation({ mutationFn: (id: number) => post<TemporaryPassword>(`api/users/${id}/reset-password`), onSuccess: reload }),
  };
}
