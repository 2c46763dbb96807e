/**
 * User administration (门户管理 → 用户管理), docs/access.md §Roles and §Sign-in and sessions:
 * administrators only. Every write is recorded in the audit log, never with a password.
 */
import { Type } from 'typebox';
import { ById, Id, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import { ROLES, USER_STATUSES } from '../roles';
import { Keyword } from '../text';
import { CreateUserSchema, TemporaryPasswordSchema, UpdateUserSchema, UserSchema } from '../users';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['portal management'] as const;
const admins = signedIn('admin');

export const usersApi = defineEndpoints({
  listUsers: {
    method: 'GET',
    path: '/api/users',
    summary: 'Users, by account (administrators)',
    description:
      '`keyword` matches the account or the display name ignoring case (`%` and `_` literally); `role`, `status` and `organisationId` (exactly that organisation, not those below it) filter. Ordered by account; pages of at most 100.',
    tags,
    access: admins,
    query: Type.Object(
      {
        keyword: Type.Optional({ ...Keyword, description: 'Substring of the account or the display name, ignoring case' }),
        role: Type.Optional(Type.Enum(ROLES)),
        status: Type.Optional(Type.Enum(USER_STATUSES)),
        organisationId: Type.Optional({ ...Id, description: 'Users of exactly this organisation' }),
        ...paging(100, 20),
      },
      { additionalProperties: false },
    ),
    response: PageOf(UserSchema),
    errors: [],
  },
  getUser: {
    method: 'GET',
    path: '/api/users/{id}',
    summary: 'One user (administrators)',
    description: 'The user with their organisation, status and last sign-in.',
    tags,
    access: admins,
    params: ById,
    response: UserSchema,
    errors: ['USER_NOT_FOUND'],
  },
  createUser: {
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user with a temporary password, shown once (administrators)',
    description:
      'The account is stored lower-case and must be unique ignoring case (409 ACCOUNT_TAKEN). The answer carries a generated temporary password, shown this once and never stored in clear; the user must change it at the first sign-in. Recorded as `user.create`.',
    tags,
    access: admins,
    body: CreateUserSchema,
    response: TemporaryPasswordSchema,
    status: 201,
    errors: ['ACCOUNT_TAKEN', 'ORGANISATION_NOT_FOUND'],
  },
  updateUser: {
    method: 'PATCH',
    path: '/api/users/{id}',
    summary: 'Change display name, role or organisation (administrators)',
    description:
      'Any of the fields; the others stay, and the account never changes. A change applies at the user’s next request. An administrator cannot change their own role (409 CANNOT_CHANGE_SELF), and no change may leave the portal without an active administrator (409 LAST_ADMIN). Recorded as `user.update` with what changed; nothing is written when nothing changes.',
    tags,
    access: admins,
    params: ById,
    body: UpdateUserSchema,
    response: UserSchema,
    errors: ['USER_NOT_FOUND', 'ORGANISATION_NOT_FOUND', 'CANNOT_CHANGE_SELF', 'LAST_ADMIN'],
  },
  disableUser: {
    method: 'POST',
    path: '/api/users/{id}/disable',
    summary: 'Disable a user and end their sessions (administrators)',
    description:
      'The user can no longer sign in, and every session of theirs ends at once. Not oneself (409 CANNOT_CHANGE_SELF), nor the last active administrator (409 LAST_ADMIN). Already disabled: nothing is written. Recorded as `user.disable`.',
    tags,
    access: admins,
    params: ById,
    response: UserSchema,
    errors: ['USER_NOT_FOUND', 'CANNOT_CHANGE_SELF', 'LAST_ADMIN'],
  },
  enableUser: {
    method: 'POST',
    path: '/api/users/{id}/enable',
    summary: 'Enable a disabled user (administrators)',
    description: 'The user may sign in again with their password. Already active: nothing is written. Recorded as `user.enable`.',
    tags,
    access: admins,
    params: ById,
    response: UserSchema,
    errors: ['USER_NOT_FOUND'],
  },
  resetUserPassword: {
    method: 'POST',
    path: '/api/users/{id}/reset-password',
    summary: 'Give a user a new temporary password, shown once; ends their sessions (administrators)',
    description:
      'The old password stops working, every session of the user ends and their failed sign-ins are forgotten; the user must change the temporary password at the next sign-in. Not one’s own (409 CANNOT_CHANGE_SELF: change it through `PUT /api/session/password`). Recorded as `user.reset_password`, without the password.',
    tags,
    access: admins,
    params: ById,
    response: TemporaryPasswordSchema,
    errors: ['USER_NOT_FOUND', 'CANNOT_CHANGE_SELF'],
  },
});
