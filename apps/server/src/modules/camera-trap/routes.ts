import { announceTaskWrites } from '../verification/announce';
import type { SensingBus } from '../sensing/events';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { cameraTrapApi as api } from '@eco/contracts/api/camera-trap';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { requestLocale } from '../../http/locale';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { sendCsv } from '../../lib/csv';
import { fileStamp } from '../../lib/time';
import type { Uploads } from '../documents/service';
import { IMAGE_MAX_BYTES } from '../sensing/detection-image';
import { QUEUE_COLUMNS, QUEUE_EXPORT_MAX, queueCollection, queueRecord } from './exports';
import { allQueue, listQueue, searchSpecies, siteSpecies } from './queue';
import { reviewDetection } from './review';
import { uploadPhoto } from './upload';

/**
 * The camera-trap review queue under `/api/camera-trap` (docs/camera-trap.md): the handlers of
 * @eco/contracts/api/camera-trap.ts. Multipart parsing is registered here: one image and the
 * three text parts of an upload.
 */
export async function cameraTrapRoutes(
  app: FastifyInstance,
  { db, now, uploads, bus }: { db: Db; now: () => Date; uploads: Uploads; bus: SensingBus },
): Promise<void> {
  // a review confirming a level I/II species makes a verification task
  announceTaskWrites(app, bus, now);
  const photos = { store: uploads.store, maxBytes: Math.min(uploads.maxBytes, IMAGE_MAX_BYTES) };
  await app.register(multipart, {
    // room for a few text parts more than the three it takes, so that an unknown one is seen and refused by name
    limits: { files: 1, fileSize: photos.maxBytes, fields: 8, parts: 9, fieldSize: 256 },
    throwFileSizeLimit: false,
  });

  route(app, api.listCameraTrapQueue, async (request) => listQueue(db, actingOf(request).user, paged(request.query)));
  route(app, api.exportCameraTrapQueueCsv, async (request, reply) => {
    const rows = await allQueue(db, actingOf(request).user, request.query, QUEUE_EXPORT_MAX);
    const locale = requestLocale(request);
    return sendCsv(
      request,
      reply,
      { name: 'camera-trap-detections', at: now() },
      QUEUE_COLUMNS,
      rows.map((row) => queueRecord(row.item, row.position, locale)),
    );
  });
  route(app, api.exportCameraTrapQueueGeoJson, async (request, reply) =>
    reply
      .header('content-type', 'application/geo+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="camera-trap-detections-${fileStamp(now())}.geojson"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(queueCollection(await allQueue(db, actingOf(request).user, request.query, QUEUE_EXPORT_MAX)))),
  );
  route(app, api.reviewCameraTrapDetection, async (request) => reviewDetection(db, now(), actingOf(request), request.params.id, request.body));
  route(app, api.uploadCameraTrapPhoto, async (request) => uploadPhoto(db, now(), photos, actingOf(request), request.params.id, request));
  route(app, api.searchProtectedSpecies, async (request) => searchSpecies(db, request.query.q, request.query.limit ?? 20));
  route(app, api.listCameraTrapSiteSpecies, async (request) => siteSpecies(db, actingOf(request).user, request.query.thingId));
}
