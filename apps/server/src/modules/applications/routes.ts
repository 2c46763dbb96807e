import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  APPLICATION_ACCESS,
  APPLICATION_CODE_PATTERN,
  APPLICATION_ICONS,
  APPLICATION_LIMITS,
  APPLICATION_STATUSES,
  ApplicationCatalogueSchema,
  LaunchSchema,
  ManagedApplicationSchema,
} from '@eco/contracts/applications';
import { Ok } from '@eco/contracts/envelope-schemas';
import { ROLES } from '@eco/contracts/roles';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { MULTI_LINE, SINGLE_LINE, SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { catalogue, createApplication, launch, listManaged, seedApplications, setFavourite, updateApplication, visitorOf, type Acting } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ById = Type.Object({ id: Id });
const L = APPLICATION_LIMITS;
const Line = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: SINGLE_LINE_NOT_BLANK, description });

const ApplicationFields = {
  code: Type.String({ pattern: APPLICATION_CODE_PATTERN, description: '2–32 lower-case ASCII letters, digits, "-" or "_", starting with a letter; unique' }),
  name: Line(L.name, `1–${L.name} characters, one line`),
  icon: Type.Enum(APPLICATION_ICONS),
  category: Line(L.category, `1–${L.category} characters, one line`),
  description: Type.String({ maxLength: L.description, pattern: MULTI_LINE }),
  entryUrl: Type.String({ maxLength: L.entryUrl, pattern: '^https?://[^\\s]+$', description: 'An absolute http(s) URL' }),
  status: Type.Enum(APPLICATION_STATUSES),
  maintenanceNotice: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: L.maintenanceNotice, pattern: SINGLE_LINE, description: 'Shown while in maintenance' }),
  access: Type.Enum(APPLICATION_ACCESS),
  accessRoles: Type.Array(Type.Enum(ROLES), { maxItems: ROLES.length, description: 'With access "roles": the roles allowed' }),
  accessOrganisationIds: Type.Array(Id, { maxItems: 200, description: 'With access "organisations": the organisations allowed, each with its sub-organisations' }),
  sortOrder: Type.Integer({ minimum: -100_000, maximum: 100_000, description: 'Smaller first' }),
};

const CreateBody = Type.Object(ApplicationFields, { additionalProperties: false });
const UpdateBody = Type.Partial(Type.Object(ApplicationFields, { additionalProperties: false }));

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * The catalogue for visitors: `GET /api/applications` (anyone; tiles say whether this visitor
 * may open each and why not), `POST /api/applications/:id/launch` (anyone; access checked here,
 * answers the entry URL — for a system registered for single sign-on, with `iss` so it starts
 * the OpenID Connect login itself), `PUT|DELETE /api/applications/:id/favourite` (signed-in users).
 * Seeds the province's named systems at start-up (idempotent).
 */
export const applicationsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; oidcIssuer?: string | null }> = async (app, { db, now, oidcIssuer = null }) => {
  await seedApplications(db);

  app.get(
    '',
    {
      schema: {
        tags: ['application platform'],
        summary: 'The catalogue of application systems, favourites first, with what this visitor may open',
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE, description: 'Substring of name, code, description or category, ignoring case' })),
          category: Type.Optional(Type.String({ maxLength: L.category, pattern: SINGLE_LINE })),
        }),
        response: { 200: Ok(ApplicationCatalogueSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await catalogue(db, await visitorOf(db, request.user), request.query) };
    },
  );

  app.post(
    '/:id/launch',
    {
      schema: {
        tags: ['application platform'],
        summary: 'Launch a system: checks access, records the launch, answers where to go',
        description:
          '401 APPLICATION_SIGN_IN_REQUIRED, 403 APPLICATION_NO_PERMISSION, 409 APPLICATION_UNAVAILABLE (offline or in maintenance, with the notice), 404 APPLICATION_NOT_FOUND.',
        params: ById,
        response: { 200: Ok(LaunchSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await launch(db, now, await visitorOf(db, request.user), request.ip, request.params.id, oidcIssuer) }),
  );

  app.put(
    '/:id/favourite',
    {
      onRequest: signedIn(),
      schema: { tags: ['application platform'], summary: 'Add a system to my favourites (idempotent)', params: ById, response: { 200: Ok(Type.Null()) } },
    },
    async (request) => {
      await setFavourite(db, request.user!.id, request.params.id, true);
      return { success: true as const, data: null };
    },
  );

  app.delete(
    '/:id/favourite',
    {
      onRequest: signedIn(),
      schema: { tags: ['application platform'], summary: 'Remove a system from my favourites (idempotent)', params: ById, response: { 200: Ok(Type.Null()) } },
    },
    async (request) => {
      await setFavourite(db, request.user!.id, request.params.id, false);
      return { success: true as const, data: null };
    },
  );
};

/**
 * Management of the catalogue, editors and administrators: `GET /api/manage/applications`,
 * `POST /api/manage/applications`, `PATCH /api/manage/applications/:id` (audited). A system is
 * retired by setting it offline, so favourites and launch history stay meaningful.
 */
export const applicationsManagementRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', signedIn({ roles: ['admin', 'editor'] }));

  app.get(
    '',
    { schema: { tags: ['portal management'], summary: 'Every application system (editors)', response: { 200: Ok(Type.Array(ManagedApplicationSchema)) } } },
    async () => ({ success: true as const, data: await listManaged(db) }),
  );

  app.post(
    '',
    { schema: { tags: ['portal management'], summary: 'Add an application system (editors)', body: CreateBody, response: { 201: Ok(ManagedApplicationSchema) } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await createApplication(db, now, acting(request), request.body) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: { tags: ['portal management'], summary: 'Change an application system (editors)', params: ById, body: UpdateBody, response: { 200: Ok(ManagedApplicationSchema) } },
    },
    async (request) => ({ success: true as const, data: await updateApplication(db, now, acting(request), request.params.id, request.body) }),
  );
};
