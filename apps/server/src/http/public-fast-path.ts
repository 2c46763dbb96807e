/**
 * The public figures straight from memory (docs/scale-out.md §A crowd that connects all at once):
 * the HTTP server answers an anonymous GET whose answer the public cache holds ready
 * (http/public-cache.ts `lookup`) itself, before Fastify sees the request — the same bytes and
 * headers Fastify sent with that answer the first time, a request id of its own, a log line and
 * its metrics. Everything else goes to Fastify.
 *
 * Why: Node 20 accepts one new connection per turn of its event loop, and each turn first answers
 * every connection already open, so a crowd that connects all at once waits for about
 * (connections² / 2) answers' worth of work before the last one is let in. Fastify's hooks cost
 * about 50 µs per answer; this path about a third of that, which brings the last of 200 visitors
 * in within a fraction of a second instead of several.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { AppMetrics } from './metrics';
import type { PublicCache } from './public-cache';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

/** What the fast path needs of the app, set once the app is built (the server is made first). */
export interface FastPathTarget {
  cache: PublicCache;
  metrics: AppMetrics;
  log: FastifyBaseLogger;
  /** false once the app is closing: from then on Fastify answers (503 to new requests) */
  open: () => boolean;
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make (its keep-alive, request and
 * connection timeouts; the app sets no `http` options), whose requests go to `target()`'s fast
 * path first and then to Fastify's `handler`. Until `target()` returns something, and once it is
 * closing, every request goes to Fastify.
 */
export function serverWithFastPath(target: () => FastPathTarget | undefined) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions): http.Server => {
    const server = http.createServer((request, response) => {
      const t = target();
      if (!t?.open() || !answered(t, request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout!;
    server.requestTimeout = options.requestTimeout!;
    server.setTimeout(options.connectionTimeout!);
    return server;
  };
}

/** Sends the cache's ready answer to `request`, logged and counted as Fastify would; false when there is none. */
function answered({ cache, metrics, log }: FastPathTarget, request: IncomingMessage, response: ServerResponse): boolean {
  const start = performance.now();
  const ready = cache.lookup(request);
  if (!ready) return false;
  const id = requestIdOf(request);
  response.writeHead(200, { ...ready.headers, [REQUEST_ID_HEADER]: id, 'content-length': ready.body.length });
  response.end(ready.body);
  const elapsed = performance.now() - start;
  metrics.observeRequest('GET', ready.route, 200, elapsed / 1000);
  // one line where Fastify writes two ('incoming request', 'request completed'): a crowd's reads
  // logged line by line cost more than answering them
  if (log.level === 'info' || log.level === 'debug' || log.level === 'trace') {
    log.info({ reqId: id, req: describe(request), res: { statusCode: 200 }, responseTime: elapsed }, 'request completed');
  }
  return true;
}

/**
 * What Fastify's `req` log serializer reads of a request (method, url, accept-version, host, ip, socket's
 * port), from the bare request: `ip` is the socket's address, not a proxy's X-Forwarded-For.
 */
function describe(request: IncomingMessage) {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    host: request.headers.host,
    ip: request.socket.remoteAddress,
    socket: request.socket,
  };
}
