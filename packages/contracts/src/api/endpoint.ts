/**
 * One declaration per endpoint (docs/api.md §Endpoints): method, path, inputs, the success answer,
 * the error codes, who may call it, tags and words for people. The server registers its handler
 * against the declaration (validation, serialisation and the OpenAPI document come from it), and
 * the web app calls the API only through it (apps/web/src/api/), so changing an endpoint is one
 * compile-checked edit here.
 *
 * Paths are written as OpenAPI writes them (`/api/notices/{id}`), absolute from the origin.
 */
import type { Static, TObject, TSchema } from 'typebox';
import { ERROR_CODES, type ErrorCode } from '../error-codes';
import type { Role } from '../roles';
import type { ApiTag } from './tags';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint (docs/api.md §Access):
 * - `public`: anyone; a signed-in session may change what is answered (e.g. `canOpen`);
 * - `signed-in`: a session of an active user (of one of `roles`, when given), who has changed
 *   the temporary password unless `duringPasswordChange`;
 * - `device`: a Thing's key in `Authorization: Bearer <key>` (or `X-Thing-Key`), no cookies.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in'; readonly roles?: readonly Role[]; readonly duringPasswordChange?: boolean }
  | { readonly kind: 'device' };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const DEVICE = { kind: 'device' } as const satisfies Access;

/** Signed-in users; with `roles`, only those roles. */
export function signedIn(...roles: Role[]): Access {
  return roles.length > 0 ? { kind: 'signed-in', roles } : { kind: 'signed-in' };
}

/** A success answer that is not the JSON envelope: a file, an image, CSV, an event stream. */
export interface RawAnswer {
  /** the media types it may have, e.g. `['application/pdf', 'image/png']` or `['text/event-stream']` */
  readonly mediaTypes: readonly string[];
  readonly description: string;
}

/** A `multipart/form-data` request carrying one file in the part named `file`. */
export interface Upload {
  readonly description: string;
  /** the text parts sent with the file, for the OpenAPI document (the handler checks them) */
  readonly fields?: TObject;
}

/** What a declaration says; {@link defineEndpoints} adds the `operationId`. */
export interface EndpointSpec {
  readonly method: HttpMethod;
  /** `/api/…`, parameters in braces: `/api/notices/{id}` */
  readonly path: string;
  /** one line, for lists of operations */
  readonly summary: string;
  /** what it does, for whom, and anything a caller must know (markdown) */
  readonly description: string;
  readonly tags: readonly ApiTag[];
  readonly access: Access;
  /** path parameters (every `{name}` of the path, and nothing else) */
  readonly params?: TObject;
  /** query parameters; unknown ones are refused */
  readonly query?: TObject;
  /** the JSON body (`application/json`); unknown properties are refused */
  readonly body?: TSchema;
  /**
   * A body that is a text file rather than JSON, e.g. `text/csv`: `body` is then a string schema,
   * the body must be valid UTF-8 of this media type (415 otherwise); the schema's `examples` show one.
   */
  readonly bodyMediaType?: 'text/csv';
  /** a multipart upload instead of a JSON body */
  readonly upload?: Upload;
  /** the `data` of the success envelope `{ success: true, data }` */
  readonly response?: TSchema;
  /** or a success answer that is not the envelope (the handler sends it) */
  readonly raw?: RawAnswer;
  /** the success status; default 200 */
  readonly status?: 200 | 201;
  /**
   * `false` for a POST that changes nothing (a calculation): it needs no CSRF token, so API
   * clients call it without a session (docs/access.md §CSRF). Default: writes need one.
   */
  readonly csrf?: false;
  /**
   * The error codes of this endpoint's own rules (e.g. `NOTICE_NOT_FOUND`). Those every endpoint
   * of its kind can answer (validation, sign-in, CSRF, device key, server errors) are added by
   * {@link errorCodesOf}.
   */
  readonly errors: readonly ErrorCode[];
}

/** A declaration with its `operationId` (its key in the domain's object). */
export type Endpoint = EndpointSpec & { readonly operationId: string };

/**
 * Names each declaration of a domain by its key (the OpenAPI `operationId`, e.g. `listNotices`),
 * keeping the literal types of its schemas for {@link ParamsOf} and friends.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  specs: T,
): { readonly [K in keyof T]: T[K] & { readonly operationId: K & string } } {
  const named: Record<string, Endpoint> = {};
  for (const [operationId, spec] of Object.entries(specs)) named[operationId] = { ...spec, operationId };
  return named as { readonly [K in keyof T]: T[K] & { readonly operationId: K & string } };
}

/** Whether a request of this method changes state (and so is sent a body). */
export function isWrite(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** Whether the endpoint needs the CSRF token (docs/access.md §CSRF): writes of browsers, unless declared `csrf: false`. */
export function needsCsrf(endpoint: EndpointSpec): boolean {
  return isWrite(endpoint.method) && endpoint.access.kind !== 'device' && endpoint.csrf !== false;
}

/**
 * Every error code `endpoint` can answer: its own, plus those its inputs, its access and the
 * server itself imply. In catalogue order.
 */
export function errorCodesOf(endpoint: EndpointSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  // a write may be sent a body whatever it declares: it is parsed (and refused when not declared)
  const takesBody = endpoint.body !== undefined || (isWrite(endpoint.method) && !endpoint.upload);
  // every endpoint refuses unknown query parameters
  codes.add('VALIDATION_FAILED');
  if (takesBody) for (const code of ['INVALID_JSON', 'INVALID_ENCODING', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] as const) codes.add(code);
  if (endpoint.upload) for (const code of ['UPLOAD_MISSING', 'UPLOAD_EMPTY', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE_NOT_ALLOWED'] as const) codes.add(code);
  const { access } = endpoint;
  if (access.kind === 'signed-in') {
    codes.add('NOT_SIGNED_IN');
    if (!access.duringPasswordChange) codes.add('PASSWORD_CHANGE_REQUIRED');
    if (access.roles) codes.add('FORBIDDEN');
  }
  if (access.kind === 'device') codes.add('THING_KEY_INVALID');
  if (needsCsrf(endpoint)) codes.add('CSRF_REJECTED');
  codes.add('DATABASE_UNAVAILABLE');
  codes.add('INTERNAL_ERROR');
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => codes.has(code));
}

type Field<E, K extends string> = E extends { readonly [P in K]: infer S extends TSchema } ? Static<S> : undefined;

/** The path parameters of an endpoint, as a client passes them. */
export type ParamsOf<E extends EndpointSpec> = Field<E, 'params'>;
/** The query of an endpoint. */
export type QueryOf<E extends EndpointSpec> = Field<E, 'query'>;
/** The JSON body of an endpoint. */
export type BodyOf<E extends EndpointSpec> = Field<E, 'body'>;
/** The `data` of an endpoint's success envelope (`undefined` for a raw answer). */
export type DataOf<E extends EndpointSpec> = Field<E, 'response'>;

/**
 * What a client passes to call an endpoint: `{ params, query, body }`, each present exactly when
 * the endpoint declares it (an upload passes its `FormData` as `body`). Optional when nothing is
 * required.
 */
export type InputOf<E extends EndpointSpec> = (E extends { readonly params: TSchema } ? { params: ParamsOf<E> } : { params?: undefined }) &
  (E extends { readonly query: TSchema } ? { query?: QueryOf<E> } : { query?: undefined }) &
  (E extends { readonly body: TSchema } ? { body: BodyOf<E> } : E extends { readonly upload: Upload } ? { body: FormData } : { body?: undefined });
