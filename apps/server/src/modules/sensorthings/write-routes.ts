/**
 * The SensorThings writes under `/api/v1.0` and `/api/v1.1` (OGC 18-088 §10; docs/sensorthings.md
 * §Writing): POST to an entity set or a navigation set (`Things(1)/Datastreams`,
 * `Datastreams(3)/Observations`: the link to the parent is implied), PATCH and PUT of an entity,
 * DELETE of an entity. A create answers 201 with the entity and its `Location`; an update 200 with
 * the entity; a delete 200 with no body. Who may write: writer.ts.
 */
import { PUBLIC_READER, positionReaderOf } from '../things/geoprivacy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityType } from './entities';
import type { EntitySet, StaVersion } from '@eco/contracts/sensorthings';
import { STA_VERSIONS } from '@eco/contracts/sensorthings';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SensingBus } from '../sensing/events';
import {
  type Creating,
  createDatastream,
  createFeature,
  createHistoricalLocation,
  createObservedProperty,
  createSensor,
  createStandaloneLocation,
  createThing,
} from './create';
import { createObservation } from './create-observation';
import { createObservations } from './create-observations';
import { deleteEntity, isStillReferenced } from './delete';
import { QueryOptionError } from './odata/ast';
import { readResource } from './read';
import { PathNotFound, parseResourcePath, type ResourcePath } from './resource-path';
import { updateEntity } from './update';
import { type EntityInput, entityBody } from './write-input';
import { type Writer, writerOf } from './writer';

interface Options {
  db: Db;
  now: () => Date;
  bus: SensingBus;
}

/** The resource path of a write (after `/api/<version>/`), or 404. */
function pathOf(request: FastifyRequest, version: StaVersion): ResourcePath {
  const raw = request.url.split('?')[0]!.slice(`/api/${version}/`.length);
  if (request.url.includes('?')) throw new AppError('STA_BODY_INVALID', 'a write takes no query options');
  try {
    return parseResourcePath(raw.split('/').map((s) => decodeURIComponent(s)));
  } catch (error) {
    if (error instanceof PathNotFound) throw new AppError('STA_ENTITY_NOT_FOUND', error.message);
    if (error instanceof URIError) throw new AppError('STA_ENTITY_NOT_FOUND', 'the path is not valid percent-encoding');
    throw error;
  }
}

/** The link a created entity gets to the parent of a navigation path (`Things(1)/Datastreams` → `Thing: { @iot.id: 1 }`). */
function parentLink(path: ResourcePath): { name: string; many: boolean; id: number } | null {
  if (path.steps.length < 2) return null;
  const parent = path.steps.at(-2)!;
  const child = path.steps.at(-1)!.type;
  const inverse = Object.entries(child.navigation).find(([, nav]) => nav.target === parent.type.set);
  if (!inverse || parent.id === undefined) throw new AppError('STA_ENTITY_NOT_FOUND', `cannot create ${child.set} under this path`);
  return { name: inverse[0], many: inverse[1].many, id: parent.id };
}

const CREATORS: Record<Exclude<EntitySet, 'Observations'>, (c: Creating, input: never) => Promise<number>> = {
  Things: createThing,
  Locations: createStandaloneLocation,
  HistoricalLocations: createHistoricalLocation,
  Datastreams: createDatastream,
  Sensors: createSensor,
  ObservedProperties: createObservedProperty,
  FeaturesOfInterest: createFeature,
};

function userOf(writer: Writer): Extract<Writer, { kind: 'user' }> {
  if (writer.kind === 'device') throw new AppError('FORBIDDEN', { zh: '设备密钥只能写入观测（Observations）', en: 'a device key writes Observations only' });
  return writer;
}

/** Runs `write`, turning a foreign-key violation (still used elsewhere in the portal) into 409. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStillReferenced(error))
      throw new AppError('STA_ENTITY_CONFLICT', 'the entity is still used elsewhere in the portal (an alert, a verification task, a detection)');
    throw error;
  }
}

/** The entity `id` of `type` as GET answers it. */
async function entityJson(db: Db, version: StaVersion, request: FastifyRequest, type: EntityType, id: number): Promise<{ json: unknown; self: string }> {
  const base = `${request.protocol}://${request.host}/api/${version}`;
  const answer = await readResource(
    { steps: [{ type, single: true, id }] },
    {},
    {
      db,
      version,
      base,
      requestUrl: new URL(`${base}/${type.set}(${id})`),
      reader: await positionReaderOf(db, request.user),
    },
  );
  return { json: 'json' in answer ? answer.json : null, self: `${base}/${type.set}(${id})` };
}

