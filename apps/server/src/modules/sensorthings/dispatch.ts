/**
 * One SensorThings request, whichever way it came: on its own (routes.ts, write-routes.ts) or as
 * a part of a batch (batch.ts). A request is a method, a version, a resource path and a query as
 * sent, and a parsed body; the answer is a status, the `Location` of a created entity, and JSON or
 * text. Reads are public (OGC 18-088 §9, docs/sensorthings.md §Reading); writes ask the context
 * for their writer (writer.ts) only once the path is known to name something writable
 * (§10, docs/sensorthings.md §Writing).
 *
 * Failures are thrown as AppError (400 STA_QUERY_INVALID, 400 STA_BODY_INVALID, 404
 * STA_ENTITY_NOT_FOUND, 409 STA_ENTITY_CONFLICT, and the writer's 401/403); the caller answers them.
 */
import { STA_CONFORMANCE, STA_DEFAULT_TOP, STA_MAX_TOP, type EntitySet, type StaVersion } from '@eco/contracts/sensorthings';
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
import type { EntityType } from './entities';
import { QueryOptionError } from './odata/ast';
import { parseQueryOptions } from './odata/parse-options';
import { type ReadContext, readResource, serviceRoot } from './read';
import { PathNotFound, parseResourcePath, type ResourcePath } from './resource-path';
import { updateEntity } from './update';
import { type EntityInput, entityBody } from './write-input';
import { hasPostgis } from '../../db/postgis';
import type { PositionReader } from '../things/geoprivacy';
import { geoFunctionOption } from './geo-sql';
import type { Writer } from './writer';

export type StaMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface StaRequest {
  readonly method: StaMethod;
  readonly version: StaVersion;
  /** the resource path after `/api/<version>/` as sent (percent-encoded); '' for the service root */
  readonly path: string;
  /** the query string after `?` as sent; '' for none */
  readonly query: string;
  /** the parsed JSON body (writes) */
  readonly body?: unknown;
}

export interface StaContext {
  /** the database, or the transaction of a batch's atomicity group */
  readonly db: Db;
  /** where stored Observations are announced (an atomicity group's holds them until it commits) */
  readonly bus: SensingBus;
  readonly now: () => Date;
  /** scheme and host as the client reached the server (`https://example.org`), for links */
  readonly origin: string;
  /** who writes (writer.ts); asked by writes only, after their path is checked */
  readonly writer: () => Promise<Writer>;
  /** who reads: whether camera traps' positions are generalised for them (things/geoprivacy.ts) */
  readonly reader: PositionReader;
  /** the MQTT broker's URL for this client (`mqtt://host:port`), null without one: the v1.1 service root lists it */
  readonly mqtt: string | null;
}

/** The answer: `json` or `text` (a `$value`), or neither (a delete); `location` of a created entity. */
export interface StaAnswer {
  readonly status: number;
  readonly location?: string;
  readonly json?: unknown;
  readonly text?: string;
}

/** The service root of `version` for `ctx`'s client. */
export function baseOf(ctx: Pick<StaContext, 'origin'>, version: StaVersion): string {
  return `${ctx.origin}/api/${version}`;
}

/** SQLSTATE class 22 (data exception): a filter whose arithmetic overflows, say. The request's fault, not the server's. */
function isDataException(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/**
 * `text` (still percent-encoded) with each `+` inside a quoted OData string literal written as a
 * space: clients that encode a query as a form does (Java's URLEncoder, the OGC's test suite) send
 * `'thing 1'` as `'thing+1'`. Outside quotes a `+` stays `+`, the sign of a time zone offset
 * (`2023-01-22T19:00:00+08:00`); a `+` inside a string is sent as `%2B`.
 */
function spacesInStrings(text: string): string {
  let quoted = false;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "'" || text.startsWith('%27', i)) quoted = !quoted;
    out += quoted && text[i] === '+' ? '%20' : text[i];
  }
  return out;
}

