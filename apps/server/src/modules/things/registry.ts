/**
 * The device registry's writes: register and edit Things (with their Location) and add or remove
 * their Datastreams. Each write runs in one transaction with its audit row; bad input changes
 * nothing.
 *
 * The city of a Location is derived from the bundled city boundaries with the seed loader's own
 * `cityOf` (point in polygon, WGS-84); the county stays null because the bundled data has no county
 * boundaries. Codes are unique (409 THING_CODE_TAKEN, also when two administrators race: the unique
 * index decides).
 *
 * Organisation scope (docs/access.md §Organisation scope): a Thing is registered, edited and given
 * or stripped of Datastreams only by someone who may act for its organisation; moving it to
 * another organisation needs the scope of both. Refused with 403 FORBIDDEN before anything changes.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { CreateDatastream, CreateThing, Datastream, ObservedProperty, ThingDetail, UpdateThing } from '@eco/contracts/sensing';
import type { UserActing } from '../../auth/acting';
import { assertInScope } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { placeThing } from './place';
import { cityBoundaries, datastreams, locations, observations, observedProperties, organisations, sensors, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { cityOf } from '../../seed/load-bundled-data';
import { audit, changes } from '../audit/service';
import { positionReaderOf } from './geoprivacy';
import { getThing, lockThing } from './service';

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name: name } = e as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && (constraint === undefined || name === undefined || name === constraint)) return true;
  }
  return false;
}

async function assertOrganisation(tx: Db, organisationId: number | null | undefined): Promise<void> {
  if (organisationId === null || organisationId === undefined) return;
  const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND', String(organisationId));
}

async function assertCodeFree(tx: Db, code: string, exceptId?: number): Promise<void> {
  const [row] = await tx.select({ id: things.id }).from(things).where(eq(things.code, code));
  if (row && row.id !== exceptId) throw new AppError('THING_CODE_TAKEN', code);
}

/** The 4-digit city code of a WGS-84 point from `city_boundaries` (as loaded from the bundled GeoJSON), or null. */
export async function cityAt(tx: Db, longitude: number, latitude: number): Promise<string | null> {
  const boundaries = await tx.select({ divisionCode: cityBoundaries.divisionCode, geometry: cityBoundaries.geometry }).from(cityBoundaries);
  return cityOf({ longitude, latitude }, boundaries);
}

/** What the audit log says about a Thing. */
function summary(
  thing: Pick<typeof things.$inferSelect, 'code' | 'kind' | 'name' | 'organisationId' | 'status' | 'reportingIntervalSeconds'>,
  location: { longitude: number; latitude: number; cityCode: string | null } | null,
) {
  return {
    code: thing.code,
    kind: thing.kind,
    name: thing.name,
    organisationId: thing.organisationId,
    status: thing.status,
    reportingIntervalSeconds: thing.reportingIntervalSeconds,
    longitude: location?.longitude ?? null,
    latitude: location?.latitude ?? null,
    cityCode: location?.cityCode ?? null,
  };
}

/** Runs `write`, turning a race on the code's unique index into 409 THING_CODE_TAKEN. */
async function codeRace<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code !== undefined && isUniqueViolation(error, 'things_code_unique')) throw new AppError('THING_CODE_TAKEN', code);
    throw error;
  }
}

/**
 * Registers a Thing with its Location (city derived from the point, county null) and its expected
 * reporting interval (seconds; left out or null = its kind's default). Audited
 * `thing.create`. Returns the Thing as `GET /api/things/{id}` shows it.
 * Errors: 404 ORGANISATION_NOT_FOUND, 403 FORBIDDEN (the organisation, or none, is outside the
 * user's scope), 409 THING_CODE_TAKEN.
 */
export async function createThing(db: Db, now: () => Date, { actor, ip, user }: UserActing, input: CreateThing): Promise<ThingDetail> {
  const id = await codeRace(input.code, () =>
    inTransaction(db, async (tx) => {
      await assertOrganisation(tx, input.organisationId);
      await assertInScope(tx, user, input.organisationId);
      await assertCodeFree(tx, input.code);
      const [thing] = await tx
        .insert(things)
        .values({
          code: input.code,
          kind: input.kind,
          name: input.name,
          organisationId: input.organisationId,
          status: input.status,
          reportingIntervalSeconds: input.reportingIntervalSeconds ?? null,
        })
        .returning();
      const location = { longitude: input.longitude, latitude: input.latitude, cityCode: await cityAt(tx, input.longitude, input.latitude) };
      await placeThing(tx, thing!.id, thing!.name, location, now());
      await audit(tx, { actor, ip, action: 'thing.create', entityType: 'thing', entityId: thing!.id, after: summary(thing!, location) });
      return thing!.id;
    }),
  );
  return getThing(db, now(), await positionReaderOf(db, user), id);
}

/**
 * Changes any of code, kind, name, owning organisation, status, expected reporting interval
 * (seconds; null = the kind's default) and Location (longitude and latitude together; the city is
 * derived again). Audited `thing.update` with the fields that
 * changed (no row when nothing did). Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (the Thing's
 * organisation, or the one it is moved to, is outside the user's scope), 404
 * ORGANISATION_NOT_FOUND, 409 THING_CODE_TAKEN.
 */
