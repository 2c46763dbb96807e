/**
 * One SensorThings request over HTTP (routes.ts, write-routes.ts, batch-routes.ts): the context
 * dispatch.ts answers it in, the request as dispatch.ts takes it, and the answer sent back.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaVersion } from '@eco/contracts/sensorthings';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { SensingBus } from '../sensing/events';
import type { StaAnswer, StaContext, StaMethod, StaRequest } from './dispatch';
import { positionReaderOf } from '../things/geoprivacy';
import type { MqttEndpoint } from './mqtt/endpoint';
import { writerOf } from './writer';

/** What the SensorThings routes are registered with (app.ts). */
export interface StaOptions {
  db: Db;
  now: () => Date;
  bus: SensingBus;
  /** where this process's MQTT broker listens (main.ts), for the v1.1 service root */
  mqttEndpoint: MqttEndpoint;
}

/**
 * Scheme and host as the client reached the server (`https://example.org`), the start of every
 * link answered. Errors: 400 VALIDATION_FAILED when the Host header is no host (`a:99999`): no
 * link could be made from it.
 */
export function originOf(request: FastifyRequest): string {
  const origin = `${request.protocol}://${request.host}`;
  if (!URL.canParse(origin)) throw new AppError('VALIDATION_FAILED', `Host: ${request.host.slice(0, 100)} is not a host name`);
  return origin;
}

/**
 * The context of one request on its own: its client's origin, its writer asked of writer.ts, its
 * reader (the signed-in user's organisation scope, or the public), the MQTT broker it may use.
 */
export async function contextOf(app: FastifyInstance, options: StaOptions, request: FastifyRequest, reply: FastifyReply): Promise<StaContext> {
  const { db, now, bus } = options;
  return {
    db,
    bus,
    now,
    origin: originOf(request),
    writer: () => writerOf(app, db, request, reply, now()),
    reader: await positionReaderOf(db, request.user),
    mqtt: options.mqttEndpoint.urlFor(request.hostname),
  };
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
