/**
 * Running a SensorThings batch (OGC 18-088 §11; OData JSON Format 4.01 §19; docs/sensorthings.md
 * §Batch), whatever format it came in (batch-json.ts): its requests one after another, in the
 * order sent, each answered by dispatch.ts exactly as it would be on its own, in the batch's
 * context (its client, its writer).
 *
 * - **Atomicity groups** (adjacent requests with one `atomicityGroup`) run in one transaction:
 *   when one of them fails, the group is rolled back; the failing request answers its own
 *   failure and the others 424 STA_DEPENDENCY_FAILED (OData JSON 4.01 §19.5 allows 424 for them).
 *   Events of the group (stored Observations, alerts) are published only once it has committed.
 * - **Dependencies**: a request listed in `dependsOn` (a request or a group) must have succeeded,
 *   else the request is not run and answers 424; one that names no earlier request or group answers
 *   400 STA_BODY_INVALID.
 * - **References**: a url starting `$<id>` (`$1/Datastreams`) starts at the entity request `<id>`
 *   created or answered (OData JSON 4.01 §19.1), and depends on it as if listed in `dependsOn`.
 *
 * Requests outside groups are independent: each commits (or fails) on its own.
 */
import { STA_BATCH_MAX_ANSWER_BYTES, STA_VERSIONS, type StaVersion } from '@eco/contracts/sensorthings';
import { inTransaction } from '../../db/client';
import { AppError } from '../../http/app-error';
import { dispatch, type StaAnswer, type StaContext, type StaMethod, type StaRequest } from './dispatch';
import { HeldBus } from './held-bus';

/** One request of a batch, as its format's reader (batch-json.ts) checked it. */
export interface BatchPart {
  /** unique in the batch, and no group's name */
  readonly id: string;
  readonly atomicityGroup?: string;
  readonly dependsOn: readonly string[];
  readonly method: StaMethod;
  /**
   * A path relative to the batch's service root (`Things(1)?$expand=Datastreams`), an absolute
   * path (`/api/v1.1/Things`), or a reference (`$1/Datastreams`); absolute URLs were checked to
   * be this server's and made paths by the reader.
   */
  readonly url: string;
  readonly body?: unknown;
  /** a media type given for the body that is not JSON: the request answers 415 */
  readonly unsupportedType?: string;
}

/** One answer of a batch, ready to be written in its format. */
export interface BatchResponse {
  readonly id: string;
  readonly atomicityGroup?: string;
  readonly status: number;
  readonly location?: string;
  /** a JSON body, serialised */
  readonly json?: string;
  /** a text body (a `$value`) */
  readonly text?: string;
}

/** A failure as the batch answers it: the envelope and its status (http/error-handler.ts `errorAnswer`). */
export type FailureOf = (error: unknown) => { status: number; body: unknown };

/** What became of a request that ran: whether it succeeded, and the entity it created or answered (for `$<id>`). */
interface Outcome {
  readonly ok: boolean;
  readonly entity?: { readonly version: StaVersion; readonly path: string };
}

/** Top-level system resources (OData JSON 4.01 §19.1): `$batch/…` is no reference to a request named `batch`. */
const SYSTEM_RESOURCES = new Set(['batch', 'crossjoin', 'all', 'entity', 'root', 'id', 'metadata']);
const ABSOLUTE_PATH = new RegExp(`^/api/(${STA_VERSIONS.map((v) => v.replace('.', '\\.')).join('|')})(?=$|[/?])/?`);

const invalid = (id: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `request ${id}: ${message}`);
};
const dependencyFailed = (message: string) => new AppError('STA_DEPENDENCY_FAILED', message);

/** The request `$<id>` of `url` refers to, if it is a reference. */
function referenceOf(url: string): string | undefined {
  if (!url.startsWith('$')) return undefined;
  const end = url.search(/[/?]/);
  const name = url.slice(1, end < 0 ? undefined : end);
  return SYSTEM_RESOURCES.has(name) ? undefined : name;
}

/** The entity an answer names: the one created (its Location), or the one answered. */
function entityOf(answer: StaAnswer, ctx: StaContext): Outcome['entity'] {
  const json = answer.json as { '@iot.selfLink'?: unknown } | undefined;
  const link = answer.location ?? (json && typeof json === 'object' && typeof json['@iot.selfLink'] === 'string' ? json['@iot.selfLink'] : undefined);
  if (!link) return undefined;
  for (const version of STA_VERSIONS) {
    const base = `${ctx.origin}/api/${version}/`;
    if (link.startsWith(base)) return { version, path: link.slice(base.length) };
  }
  return undefined;
}

/**
 * The request `part` makes of `version`'s service root, its references resolved with `done`.
 * Errors: 400 (a reference to no earlier request, or to one that named no entity), 404 (an
 * absolute path outside the SensorThings service roots).
 */
