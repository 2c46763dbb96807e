/**
 * Ingestion: a device (authenticated by its key, see things/device-keys.ts) pushes a batch of
 * Observations or camera-trap detections. The batch's shape was checked as the request body (the
 * same TypeBox schemas the payload validator on /application-tools uses, `@eco/contracts/sensing`:
 * a malformed item refuses the whole request with 400 before this runs). Each well-formed item is
 * then checked on its own and answered on its own (accepted, duplicate, or rejected with a reason),
 * so one implausible reading never costs the good ones.
 *
 * Checks (OGC SensorThings terms), in order: the Datastream belongs to the key's Thing;
 * phenomenonTime not before 2000-01-01 and at most 5 minutes ahead of the server's clock; result
 * within the ObservedProperty's plausible range (inclusive). Detections come from camera traps
 * only ({@link assertCameraTrap}).
 *
 * Storage: the valid items are written in ONE transaction with ONE multi-row
 * `INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO NOTHING RETURNING`, so a batch is
 * all-or-nothing (a failure mid-way leaves none of it) and idempotent (the same Datastream and
 * phenomenonTime is a duplicate, never a second row — also within one batch, where the first wins).
 * The Thing's Datastreams are read and locked `FOR KEY SHARE` first in that transaction, so none
 * can be removed under the batch (Observations carry no foreign key: see db/schema.ts).
 * The Thing's lastSeenAt, a station's derived AQI (derived-aqi.ts) and the alerts change in the
 * same transaction; events are published after commit: `observations-stored` with the ids of every
 * row stored (for the SensorThings MQTT broker, docs/sensorthings.md §MQTT), and `observations` with
 * the newest values for the live screens.
 */
