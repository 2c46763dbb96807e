/**
 * The SensorThings API service roots `/api/v1.0` and `/api/v1.1` (OGC 15-078r6 and 18-088;
 * docs/sensorthings.md): reading every entity type with the standard's resource paths and query
 * options. Answers are the standard's JSON, not the portal's envelope; errors are the envelope
 * (400 STA_QUERY_INVALID, 404 STA_ENTITY_NOT_FOUND), as on the rest of the API. Public: anyone
 * may read, as they may read /api/sensing. Each request is answered by dispatch.ts, as the reads
 * of a batch are (batch.ts).
 *
 * These routes answer a path grammar rather than fixed paths, so they are registered here rather
 * than from endpoint declarations, and left out of /api/openapi.json; docs/sensorthings.md is
 * their reference.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STA_VERSIONS } from '@eco/contracts/sensorthings';
import { dispatch } from './dispatch';
import { contextOf, type StaOptions, sendAnswer, staRequestOf } from './single-request';

export async function sensorThingsRoutes(app: FastifyInstance, options: StaOptions): Promise<void> {
  for (const version of STA_VERSIONS) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', request.user ? 'no-store' : 'no-cache');
      return sendAnswer(reply, await dispatch(await contextOf(app, options, request, reply), staRequestOf(request, version)));
    };
    app.get(`/${version}`, { schema: { hide: true } }, handler);
    app.get(`/${version}/*`, { schema: { hide: true } }, handler);
  }
}
