/**
 * The message of a publish that creates an Observation (OGC 18-088 §14.2.2): the Observation's
 * JSON as a POST to `Datastreams(id)/Observations` would carry it, turned into the item the
 * portal's one ingestion path takes (sensing/ingest.ts, `ObservationItem` of
 * `@eco/contracts/sensing`, whose schema checks it here exactly as the HTTP push's body is checked).
 */
import { type ObservationItem, ObservationItemSchema } from '@eco/contracts/sensing';
import { Compile } from 'typebox/compile';
import type { CreateTarget } from './topics';

/** A message that is no Observation this server can store; `message` says why, for the log. */
export class MessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageError';
  }
}

/** The largest message read as an Observation, bytes: one Observation is a few hundred. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** The properties a message may carry (the rest of OGC 18-088 Table 17 is not stored: refused, never ignored). */
const PROPERTIES = new Set(['phenomenonTime', 'result', 'resultTime', 'resultQuality', 'Datastream']);

const item = Compile(ObservationItemSchema);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The Datastream the message names (`"Datastream": {"@iot.id": 12}`), or undefined. */
function datastreamOf(json: Record<string, unknown>): number | undefined {
  if (!Object.hasOwn(json, 'Datastream')) return undefined;
  const link = json.Datastream;
  const id = isObject(link) ? link['@iot.id'] : undefined;
  if (!isObject(link) || Object.keys(link).length !== 1 || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new MessageError('Datastream must be {"@iot.id": <a positive integer>}');
  return id;
}

/**
 * The item to ingest from a message published to `target`'s topic.
 * @param payload the message, UTF-8 JSON: `{"phenomenonTime": "2023-01-22T19:00:00+08:00",
 *   "result": 12.5, "resultTime"?: …, "resultQuality"?: "valid", "Datastream"?: {"@iot.id": 12}}`;
 *   `phenomenonTime` absent → `now` (OGC 18-088 §9.2.2: the server's time); `resultTime` absent
 *   or null → the phenomenonTime (as on HTTP)
 * @throws MessageError when the message is over MAX_MESSAGE_BYTES, not a JSON object, has a
 *   property not listed above, names no Datastream (topic `vX/Observations`) or another than its
 *   topic, or fails the item's schema: `result` a number (the portal stores numeric results from
 *   devices), times ISO 8601 with offset, `resultQuality` a short flag (`quality` in the portal)
 */
export function observationOf(payload: Buffer, target: CreateTarget, now: Date): ObservationItem {
  if (payload.length > MAX_MESSAGE_BYTES)
    throw new MessageError(`the message is ${payload.length} bytes, more than the ${MAX_MESSAGE_BYTES} of one Observation`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch (error) {
    throw new MessageError(`the message is not UTF-8 JSON (${(error as Error).message})`);
  }
  if (!isObject(json)) throw new MessageError('the message is not a JSON object (one Observation)');
  const unknown = Object.keys(json).filter((name) => !PROPERTIES.has(name));
  if (unknown.length > 0) throw new MessageError(`not stored by this server: ${unknown.slice(0, 5).join(', ')}`);
  const named = datastreamOf(json);
  if (target.datastreamId !== undefined && named !== undefined && named !== target.datastreamId)
    throw new MessageError(`the message names Datastream ${named} but was published to Datastreams(${target.datastreamId})`);
  const datastreamId = target.datastreamId ?? named;
  if (datastreamId === undefined)
    throw new MessageError(`name the Datastream: publish to ${target.version}/Datastreams(id)/Observations or send "Datastream": {"@iot.id": id}`);
  const candidate: Record<string, unknown> = {
    datastreamId,
    phenomenonTime: json.phenomenonTime ?? now.toISOString(),
    result: json.result,
    ...(json.resultTime !== undefined && json.resultTime !== null && { resultTime: json.resultTime }),
    ...(json.resultQuality !== undefined && { quality: json.resultQuality }),
  };
  if (item.Check(candidate)) return candidate;
  const issues = [...item.Errors(candidate)].slice(0, 3).map((issue) => {
    const field = issue.instancePath.slice(1).replace(/^quality$/, 'resultQuality') || 'the message';
    return `${field} ${issue.message}`;
  });
  throw new MessageError(issues.join('; '));
}
