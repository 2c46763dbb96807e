/**
 * One SensorThings request over HTTP (routes.ts, write-routes.ts, batch-routes.ts): the context
 * dispatch.ts answers it in, the request as dispatch.ts takes it, and the answer sent back.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaVersion } from '@eco/contracts/sensorthings';
import type { Db } from '../../db/client';
import type { SensingBus } from '../sensing/events';
import type { StaAnswer, StaContext, StaMethod, StaRequest } from './dispatch';
import { writerOf } from './writer';

/** What the SensorThings routes are registered with (app.ts). */
export interface StaOptions {
  db: Db;
  now: () => Date;
  bus: SensingBus;
}

/** The context of one request on its own: its client's origin, and its writer asked of writer.ts. */
export function contextOf(app: FastifyInstance, { db, now, bus }: StaOptions, request: FastifyRequest, reply: FastifyReply): StaContext {
  return { db, bus, now, origin: `${request.protocol}://${request.host}`, writer: () => writerOf(app, db, request, reply, now()) };
}

/** The request as dispatch.ts takes it: the path after `/api/<version>/` and the query string, both as sent. */
export function staRequestOf(request: FastifyRequest, version: StaVersion): StaRequest {
  const at = request.url.indexOf('?');
  const path = (at < 0 ? request.url : request.url.slice(0, at)).slice(`/api/${version}/`.length);
  return { method: request.method as StaMethod, version, path, query: at < 0 ? '' : request.url.slice(at + 1), body: request.body };
}

/** Sends `answer`: its status, `Location`, and JSON, text or nothing. */
export function sendAnswer(reply: FastifyReply, answer: StaAnswer): FastifyReply {
  reply.code(answer.status);
  if (answer.location) reply.header('location', answer.location);
  if (answer.text !== undefined) return reply.type('text/plain; charset=utf-8').send(answer.text);
  return reply.send(answer.json);
}
