/**
 * Creating Observations through SensorThings (OGC 18-088 §10.2), by a signed-in user (manual
 * entry, within the organisation scope of the Datastream's Thing) or by a device with its key
 * (its own Datastreams only). Each goes through the portal's one ingestion path
 * (sensing/ingest.ts `storeObservations`): the time and range checks, idempotency (the same
 * Datastream and phenomenonTime again is 409), derived AQI, alerts and live events.
 */
import { eq } from 'drizzle-orm';
import { assertInScope } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { featuresOfInterest } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { KeyedThing } from '../things/device-keys';
import type { SensingBus } from '../sensing/events';
import { storeObservations } from '../sensing/ingest';
import { createFeature, datastreamThing, featureOfThing, ingestionItem } from './create';
import type { Writer } from './writer';
import type { ObservationInput } from './write-input';

/**
 * Stores one Observation of Datastream `datastreamId` (from the path, or the body's link) and
 * answers its id. A new FeatureOfInterest in the body is created first and removed again when the
 * Observation is not stored; with none, it observes (and names) the one of its Thing's current
 * Location (`featureOfThing`).
 * Errors: 404 STA_ENTITY_NOT_FOUND (Datastream or FeatureOfInterest), 403 FORBIDDEN (outside the
 * scope, or another Thing's Datastream for a device), 400 STA_BODY_INVALID (rejected by ingestion,
 * with its reason; no FeatureOfInterest and a Thing without a Location), 409 STA_ENTITY_CONFLICT
 * (an Observation of that Datastream at that time exists).
 */
export async function createObservation(
  db: Db,
  bus: SensingBus,
  writer: Writer,
  input: ObservationInput,
  datastreamId: number | undefined,
  now: Date,
): Promise<number> {
  const link = input.Datastream;
  if (link && 'create' in link) throw new AppError('STA_BODY_INVALID', 'Observation/Datastream: link an existing Datastream ({ "@iot.id": … })');
  const streamId = datastreamId ?? (link && 'ref' in link ? link.ref : undefined);
  if (streamId === undefined) throw new AppError('STA_BODY_INVALID', 'Observation/Datastream: is mandatory');
  const thing = await datastreamThing(db, streamId);
  if (writer.kind === 'device') assertOwnThing(writer.thing, thing.id);
  else await assertInScope(db, writer.acting.user, thing.organisationId);

  let featureId: number;
  let created = false;
  const foi = input.FeatureOfInterest;
  if (foi && 'ref' in foi) {
    const [row] = await db.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.id, foi.ref));
    if (!row) throw new AppError('STA_ENTITY_NOT_FOUND', `FeaturesOfInterest(${foi.ref}) does not exist`);
    featureId = row.id;
  } else if (foi) {
    if (writer.kind === 'device') throw new AppError('STA_BODY_INVALID', 'Observation/FeatureOfInterest: a device links an existing FeatureOfInterest or none');
    featureId = await inTransaction(db, (tx) => createFeature({ tx, acting: writer.acting, now }, foi.create));
    created = true;
  } else {
    // named now, so it stays the feature of the place the Observation was made at
    featureId = await inTransaction(db, (tx) => featureOfThing(tx, thing.id, 'Observation/FeatureOfInterest'));
  }
  const { result, ids } = await storeObservations(db, bus, thing, [ingestionItem(input, streamId, featureId, now)], now);
  const id = ids.get(0);
  if (id !== undefined) return id;
  if (created) await db.delete(featuresOfInterest).where(eq(featuresOfInterest.id, featureId));
  const item = result.items[0]!;
  if (item.status === 'duplicate') throw new AppError('STA_ENTITY_CONFLICT', `Datastreams(${streamId}) already has an Observation at this phenomenonTime`);
  throw new AppError('STA_BODY_INVALID', `Observation: ${'message' in item ? item.message : 'rejected'}`);
}

/** A device writes only to its own Thing's Datastreams: 403 FORBIDDEN otherwise. */
export function assertOwnThing(device: KeyedThing, thingId: number): void {
  if (device.id !== thingId)
    throw new AppError('FORBIDDEN', { zh: `设备 ${device.code} 只能向自己的数据流写入观测`, en: `Thing ${device.code} writes only to its own Datastreams` });
}
