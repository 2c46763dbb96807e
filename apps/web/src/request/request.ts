/**
 * The request layer (docs/request-layer.md §Requests): every call to the API goes through {@link request}, which
 * unwraps the envelope, turns failures into typed errors (./errors) and shows them through the
 * error catalogue (./show-error, docs/request-layer.md §Error display) unless the caller opts out.
 */
import { currentLocale } from '../i18n/i18n';
import { BizError, NetworkError, RequestTimeoutError, ResponseError, type ErrorInfo } from './errors';
import { adaptResponse, type AdaptedResponse } from './response-adaptor';
import { showError } from './show-error';

/** Default lifetime of a cached GET response, in ms (docs/request-layer.md §Limits). */
export const DEFAULT_CACHE_TTL_MS = 60_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A query or form value; a Date is sent as ISO 8601 (`toISOString()`). */
export type ParamValue = string | number | boolean | Date;
/** Query parameters: undefined / null are skipped, arrays become repeated keys (`a=1&a=2`). */
export type Params = Record<string, ParamValue | readonly (ParamValue | null | undefined)[] | null | undefined>;

/** Options of {@link request}. */
export interface RequestOptions {
  /** HTTP method; default GET. */
  method?: Method;
  /** Appended to the query string (see {@link Params}). */
  params?: Params;
  /**
   * Body of POST / PUT / PATCH / DELETE (ignored for GET). A `FormData` is sent as multipart, a
   * `URLSearchParams` / `Blob` as is, a string as is (already encoded, labelled per `requestType`);
   * anything else is encoded per `requestType` (form: like {@link Params}).
   */
  data?: unknown;
  /** 'json' (default): `application/json`; 'form': `application/x-www-form-urlencoded`. */
  requestType?: 'json' | 'form';
  /** Extra headers; they may override Accept and Accept-Language. */
  headers?: Record<string, string>;
  /** Give up after this many ms (must be > 0): the fetch is aborted, RequestTimeoutError. None by default. */
  timeout?: number;
  /** Cache a successful GET, keyed by locale + url + params (docs/request-layer.md §Requests). Off by default. */
  useCache?: boolean;
  /** Cache lifetime in ms when `useCache`; default {@link DEFAULT_CACHE_TTL_MS} (docs/request-layer.md §Limits). */
  ttl?: number;
  /** Handles this request's failures instead of the generic display; the promise still rejects. */
  errorHandler?: (error: unknown) => void;
  /** No display at all, not even `errorHandler`; the promise still rejects. */
  skipErrorHandler?: boolean;
  /** Cancels the request; the promise then rejects with the signal's reason (an AbortError), never shown. */
  signal?: AbortSignal;
  /**
   * Called as the body goes up, with the fraction sent (0–1). The request then travels by
   * XMLHttpRequest, because fetch reports no upload progress; everything else stays the same.
   */
  onUploadProgress?: (fraction: number) => void;
}

interface CacheEntry {
  expiresAt: number;
  data: unknown;
}
const cache = new Map<string, CacheEntry>();

/** The methods that change state: they carry the CSRF token. */
const STATE_CHANGING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The header the server reads the CSRF token from. */
export const CSRF_HEADER = 'x-csrf-token';
let csrfToken: string | null = null;

/**
 * Sets the token sent as `x-csrf-token` on every POST / PUT / PATCH / DELETE (the server refuses
 * those without it). The initial-state loader calls this with `Session.csrfToken` each time it
 * loads the session, since signing in or out may change the token.
 *
 * @param token the token; `null` → no header is sent.
 */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called with the {@link ResponseError} of every 401 answer. */
export type UnauthorizedListener = (error: ResponseError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Registers `listener` for 401 answers (the session ended, e.g. after the idle timeout), so the
 * app can load its initial state again. The request layer cannot import the app (code flows
 * shared → features → app), so the app registers here. A listener runs before the error is shown
 * and before the request's promise rejects; one that throws does not stop the others.
 *
 * @returns a function that unregisters the listener.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function notifyUnauthorized(error: ResponseError): void {
  for (const listener of [...unauthorizedListeners]) {
    try {
      listener(error);
    } catch (failure) {
      console.error('an onUnauthorized listener failed', failure);
    }
  }
}

/** Forgets every cached GET response (e.g. on sign-out, or between tests). */
export function clearRequestCache(): void {
  cache.clear();
}

/**
 * `url` with `params` appended to its query string (after an existing `?` with `&`).
 * Encoding is `URLSearchParams`' (a space becomes `+`); undefined / null values are skipped.
 */
export function buildUrl(url: string, params?: Params): string {
  const query = toSearchParams(params).toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Calls the API and resolves with the envelope's `data` (read through the response adaptor).
 *
 * Rejects with (docs/request-layer.md):
 * - {@link BizError}: 2xx with `success: false`;
 * - {@link ResponseError} type 'HttpError': status outside 200–299 (`info` set when the body was an
 *   error envelope), type 'ParseError': a 2xx body that is not JSON or not an envelope;
 * - {@link NetworkError} (`Network request failed`): no response;
 * - {@link RequestTimeoutError}: longer than `options.timeout` ms;
 * - the caller's abort reason (an AbortError) when `options.signal` aborts; that one is never shown.
 *
 * Every other rejection is first shown by `showError` (docs/request-layer.md §Error display), or handed to
 * `options.errorHandler` instead, or to nothing with `options.skipErrorHandler`.
 * A 204 / 205 response resolves with `undefined`. Credentials are always `same-origin`; the
 * request sends `Accept: application/json` and `Accept-Language: <current locale>`, and POST /
 * PUT / PATCH / DELETE send `x-csrf-token` when a token is set ({@link setCsrfToken}). A 401
 * answer is first reported to the {@link onUnauthorized} listeners, whatever the error options.
 *
 * @param url the path, e.g. `/api/notices`.
 * @param options see {@link RequestOptions}.
 */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const fullUrl = buildUrl(url, options.params);
  // The locale is part of the key: messages and names in the data follow Accept-Language.
  const cacheKey = options.useCache && method === 'GET' ? `${currentLocale()} ${fullUrl}` : undefined;
  if (cacheKey !== undefined) {
    const hit = cache.get(cacheKey);
    if (hit && hit.expiresAt > Date.now()) return structuredClone(hit.data) as T;
    cache.delete(cacheKey);
  }
  try {
    const data = await send<T>(fullUrl, method, options);
    if (cacheKey !== undefined) {
      // A copy, so a caller mutating its result cannot change what the next caller gets.
      cache.set(cacheKey, { expiresAt: Date.now() + (options.ttl ?? DEFAULT_CACHE_TTL_MS), data: structuredClone(data) });
    }
    return data;
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    if (!options.skipErrorHandler) {
      if (options.errorHandler) options.errorHandler(error);
      else showError(error);
    }
    throw error;
  }
}

/** GET `url` (see {@link request}). */
export function get<T = unknown>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<T> {
  return request<T>(url, { ...options, method: 'GET' });
}

/** POST `data` to `url` (see {@link request}). */
export function post<T = unknown>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>): Promise<T> {
  return request<T>(url, { ...options, method: 'POST', data });
}

