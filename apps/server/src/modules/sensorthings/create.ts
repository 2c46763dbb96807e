/**
 * Creating SensorThings entities (OGC 18-088 §10.2), deep insert included: a Thing with its
 * Location and Datastreams (each with a new or linked Sensor and ObservedProperty, and its
 * Observations) in one POST, in one transaction (all or nothing). Observations go through the
 * portal's one ingestion path (sensing/ingest.ts: validation, idempotency, derived AQI, alerts),
 * inside that transaction; its events are announced once it is committed (`Creating.pending`), and
 * every entity made, nested ones included, is recorded in `Creating.created` for MQTT subscribers.
 *
 * Organisation scope (docs/access.md §Organisation scope): what a Thing owns is written only by
 * someone who may act for the Thing's organisation; a Thing created without portal properties
 * belongs to the creator's organisation when they act below the province, else to none.
 */
import pointOnFeature from '@turf/point-on-feature';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { THING_CODE_PATTERN, THING_KINDS, THING_STATUSES, type ThingKind, type ThingStatus } from '@eco/contracts/sensing';
import type { UserActing } from '../../auth/acting';
import type { SensingBus } from '../sensing/events';
import { type ObservationInput as IngestItem, storeObservationsIn } from '../sensing/ingest';
import { assertInScope } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { datastreams, featuresOfInterest, historicalLocations, locations, observedProperties, organisations, sensors, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { audit } from '../audit/service';
import { moveThingTo, placeThing } from '../things/place';
import { cityAt } from '../things/registry';
import { lockThing } from '../things/service';
import type {
  DatastreamInput,
  FeatureInput,
  HistoricalLocationInput,
  LocationInput,
  ObservationInput,
  ObservedPropertyInput,
  Related,
  SensorInput,
  ThingInput,
} from './write-input';

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `${at}: ${message}`);
};
const conflict = (message: string): never => {
  throw new AppError('STA_ENTITY_CONFLICT', message);
};
const missing = (set: string, id: number): never => {
  throw new AppError('STA_ENTITY_NOT_FOUND', `${set}(${id}) does not exist`);
};

/** The point that stands for a geometry: itself for a Point, else a point on it (@turf/point-on-feature). */
export function pointOf(geometry: Geometry): { longitude: number; latitude: number } {
  const [longitude, latitude] =
    geometry.type === 'Point' ? geometry.coordinates : pointOnFeature({ type: 'Feature', geometry, properties: {} }).geometry.coordinates;
  return { longitude: longitude!, latitude: latitude! };
}

/** The organisation a new Thing belongs to unless it says: the creator's own below the province, else none. */
function ownOrganisation(acting: UserActing): number | null {
  const { user } = acting;
  if (user.role === 'admin' || !user.organisation || user.organisation.level === 'province') return null;
  return user.organisation.id;
}

/** The portal's own fields a Thing may carry in `properties` (docs/sensorthings.md §Model), split from the free-form ones. */
export function portalFields(properties: Record<string, unknown> | undefined, at: string) {
  const { code, kind, status, organisationId, ...free } = properties ?? {};
  if (code !== undefined && (typeof code !== 'string' || !new RegExp(THING_CODE_PATTERN).test(code)))
    fail(`${at}/properties/code`, 'a code of 1–32 ASCII letters, digits and _.-');
  if (kind !== undefined && !THING_KINDS.includes(kind as ThingKind)) fail(`${at}/properties/kind`, `one of ${THING_KINDS.join(', ')}`);
  if (status !== undefined && !THING_STATUSES.includes(status as ThingStatus)) fail(`${at}/properties/status`, `one of ${THING_STATUSES.join(', ')}`);
  if (organisationId !== undefined && organisationId !== null && (typeof organisationId !== 'number' || !Number.isSafeInteger(organisationId)))
    fail(`${at}/properties/organisationId`, 'an organisation id or null');
  return {
    code: code as string | undefined,
    kind: kind as ThingKind | undefined,
    status: status as ThingStatus | undefined,
    organisationId: organisationId as number | null | undefined,
    free,
  };
}

