/**
 * The JSON batch format (OData JSON Format 4.01 §19, the format of OGC 18-088 §11; docs/sensorthings.md
 * §Batch): reading a batch request body into the requests batch.ts runs, and writing its answers.
 *
 * A body is `{ "requests": [ { id, method, url, atomicityGroup?, dependsOn?, headers?, body? } ] }`;
 * annotations (`@…` members) are allowed and not read. Everything the format says a request MUST
 * or MUST NOT be is checked before anything runs: a batch that breaks a rule is refused whole,
 * 400 STA_BODY_INVALID naming the request and the rule, and nothing is written.
 */
import { STA_BATCH_MAX_REQUESTS } from '@eco/contracts/sensorthings';
import { AppError } from '../../http/app-error';
import type { BatchPart, BatchResponse } from './batch';
import type { StaMethod } from './dispatch';

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `$batch ${at}: ${message}`);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** OData ABNF `request-id`: 1*unreserved (letters, digits, `-._~`); bounded here. */
export const REQUEST_ID = /^[A-Za-z0-9\-._~]{1,100}$/;
const METHODS = new Set<string>(['get', 'post', 'patch', 'put', 'delete']);
const MEMBERS = new Set(['id', 'method', 'url', 'atomicityGroup', 'dependsOn', 'headers', 'body']);
/** Credentials belong on the `$batch` request itself: it is checked once, for every request in it. */
const CREDENTIALS = new Set(['authorization', 'x-thing-key', 'cookie', 'x-csrf-token']);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The media type of a `content-type` value (`application/json; charset=utf-8` → `application/json`). */
function mediaTypeOf(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** Whether a media type is JSON: `application/json` or a `+json` subtype (OData JSON 4.01 §19.1). */
export function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * The url of request `at` (batch-json.ts, batch-multipart.ts): an absolute URL of `origin` becomes
 * its path; another host's, a fragment, or not a string: 400 STA_BODY_INVALID.
 */
export function urlOf(value: unknown, at: string, origin: string): string {
  if (typeof value !== 'string')
    return fail(`${at}/url`, 'a string: a path relative to the service root (Things(1); empty: the root), an absolute path, or $<id>/…');
  if (value.includes('#')) fail(`${at}/url`, 'a request URL has no fragment (#)');
  if (value.startsWith('//') || SCHEME.test(value)) {
    let url: URL;
    try {
      url = new URL(value, origin);
    } catch {
      return fail(`${at}/url`, `not a URL: ${value.slice(0, 200)}`);
    }
    if (url.origin !== origin) fail(`${at}/url`, `${url.origin} is not this service (${origin}): a batch reaches this service only`);
    return url.pathname + url.search;
  }
  return value;
}

/**
 * Checks the request headers of `at`: string values, each name once, no credentials (400
 * STA_BODY_INVALID otherwise); answers the body's media type if one is given and it is not JSON.
 */
export function headersOf(value: unknown, at: string): { unsupportedType?: string } {
  if (value === undefined) return {};
  if (!isObject(value)) return fail(`${at}/headers`, 'an object of header names and string values');
  let unsupportedType: string | undefined;
  const seen = new Set<string>();
  for (const [name, header] of Object.entries(value)) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) fail(`${at}/headers`, `${name} is given twice`);
    seen.add(lower);
    if (typeof header !== 'string') fail(`${at}/headers/${name}`, 'a string');
    if (CREDENTIALS.has(lower)) fail(`${at}/headers/${name}`, 'credentials go on the $batch request itself, which is checked once for all its requests');
    if (lower === 'content-type' && !isJsonType(mediaTypeOf(header as string))) unsupportedType = mediaTypeOf(header as string);
  }
  return unsupportedType === undefined ? {} : { unsupportedType };
}

/**
 * The requests of JSON batch `body`, sent to a service reached at `origin` (`https://host`).
 * Errors (the whole batch refused, nothing run): 400 STA_BODY_INVALID when the body is not
 * `{ requests: [...] }`, has more than STA_BATCH_MAX_REQUESTS requests, or a request breaks a
 * rule of OData JSON 4.01 §19.1 — an unknown member (`if` is not supported), an `id` or
 * `atomicityGroup` that is not 1–100 of `A–Z a–z 0–9 - . _ ~` or is used twice (ids and group names
 * share one name space), a group whose requests are not adjacent, a `method` other than get,
 * post, patch, put, delete, a `url` that is not a string or is on another host, `dependsOn` that
 * is not an array of strings, `headers` that are not strings or carry credentials, a `body` on a
 * get or delete.
 */
