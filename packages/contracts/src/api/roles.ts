/** The roles (门户管理 → 角色权限), docs/access.md §Roles: what each may do, in words for people. */
import { RolesAnswerSchema } from '../users';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['portal management'] as const;

export const rolesApi = defineEndpoints({
  listRoles: {
    method: 'GET',
    path: '/api/roles',
    summary: 'Roles and what each may do (signed in)',
    description:
      "Any signed-in user. Each role (admin, editor, staff) with its name, a description and the keys of its permissions, in Chinese and English; and every permission: a group of endpoints the same roles may call, derived from the endpoint declarations the route guards enforce (each endpoint but the devices' pushes is in exactly one), with any further rule the server checks (organisation scope, province level).",
    tags,
    access: signedIn(),
    response: RolesAnswerSchema,
    errors: [],
  },
});