export async function updateThing(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number, input: UpdateThing): Promise<ThingDetail> {
  await codeRace(input.code, () =>
    inTransaction(db, async (tx) => {
      await lockThing(tx, id, user);
      const [before] = await tx.select().from(things).where(eq(things.id, id));
      const [place] = await tx.select().from(locations).where(eq(locations.thingId, id));
      if (input.organisationId !== undefined) {
        await assertOrganisation(tx, input.organisationId);
        await assertInScope(tx, user, input.organisationId);
      }
      if (input.code !== undefined) await assertCodeFree(tx, input.code, id);
      const fields = {
        ...(input.code !== undefined && { code: input.code }),
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.name !== undefined && { name: input.name }),
        ...(input.organisationId !== undefined && { organisationId: input.organisationId }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.reportingIntervalSeconds !== undefined && { reportingIntervalSeconds: input.reportingIntervalSeconds }),
      };
      const [after] = Object.keys(fields).length > 0 ? await tx.update(things).set(fields).where(eq(things.id, id)).returning() : [before];
      let location = place ? { longitude: place.longitude, latitude: place.latitude, cityCode: place.cityCode } : null;
      if (input.longitude !== undefined && input.latitude !== undefined) {
        location = { longitude: input.longitude, latitude: input.latitude, cityCode: await cityAt(tx, input.longitude, input.latitude) };
        await placeThing(tx, id, after!.name, location, now());
      }
      const changed = changes(summary(before!, place ?? null), summary(after!, location));
      if (changed) await audit(tx, { actor, ip, action: 'thing.update', entityType: 'thing', entityId: id, ...changed });
    }),
  );
  return getThing(db, now(), await positionReaderOf(db, user), id);
}

/** Every ObservedProperty a Datastream may measure, by code. */
export async function listObservedProperties(db: Db): Promise<ObservedProperty[]> {
  return db
    .select({
      code: observedProperties.code,
      nameZh: observedProperties.nameZh,
      nameEn: observedProperties.nameEn,
      unit: observedProperties.unit,
      minValue: observedProperties.minValue,
      maxValue: observedProperties.maxValue,
    })
    .from(observedProperties)
    .orderBy(asc(observedProperties.code));
}

/**
 * Adds a Datastream of ObservedProperty `input.observedProperty` to Thing `thingId`, from Sensor
 * `input.sensor` (found by name, or created). Audited `datastream.create`. Returns the Datastream
 * (no observation yet). Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (outside the scope), 404
 * OBSERVED_PROPERTY_NOT_FOUND, 409 DATASTREAM_EXISTS (the Thing already measures that property).
 */
export async function addDatastream(db: Db, { actor, ip, user }: UserActing, thingId: number, input: CreateDatastream): Promise<Datastream> {
  try {
    return await inTransaction(db, async (tx) => {
      const thing = await lockThing(tx, thingId, user);
      const [property] = await tx.select().from(observedProperties).where(eq(observedProperties.code, input.observedProperty));
      if (!property) throw new AppError('OBSERVED_PROPERTY_NOT_FOUND', input.observedProperty);
      const sensorName = input.sensor;
      let sensorId: number | null = null;
      if (sensorName) {
        // the first Sensor of that name (names are not unique: SensorThings clients may repeat one)
        const [sensor] = await tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.name, sensorName)).orderBy(asc(sensors.id)).limit(1);
        sensorId = sensor?.id ?? (await tx.insert(sensors).values({ name: sensorName }).returning({ id: sensors.id }))[0]!.id;
      }
      const [row] = await tx
        .insert(datastreams)
        .values({ thingId, observedPropertyCode: property.code, sensorId })
        .onConflictDoNothing({ target: [datastreams.thingId, datastreams.observedPropertyCode] })
        .returning();
      if (!row) throw new AppError('DATASTREAM_EXISTS', property.code);
      await audit(tx, {
        actor,
        ip,
        action: 'datastream.create',
        entityType: 'datastream',
        entityId: row.id,
        after: { thing: thing.code, observedProperty: property.code, sensor: sensorName ?? null },
      });
      return {
        id: row.id,
        observedProperty: property.code,
        name: property.nameZh,
        unit: property.unit,
        minValue: property.minValue,
        maxValue: property.maxValue,
        latest: null,
        sensor: sensorName ?? null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'datastreams_thing_property_key')) throw new AppError('DATASTREAM_EXISTS', input.observedProperty);
    throw error;
  }
}

/**
 * Removes Datastream `datastreamId` of Thing `thingId`, only while it has no Observations (its data
 * is never deleted from here: retire the Thing instead). Audited `datastream.delete`.
 * Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (outside the scope), 404 DATASTREAM_NOT_FOUND (also
 * another Thing's), 409 DATASTREAM_HAS_OBSERVATIONS.
 */
export async function removeDatastream(db: Db, { actor, ip, user }: UserActing, thingId: number, datastreamId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const thing = await lockThing(tx, thingId, user);
    const [stream] = await tx.select().from(datastreams).where(eq(datastreams.id, datastreamId)).for('update');
    if (!stream || stream.thingId !== thingId) throw new AppError('DATASTREAM_NOT_FOUND', String(datastreamId));
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(observations).where(eq(observations.datastreamId, datastreamId));
    if (n > 0) throw new AppError('DATASTREAM_HAS_OBSERVATIONS', { zh: `${n} 条观测`, en: `${n} observations` });
    await tx.delete(datastreams).where(eq(datastreams.id, datastreamId));
    await audit(tx, {
      actor,
      ip,
      action: 'datastream.delete',
      entityType: 'datastream',
      entityId: datastreamId,
      before: { thing: thing.code, observedProperty: stream.observedPropertyCode, sensorId: stream.sensorId },
    });
  });
}