/** PUT `data` to `url` (see {@link request}). */
export function put<T = unknown>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>): Promise<T> {
  return request<T>(url, { ...options, method: 'PUT', data });
}

/** PATCH `url` with `data` (see {@link request}). */
export function patch<T = unknown>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>): Promise<T> {
  return request<T>(url, { ...options, method: 'PATCH', data });
}

/** DELETE `url` (`delete` is a reserved word; see {@link request}). */
export function del<T = unknown>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<T> {
  return request<T>(url, { ...options, method: 'DELETE' });
}

async function send<T>(url: string, method: Method, options: RequestOptions): Promise<T> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLocale());
  if (csrfToken !== null && STATE_CHANGING.has(method) && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, csrfToken);
  const body = method === 'GET' ? undefined : encodeBody(options.data, options.requestType ?? 'json', headers);

  // Our own controller: the timeout aborts it, and so does the caller's signal.
  const controller = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const exchanged = exchange<T>(url, { method, headers, body, credentials: 'same-origin', signal: controller.signal }, options.onUploadProgress);
    const timeout = options.timeout;
    if (timeout === undefined || !(timeout > 0)) return await exchanged;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new RequestTimeoutError(timeout);
        reject(error);
        controller.abort(error);
      }, timeout);
    });
    return await Promise.race([exchanged, timedOut]);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

async function exchange<T>(url: string, init: RequestInit, onUploadProgress?: (fraction: number) => void): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await (onUploadProgress ? fetchReportingProgress(url, init, onUploadProgress) : fetch(url, init));
    text = await response.text();
  } catch (error) {
    // Aborted (by the caller or our timeout): pass the reason on untouched.
    if (init.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  const { status } = response;
  const ok = status >= 200 && status <= 299;
  if (ok && (status === 204 || status === 205)) return undefined as T;

  let body: unknown;
  let parseFailure: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    parseFailure = error ?? new Error('unparsable body');
  }
  const adapted = parseFailure === undefined ? adaptResponse<T>(body) : null;

  if (!ok) {
    const info = adapted && !adapted.success ? errorInfo(adapted) : undefined;
    const error = new ResponseError({ status, type: 'HttpError', info, response });
    if (status === 401) notifyUnauthorized(error);
    throw error;
  }
  if (parseFailure !== undefined) {
    throw new ResponseError({ status, type: 'ParseError', response, message: 'Response body is not valid JSON', cause: parseFailure });
  }
  if (!adapted) {
    throw new ResponseError({ status, type: 'ParseError', response, message: 'Response body is not an API envelope' });
  }
  if (!adapted.success) throw new BizError(errorInfo(adapted));
  return adapted.data as T;
}

/**
 * `fetch(url, init)` by XMLHttpRequest, calling `onProgress` with the fraction of the body sent.
 * Rejects with a TypeError when no answer comes (as fetch does), or with the signal's reason.
 */
function fetchReportingProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = xhr.onerror;
    const signal = init.signal;
    if (signal) {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => {
        xhr.abort();
        reject(signal.reason);
      });
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function errorInfo(adapted: AdaptedResponse): ErrorInfo {
  const { errorCode, errorMessage, showType, details } = adapted;
  return { errorCode, errorMessage, showType, details };
}

function encodeBody(data: unknown, requestType: 'json' | 'form', headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  // The browser sets the content type (with the multipart boundary) for these itself.
  if (data instanceof FormData || data instanceof URLSearchParams || data instanceof Blob) return data;
  const contentType = requestType === 'form' ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json';
  if (!headers.has('Content-Type')) headers.set('Content-Type', contentType);
  if (typeof data === 'string') return data; // already encoded by the caller
  return requestType === 'form' ? toSearchParams(data as Params).toString() : JSON.stringify(data);
}

function toSearchParams(params: Params | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly (ParamValue | null | undefined)[]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return search;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
