/** The roles (门户管理 → 角色权限), docs/access.md §Roles: what each may do, in words for people. */
import { Type } from 'typebox';
import { RoleInfoSchema } from '../users';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['portal management'] as const;

export const rolesApi = defineEndpoints({
  listRoles: {
    method: 'GET',
    path: '/api/roles',
    summary: 'Roles and what each may do (signed in)',
    description:
      'Any signed-in user. Each role (admin, editor, staff) with its name and a description of what it may do, in Chinese and English; the server enforces the same on every endpoint.',
    tags,
    access: signedIn(),
    response: Type.Array(RoleInfoSchema),
    errors: [],
  },
});
