/**
 * Request ids (README §Operations): every request gets one, Fastify's `request.id`, which is on
 * every log line of the request (`reqId`) and sent back in the `x-request-id` response header, so
 * an operator can find a user's or a proxy's request in the logs. An incoming `x-request-id` (from
 * nginx's `$request_id`, a load balancer or a client) is kept when it is short and plain, so one id
 * follows the request through every hop; anything else is replaced by a random UUID, so the header
 * cannot put long or hostile text into the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** 1–64 letters, digits, `.`, `_`, `:`, `-`: UUIDs, nginx's 32 hex digits, AWS trace ids and the like. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when it is safe (see above), else a random UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the request's id back in `x-request-id` on every answer (errors and 404s too). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