export function partsOfJson(body: unknown, origin: string): BatchPart[] {
  if (!isObject(body)) return fail('body', 'a JSON object { "requests": [ … ] } (OData JSON batch format)');
  for (const key of Object.keys(body)) if (key !== 'requests' && !key.startsWith('@')) fail(key, 'unknown member: a batch has requests (and annotations)');
  const { requests } = body;
  if (!Array.isArray(requests)) return fail('requests', 'an array of request objects');
  if (requests.length > STA_BATCH_MAX_REQUESTS) fail('requests', `at most ${STA_BATCH_MAX_REQUESTS} requests in one batch (${requests.length} sent)`);

  const ids = new Set<string>();
  const groups = new Set<string>();
  let current: string | undefined;
  const parts = requests.map((request: unknown, index): BatchPart => {
    const at = `requests[${index}]`;
    if (!isObject(request)) return fail(at, 'a request object { id, method, url, … }');
    for (const key of Object.keys(request)) {
      if (key === 'if') fail(`${at}/if`, 'conditions on requests are not supported: use dependsOn');
      if (!MEMBERS.has(key) && !key.startsWith('@')) fail(`${at}/${key}`, 'unknown member of a request');
    }
    const { id, method, atomicityGroup, dependsOn } = request;
    if (typeof id !== 'string' || !REQUEST_ID.test(id)) return fail(`${at}/id`, 'a string of 1–100 letters, digits and - . _ ~');
    if (ids.has(id) || groups.has(id)) fail(`${at}/id`, `${id} is already the id of a request or an atomicity group`);
    ids.add(id);
    if (typeof method !== 'string' || !METHODS.has(method.toLowerCase())) return fail(`${at}/method`, 'one of get, post, patch, put, delete');
    if (atomicityGroup !== undefined) {
      if (typeof atomicityGroup !== 'string' || !REQUEST_ID.test(atomicityGroup)) fail(`${at}/atomicityGroup`, 'a string of 1–100 letters, digits and - . _ ~');
      if (ids.has(atomicityGroup as string)) fail(`${at}/atomicityGroup`, `${atomicityGroup} is already the id of a request`);
      if (atomicityGroup !== current && groups.has(atomicityGroup as string))
        fail(`${at}/atomicityGroup`, `the requests of atomicity group ${atomicityGroup} must be adjacent`);
      groups.add(atomicityGroup as string);
    }
    current = atomicityGroup as string | undefined;
    if (dependsOn !== undefined && (!Array.isArray(dependsOn) || !dependsOn.every((d) => typeof d === 'string')))
      fail(`${at}/dependsOn`, 'an array of ids of earlier requests or atomicity groups');
    const verb = method.toUpperCase() as StaMethod;
    const hasBody = request.body !== undefined && request.body !== null;
    if (hasBody && (verb === 'GET' || verb === 'DELETE')) fail(`${at}/body`, `a ${method} request has no body`);
    return {
      id,
      ...(atomicityGroup !== undefined && { atomicityGroup: atomicityGroup as string }),
      dependsOn: (dependsOn as string[] | undefined) ?? [],
      method: verb,
      url: urlOf(request.url, at, origin),
      ...(hasBody && { body: request.body }),
      ...headersOf(request.headers, at),
    };
  });
  return parts;
}

/** The JSON batch answer (OData JSON 4.01 §19.5): `{ "responses": [ { id, atomicityGroup?, status, headers?, body? } ] }`. */
export function jsonAnswer(responses: readonly BatchResponse[]): string {
  const items = responses.map((response) => {
    const headers: Record<string, string> = {};
    if (response.location) headers.location = response.location;
    if (response.text !== undefined) headers['content-type'] = 'text/plain; charset=utf-8';
    const head = JSON.stringify({
      id: response.id,
      ...(response.atomicityGroup !== undefined && { atomicityGroup: response.atomicityGroup }),
      status: response.status,
      ...(Object.keys(headers).length > 0 && { headers }),
    });
    const body = response.json ?? (response.text !== undefined ? JSON.stringify(response.text) : undefined);
    // the body is already JSON text (batch.ts serialises each answer once, to count its size)
    return body === undefined ? head : `${head.slice(0, -1)},"body":${body}}`;
  });
  return `{"responses":[${items.join(',')}]}`;
}
