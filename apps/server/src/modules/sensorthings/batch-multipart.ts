/**
 * The multipart batch format of OData 4.0 (Part 1: Protocol §11.7; the format of OGC 15-078r6
 * §11, SensorThings v1.0; docs/sensorthings.md §Batch): reading a `multipart/mixed` batch body into
 * the requests batch.ts runs, and writing its answers in the same format.
 *
 * A body part is one request (`Content-Type: application/http`: a request line, headers, a
 * blank line, a JSON body) or a change set (`Content-Type: multipart/mixed; boundary=…`) of such
 * parts, which runs as one atomicity group. `Content-ID` (in a part's MIME headers or its HTTP
 * headers) names a request for `$<Content-ID>` references; it is required inside change sets.
 * Lines may end in CRLF or LF. What cannot be read is refused whole: 400 STA_BODY_INVALID naming
 * the part, nothing run.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { STA_BATCH_MAX_REQUESTS } from '@eco/contracts/sensorthings';
import { AppError } from '../../http/app-error';
import type { BatchPart, BatchResponse } from './batch';
import { headersOf, isJsonType, REQUEST_ID, urlOf } from './batch-json';
import type { StaMethod } from './dispatch';

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `$batch ${at}: ${message}`);
};

const METHODS = new Set<string>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
/** A header name (RFC 9110 §5.1: a token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The media type and parameters of a Content-Type value (`multipart/mixed; boundary="b"`). */
export function contentTypeOf(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = (value ?? '').split(';');
  const params: Record<string, string> = Object.create(null);
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The boundary of a multipart media type (RFC 2046 §5.1.1: 1–70 characters), or 400. */
function boundaryOf(value: string | undefined, at: string): string {
  const boundary = contentTypeOf(value).params.boundary;
  if (!boundary || boundary.length > 70 || !/^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary))
    return fail(at, 'multipart/mixed with a boundary of 1–70 characters (RFC 2046)');
  return boundary;
}

/** The body parts between the delimiters of `boundary` in `text` (preamble and epilogue dropped). */
function bodyParts(text: string, boundary: string, at: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start = -1;
  for (let match = delimiter.exec(text); match; match = delimiter.exec(text)) {
    if (start >= 0) parts.push(text.slice(start, match.index));
    if (match[1]) return parts;
    start = match.index + match[0].length;
  }
  return fail(at, `no closing delimiter --${boundary}--`);
}

/** Splits a header block and what follows the blank line after it; header names lower-cased. */
function splitHead(text: string, at: string): { headers: Record<string, string>; rest: string } {
  const blank = /\r?\n\r?\n/.exec(text);
  const head = blank ? text.slice(0, blank.index) : text;
  const rest = blank ? text.slice(blank.index + blank[0].length) : '';
  const headers: Record<string, string> = Object.create(null);
  for (const line of head.split(/\r?\n/)) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(colon, 0)).toLowerCase();
    if (!TOKEN.test(name)) fail(at, `not a header line: ${line.slice(0, 100)}`);
    if (name in headers) fail(at, `header ${name} is given twice`);
    headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, rest };
}

interface Reading {
  readonly origin: string;
  readonly ids: Set<string>;
  readonly parts: BatchPart[];
}

/** One `application/http` part: its request, with `group` (a change set) if it is in one. */
function readRequest(reading: Reading, mime: Record<string, string>, message: string, at: string, group: string | undefined): void {
  if (reading.parts.length >= STA_BATCH_MAX_REQUESTS) fail('body', `at most ${STA_BATCH_MAX_REQUESTS} requests in one batch`);
  // the request line may follow blank lines; the request's own headers follow it
  const lines = message.replace(/^(\r?\n)+/, '');
  const end = /\r?\n/.exec(lines);
  const requestLine = end ? lines.slice(0, end.index) : lines;
  // method, url, and HTTP version; the url is what lies between (spaces in a $filter are taken as sent)
  const space = requestLine.indexOf(' ');
  const method = space < 0 ? '' : requestLine.slice(0, space);
  const target = requestLine.slice(space + 1);
  const version = / HTTP\/1\.[01]$/.exec(target);
  const url = version ? target.slice(0, version.index) : target;
  if (!METHODS.has(method.toUpperCase()) || url.trim() === '' || /\sHTTP\/\S*$/.test(url))
    fail(at, `the request line is "<GET|POST|PATCH|PUT|DELETE> <url> HTTP/1.1", not "${requestLine.slice(0, 100)}"`);
  const { headers, rest } = end ? splitHead(lines.slice(end.index + end[0].length), at) : { headers: {}, rest: '' };
  const contentId = mime['content-id'] ?? headers['content-id'];
  delete headers['content-id'];
  if (contentId === undefined && group !== undefined) fail(at, 'a request in a change set has a Content-ID');
  if (contentId !== undefined && !REQUEST_ID.test(contentId)) fail(`${at}/Content-ID`, '1–100 letters, digits and - . _ ~');
  if (contentId !== undefined && reading.ids.has(contentId)) fail(`${at}/Content-ID`, `${contentId} is already the Content-ID of a request`);
  // a request without a Content-ID gets one no client can write (`#` is no Content-ID character)
  const id = contentId ?? `#${reading.parts.length + 1}`;
  reading.ids.add(id);
  const verb = method.toUpperCase() as StaMethod;
  const text = rest.replace(/(\r?\n)+$/, '');
  const checked = headersOf(headers, at);
  let body: unknown;
  if (text !== '') {
    if (verb === 'GET' || verb === 'DELETE') fail(at, `a ${verb} request has no body`);
    const type = headers['content-type'];
    if (type === undefined || isJsonType(contentTypeOf(type).type)) {
      try {
        // as the app's JSON parser does (http/json-body.ts), a __proto__ member is refused
        body = JSON.parse(text, (key, value) => {
          if (key === '__proto__') throw new SyntaxError('__proto__');
          return value;
        });
      } catch {
        fail(at, 'the body is not JSON (or has a __proto__ member)');
      }
    }
  }
  reading.parts.push({
    id,
    ...(group !== undefined && { atomicityGroup: group }),
    dependsOn: [],
    method: verb,
    url: urlOf(url, at, reading.origin),
    ...(body !== undefined && { body }),
    ...checked,
  });
}

