/**
 * Updating SensorThings entities with PATCH (OGC 18-088 §10.3; PUT is answered the same way):
 * the properties given change, the others stay; links given are re-pointed. Each update is one
 * transaction; what a Thing owns needs the scope of the Thing's organisation, and the shared
 * entity types (Sensors, ObservedProperties, FeaturesOfInterest) the province-wide scope, as they
 * serve every organisation (docs/sensorthings.md §Writing).
 */
import { eq, sql } from 'drizzle-orm';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { EARLIEST_PHENOMENON_TIME, MAX_FUTURE_MINUTES } from '@eco/contracts/sensing';
import { assertInScope } from '../../auth/organisation-scope';
import { datastreams, featuresOfInterest, historicalLocations, locations, observations, observedProperties, sensors, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { audit } from '../audit/service';
import { cityAt } from '../things/registry';
import { lockThing } from '../things/service';
import { assertOrganisationExists, type Creating, linkLocation, portalFields, pointOf } from './create';
import type {
  DatastreamInput,
  EntityInput,
  FeatureInput,
  HistoricalLocationInput,
  LocationInput,
  ObservationInput,
  ObservedPropertyInput,
  SensorInput,
  ThingInput,
} from './write-input';

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `${at}: ${message}`);
};
const missing = (set: EntitySet, id: number): never => {
  throw new AppError('STA_ENTITY_NOT_FOUND', `${set}(${id}) does not exist`);
};
const OM_MEASUREMENT = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';

/** Drops the keys whose value is undefined (drizzle would write them as null otherwise). */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The province-wide scope (administrators, province users): needed to change what every organisation uses. */
export async function assertProvinceWide(c: Creating): Promise<void> {
  await assertInScope(c.tx, c.acting.user, null);
}

async function updateThing(c: Creating, id: number, input: ThingInput): Promise<void> {
  const before = await lockThing(c.tx, id, c.acting.user);
  if (input.Datastreams) fail('Thing/Datastreams', 'add a Datastream with POST Things(id)/Datastreams');
  const locationsGiven = input.Locations ?? [];
  if (locationsGiven.length > 1) fail('Thing/Locations', 'a Thing has one current Location in this portal');
  const [location] = locationsGiven;
  // OGC 18-088 §10.3 (as 15-078r6 §10.3): an update links existing entities, it never creates them
  if (location && 'create' in location) fail('Thing/Locations[0]', 'link an existing Location ({ "@iot.id": … }) or POST the new one to Things(id)/Locations');
  const portal = input.properties ? portalFields(input.properties, 'Thing') : null;
  if (portal?.organisationId !== undefined) {
    await assertOrganisationExists(c.tx, portal.organisationId);
    await assertInScope(c.tx, c.acting.user, portal.organisationId);
  }
  if (portal?.code !== undefined) {
    const [taken] = await c.tx.select({ id: things.id }).from(things).where(eq(things.code, portal.code));
    if (taken && taken.id !== id) throw new AppError('THING_CODE_TAKEN', portal.code);
  }
  const fields = given({
    name: input.name,
    description: input.description,
    properties: portal?.free,
    code: portal?.code,
    kind: portal?.kind,
    status: portal?.status,
    organisationId: portal?.organisationId,
  });
  if (Object.keys(fields).length > 0) await c.tx.update(things).set(fields).where(eq(things.id, id));
  if (location && 'ref' in location) await linkLocation(c, id, location.ref);
  await audit(c.tx, {
    actor: c.acting.actor,
    ip: c.acting.ip,
    action: 'thing.update',
    entityType: 'thing',
    entityId: id,
    before: { code: before.code, status: before.status, organisationId: before.organisationId },
    after: { ...fields, ...(location && { location: 'moved' }), via: 'SensorThings' },
  });
}

async function lockThingOf(c: Creating, thingId: number | null): Promise<void> {
  if (thingId !== null) await lockThing(c.tx, thingId, c.acting.user);
}