/** 404 ORGANISATION_NOT_FOUND unless `organisationId` (null: none) names an organisation. */
export async function assertOrganisationExists(tx: Db, organisationId: number | null | undefined): Promise<void> {
  if (organisationId === null || organisationId === undefined) return;
  const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND', String(organisationId));
}

/** Everything a create needs: the transaction, who acts, and the time. */
export interface Creating {
  readonly tx: Db;
  readonly acting: UserActing;
  readonly now: Date;
  /**
   * What to announce once the transaction is committed (the events of Observations stored by a deep
   * insert); absent where nothing may store Observations (updates, deletes).
   */
  readonly pending?: ((db: Db, bus: SensingBus) => Promise<void>)[];
  /**
   * The entities made, by set in the order made (a deep insert's nested ones and the
   * HistoricalLocations of moves too), for MQTT subscribers once committed (OGC 18-088 §14.2.2);
   * Observations are announced by the ingestion instead. Absent where nobody will announce them.
   */
  readonly created?: Map<EntitySet, number[]>;
}

/** Records entity `id` of `set` as made in `c` (`Creating.created`); gives back `id`. */
function made(c: Creating, set: EntitySet, id: number): number {
  if (c.created) c.created.set(set, [...(c.created.get(set) ?? []), id]);
  return id;
}

/** Records a Location made and the FeatureOfInterest the database made from it (migration 0010's trigger). */
async function madeLocation(c: Creating, locationId: number): Promise<number> {
  made(c, 'Locations', locationId);
  if (!c.created) return locationId;
  const [feature] = await c.tx.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.locationId, locationId));
  if (feature) made(c, 'FeaturesOfInterest', feature.id);
  return locationId;
}

/** Records the HistoricalLocation a move of Thing `thingId` just made (its newest). */
async function madeMove(c: Creating, thingId: number): Promise<void> {
  if (!c.created) return;
  const [row] = await c.tx
    .select({ id: historicalLocations.id })
    .from(historicalLocations)
    .where(eq(historicalLocations.thingId, thingId))
    .orderBy(desc(historicalLocations.id))
    .limit(1);
  if (row) made(c, 'HistoricalLocations', row.id);
}

async function createLocation(c: Creating, input: LocationInput, at: string, thing?: { id: number; name: string }): Promise<number> {
  const geometry = input.location!;
  const point = pointOf(geometry);
  const place = {
    ...point,
    cityCode: await cityAt(c.tx, point.longitude, point.latitude),
    name: input.name!,
    description: input.description!,
    encodingType: input.encodingType!,
    geometry: geometry.type === 'Point' ? null : geometry,
    properties: input.properties ?? null,
  };
  if (thing) {
    const id = await madeLocation(c, await placeThing(c.tx, thing.id, thing.name, place, c.now));
    await madeMove(c, thing.id);
    return id;
  }
  const things = input.Things ?? [];
  if (things.length > 1) fail(`${at}/Things`, 'a Location locates one Thing in this portal');
  const [row] = await c.tx
    .insert(locations)
    .values({ ...place, countyCode: null, thingId: null })
    .returning({ id: locations.id });
  await madeLocation(c, row!.id);
  if (things[0]) {
    const thingId = await thingOf(c, things[0], `${at}/Things[0]`);
    await moveThingTo(c.tx, thingId, row!.id, c.now);
    await madeMove(c, thingId);
  }
  return row!.id;
}

/**
 * Makes existing Location `id` the current Location of Thing `thingId` (OGC 15-078r6 §10.2.1.1:
 * linking an existing entity), with a HistoricalLocation; nothing changes when it already is. A
 * Location locates one Thing in this portal (docs/sensorthings.md §Model): when it is another
 * Thing's, that Thing — which the writer must be allowed to change — is left with none.
 * Errors: 404 STA_ENTITY_NOT_FOUND, 403 FORBIDDEN (the other Thing is out of scope).
 */
export async function linkLocation(c: Creating, thingId: number, id: number): Promise<void> {
  const [row] = await c.tx.select({ thingId: locations.thingId }).from(locations).where(eq(locations.id, id)).for('update');
  if (!row) missing('Locations', id);
  if (row!.thingId === thingId) return;
  if (row!.thingId !== null) await lockThing(c.tx, row!.thingId, c.acting.user);
  await moveThingTo(c.tx, thingId, id, c.now);
  await madeMove(c, thingId);
}

