import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { cameraTrapApi as api } from '@eco/contracts/api/camera-trap';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import type { Uploads } from '../documents/service';
import { IMAGE_MAX_BYTES } from '../sensing/detection-image';
import { listQueue, searchSpecies, siteSpecies } from './queue';
import { reviewDetection } from './review';
import { uploadPhoto } from './upload';

/**
 * The camera-trap review queue under `/api/camera-trap` (docs/camera-trap.md): the handlers of
 * @eco/contracts/api/camera-trap.ts. Multipart parsing is registered here: one image and the
 * three text parts of an upload.
 */
export async function cameraTrapRoutes(app: FastifyInstance, { db, now, uploads }: { db: Db; now: () => Date; uploads: Uploads }): Promise<void> {
  const photos = { store: uploads.store, maxBytes: Math.min(uploads.maxBytes, IMAGE_MAX_BYTES) };
  await app.register(multipart, {
    // room for a few text parts more than the three it takes, so that an unknown one is seen and refused by name
    limits: { files: 1, fileSize: photos.maxBytes, fields: 8, parts: 9, fieldSize: 256 },
    throwFileSizeLimit: false,
  });

  route(app, api.listCameraTrapQueue, async (request) => listQueue(db, actingOf(request).user, paged(request.query)));
  route(app, api.reviewCameraTrapDetection, async (request) => reviewDetection(db, now(), actingOf(request), request.params.id, request.body));
  route(app, api.uploadCameraTrapPhoto, async (request) => uploadPhoto(db, now(), photos, actingOf(request), request.params.id, request));
  route(app, api.searchProtectedSpecies, async (request) => searchSpecies(db, request.query.q, request.query.limit ?? 20));
  route(app, api.listCameraTrapSiteSpecies, async (request) => siteSpecies(db, actingOf(request).user, request.query.thingId));
}