/** The id and type of the one entity a PATCH, PUT or DELETE path names (following navigation as GET does). */
async function targetOf(db: Db, version: StaVersion, request: FastifyRequest, path: ResourcePath): Promise<{ type: EntityType; id: number }> {
  const last = path.steps.at(-1)!;
  if (!last.single || path.property || path.ref) throw new AppError('STA_ENTITY_NOT_FOUND', 'name one entity, e.g. Things(1)');
  const base = `${request.protocol}://${request.host}/api/${version}`;
  try {
    const answer = await readResource(path, { select: ['id'] }, { db, version, base, requestUrl: new URL(base), reader: PUBLIC_READER });
    return { type: last.type, id: ('json' in answer ? (answer.json as { '@iot.id': number }) : { '@iot.id': 0 })['@iot.id'] };
  } catch (error) {
    if (error instanceof PathNotFound) throw new AppError('STA_ENTITY_NOT_FOUND', error.message);
    if (error instanceof QueryOptionError) throw new AppError('STA_BODY_INVALID', error.message);
    throw error;
  }
}

export async function sensorThingsWriteRoutes(app: FastifyInstance, { db, now, bus }: Options): Promise<void> {
  // Java's HttpURLConnection, as the OGC test suite ets-sta10 uses it, labels a DELETE as a form
  // and sends nothing: an empty form is no body; a form with content is no SensorThings body
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined);
    else done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'SensorThings bodies are application/json'));
  });
  for (const version of STA_VERSIONS) {
    // CSRF is checked by writerOf for sessions (a device's key needs none)
    const config = { csrf: false };
    app.post(`/${version}/CreateObservations`, { schema: { hide: true }, config }, async (request: FastifyRequest, reply: FastifyReply) => {
      const writer = await writerOf(app, db, request, reply, now());
      const base = `${request.protocol}://${request.host}/api/${version}`;
      const links = await createObservations(db, bus, writer, request.body, base, now());
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(links);
    });
    app.post(`/${version}/*`, { schema: { hide: true }, config }, async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request, version);
      const last = path.steps.at(-1)!;
      if (last.single || path.property || path.ref || (path.steps.length > 2 && !path.steps.at(-2)!.single))
        throw new AppError('STA_ENTITY_NOT_FOUND', 'POST to an entity set, e.g. Things or Things(1)/Datastreams');
      const writer = await writerOf(app, db, request, reply, now());
      const link = parentLink(path);
      const body = link && typeof request.body === 'object' && request.body !== null ? { ...(request.body as object) } : request.body;
      const value = entityBody(last.type.set, body) as Record<string, unknown>;
      if (link) value[link.name] = link.many ? [{ ref: link.id }] : { ref: link.id };
      const input = { set: last.type.set, value } as EntityInput;
      const at = now();
      // the events of Observations a deep insert stored, announced once it is committed
      const pending: Creating['pending'] = [];
      const id =
        input.set === 'Observations'
          ? await createObservation(db, bus, writer, input.value, undefined, at)
          : await guarded(() =>
              inTransaction(db, (tx) =>
                CREATORS[input.set as Exclude<EntitySet, 'Observations'>]({ tx, acting: userOf(writer).acting, now: at, pending }, input.value as never),
              ),
            );
      for (const announce of pending) await announce(db, bus);
      const { json, self } = await entityJson(db, version, request, last.type, id);
      reply.header('cache-control', 'no-store');
      return reply.code(201).header('location', self).send(json);
    });
    const update = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request, version);
      const writer = userOf(await writerOf(app, db, request, reply, now()));
      const { type, id } = await targetOf(db, version, request, path);
      const value = entityBody(type.set, request.body, '', false);
      await guarded(() => inTransaction(db, (tx) => updateEntity({ tx, acting: writer.acting, now: now() }, id, { set: type.set, value } as EntityInput)));
      reply.header('cache-control', 'no-store');
      return (await entityJson(db, version, request, type, id)).json;
    };
    app.patch(`/${version}/*`, { schema: { hide: true }, config }, update);
    app.put(`/${version}/*`, { schema: { hide: true }, config }, update);
    app.delete(`/${version}/*`, { schema: { hide: true }, config }, async (request, reply) => {
      const path = pathOf(request, version);
      const writer = userOf(await writerOf(app, db, request, reply, now()));
      const { type, id } = await targetOf(db, version, request, path);
      await guarded(() => inTransaction(db, (tx) => deleteEntity({ tx, acting: writer.acting, now: now() }, type.set, id)));
      reply.header('cache-control', 'no-store');
      return reply.code(200).send();
    });
  }
}
