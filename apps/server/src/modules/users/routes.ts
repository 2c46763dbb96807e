import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { ACCOUNT_PATTERN, DISPLAY_NAME_MAX, ROLES, USER_STATUSES } from '@eco/contracts/roles';
import { TemporaryPasswordSchema, UserSchema } from '@eco/contracts/users';
import { adminOnly } from '../../auth/guards';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { SINGLE_LINE, SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { createUser, getUser, listUsers, resetPassword, setUserStatus, updateUser, type Acting } from './service';

const pages = paging(100, 20);

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const DisplayName = Type.String({ minLength: 1, maxLength: DISPLAY_NAME_MAX, pattern: SINGLE_LINE_NOT_BLANK, description: `1–${DISPLAY_NAME_MAX} characters, one line` });
/** An organisation id or null (a type list rather than anyOf: clearer errors) */
const OrganisationId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, description: 'An organisation id, or null for none' });

const CreateUserBody = Type.Object({
  account: Type.String({ pattern: ACCOUNT_PATTERN, description: '3–32 ASCII letters, digits, ".", "_" or "-", starting with a letter or digit; unique ignoring case; stored lower-case' }),
  displayName: DisplayName,
  role: Type.Enum(ROLES),
  organisationId: OrganisationId,
}, { additionalProperties: false });

const UpdateUserBody = Type.Object({
  displayName: Type.Optional(DisplayName),
  role: Type.Optional(Type.Enum(ROLES)),
  organisationId: Type.Optional(OrganisationId),
}, { additionalProperties: false });

const ById = Type.Object({ id: Id });

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * User administration, administrators only: `GET /api/users` (keyword, role, status,
 * organisation; pages), `GET /api/users/:id`, `POST /api/users` (→ a temporary password, shown
 * once), `PATCH /api/users/:id`, `POST /api/users/:id/disable` | `/enable` | `/reset-password`.
 */
export const usersRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', adminOnly);

  app.get(
    '',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Users, by account (administrators)',
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE, description: 'Substring of account or display name, ignoring case' })),
          role: Type.Optional(Type.Enum(ROLES)),
          status: Type.Optional(Type.Enum(USER_STATUSES)),
          organisationId: Type.Optional(Id),
          ...pages.schema,
        }),
        response: { 200: Ok(PageOf(UserSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listUsers(db, { ...request.query, ...pages.of(request.query) }) }),
  );

  app.get(
    '/:id',
    { schema: { tags: ['portal management'], summary: 'One user (administrators)', params: ById, response: { 200: Ok(UserSchema) } } },
    async (request) => ({ success: true as const, data: await getUser(db, request.params.id) }),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Create a user with a temporary password, shown once (administrators)',
        body: CreateUserBody,
        response: { 201: Ok(TemporaryPasswordSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201).header('cache-control', 'no-store');
      return { success: true as const, data: await createUser(db, now, acting(request), request.body) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Change display name, role or organisation (administrators)',
        params: ById,
        body: UpdateUserBody,
        response: { 200: Ok(UserSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await updateUser(db, now, acting(request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/disable',
    {
      schema: { tags: ['portal management'], summary: 'Disable a user and end their sessions (administrators)', params: ById, response: { 200: Ok(UserSchema) } },
    },
    async (request) => ({ success: true as const, data: await setUserStatus(db, now, acting(request), request.params.id, 'disabled') }),
  );

  app.post(
    '/:id/enable',
    { schema: { tags: ['portal management'], summary: 'Enable a disabled user (administrators)', params: ById, response: { 200: Ok(UserSchema) } } },
    async (request) => ({ success: true as const, data: await setUserStatus(db, now, acting(request), request.params.id, 'active') }),
  );

  app.post(
    '/:id/reset-password',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Give a user a new temporary password, shown once; ends their sessions (administrators)',
        params: ById,
        response: { 200: Ok(TemporaryPasswordSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await resetPassword(db, now, acting(request), request.params.id) };
    },
  );
};