/** Creates a Thing with its Location and Datastreams. Audited `thing.create`. */
export async function createThing(c: Creating, input: ThingInput, at = 'Thing'): Promise<number> {
  const portal = portalFields(input.properties, at);
  const organisationId = portal.organisationId === undefined ? ownOrganisation(c.acting) : portal.organisationId;
  await assertOrganisationExists(c.tx, organisationId);
  await assertInScope(c.tx, c.acting.user, organisationId);
  if ((input.Locations ?? []).length > 1) fail(`${at}/Locations`, 'a Thing has one current Location in this portal');
  const [{ id }] = rowsOf<{ id: number }>(await c.tx.execute(sql`select nextval(pg_get_serial_sequence('things', 'id'))::int as id`)) as [{ id: number }];
  const code = portal.code ?? `STA-${id}`;
  const [taken] = await c.tx.select({ id: things.id }).from(things).where(eq(things.code, code));
  if (taken) throw new AppError('THING_CODE_TAKEN', code);
  await c.tx.insert(things).values({
    id,
    code,
    kind: portal.kind ?? 'sensor_mast',
    name: input.name!,
    description: input.description ?? '',
    properties: portal.free,
    organisationId,
    status: portal.status ?? 'active',
  });
  made(c, 'Things', id);
  await audit(c.tx, {
    actor: c.acting.actor,
    ip: c.acting.ip,
    action: 'thing.create',
    entityType: 'thing',
    entityId: id,
    after: { code, name: input.name, organisationId, via: 'SensorThings' },
  });
  const [location] = input.Locations ?? [];
  if (location && 'ref' in location) await linkLocation(c, id, location.ref);
  else if (location) await createLocation(c, location.create, `${at}/Locations[0]`, { id, name: input.name! });
  for (const [i, stream] of (input.Datastreams ?? []).entries()) {
    if ('ref' in stream) fail(`${at}/Datastreams[${i}]`, 'an existing Datastream belongs to its own Thing: create a new one here');
    else await createDatastream(c, { ...stream.create, Thing: { ref: id } }, `${at}/Datastreams[${i}]`);
  }
  return id;
}

/** The id of a linked or newly created Thing, after checking the scope of its organisation. */
async function thingOf(c: Creating, related: Related<ThingInput>, at: string): Promise<number> {
  if ('create' in related) return createThing(c, related.create, at);
  const [row] = await c.tx.select({ id: things.id }).from(things).where(eq(things.id, related.ref));
  if (!row) missing('Things', related.ref);
  await lockThing(c.tx, related.ref, c.acting.user);
  return related.ref;
}

export async function createSensor(c: Creating, input: SensorInput): Promise<number> {
  const [row] = await c.tx
    .insert(sensors)
    .values({
      name: input.name!,
      description: input.description!,
      encodingType: input.encodingType!,
      metadata: input.metadata!,
      properties: input.properties ?? null,
    })
    .returning({ id: sensors.id });
  return made(c, 'Sensors', row!.id);
}

/** A new ObservedProperty: the portal keys it by the code `sta_<id>`; its unit lives on its Datastreams. */
export async function createObservedProperty(c: Creating, input: ObservedPropertyInput): Promise<number> {
  const [{ id }] = rowsOf<{ id: number }>(await c.tx.execute(sql`select nextval(pg_get_serial_sequence('observed_properties', 'id'))::int as id`)) as [
    { id: number },
  ];
  await c.tx.insert(observedProperties).values({
    id,
    code: `sta_${id}`,
    nameZh: input.name!,
    nameEn: input.name!,
    unit: '',
    description: input.description!,
    definition: input.definition!,
    properties: input.properties ?? null,
  });
  return made(c, 'ObservedProperties', id);
}

export async function createFeature(c: Creating, input: FeatureInput): Promise<number> {
  const [row] = await c.tx
    .insert(featuresOfInterest)
    .values({
      name: input.name!,
      description: input.description!,
      encodingType: input.encodingType!,
      feature: input.feature!,
      properties: input.properties ?? null,
    })
    .returning({ id: featuresOfInterest.id });
  return made(c, 'FeaturesOfInterest', row!.id);
}

