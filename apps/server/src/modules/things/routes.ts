import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import {
  CreateDatastreamSchema,
  CreateThingSchema,
  DatastreamSchema,
  NewThingKeySchema,
  ObservedPropertySchema,
  THING_KINDS,
  THING_STATUSES,
  ThingDetailSchema,
  ThingKeySchema,
  ThingSchema,
  UpdateThingSchema,
} from '@eco/contracts/sensing';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { SINGLE_LINE } from '@eco/contracts/text';
import { addDatastream, createThing, listObservedProperties, removeDatastream, updateThing } from './registry';
import { createKey, getThing, listThings, revokeKey, rotateKey, type Acting } from './service';

const pages = paging(100, 20);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ById = Type.Object({ id: Id });
const ByKey = Type.Object({ id: Id, keyId: Id });
const ByDatastream = Type.Object({ id: Id, datastreamId: Id });

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * The device registry in portal management, for administrators and editors:
 * `GET /api/things` (kind, status, city, keyword; pages), `GET /api/things/:id` (Datastreams with
 * their newest Observation, keys), `POST /api/things/:id/keys` (→ the key, shown once),
 * `POST /api/things/:id/keys/:keyId/rotate` (→ the successor, shown once), `…/revoke`;
 * the registry's writes: `POST /api/things` (201 → the Thing as `GET /:id`), `PATCH /api/things/:id`,
 * `GET /api/things/observed-properties`, `POST /api/things/:id/datastreams` (201 → the Datastream),
 * `DELETE /api/things/:id/datastreams/:datastreamId` (only without Observations).
 * Every change is audited in its transaction; answers carrying a key are `no-store`.
 */
export const thingsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('onRequest', signedIn({ roles: ['admin', 'editor'] }));

  app.get(
    '',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Devices (Things) with location, status and key count (administrators, editors)',
        querystring: Type.Object({
          kind: Type.Optional(Type.Enum(THING_KINDS)),
          status: Type.Optional(Type.Enum(THING_STATUSES)),
          city: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
          keyword: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE })),
          ...pages.schema,
        }),
        response: { 200: Ok(PageOf(ThingSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listThings(db, now(), { ...request.query, ...pages.of(request.query) }) }),
  );

  app.get(
    '/:id',
    { schema: { tags: ['sensing'], summary: 'One device with its Datastreams and keys (administrators, editors)', params: ById, response: { 200: Ok(ThingDetailSchema) } } },
    async (request) => ({ success: true as const, data: await getThing(db, now(), request.params.id) }),
  );

  app.get(
    '/observed-properties',
    { schema: { tags: ['sensing'], summary: 'ObservedProperties a Datastream may measure, with unit and plausible range (administrators, editors)', response: { 200: Ok(Type.Array(ObservedPropertySchema)) } } },
    async () => ({ success: true as const, data: await listObservedProperties(db) }),
  );

  app.post(
    '',
    { schema: { tags: ['sensing'], summary: 'Register a device with its WGS-84 Location; the city is derived (administrators, editors)', body: CreateThingSchema, response: { 201: Ok(ThingDetailSchema) } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await createThing(db, now, acting(request), request.body) };
    },
  );

  app.patch(
    '/:id',
    { schema: { tags: ['sensing'], summary: 'Edit a device: code, kind, name, organisation, status, Location (administrators, editors)', params: ById, body: UpdateThingSchema, response: { 200: Ok(ThingDetailSchema) } } },
    async (request) => ({ success: true as const, data: await updateThing(db, now, acting(request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/datastreams',
    { schema: { tags: ['sensing'], summary: 'Add a Datastream of one ObservedProperty, optionally from a named Sensor (administrators, editors)', params: ById, body: CreateDatastreamSchema, response: { 201: Ok(DatastreamSchema) } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await addDatastream(db, acting(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/:id/datastreams/:datastreamId',
    { schema: { tags: ['sensing'], summary: 'Remove a Datastream that has no Observations (administrators, editors)', params: ByDatastream, response: { 200: Ok(Type.Null()) } } },
    async (request) => {
      await removeDatastream(db, acting(request), request.params.id, request.params.datastreamId);
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/:id/keys',
    { schema: { tags: ['sensing'], summary: 'A new device key, shown once (administrators, editors)', params: ById, response: { 201: Ok(NewThingKeySchema) } } },
    async (request, reply) => {
      reply.status(201).header('cache-control', 'no-store');
      return { success: true as const, data: await createKey(db, now, acting(request), request.params.id) };
    },
  );

  app.post(
    '/:id/keys/:keyId/rotate',
    { schema: { tags: ['sensing'], summary: 'Revoke a key and create its successor, shown once (administrators, editors)', params: ByKey, response: { 200: Ok(NewThingKeySchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await rotateKey(db, now, acting(request), request.params.id, request.params.keyId) };
    },
  );

  app.post(
    '/:id/keys/:keyId/revoke',
    { schema: { tags: ['sensing'], summary: 'Revoke a device key at once (administrators, editors)', params: ByKey, response: { 200: Ok(ThingKeySchema) } } },
    async (request) => ({ success: true as const, data: await revokeKey(db, now, acting(request), request.params.id, request.params.keyId) }),
  );
};
