/**
 * Registers a handler against an endpoint declaration (@eco/contracts/api/endpoint.ts,
 * docs/api.md §Endpoints). From the declaration come the method and URL, validation of params,
 * query and body, serialisation of the answer, who may call it (checked in `onRequest`, before
 * the body is read), the CSRF rule, `Cache-Control`, and the OpenAPI operation (http/openapi.ts).
 * The handler returns the envelope's `data`; this wraps it as `{ success: true, data }` with the
 * declared status. A handler of a `raw` answer sends the reply itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendHookHandler } from 'fastify';
import type { TSchema } from 'typebox';
import { type BodyOf, type DataOf, type Endpoint, needsCsrf, type ParamsOf, type QueryOf } from '@eco/contracts/api/endpoint';
import { Ok } from '@eco/contracts/envelope-schemas';
import { signedIn } from '../auth/guards';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the declaration the route was registered from (absent on routes outside the API's declarations) */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /** checks a device key (things/device-keys.ts) and sets `request.thing`; decorated by app.ts */
    authenticateDevice: onRequestAsyncHookHandler;
  }
}

/** The request a handler of `E` sees: params, query and body typed by the declaration. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;

/** What a handler of `E` returns: the envelope's `data`, or (raw answers) the reply it sent. */
export type ResultOf<E extends Endpoint> = E extends { readonly response: TSchema } ? DataOf<E> : FastifyReply;

export type Handler<E extends Endpoint> = (request: RequestOf<E>, reply: FastifyReply) => Promise<ResultOf<E>>;

/** Route options a declaration does not carry (they are the server's business). */
export interface RouteOptions {
  /** the largest body, bytes (default the app's 1 MiB) */
  bodyLimit?: number;
  onSend?: onSendHookHandler;
  /**
   * `false`: the answer is sent uncompressed whatever the client accepts (@fastify/compress, app.ts,
   * compresses every other answer from 1 KB). For answers a machine reads right away, where the
   * compression stream costs more than the bytes it saves (docs/api.md §Compression).
   */
  compress?: false;
}

/** `/api/notices/{id}` → `/api/notices/:id` */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The URL to register under `app`, whose prefix the declared path must start with. */
function urlUnder(app: FastifyInstance, path: string): string {
  const url = fastifyPath(path);
  if (!url.startsWith(app.prefix)) throw new Error(`${path} is not under the plugin prefix ${app.prefix}`);
  return url.slice(app.prefix.length);
}

function guardOf(app: FastifyInstance, endpoint: Endpoint): onRequestAsyncHookHandler | undefined {
  const { access } = endpoint;
  if (access.kind === 'signed-in') return signedIn({ roles: access.roles, duringPasswordChange: access.duringPasswordChange });
  if (access.kind === 'device') return app.authenticateDevice;
  return undefined;
}

/**
 * `Cache-Control` of an envelope answer (docs/api.md §Caching): `no-store` for anything a
 * signed-in user or a device asked, or that only they may ask; `no-cache` for public answers
 * to anonymous visitors (no validators are sent, so a cache must ask again).
 */
function cacheControlOf(endpoint: Endpoint, request: FastifyRequest): string {
  return endpoint.access.kind === 'public' && !request.user ? 'no-cache' : 'no-store';
}

/** Registers `handler` for `endpoint` on `app` (a plugin whose prefix the declared path starts with). */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: urlUnder(app, endpoint.path),
    onRequest: guardOf(app, endpoint),
    ...(options.onSend ? { onSend: options.onSend } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.compress === false ? { compress: false as const } : {}),
    config: { endpoint, csrf: needsCsrf(endpoint) },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: Ok(endpoint.response) } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as RequestOf<E>, reply);
      if (!endpoint.response) return result;
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControlOf(endpoint, request));
      return reply.status(status).send({ success: true, data: result });
    },
  });
}