function requestOf(part: BatchPart, version: StaVersion, done: ReadonlyMap<string, Outcome>): StaRequest {
  let target = part.url;
  let at = version;
  const reference = referenceOf(part.url);
  if (reference !== undefined) {
    const entity = done.get(reference)?.entity;
    if (!entity) invalid(part.id, `$${reference}: request ${reference} created or answered no entity to start from`);
    at = entity!.version;
    target = entity!.path + part.url.slice(1 + reference.length);
  } else if (part.url.startsWith('/')) {
    const root = ABSOLUTE_PATH.exec(part.url);
    if (!root) throw new AppError('STA_ENTITY_NOT_FOUND', `${part.url.slice(0, 200)} is not under a SensorThings service root (/api/v1.0, /api/v1.1)`);
    at = root[1] as StaVersion;
    target = part.url.slice(root[0].length);
  }
  const question = target.indexOf('?');
  return {
    method: part.method,
    version: at,
    path: question < 0 ? target : target.slice(0, question),
    query: question < 0 ? '' : target.slice(question + 1),
    body: part.body,
  };
}

/** Runs `parts` of a batch sent to `version`'s service root in `ctx`; answers one response per part, in order. */
export async function runBatch(ctx: StaContext, version: StaVersion, parts: readonly BatchPart[], failureOf: FailureOf): Promise<BatchResponse[]> {
  /** requests run so far, by id; and groups, by name: whether they succeeded */
  const done = new Map<string, Outcome>();
  const groups = new Map<string, boolean>();
  let answered = 0;

  /** Runs one part in `inner` (the batch's context, or its group's transaction). */
  const runOne = async (part: BatchPart, inner: StaContext): Promise<BatchResponse> => {
    const base = { id: part.id, ...(part.atomicityGroup !== undefined && { atomicityGroup: part.atomicityGroup }) };
    try {
      const reference = referenceOf(part.url);
      const needs = part.dependsOn.map((name) => ({ name, as: `dependsOn ${name}` }));
      if (reference !== undefined) needs.push({ name: reference, as: `url $${reference}` });
      for (const { name, as } of needs) {
        const ok = done.get(name)?.ok ?? groups.get(name);
        if (ok === undefined) invalid(part.id, `${as}: ${name} is no earlier request or atomicity group of this batch`);
        if (!ok) throw dependencyFailed(`request ${part.id} (${as}): ${name} failed`);
      }
      if (part.unsupportedType !== undefined)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `request ${part.id}: ${part.unsupportedType}; a SensorThings body is application/json`);
      const answer = await dispatch(inner, requestOf(part, version, done));
      const json = answer.json === undefined ? undefined : JSON.stringify(answer.json);
      const size = Buffer.byteLength(json ?? answer.text ?? '');
      // a read over the budget is refused (nothing changed); a write's answer is one entity, always given
      if (part.method === 'GET' && answered + size > STA_BATCH_MAX_ANSWER_BYTES)
        throw new AppError(
          'STA_QUERY_INVALID',
          `request ${part.id}: the answers of one batch may add up to ${STA_BATCH_MAX_ANSWER_BYTES / 1024 / 1024} MiB; ask for this one on its own, or for less ($top, $select)`,
        );
      answered += size;
      done.set(part.id, { ok: true, entity: entityOf(answer, inner) });
      return {
        ...base,
        status: answer.status,
        ...(answer.location && { location: answer.location }),
        ...(json !== undefined && { json }),
        ...(answer.text !== undefined && { text: answer.text }),
      };
    } catch (error) {
      done.set(part.id, { ok: false });
      const { status, body } = failureOf(error);
      return { ...base, status, json: JSON.stringify(body) };
    }
  };

  /** Runs the parts of one atomicity group in one transaction: all succeed, or all are undone. */
  const runGroup = async (members: readonly BatchPart[]): Promise<BatchResponse[]> => {
    const name = members[0]!.atomicityGroup!;
    const bus = new HeldBus(ctx.bus);
    const answers: BatchResponse[] = [];
    let failed: BatchResponse | undefined;
    const before = answered;
    try {
      await inTransaction(ctx.db, async (tx) => {
        for (const part of members) {
          const answer = await runOne(part, { ...ctx, db: tx, bus });
          answers.push(answer);
          if (answer.status >= 400) {
            failed = answer;
            throw dependencyFailed(`request ${part.id} of atomicity group ${name} failed; the group was undone`);
          }
        }
      });
    } catch (error) {
      groups.set(name, false);
      answered = before;
      for (const part of members) done.set(part.id, { ok: false });
      // the failing request answers its failure, the others 424; when the commit itself failed
      // (the database gone, say), every request answers that
      const others = failureOf(error);
      return members.map((part) => {
        if (failed && part.id === failed.id) return failed;
        return { id: part.id, atomicityGroup: name, status: others.status, json: JSON.stringify(others.body) };
      });
    }
    groups.set(name, true);
    bus.release();
    return answers;
  };

  const responses: BatchResponse[] = [];
  for (let i = 0; i < parts.length; ) {
    const group = parts[i]!.atomicityGroup;
    if (group === undefined) {
      responses.push(await runOne(parts[i]!, ctx));
      i += 1;
      continue;
    }
    let end = i;
    while (end < parts.length && parts[end]!.atomicityGroup === group) end += 1;
    responses.push(...(await runGroup(parts.slice(i, end))));
    i = end;
  }
  return responses;
}
