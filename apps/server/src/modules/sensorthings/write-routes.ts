/**
 * The SensorThings writes under `/api/v1.0` and `/api/v1.1` (OGC 18-088 §10; docs/sensorthings.md
 * §Writing): POST to an entity set or a navigation set (`Things(1)/Datastreams`,
 * `Datastreams(3)/Observations`: the link to the parent is implied) or to `CreateObservations`,
 * PATCH and PUT of an entity, DELETE of an entity. A create answers 201 with the entity and its
 * `Location`; an update 200 with the entity; a delete 200 with no body. Each request is answered
 * by dispatch.ts, as the writes of a batch are (batch.ts). Who may write: writer.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STA_VERSIONS } from '@eco/contracts/sensorthings';
import { AppError } from '../../http/app-error';
import { dispatch } from './dispatch';
import { contextOf, type StaOptions, sendAnswer, staRequestOf } from './single-request';

export async function sensorThingsWriteRoutes(app: FastifyInstance, options: StaOptions): Promise<void> {
  // Java's HttpURLConnection, as the OGC test suite ets-sta10 uses it, labels a DELETE as a form
  // and sends nothing: an empty form is no body; a form with content is no SensorThings body
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined);
    else done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'SensorThings bodies are application/json'));
  });
  for (const version of STA_VERSIONS) {
    // CSRF is checked by writerOf for sessions (a device's key needs none)
    const config = { csrf: false };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await dispatch(await contextOf(app, options, request, reply), staRequestOf(request, version));
      reply.header('cache-control', 'no-store');
      return sendAnswer(reply, answer);
    };
    for (const method of ['post', 'patch', 'put', 'delete'] as const) app[method](`/${version}/*`, { schema: { hide: true }, config }, handler);
  }
}
