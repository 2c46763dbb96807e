/**
 * Strict input for every declared endpoint (docs/api.md §Input), a `preValidation` hook that runs
 * before Fastify's own validation:
 *
 * 1. **Trimming** (one rule, @eco/contracts/text.ts): every string of the JSON body and of the
 *    query is trimmed, except multi-line text and secrets.
 * 2. **Numbers in the query and the path** must be written as decimals of at most 15 digits
 *    (`12`, `-3`, `0.5`): the app's Ajv coerces query text to numbers (`?page=2`) and would turn
 *    `1e309` or `Infinity` into Infinity, which then passes `maximum` (Ajv skips range checks on
 *    non-finite numbers). Fifteen digits keep every accepted value exact and finite.
 * 3. **An endpoint that declares no body refuses one** (any property, or any value but `{}`).
 *
 * Declared bodies are then checked as sent, without coercion (http/body-validator.ts); unknown
 * properties and query parameters are refused by name (declarations close their objects).
 * Failures are ordinary validation errors: 400 VALIDATION_FAILED with field details.
 */
import type { FastifyInstance } from 'fastify';
import { MULTI_LINE, SECRET_FORMAT } from '@eco/contracts/text';
import { unknownPropertyIssue, validationError, type ValidationIssue } from './validation-error';
import { AppError } from './app-error';

/** The parts of a JSON schema this hook reads. */
interface Schema {
  type?: string | string[];
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/** Whether a string under `schema` is trimmed: not multi-line text, not a secret (in any branch). */
function trims(schema: Schema): boolean {
  if (schema.pattern === MULTI_LINE || schema.format === SECRET_FORMAT) return false;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].every(trims);
}

/** The schema of property `key` of an object schema (a union's first branch that has it). */
function propertyOf(schema: Schema, key: string): Schema {
  const own = schema.properties?.[key];
  if (own) return own;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = branch.properties?.[key];
    if (found) return found;
  }
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
}

function itemsOf(schema: Schema): Schema {
  return schema.items ?? [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((branch) => branch.items)?.items ?? {};
}

/** `value` with its strings trimmed as {@link trims} says; a new value, the input is not changed. */
export function trimmed(schema: Schema, value: unknown): unknown {
  if (typeof value === 'string') return trims(schema) ? value.trim() : value;
  if (Array.isArray(value)) return value.map((item) => trimmed(itemsOf(schema), item));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = trimmed(propertyOf(schema, key), item);
    return out;
  }
  return value;
}

const INTEGER = /^-?[0-9]{1,15}$/;
const DECIMAL = /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/;

function numericType(schema: Schema): 'integer' | 'number' | null {
  const types = [schema.type, ...(schema.anyOf ?? []).map((branch) => branch.type)].flat();
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return null;
}

/** Issues for every number of a query or path object written other than as a plain decimal. */
function numberIssues(schema: Schema, values: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (values === null || typeof values !== 'object') return issues;
  for (const [key, raw] of Object.entries(values)) {
    const property = propertyOf(schema, key);
    const type = numericType(property) ?? numericType(itemsOf(property));
    if (!type) continue;
    for (const text of Array.isArray(raw) ? raw : [raw]) {
      if (typeof text !== 'string' || (type === 'integer' ? INTEGER : DECIMAL).test(text)) continue;
      issues.push({ keyword: 'type', instancePath: `/${key}`, schemaPath: `#/properties/${key}/type`, params: { type }, message: `must be ${type}` });
    }
  }
  return issues;
}

/** Issues of a body sent to an endpoint that declares none: any property, or any value but `{}`. */
function unexpectedBodyIssues(body: unknown): ValidationIssue[] {
  if (body === undefined || body === null) return [];
  if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) return Object.keys(body).map(unknownPropertyIssue);
  return [{ keyword: 'type', instancePath: '', schemaPath: '#', params: { type: 'null' }, message: 'this endpoint takes no body' }];
}

/** Registers the strict input check for every declared route of `app`. */
export function registerStrictInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    if (endpoint.query) request.query = trimmed(endpoint.query as Schema, request.query);
    else {
      // no declared query: every parameter is unknown (with one, Ajv refuses the unknown ones)
      const unknown = Object.keys((request.query ?? {}) as object).map(unknownPropertyIssue);
      if (unknown.length > 0) throw validationError('querystring', unknown);
    }
    for (const [context, schema, values] of [
      ['params', endpoint.params, request.params],
      ['querystring', endpoint.query, request.query],
    ] as const) {
      const issues = schema ? numberIssues(schema as Schema, values) : [];
      if (issues.length > 0) throw validationError(context, issues);
    }
    // a text body (`text/csv`) only where declared, and only that one there (the parser is the app's)
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    const textSent = mediaType === 'text/csv';
    if (request.body !== undefined && (endpoint.bodyMediaType ? mediaType !== endpoint.bodyMediaType : textSent)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${mediaType ?? 'no content type'}: this endpoint takes ${endpoint.bodyMediaType ?? 'application/json'}`);
    }
    if (endpoint.bodyMediaType) return;
    if (endpoint.body) request.body = trimmed(endpoint.body as Schema, request.body);
    else if (!endpoint.upload) {
      const issues = unexpectedBodyIssues(request.body);
      if (issues.length > 0) throw validationError('body', issues);
    }
  });
}