/** The query string's parameters, percent-decoded once; `+` is a space inside a quoted string only (`spacesInStrings`). */
function queryOf(text: string): Record<string, string | string[]> {
  // no prototype: a parameter named `__proto__` is a parameter like any other (and refused)
  const query: Record<string, string | string[]> = Object.create(null);
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const decode = (raw: string) => {
      try {
        return decodeURIComponent(raw);
      } catch {
        throw new AppError('STA_QUERY_INVALID', `the query string is not valid percent-encoding: ${raw.slice(0, 80)}`);
      }
    };
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(spacesInStrings(part.slice(eq + 1)));
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** How a read of `version` is served to `ctx`'s client; `url` is the request's own (for `@iot.nextLink`). */
function readContext(ctx: StaContext, version: StaVersion, url: URL): ReadContext {
  return { db: ctx.db, version, base: baseOf(ctx, version), requestUrl: url, reader: ctx.reader };
}

/** GET (OGC 18-088 §9): the service root, or a resource path with its query options. */
async function read(ctx: StaContext, request: StaRequest): Promise<StaAnswer> {
  const query = queryOf(request.query);
  if (request.path === '') {
    if (Object.keys(query).length > 0) throw new AppError('STA_QUERY_INVALID', 'the service root takes no query options');
    return { status: 200, json: serviceRoot({ base: baseOf(ctx, request.version), version: request.version }, STA_CONFORMANCE, ctx.mqtt) };
  }
  try {
    const segments = request.path
      .split('/')
      .filter((s, i, all) => s !== '' || i < all.length - 1)
      .map((s) => decodeURIComponent(s));
    const path = parseResourcePath(segments);
    const options = parseQueryOptions(query, { defaultTop: STA_DEFAULT_TOP, maxTop: STA_MAX_TOP });
    const last = path.steps.at(-1)!;
    if (last.single || path.property) {
      const given = (['filter', 'orderby', 'top', 'skip', 'count'] as const).filter((o) => options[o] !== undefined);
      if (given.length > 0) throw new QueryOptionError(`$${given[0]}`, `$${given[0]} applies to a set of entities, not to one`);
    }
    const geo = geoFunctionOption(options);
    if (geo && !(await hasPostgis(ctx.db))) {
      throw new QueryOptionError(geo, 'the geospatial functions are not available: the database has no PostGIS (docs/sensorthings.md §Reading)');
    }
    const url = new URL(`${baseOf(ctx, request.version)}/${request.path}${request.query ? `?${request.query}` : ''}`);
    const answer = await readResource(path, options, readContext(ctx, request.version, url));
    return 'text' in answer ? { status: 200, text: answer.text } : { status: 200, json: answer.json };
  } catch (error) {
    if (error instanceof QueryOptionError) throw new AppError('STA_QUERY_INVALID', `${error.option}: ${error.message}`);
    if (error instanceof PathNotFound) throw new AppError('STA_ENTITY_NOT_FOUND', error.message);
    if (error instanceof URIError) throw new AppError('STA_ENTITY_NOT_FOUND', 'the path is not valid percent-encoding');
    if (isDataException(error)) throw new AppError('STA_QUERY_INVALID', 'the filter cannot be evaluated on these values (e.g. a number out of range)');
    throw error;
  }
}

/** 400 unless `request` (a write) has no query string. */
function assertNoQuery(request: StaRequest): void {
  if (request.query !== '') throw new AppError('STA_BODY_INVALID', 'a write takes no query options');
}

/** The resource path of a write, or 404; a write takes no query options (400). */
function writePath(request: StaRequest): ResourcePath {
  assertNoQuery(request);
  try {
    return parseResourcePath(request.path.split('/').map((s) => decodeURIComponent(s)));
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

/** The entity `id` of `type` as GET answers it, and its URL. */
async function entityJson(ctx: StaContext, version: StaVersion, type: EntityType, id: number): Promise<{ json: unknown; self: string }> {
  const self = `${baseOf(ctx, version)}/${type.set}(${id})`;
  const answer = await readResource({ steps: [{ type, single: true, id }] }, {}, readContext(ctx, version, new URL(self)));
  return { json: 'json' in answer ? answer.json : null, self };
}

/** The id and type of the one entity a PATCH, PUT or DELETE path names (following navigation as GET does). */
async function targetOf(ctx: StaContext, version: StaVersion, path: ResourcePath): Promise<{ type: EntityType; id: number }> {
  const last = path.steps.at(-1)!;
  if (!last.single || path.property || path.ref) throw new AppError('STA_ENTITY_NOT_FOUND', 'name one entity, e.g. Things(1)');
  try {
    const answer = await readResource(path, { select: ['id'] }, readContext(ctx, version, new URL(baseOf(ctx, version))));
    return { type: last.type, id: ('json' in answer ? (answer.json as { '@iot.id': number }) : { '@iot.id': 0 })['@iot.id'] };
  } catch (error) {
    if (error instanceof PathNotFound) throw new AppError('STA_ENTITY_NOT_FOUND', error.message);
    if (error instanceof QueryOptionError) throw new AppError('STA_BODY_INVALID', error.message);
    throw error;
  }
}

/**
 * POST (OGC 18-088 §10.2): `CreateObservations` (data arrays, create-observations.ts), or an
 * entity created in an entity set or a navigation set (`Things(1)/Datastreams`: the link to the
 * parent is implied). Answers 201 with the entity and its `Location` (CreateObservations: 201
 * with the links).
 */
async function create(ctx: StaContext, request: StaRequest): Promise<StaAnswer> {
  if (request.path === 'CreateObservations') {
    assertNoQuery(request);
    const writer = await ctx.writer();
    return { status: 201, json: await createObservations(ctx.db, ctx.bus, writer, request.body, baseOf(ctx, request.version), ctx.now()) };
  }
  const path = writePath(request);
  const last = path.steps.at(-1)!;
  if (last.single || path.property || path.ref || (path.steps.length > 2 && !path.steps.at(-2)!.single))
    throw new AppError('STA_ENTITY_NOT_FOUND', 'POST to an entity set, e.g. Things or Things(1)/Datastreams');
  const writer = await ctx.writer();
  const link = parentLink(path);
  const body = link && typeof request.body === 'object' && request.body !== null ? { ...(request.body as object) } : request.body;
  const value = entityBody(last.type.set, body) as Record<string, unknown>;
  if (link) value[link.name] = link.many ? [{ ref: link.id }] : { ref: link.id };
  const input = { set: last.type.set, value } as EntityInput;
  const at = ctx.now();
  // the events of Observations a deep insert stored and the entities it made, announced once it is committed
  const pending: Creating['pending'] = [];
  const created: Creating['created'] = new Map();
  const id =
    input.set === 'Observations'
      ? await createObservation(ctx.db, ctx.bus, writer, input.value, undefined, at)
      : await guarded(() =>
          inTransaction(ctx.db, (tx) =>
            CREATORS[input.set as Exclude<EntitySet, 'Observations'>]({ tx, acting: userOf(writer).acting, now: at, pending, created }, input.value as never),
          ),
        );
  // to MQTT subscribers (mqtt/publish.ts) every entity made, then the Observations (ingestion)
  announceCreated(ctx, created);
  for (const announce of pending) await announce(ctx.db, ctx.bus);
  const { json, self } = await entityJson(ctx, request.version, last.type, id);
  return { status: 201, location: self, json };
}

/** Tells MQTT subscribers (mqtt/publish.ts) of the entities a committed write made, set by set. */
function announceCreated(ctx: StaContext, created: NonNullable<Creating['created']>): void {
  for (const [set, ids] of created) ctx.bus.publish({ type: 'entities-changed', data: { set, ids, change: 'created' } });
}

/** PATCH, and PUT answered the same way (OGC 18-088 §10.3): 200 with the entity as it now is. */
async function update(ctx: StaContext, request: StaRequest): Promise<StaAnswer> {
  const path = writePath(request);
  const writer = userOf(await ctx.writer());
  const { type, id } = await targetOf(ctx, request.version, path);
  const value = entityBody(type.set, request.body, '', false);
  const created: Creating['created'] = new Map();
  await guarded(() =>
    inTransaction(ctx.db, (tx) => updateEntity({ tx, acting: writer.acting, now: ctx.now(), created }, id, { set: type.set, value } as EntityInput)),
  );
  const properties = Object.keys(value as object).filter((name) => Object.hasOwn(type.properties, name));
  ctx.bus.publish({ type: 'entities-changed', data: { set: type.set, ids: [id], change: 'updated', properties } });
  // a Thing linked to another Location moved: its HistoricalLocation
  announceCreated(ctx, created);
  return { status: 200, json: (await entityJson(ctx, request.version, type, id)).json };
}

/** DELETE (OGC 18-088 §10.4): 200 with no body. */
async function remove(ctx: StaContext, request: StaRequest): Promise<StaAnswer> {
  const path = writePath(request);
  const writer = userOf(await ctx.writer());
  const { type, id } = await targetOf(ctx, request.version, path);
  await guarded(() => inTransaction(ctx.db, (tx) => deleteEntity({ tx, acting: writer.acting, now: ctx.now() }, type.set, id)));
  return { status: 200 };
}

/**
 * Answers `request` in `ctx`: GET reads, POST creates, PATCH and PUT update, DELETE deletes.
 * Errors: see the module's comment; anything else (the database gone, say) is rethrown as is.
 */
export function dispatch(ctx: StaContext, request: StaRequest): Promise<StaAnswer> {
  switch (request.method) {
    case 'GET':
      return read(ctx, request);
    case 'POST':
      return create(ctx, request);
    case 'PATCH':
    case 'PUT':
      return update(ctx, request);
    case 'DELETE':
      return remove(ctx, request);
  }
}
