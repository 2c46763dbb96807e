/**
 * `POST /api/v1.1/$batch` (and v1.0): many SensorThings requests in one (OGC 18-088 §11, 15-078r6
 * §11; docs/sensorthings.md §Batch), in the JSON batch format of OData 4.01 (`Content-Type:
 * application/json`, batch-json.ts) or the multipart format of OData 4.0 (`multipart/mixed`,
 * batch-multipart.ts), run by batch.ts and answered in the format they came in: 200 with one
 * response per request, each with its own status. The batch as a whole fails only when it cannot
 * be read (400 STA_BODY_INVALID; 400 STA_QUERY_INVALID for a query string; 400 INVALID_JSON, 400
 * INVALID_ENCODING; 413 PAYLOAD_TOO_LARGE over STA_BATCH_MAX_BODY_BYTES; 415
 * UNSUPPORTED_MEDIA_TYPE for any other content type) or its writer is refused.
 *
 * Who: a batch of reads only is public, as reading is; a batch with a write is checked once, as
 * a single write is (writer.ts: a device's key, or a signed-in editor's session with its CSRF
 * token: 401/403 otherwise, nothing run), and every request in it is written by that writer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STA_BATCH_MAX_BODY_BYTES, STA_VERSIONS } from '@eco/contracts/sensorthings';
import { AppError } from '../../http/app-error';
import { errorAnswer } from '../../http/error-handler';
import { utf8 } from '../../http/json-body';
import { runBatch } from './batch';
import { jsonAnswer, partsOfJson } from './batch-json';
import { contentTypeOf, multipartAnswer, partsOfMultipart } from './batch-multipart';
import { positionReaderOf } from '../things/geoprivacy';
import type { StaContext } from './dispatch';
import { originOf, type StaOptions } from './single-request';
import { type Writer, writerOf } from './writer';

export async function sensorThingsBatchRoutes(app: FastifyInstance, { db, now, bus, mqttEndpoint }: StaOptions): Promise<void> {
  // UTF-8 or 400 INVALID_ENCODING, as JSON bodies (http/json-body.ts); this plugin's routes only
  app.addContentTypeParser('multipart/mixed', { parseAs: 'buffer' }, async (_request: unknown, body: Buffer) => utf8(body));
  // any other body is read (and dropped) so that the route refuses it naming the formats, not with Fastify's bare 415
  app.addContentTypeParser('*', { parseAs: 'buffer' }, async () => null);
  for (const version of STA_VERSIONS) {
    // CSRF is checked by writerOf for sessions (a device's key needs none)
    const options = { schema: { hide: true }, config: { csrf: false }, bodyLimit: STA_BATCH_MAX_BODY_BYTES };
    app.post(`/${version}/$batch`, options, async (request: FastifyRequest, reply: FastifyReply) => {
      const contentType = request.headers['content-type'];
      const { type } = contentTypeOf(contentType);
      if (type !== 'application/json' && type !== 'multipart/mixed')
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `${type || 'no content type'}: a batch is application/json (OData 4.01 JSON batch) or multipart/mixed (OData 4.0)`,
        );
      if (request.url.includes('?')) throw new AppError('STA_QUERY_INVALID', '$batch takes no query options: give them to the requests inside');
      const origin = originOf(request);
      const multipart = type === 'multipart/mixed';
      const parts = multipart ? partsOfMultipart(request.body as string, contentType, origin) : partsOfJson(request.body, origin);
      let writer: Writer | null = null;
      if (parts.some((part) => part.method !== 'GET')) writer = await writerOf(app, db, request, reply, now());
      const ctx: StaContext = {
        db,
        bus,
        now,
        origin,
        writer: async () => {
          // only writes ask, and a batch with a write has its writer
          if (!writer) throw new AppError('NOT_SIGNED_IN');
          return writer;
        },
        reader: await positionReaderOf(db, request.user),
        mqtt: mqttEndpoint.urlFor(request.hostname),
      };
      const responses = await runBatch(ctx, version, parts, (error) => errorAnswer(error, request));
      reply.header('cache-control', 'no-store');
      if (!multipart) return reply.type('application/json; charset=utf-8').send(jsonAnswer(responses));
      const answer = multipartAnswer(responses);
      return reply.type(answer.contentType).send(answer.text);
    });
  }
}
