/**
 * `POST /api/v1.1/CreateObservations` (and v1.0): many Observations as data arrays, one array per
 * Datastream (the Data Array extension, OGC 18-088 §13, 15-078r6 §13). Each Datastream's items go
 * through the one ingestion path (sensing/ingest.ts `storeObservations`) as one batch; the answer
 * lists, in the order sent, the selfLink of each stored Observation or `"error"` for one that was
 * not stored (rejected, or a duplicate).
 */
import { MAX_BATCH } from '@eco/contracts/sensing';
import { assertInScope } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SensingBus } from '../sensing/events';
import { type ObservationInput, storeObservations } from '../sensing/ingest';
import { datastreamThing } from './create';
import { assertOwnThing } from './create-observation';
import type { Writer } from './writer';

const COMPONENTS = new Set(['phenomenonTime', 'result', 'resultTime', 'resultQuality', 'parameters', 'FeatureOfInterest/id']);

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `${at}: ${message}`);
};

interface Group {
  datastreamId: number;
  components: string[];
  rows: unknown[][];
}

/** Reads the body: an array of `{ Datastream: { @iot.id }, components, dataArray }`, at most MAX_BATCH rows in all. */
function groupsOf(body: unknown): Group[] {
  if (!Array.isArray(body)) return fail('CreateObservations', 'the body is an array of { Datastream, components, dataArray }');
  let total = 0;
  return body.map((group, g) => {
    const at = `[${g}]`;
    if (typeof group !== 'object' || group === null || Array.isArray(group)) return fail(at, 'an object { Datastream, components, dataArray }');
    const { Datastream, components, dataArray, 'dataArray@iot.count': _count, ...rest } = group as Record<string, unknown>;
    for (const key of Object.keys(rest)) fail(`${at}/${key}`, 'unknown member');
    const id = (Datastream as { '@iot.id'?: unknown } | undefined)?.['@iot.id'];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) fail(`${at}/Datastream`, 'a link { "@iot.id": … }');
    if (!Array.isArray(components) || !components.every((c) => typeof c === 'string' && COMPONENTS.has(c)) || new Set(components).size !== components.length)
      fail(`${at}/components`, `distinct names among ${[...COMPONENTS].join(', ')}`);
    if (!(components as string[]).includes('result')) fail(`${at}/components`, 'must include result');
    if (!Array.isArray(dataArray) || !dataArray.every((row) => Array.isArray(row) && row.length === (components as string[]).length))
      fail(`${at}/dataArray`, 'an array of rows, each with one value per component');
    total += (dataArray as unknown[]).length;
    if (total > MAX_BATCH) throw new AppError('BATCH_TOO_LARGE', `more than ${MAX_BATCH} Observations`);
    return { datastreamId: id as number, components: components as string[], rows: dataArray as unknown[][] };
  });
}

function itemOf(group: Group, row: unknown[], at: string, now: Date): ObservationInput {
  const value = (name: string) => row[group.components.indexOf(name)];
  const time = (name: string): string | undefined => {
    const v = value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v)) || v.includes('/')) return fail(`${at}/${name}`, 'an ISO 8601 instant with an offset');
    return v;
  };
  const feature = value('FeatureOfInterest/id');
  if (feature !== undefined && feature !== null && (typeof feature !== 'number' || !Number.isSafeInteger(feature)))
    fail(`${at}/FeatureOfInterest/id`, 'an @iot.id');
  const parameters = value('parameters');
  if (parameters !== undefined && parameters !== null && (typeof parameters !== 'object' || Array.isArray(parameters)))
    fail(`${at}/parameters`, 'a JSON object');
  const quality = value('resultQuality');
  const resultTime = time('resultTime');
  return {
    datastreamId: group.datastreamId,
    phenomenonTime: time('phenomenonTime') ?? now.toISOString(),
    ...(resultTime && { resultTime }),
    result: value('result'),
    ...(quality !== undefined && quality !== null && { quality: typeof quality === 'string' ? quality : JSON.stringify(quality) }),
    featureOfInterestId: (feature as number | undefined) ?? null,
    parameters: (parameters as Record<string, unknown> | undefined) ?? null,
  };
}

/**
 * Stores the data arrays of `body` for `writer` (a device: its own Datastreams only; a user:
 * within the scope of each Datastream's Thing) and answers one selfLink or `"error"` per row.
 * Errors (nothing stored): 400 STA_BODY_INVALID, 413 BATCH_TOO_LARGE, 404 STA_ENTITY_NOT_FOUND
 * (a Datastream), 403 FORBIDDEN.
 */
export async function createObservations(db: Db, bus: SensingBus, writer: Writer, body: unknown, base: string, now: Date): Promise<string[]> {
  const groups = groupsOf(body);
  const plans = [];
  for (const [g, group] of groups.entries()) {
    const thing = await datastreamThing(db, group.datastreamId);
    if (writer.kind === 'device') assertOwnThing(writer.thing, thing.id);
    else await assertInScope(db, writer.acting.user, thing.organisationId);
    plans.push({ thing, items: group.rows.map((row, r) => itemOf(group, row, `[${g}]/dataArray[${r}]`, now)) });
  }
  const answer: string[] = [];
  for (const plan of plans) {
    const { ids } = await storeObservations(db, bus, plan.thing, plan.items, now);
    plan.items.forEach((_, i) => {
      const id = ids.get(i);
      answer.push(id === undefined ? 'error' : `${base}/Observations(${id})`);
    });
  }
  return answer;
}