/**
 * The requests of multipart batch `text` (its Content-Type `contentType`), sent to a service
 * reached at `origin`. Errors (the whole batch refused, nothing run): 400 STA_BODY_INVALID when
 * the boundary is missing, a part is neither `application/http` nor a change set (nor a change
 * set in a change set), a request line or header cannot be read, a Content-ID is missing in a
 * change set, malformed or used twice, a body is not JSON or is on a GET or DELETE, a url is on
 * another host, or there are more than STA_BATCH_MAX_REQUESTS requests.
 */
export function partsOfMultipart(text: string, contentType: string | undefined, origin: string): BatchPart[] {
  const reading: Reading = { origin, ids: new Set(), parts: [] };
  let changeSets = 0;
  for (const [index, part] of bodyParts(text, boundaryOf(contentType, 'Content-Type'), 'body').entries()) {
    const at = `part ${index + 1}`;
    const { headers, rest } = splitHead(part, at);
    const { type } = contentTypeOf(headers['content-type']);
    if (type === 'application/http') {
      readRequest(reading, headers, rest, at, undefined);
      continue;
    }
    if (type !== 'multipart/mixed') fail(`${at}/Content-Type`, 'application/http (a request) or multipart/mixed (a change set)');
    changeSets += 1;
    // `#` is no Content-ID character: no request can be named like a change set
    const group = `#changeset${changeSets}`;
    for (const [inner, request] of bodyParts(rest, boundaryOf(headers['content-type'], `${at}/Content-Type`), at).entries()) {
      const where = `${at}.${inner + 1}`;
      const split = splitHead(request, where);
      if (contentTypeOf(split.headers['content-type']).type !== 'application/http')
        fail(`${where}/Content-Type`, 'application/http: a change set holds requests');
      readRequest(reading, split.headers, split.rest, where, group);
    }
  }
  return reading.parts;
}

/** One response as an `application/http` body part. */
function httpPart(response: BatchResponse): string {
  const lines = ['Content-Type: application/http', 'Content-Transfer-Encoding: binary'];
  if (!response.id.startsWith('#')) lines.push(`Content-ID: ${response.id}`);
  lines.push('', `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`.trimEnd());
  if (response.location) lines.push(`Location: ${response.location}`);
  if (response.json !== undefined) lines.push('Content-Type: application/json; charset=utf-8');
  if (response.text !== undefined) lines.push('Content-Type: text/plain; charset=utf-8');
  lines.push('', response.json ?? response.text ?? '');
  return lines.join('\r\n');
}

/** `parts` between delimiters of a new boundary starting with `prefix`: the boundary and the multipart text. */
function multipart(prefix: string, parts: readonly string[]): { boundary: string; text: string } {
  const boundary = `${prefix}_${randomUUID()}`;
  return { boundary, text: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n` };
}

/**
 * The multipart answer (OData 4.0 Part 1 §11.7.4): one `application/http` part per request, in
 * order; a change set that committed as a `multipart/mixed` part of its responses, one that failed
 * as the single response of the request that failed it. Answers the Content-Type and the body.
 */
export function multipartAnswer(responses: readonly BatchResponse[]): { contentType: string; text: string } {
  const parts: string[] = [];
  for (let i = 0; i < responses.length; ) {
    const group = responses[i]!.atomicityGroup;
    if (group === undefined) {
      parts.push(httpPart(responses[i]!));
      i += 1;
      continue;
    }
    let end = i;
    while (end < responses.length && responses[end]!.atomicityGroup === group) end += 1;
    const members = responses.slice(i, end);
    if (members.every((member) => member.status < 400)) {
      const changeSet = multipart('changesetresponse', members.map(httpPart));
      parts.push(`Content-Type: multipart/mixed; boundary=${changeSet.boundary}\r\n\r\n${changeSet.text}`);
    } else parts.push(httpPart(members.find((member) => member.status !== 424) ?? members[0]!));
    i = end;
  }
  const batch = multipart('batchresponse', parts);
  return { contentType: `multipart/mixed; boundary=${batch.boundary}`, text: batch.text };
}