async function updateLocation(c: Creating, id: number, input: LocationInput): Promise<void> {
  const [row] = await c.tx.select().from(locations).where(eq(locations.id, id)).for('update');
  if (!row) missing('Locations', id);
  await lockThingOf(c, row!.thingId);
  const geometry = input.location;
  const point = geometry ? pointOf(geometry) : null;
  const fields = given({
    name: input.name,
    description: input.description,
    encodingType: input.encodingType,
    properties: input.properties,
    ...(geometry &&
      point && { geometry: geometry.type === 'Point' ? null : geometry, ...point, cityCode: await cityAt(c.tx, point.longitude, point.latitude) }),
  });
  if (Object.keys(fields).length > 0) await c.tx.update(locations).set(fields).where(eq(locations.id, id));
  const linked = input.Things ?? [];
  if (linked.length > 1) fail('Location/Things', 'a Location locates one Thing in this portal');
  const [thing] = linked;
  if (thing) {
    if ('create' in thing) fail('Location/Things[0]', 'link an existing Thing');
    else if (row!.thingId !== thing.ref) {
      await lockThing(c.tx, thing.ref, c.acting.user);
      await linkLocation(c, thing.ref, id);
    }
  }
}

async function updateHistoricalLocation(c: Creating, id: number, input: HistoricalLocationInput): Promise<void> {
  const [row] = await c.tx.select().from(historicalLocations).where(eq(historicalLocations.id, id)).for('update');
  if (!row) missing('HistoricalLocations', id);
  await lockThingOf(c, row!.thingId);
  if (input.Thing || input.Locations) fail('HistoricalLocation', 'only its time can change');
  if (input.time !== undefined)
    await c.tx
      .update(historicalLocations)
      .set({ time: new Date(input.time) })
      .where(eq(historicalLocations.id, id));
}

async function updateDatastream(c: Creating, id: number, input: DatastreamInput): Promise<void> {
  const [row] = await c.tx.select().from(datastreams).where(eq(datastreams.id, id)).for('update');
  if (!row) missing('Datastreams', id);
  await lockThingOf(c, row!.thingId);
  if (input.Thing || input.ObservedProperty || input.Observations)
    fail('Datastream', 'its Thing, ObservedProperty and Observations cannot be re-pointed; create another Datastream');
  let sensorId: number | undefined;
  if (input.Sensor) {
    if ('create' in input.Sensor) fail('Datastream/Sensor', 'link an existing Sensor');
    else {
      const [sensor] = await c.tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, input.Sensor.ref));
      if (!sensor) missing('Sensors', input.Sensor.ref);
      sensorId = input.Sensor.ref;
    }
  }
  const unit = input.unitOfMeasurement;
  const fields = given({
    name: input.name,
    description: input.description,
    observationType: input.observationType,
    properties: input.properties,
    sensorId,
    unitOfMeasurement: unit && { name: unit.name ?? '', symbol: unit.symbol ?? '', definition: unit.definition ?? '' },
  });
  if (Object.keys(fields).length > 0) await c.tx.update(datastreams).set(fields).where(eq(datastreams.id, id));
}

async function updateShared(
  c: Creating,
  set: 'Sensors' | 'ObservedProperties' | 'FeaturesOfInterest',
  id: number,
  input: SensorInput & ObservedPropertyInput & FeatureInput,
) {
  await assertProvinceWide(c);
  const table = set === 'Sensors' ? sensors : set === 'ObservedProperties' ? observedProperties : featuresOfInterest;
  const [row] = rowsOf<{ id: number }>(await c.tx.execute(sql`select id from ${table} where id = ${id} for update`));
  if (!row) missing(set, id);
  const fields =
    set === 'Sensors'
      ? given({ name: input.name, description: input.description, encodingType: input.encodingType, metadata: input.metadata, properties: input.properties })
      : set === 'ObservedProperties'
        ? given({ nameZh: input.name, nameEn: input.name, description: input.description, definition: input.definition, properties: input.properties })
        : given({ name: input.name, description: input.description, encodingType: input.encodingType, feature: input.feature, properties: input.properties });
  if (Object.keys(fields).length > 0) await c.tx.update(table).set(fields).where(eq(table.id, id));
}

