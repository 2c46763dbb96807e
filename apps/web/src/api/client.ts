/**
 * The one way the web app reaches the API (docs/web.md §API): a call names an endpoint
 * declaration (@eco/contracts/api/*) and passes its typed inputs; the URL, the method and the
 * types of the answer come from the declaration. Underneath is the request layer
 * (request/request.ts, docs/request-layer.md): credentials, CSRF token, the envelope, the GET
 * cache and the error display stay its business.
 *
 * Query keys form one tree, `['api', <first tag>, <operationId>, <input>]`, so a mutation can
 * invalidate one endpoint (`keyOf(endpoint)`) or a whole area (`areaKey('notices')`).
 */
import { queryOptions } from '@tanstack/react-query';
import type { DataOf, Endpoint, InputOf } from '@eco/contracts/api/endpoint';
import type { ApiTag } from '@eco/contracts/api/tags';
import { buildUrl, request, type Params, type RequestOptions } from '../request/request';

/** Options of a call: the request layer's, but what the declaration fixes. */
export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'data' | 'requestType'>;

/** The arguments after the endpoint: the input (optional when nothing in it is required) and options. */
export type CallArgs<E extends Endpoint> =
  Record<string, never> extends InputOf<E> ? [input?: InputOf<E>, options?: CallOptions] : [input: InputOf<E>, options?: CallOptions];

/**
 * The path of `endpoint` with `params` filled in, relative to the page (`api/notices/12`), so the
 * app works under any base path.
 *
 * @throws Error when a parameter of the path is missing (a programming error).
 */
export function urlOf(endpoint: Endpoint, params?: Record<string, unknown>): string {
  return endpoint.path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.operationId}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls `endpoint` and resolves with the `data` of its envelope (see `request()` for every way it
 * can reject, and how failures are shown).
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<DataOf<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Params; body?: unknown };
  // a text body (e.g. a CSV file) goes as the declared media type, not as JSON
  const headers = endpoint.bodyMediaType ? { ...options?.headers, 'Content-Type': endpoint.bodyMediaType } : options?.headers;
  return request<DataOf<E>>(urlOf(endpoint, params), { ...options, headers, method: endpoint.method, params: query, data: body });
}

/**
 * The address of a GET endpoint with its input, for a link or a download (`href`), relative to the
 * page like every call: `api/audit-log.csv?action=user.create`.
 */
export function hrefOf<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Params };
  return buildUrl(urlOf(endpoint, params), query);
}

/** The key of every query of the API. */
export const API_KEY = ['api'] as const;

/** The key of every query of one area (an endpoint's first tag): invalidate it after a write there. */
export function areaKey(area: ApiTag) {
  return [...API_KEY, area] as const;
}

/** The key of one endpoint's queries (without an input: all of them). */
export function keyOf(endpoint: Endpoint, input?: unknown) {
  const key = [...areaKey(endpoint.tags[0] as ApiTag), endpoint.operationId] as const;
  return input === undefined ? key : ([...key, input] as const);
}

/** TanStack Query options of a GET endpoint: its key under {@link keyOf} and a call that TanStack can cancel. */
export function queryOf<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>) {
  return queryOptions({
    queryKey: keyOf(endpoint, input ?? {}),
    queryFn: ({ signal }) => call(endpoint, ...([input, { signal, ...options }] as CallArgs<E>)),
  });
}