async function refOrCreate<T>(
  c: Creating,
  related: Related<T>,
  table: { id: unknown },
  set: string,
  make: (c: Creating, input: T) => Promise<number>,
): Promise<number> {
  if ('create' in related) return make(c, related.create);
  const [row] = rowsOf<{ id: number }>(await c.tx.execute(sql`select id from ${table} where id = ${related.ref}`));
  if (!row) missing(set, related.ref);
  return related.ref;
}

/**
 * Creates a Datastream of a Thing (linked or new) with its Sensor and ObservedProperty, and its
 * Observations when given (`storeNestedObservations`). Audited `datastream.create`.
 */
export async function createDatastream(c: Creating, input: DatastreamInput, at = 'Datastream'): Promise<number> {
  for (const link of ['Thing', 'Sensor', 'ObservedProperty'] as const) if (!input[link]) fail(`${at}/${link}`, 'is mandatory');
  const thingId = await thingOf(c, input.Thing!, `${at}/Thing`);
  const sensorId = await refOrCreate(c, input.Sensor!, sensors, 'Sensors', createSensor);
  const propertyId = await refOrCreate(c, input.ObservedProperty!, observedProperties, 'ObservedProperties', createObservedProperty);
  const [property] = await c.tx.select({ code: observedProperties.code }).from(observedProperties).where(eq(observedProperties.id, propertyId));
  const [row] = await c.tx
    .insert(datastreams)
    .values({
      thingId,
      observedPropertyCode: property!.code,
      sensorId,
      name: input.name!,
      description: input.description!,
      observationType: input.observationType!,
      unitOfMeasurement: {
        name: input.unitOfMeasurement!.name ?? '',
        symbol: input.unitOfMeasurement!.symbol ?? '',
        definition: input.unitOfMeasurement!.definition ?? '',
      },
      properties: input.properties ?? null,
    })
    .onConflictDoNothing({ target: [datastreams.thingId, datastreams.observedPropertyCode] })
    .returning({ id: datastreams.id });
  if (!row)
    return conflict(`Things(${thingId}) already has a Datastream of ObservedProperties(${propertyId}): one per Thing and ObservedProperty in this portal`);
  made(c, 'Datastreams', row.id);
  await audit(c.tx, {
    actor: c.acting.actor,
    ip: c.acting.ip,
    action: 'datastream.create',
    entityType: 'thing',
    entityId: thingId,
    after: { datastreamId: row!.id, observedProperty: property!.code, via: 'SensorThings' },
  });
  if (input.Observations?.length) await storeNestedObservations(c, row!.id, input.Observations, `${at}/Observations`);
  return row!.id;
}

/**
 * The FeatureOfInterest an Observation of Thing `thingId` observes when it names none: the one
 * made from the Thing's current Location (OGC 15-078r6 §10.2, integrity constraints: every
 * Observation has one; docs/sensorthings.md §Model), made again when that one was deleted.
 * Errors: 400 STA_BODY_INVALID (at `at`) when the Thing has no Location to make it from.
 */
export async function featureOfThing(tx: Db, thingId: number, at: string): Promise<number> {
  const [row] = rowsOf<{ location_id: number; feature_id: number | null }>(
    await tx.execute(sql`
      select l.id as location_id, f.id as feature_id
      from ${locations} l left join ${featuresOfInterest} f on f.location_id = l.id
      where l.thing_id = ${thingId} limit 1`),
  );
  if (!row) return fail(at, `is mandatory: Things(${thingId}) has no Location to make one from`);
  if (row.feature_id !== null) return Number(row.feature_id);
  // the trigger of migration 0010 made it when the Location was stored; it was deleted since
  await tx.execute(sql`
    insert into ${featuresOfInterest} (name, description, encoding_type, feature, location_id)
    select coalesce(nullif(l.name, ''), 'Location ' || l.id), l.description, 'application/geo+json',
      coalesce(l.geometry, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(l.longitude, l.latitude))), l.id
    from ${locations} l where l.id = ${row.location_id}
    on conflict (location_id) do nothing`);
  const [made] = await tx.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.locationId, row.location_id));
  return made!.id;
}