import { sql } from 'drizzle-orm';
import {
  CAMERA_TRAP_KIND,
  EARLIEST_PHENOMENON_TIME,
  MAX_FUTURE_MINUTES,
  type DetectionItem,
  type IngestResult,
  type ItemResult,
  type ObservationItem,
  type ThingKind,
} from '@eco/contracts/sensing';
import { inTransaction, type Db } from '../../db/client';
import { recordIngestion } from '../../http/metrics';
import { datastreams, detections, observations, observedProperties, protectedSpecies, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';
import { evaluateOnArrival, publishAlertChanges, type AlertChanges } from '../alerts/service';
import { deriveStationAqi } from './derived-aqi';
import type { ObservationsStored, SensingBus } from './events';
import { observationsEvent } from './observations-event';
import { detectionsByIds } from './read';

const EARLIEST_MS = new Date(EARLIEST_PHENOMENON_TIME).getTime();

export interface IngestingThing {
  id: number;
  code: string;
  kind: ThingKind;
}

/**
 * Refuses, with 403 FORBIDDEN and nothing stored, a Thing that is not a camera trap (kind
 * `infrared_camera`, 红外相机): only camera traps post detections and their images, so a station's
 * or a mast's key (lost, or copied into the wrong device) cannot put a protected species on the map.
 */
export function assertCameraTrap(thing: IngestingThing): void {
  if (thing.kind === CAMERA_TRAP_KIND) return;
  throw new AppError('FORBIDDEN', {
    zh: `只有红外相机可以提交物种识别记录，设备 ${thing.code} 的类型是 ${thing.kind}`,
    en: `only camera traps (kind ${CAMERA_TRAP_KIND}) post detections; Thing ${thing.code} is of kind ${thing.kind}`,
  });
}

/** A PostgreSQL array literal of `values` (quoted; null → NULL), bound as one parameter. */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

function timeProblem(ms: number, now: Date): { reason: 'TIME_IN_FUTURE' | 'TIME_TOO_OLD'; message: string } | null {
  if (Number.isNaN(ms)) return { reason: 'TIME_TOO_OLD', message: 'phenomenonTime is not a real time' };
  if (ms > now.getTime() + MAX_FUTURE_MINUTES * 60_000)
    return { reason: 'TIME_IN_FUTURE', message: `phenomenonTime is more than ${MAX_FUTURE_MINUTES} minutes ahead of the server clock (${toIsoCst(now)})` };
  if (ms < EARLIEST_MS) return { reason: 'TIME_TOO_OLD', message: `phenomenonTime is before ${EARLIEST_PHENOMENON_TIME}` };
  return null;
}

function summary(items: ItemResult[]): IngestResult {
  const countOf = (status: ItemResult['status']) => items.filter((i) => i.status === status).length;
  return { accepted: countOf('accepted'), duplicate: countOf('duplicate'), rejected: countOf('rejected'), items };
}

interface Stream {
  id: number;
  property: string;
  min: number | null;
  max: number | null;
  /** the Datastream's O&M observation type: an `OM_Measurement` takes numbers only */
  type: string;
}

/**
 * An Observation as SensorThings sends it (docs/sensorthings.md §Model): the portal's item, whose
 * result may be any JSON where the Datastream is not an `OM_Measurement`, with the
 * FeatureOfInterest it names (else its Thing's Location's) and its `parameters`.
 */
export type ObservationInput = Omit<ObservationItem, 'result' | 'resultTime'> & {
  result: unknown;
  /** absent: the phenomenonTime (a device's item); null: none (a SensorThings client that gave none) */
  resultTime?: string | null;
  featureOfInterestId?: number | null;
  parameters?: Record<string, unknown> | null;
};

const OM_MEASUREMENT = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';

interface ValidObservation {
  index: number;
  datastreamId: number;
  ms: number;
  /** null: no resultTime */
  resultMs: number | null;
  /** a number, or null when `json` carries the result */
  result: number | null;
  json: string | null;
  quality: string | null;
  featureOfInterestId: number | null;
  parameters: string | null;
}

/**
 * The Datastreams of Thing `thingId` with their ObservedProperty's plausible range, locked
 * `FOR KEY SHARE` until the transaction ends: none can be removed while a batch for it is written
 * (what a foreign key's check would do for every row; see `observations` in db/schema.ts).
 */
async function lockStreams(tx: Db, thingId: number): Promise<Map<number, Stream>> {
  const rows = rowsOf<Stream>(
    await tx.execute(sql`
      select d.id, d.observed_property_code as property, p.min_value as min, p.max_value as max, d.observation_type as type
      from ${datastreams} d join ${observedProperties} p on p.code = d.observed_property_code
      where d.thing_id = ${thingId}
      for key share of d`),
  );
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** Answers the items that are rejected or repeat an earlier one; returns the rest to be stored. */
function checkObservations(
  thing: IngestingThing,
  streams: Map<number, Stream>,
  items: readonly ObservationInput[],
  now: Date,
  results: ItemResult[],
): ValidObservation[] {
  const valid: ValidObservation[] = [];
  const seen = new Set<string>();
  const answer = (index: number, result: Omit<ItemResult, 'index'>) => {
    results[index] = { index, ...result } as ItemResult;
  };
  items.forEach((o, index) => {
    const stream = streams.get(o.datastreamId);
    if (!stream) {
      answer(index, { status: 'rejected', reason: 'DATASTREAM_NOT_OF_THING', message: `datastream ${o.datastreamId} is not one of Thing ${thing.code}` });
      return;
    }
    const ms = new Date(o.phenomenonTime).getTime();
    const time = timeProblem(ms, now);
    if (time) {
      answer(index, { status: 'rejected', ...time });
      return;
    }
    const numeric = typeof o.result === 'number' && Number.isFinite(o.result) ? o.result : null;
    if (numeric === null && (stream.type === OM_MEASUREMENT || o.result === null || o.result === undefined)) {
      answer(index, { status: 'rejected', reason: 'RESULT_OUT_OF_RANGE', message: 'result must be a number: the Datastream is an OM_Measurement' });
      return;
    }
    if (numeric !== null && ((stream.min !== null && numeric < stream.min) || (stream.max !== null && numeric > stream.max))) {
      answer(index, { status: 'rejected', reason: 'RESULT_OUT_OF_RANGE', message: `result ${numeric} is outside ${stream.min ?? '−∞'}…${stream.max ?? '∞'}` });
      return;
    }
    const key = `${o.datastreamId}|${ms}`;
    if (seen.has(key)) {
      answer(index, { status: 'duplicate', message: 'repeats an earlier item of this batch' });
      return;
    }
    seen.add(key);
    const resultMs = o.resultTime === null ? null : o.resultTime ? new Date(o.resultTime).getTime() : ms;
    valid.push({
      index,
      datastreamId: o.datastreamId,
      ms,
      resultMs: resultMs !== null && Number.isNaN(resultMs) ? ms : resultMs,
      result: numeric,
      json: numeric === null ? JSON.stringify(o.result) : null,
      quality: o.quality ?? null,
      featureOfInterestId: o.featureOfInterestId ?? null,
      parameters: o.parameters ? JSON.stringify(o.parameters) : null,
    });
  });
  return valid;
}

/**
 * Stores the valid observations of `items` (well-formed: the request body's schema) for `thing`;
 * answers per item, in the order sent. The caller has checked the batch size (≤ MAX_BATCH). Throws
 * only when the database fails (then nothing is stored).
 */
export async function ingestObservations(db: Db, bus: SensingBus, thing: IngestingThing, items: readonly ObservationItem[], now: Date): Promise<IngestResult> {
  return (await storeObservations(db, bus, thing, items, now)).result;
}

/** What {@link storeObservationsIn} stored, and how to tell the rest of the portal once it is committed. */
export interface StoredObservations {
  result: IngestResult;
  /** the ids of the stored Observations by item index */
  ids: Map<number, number>;
  /** publishes the events of what was stored (MQTT, live screens, alerts): call after the commit */
  announce: (db: Db, bus: SensingBus) => Promise<void>;
}

/**
 * {@link ingestObservations} for every way in (HTTP pushes, SensorThings): also takes results that
 * are not numbers (on Datastreams that are not `OM_Measurement`s), a FeatureOfInterest and
 * `parameters`, and answers the ids of the stored Observations by item index.
 */
export async function storeObservations(
  db: Db,
  bus: SensingBus,
  thing: IngestingThing,
  items: readonly ObservationInput[],
  now: Date,
): Promise<{ result: IngestResult; ids: Map<number, number> }> {
  const stored = await inTransaction(db, (tx) => storeObservationsIn(tx, thing, items, now));
  await stored.announce(db, bus);
  return { result: stored.result, ids: stored.ids };
}

/**
 * {@link storeObservations} inside the caller's transaction `tx` (a SensorThings deep insert stores
 * a Datastream and its Observations in one): checks and stores the items, the derived AQI and the
 * alerts; the events wait for the caller's commit (`announce`).
 */
export async function storeObservationsIn(tx: Db, thing: IngestingThing, items: readonly ObservationInput[], now: Date): Promise<StoredObservations> {
  const ids = new Map<number, number>();
  const results: ItemResult[] = new Array(items.length);
  let derivedTouched: number[] = [];
  /** `datastreamId|ms` → the id of the row this batch stored */
  const inserted = new Map<string, number>();
  /** the ids of the rows stored, accepted items and derived AQI alike */
  const storedIds: number[] = [];
  const streams = await lockStreams(tx, thing.id);
  const valid = checkObservations(thing, streams, items, now, results);
  let changes: AlertChanges = { opened: [], closed: [] };
  if (valid.length > 0) {
    // the newest time received, found here rather than by unnesting the batch's times again in SQL;
    // the Thing is marked seen in the same statement (one round trip), only when something was new
    const newest = valid.reduce((max, v) => Math.max(max, v.ms), -Infinity);
    const rows = rowsOf<{ id: string | number; datastream_id: number; ms: string | number }>(
      await tx.execute(sql`
        with added as (
          insert into ${observations} (datastream_id, phenomenon_time, result_time, result, quality, result_json, feature_of_interest_id, parameters)
          select * from unnest(
            ${arrayLiteral(valid.map((v) => v.datastreamId))}::int[],
            ${arrayLiteral(valid.map((v) => new Date(v.ms).toISOString()))}::timestamptz[],
            ${arrayLiteral(valid.map((v) => (v.resultMs === null ? null : new Date(v.resultMs).toISOString())))}::timestamptz[],
            ${arrayLiteral(valid.map((v) => v.result))}::float8[],
            ${arrayLiteral(valid.map((v) => v.quality))}::text[],
            ${arrayLiteral(valid.map((v) => v.json))}::jsonb[],
            ${arrayLiteral(valid.map((v) => v.featureOfInterestId))}::int[],
            ${arrayLiteral(valid.map((v) => v.parameters))}::jsonb[])
          on conflict do nothing
          returning id, datastream_id, phenomenon_time),
        seen as (
          update ${things} set last_seen_at = greatest(last_seen_at, ${new Date(newest).toISOString()}::timestamptz)
          where id = ${thing.id} and exists (select from added))
        select id, datastream_id, (extract(epoch from phenomenon_time) * 1000)::bigint as ms from added`),
    );
    for (const row of rows) {
      inserted.set(`${row.datastream_id}|${Number(row.ms)}`, Number(row.id));
      storedIds.push(Number(row.id));
    }
    if (rows.length > 0) {
      const touched = [...new Set(rows.map((r) => Number(r.datastream_id)))];
      const aqiStream = [...streams.values()].find((s) => s.property === 'aqi');
      if (thing.kind === 'air_quality_station' && aqiStream) {
        const derivedIds = await deriveStationAqi(
          tx,
          thing.id,
          aqiStream.id,
          rows.map((r) => ({ property: streams.get(Number(r.datastream_id))!.property, ms: Number(r.ms) })),
        );
        storedIds.push(...derivedIds);
        if (derivedIds.length > 0 && !touched.includes(aqiStream.id)) touched.push(aqiStream.id);
      }
      derivedTouched = touched;
      changes = await evaluateOnArrival(tx, thing, touched, now);
    }
  }
  for (const v of valid) {
    const id = inserted.get(`${v.datastreamId}|${v.ms}`);
    if (id !== undefined) ids.set(v.index, id);
    results[v.index] =
      id !== undefined
        ? { index: v.index, status: 'accepted' }
        : { index: v.index, status: 'duplicate', message: 'an observation of this datastream at this phenomenonTime is already stored' };
  }
  const result = summary(results);
  const announce = async (db: Db, bus: SensingBus): Promise<void> => {
    // called once the items are committed: the Prometheus counter (http/metrics.ts)
    recordIngestion(result);
    // ids only (no query): the SensorThings MQTT broker reads the entities if somebody subscribes to
    // them, the relay (relay.ts) tells the other processes
    const stored: ObservationsStored['data'] = {
      thingId: thing.id,
      thingCode: thing.code,
      accepted: result.accepted,
      datastreamIds: derivedTouched,
      ids: storedIds,
    };
    if (storedIds.length > 0 && bus.listenerCount('observations-stored') > 0) bus.publish({ type: 'observations-stored', data: stored });
    // the newest values are read for the live screens only while one listens
    if (result.accepted > 0 && bus.listenerCount('observations') > 0) bus.publish(await observationsEvent(db, stored));
    await publishAlertChanges(db, bus, changes);
  };
  return { result, ids, announce };
}

/**
 * Stores the valid detections of `items` (well-formed: the request body's schema) for camera trap
 * `thing` (same rules: per item, one transaction, duplicates by Thing + phenomenonTime + species).
 * The species must be on the national list (2021) by its scientific name or its genus (genus
 * rules), or the item must say `unlisted: true`. `imageSha256`: a file already stored by the
 * upload module, for every item. Errors: 403 FORBIDDEN when `thing` is not a camera trap
 * ({@link assertCameraTrap}), before anything is read or stored.
 */
export async function ingestDetections(
  db: Db,
  bus: SensingBus,
  thing: IngestingThing,
  items: readonly DetectionItem[],
  now: Date,
  imageSha256: string | null = null,
): Promise<IngestResult> {
  assertCameraTrap(thing);
  const results: ItemResult[] = new Array(items.length);
  const parsed = items.map((item, index) => ({ index, ...item }));
  const names = [...new Set(parsed.flatMap((p) => [p.scientificName, p.scientificName.split(' ')[0]!]))];
  const listed = new Map<string, string>();
  if (names.length > 0) {
    const rows = rowsOf<{ scientific_name: string; taxon: string }>(
      await db.execute(sql`select scientific_name, taxon from ${protectedSpecies} where scientific_name = any(${arrayLiteral(names)}::text[])`),
    );
    for (const row of rows) listed.set(row.scientific_name, row.taxon);
  }
  const isListed = (name: string) => listed.get(name) === '' || listed.get(name.split(' ')[0]!) === 'genus';
  const valid: { index: number; ms: number; name: string; listed: boolean; count: number; confidence: number }[] = [];
  const seen = new Set<string>();
  for (const p of parsed) {
    const ms = new Date(p.phenomenonTime).getTime();
    const time = timeProblem(ms, now);
    if (time) {
      results[p.index] = { index: p.index, status: 'rejected', ...time };
      continue;
    }
    const onList = isListed(p.scientificName);
    if (!onList && !p.unlisted) {
      results[p.index] = {
        index: p.index,
        status: 'rejected',
        reason: 'SPECIES_NOT_LISTED',
        message: `${p.scientificName} is not on the national list of key protected wild animals (2021); send "unlisted": true to record it anyway`,
      };
      continue;
    }
    const key = `${ms}|${p.scientificName}`;
    if (seen.has(key)) {
      results[p.index] = { index: p.index, status: 'duplicate', message: 'repeats an earlier item of this batch' };
      continue;
    }
    seen.add(key);
    valid.push({ index: p.index, ms, name: p.scientificName, listed: onList, count: p.count, confidence: p.confidence });
  }
  const inserted = new Map<string, number>();
  let changes: AlertChanges = { opened: [], closed: [] };
  if (valid.length > 0) {
    await inTransaction(db, async (tx) => {
      const rows = rowsOf<{ id: number; ms: string | number; scientific_name: string }>(
        await tx.execute(sql`
          insert into ${detections} (thing_id, phenomenon_time, scientific_name, listed, count, confidence, image_sha256)
          select ${thing.id}, * from unnest(
            ${arrayLiteral(valid.map((v) => new Date(v.ms).toISOString()))}::timestamptz[],
            ${arrayLiteral(valid.map((v) => v.name))}::text[],
            ${arrayLiteral(valid.map((v) => (v.listed ? 'true' : 'false')))}::boolean[],
            ${arrayLiteral(valid.map((v) => v.count))}::int[],
            ${arrayLiteral(valid.map((v) => v.confidence))}::float8[],
            ${arrayLiteral(valid.map(() => imageSha256))}::text[])
          on conflict do nothing
          returning id, (extract(epoch from phenomenon_time) * 1000)::bigint as ms, scientific_name`),
      );
      for (const row of rows) inserted.set(`${Number(row.ms)}|${row.scientific_name}`, Number(row.id));
      if (rows.length > 0) {
        await tx.execute(sql`
          update ${things} set last_seen_at = greatest(last_seen_at, ${new Date(Math.max(...valid.map((v) => v.ms))).toISOString()}::timestamptz)
          where id = ${thing.id}`);
        changes = await evaluateOnArrival(tx, thing, [], now);
      }
    });
  }
  for (const v of valid) {
    results[v.index] = inserted.has(`${v.ms}|${v.name}`)
      ? { index: v.index, status: 'accepted' }
      : { index: v.index, status: 'duplicate', message: 'a detection of this species by this Thing at this phenomenonTime is already stored' };
  }
  for (const detection of await detectionsByIds(db, [...inserted.values()])) bus.publish({ type: 'detection', data: detection });
  await publishAlertChanges(db, bus, changes);
  return summary(results);
}