async function updateObservation(c: Creating, id: number, input: ObservationInput): Promise<void> {
  const [row] = rowsOf<{ thing_id: number; type: string; min: number | null; max: number | null }>(
    await c.tx.execute(sql`
      select d.thing_id, d.observation_type as type, p.min_value as min, p.max_value as max
      from ${observations} o join ${datastreams} d on d.id = o.datastream_id join ${observedProperties} p on p.code = d.observed_property_code
      where o.id = ${id} for update of o`),
  );
  if (!row) missing('Observations', id);
  await lockThing(c.tx, Number(row!.thing_id), c.acting.user);
  if (input.Datastream) fail('Observation/Datastream', 'an Observation stays in its Datastream');
  let featureOfInterestId: number | undefined;
  if (input.FeatureOfInterest) {
    if ('create' in input.FeatureOfInterest) fail('Observation/FeatureOfInterest', 'link an existing FeatureOfInterest');
    else {
      const [feature] = await c.tx.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.id, input.FeatureOfInterest.ref));
      if (!feature) missing('FeaturesOfInterest', input.FeatureOfInterest.ref);
      featureOfInterestId = input.FeatureOfInterest.ref;
    }
  }
  if (input.phenomenonTime !== undefined) {
    if (input.phenomenonTime < new Date(EARLIEST_PHENOMENON_TIME).getTime()) fail('Observation/phenomenonTime', `before ${EARLIEST_PHENOMENON_TIME}`);
    if (input.phenomenonTime > c.now.getTime() + MAX_FUTURE_MINUTES * 60_000) fail('Observation/phenomenonTime', 'in the future');
  }
  let result: { result: number | null; resultJson: unknown } | undefined;
  if (input.hasResult) {
    const numeric = typeof input.result === 'number' && Number.isFinite(input.result) ? input.result : null;
    if (numeric === null && (row!.type === OM_MEASUREMENT || input.result === null))
      fail('Observation/result', 'a number: the Datastream is an OM_Measurement');
    if (numeric !== null && ((row!.min !== null && numeric < row!.min) || (row!.max !== null && numeric > row!.max)))
      fail('Observation/result', `${numeric} is outside ${row!.min ?? '−∞'}…${row!.max ?? '∞'}`);
    result = { result: numeric, resultJson: numeric === null ? input.result : null };
  }
  const fields = given({
    phenomenonTime: input.phenomenonTime === undefined ? undefined : new Date(input.phenomenonTime),
    resultTime: input.resultTime === undefined ? undefined : input.resultTime === null ? null : new Date(input.resultTime),
    quality: input.resultQuality,
    parameters: input.parameters,
    featureOfInterestId,
    ...result,
  });
  if (Object.keys(fields).length > 0) await c.tx.update(observations).set(fields).where(eq(observations.id, id));
}

/**
 * Applies `input` (read with `entityBody(set, body, '', false)`) to entity `id` of `input.set`.
 * Errors: 404 STA_ENTITY_NOT_FOUND, 403 FORBIDDEN (scope), 400 STA_BODY_INVALID, 409
 * STA_ENTITY_CONFLICT / THING_CODE_TAKEN.
 */
export async function updateEntity(c: Creating, id: number, input: EntityInput): Promise<void> {
  switch (input.set) {
    case 'Things':
      return updateThing(c, id, input.value);
    case 'Locations':
      return updateLocation(c, id, input.value);
    case 'HistoricalLocations':
      return updateHistoricalLocation(c, id, input.value);
    case 'Datastreams':
      return updateDatastream(c, id, input.value);
    case 'Observations':
      return updateObservation(c, id, input.value);
    default:
      return updateShared(c, input.set, id, input.value as SensorInput & ObservedPropertyInput & FeatureInput);
  }
}