/**
 * The portal's ingestion item of a SensorThings Observation of Datastream `datastreamId` observing
 * FeatureOfInterest `featureId` (phenomenonTime absent: `now`, OGC 18-088 §10.2; resultTime
 * absent: none, null — the standard lets a client without a clock omit it).
 */
export function ingestionItem(input: ObservationInput, datastreamId: number, featureId: number, now: Date): IngestItem {
  return {
    datastreamId,
    phenomenonTime: new Date(input.phenomenonTime ?? now.getTime()).toISOString(),
    resultTime: input.resultTime == null ? null : new Date(input.resultTime).toISOString(),
    result: input.result,
    ...(input.resultQuality != null && { quality: input.resultQuality }),
    featureOfInterestId: featureId,
    parameters: input.parameters ?? null,
  };
}

/**
 * Stores the Observations of a deep insert (a new Datastream's `Observations`) inside the create's
 * transaction, through the ingestion path; their events wait in `c.pending` for the commit.
 * Errors: 400 STA_BODY_INVALID when one is a link, names another Datastream, is rejected by the
 * ingestion (its reason) or repeats another's phenomenonTime — then nothing of the POST is stored.
 */
async function storeNestedObservations(c: Creating, datastreamId: number, inputs: readonly Related<ObservationInput>[], at: string): Promise<void> {
  if (!c.pending) fail(at, 'Observations are created here only with a new Datastream');
  const thing = await datastreamThing(c.tx, datastreamId);
  const items: IngestItem[] = [];
  for (const [i, related] of inputs.entries()) {
    if ('ref' in related) fail(`${at}[${i}]`, 'an existing Observation belongs to its own Datastream: give a new one here');
    const input = (related as { create: ObservationInput }).create;
    if (input.Datastream) fail(`${at}[${i}]/Datastream`, 'an Observation given with its Datastream belongs to it');
    const foi = input.FeatureOfInterest;
    const featureId = !foi
      ? await featureOfThing(c.tx, thing.id, `${at}[${i}]/FeatureOfInterest`)
      : 'ref' in foi
        ? await refOrCreate(c, foi, featuresOfInterest, 'FeaturesOfInterest', createFeature)
        : await createFeature(c, foi.create);
    items.push(ingestionItem(input, datastreamId, featureId, c.now));
  }
  const stored = await storeObservationsIn(c.tx, thing, items, c.now);
  stored.result.items.forEach((item, i) => {
    if (item.status === 'duplicate') fail(`${at}[${i}]`, 'repeats the phenomenonTime of another Observation of this Datastream');
    if (item.status === 'rejected') fail(`${at}[${i}]`, ('message' in item && item.message) || 'rejected by the ingestion rules');
  });
  c.pending!.push((db, bus) => stored.announce(db, bus));
}

/** Creates a Location, linked to at most one Thing (which moves there). */
export function createStandaloneLocation(c: Creating, input: LocationInput): Promise<number> {
  return createLocation(c, input, 'Location');
}

/** Creates a HistoricalLocation: a Thing was at one Location from `time` on. */
export async function createHistoricalLocation(c: Creating, input: HistoricalLocationInput): Promise<number> {
  if (!input.Thing) fail('HistoricalLocation/Thing', 'is mandatory');
  if ((input.Locations ?? []).length !== 1) fail('HistoricalLocation/Locations', 'one Location per HistoricalLocation in this portal');
  const thingId = await thingOf(c, input.Thing!, 'HistoricalLocation/Thing');
  const location = input.Locations![0]!;
  const locationId = 'ref' in location ? location.ref : await createLocation(c, location.create, 'HistoricalLocation/Locations[0]');
  const [exists] = await c.tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (!exists) missing('Locations', locationId);
  const [row] = await c.tx
    .insert(historicalLocations)
    .values({ thingId, locationId, time: new Date(input.time!) })
    .returning({ id: historicalLocations.id });
  return made(c, 'HistoricalLocations', row!.id);
}

/** Whether Datastream `id` exists; its Thing (for the scope and ingestion). */
export async function datastreamThing(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: things.id, code: things.code, kind: things.kind, organisationId: things.organisationId })
    .from(datastreams)
    .innerJoin(things, eq(things.id, datastreams.thingId))
    .where(and(eq(datastreams.id, id)));
  return row ?? missing('Datastreams', id);
}
