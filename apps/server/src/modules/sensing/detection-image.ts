/**
 * The image of a camera-trap detection: one `multipart/form-data` file part, stored by the
 * content-addressed upload module (type recognised from the content: images only; size limited),
 * recorded in `files` and on the detection in one transaction. When anything fails, the file this
 * request created is removed again, so a refused image leaves no file and no row.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Detection } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { detections, files } from '../../db/schema';
import { AppError } from '../../http/error-codes';
import type { FileStore } from '../../uploads/file-store';
import { detectionsByIds } from './read';

/**
 * Attaches the request's image to detection `detectionId` of Thing `thingId`, replacing an earlier
 * one. Errors: DETECTION_NOT_FOUND (404: none, or another Thing's), UPLOAD_MISSING, UPLOAD_EMPTY,
 * UPLOAD_TOO_LARGE (413), UPLOAD_TYPE_NOT_ALLOWED (415).
 */
export async function attachDetectionImage(db: Db, uploads: { store: FileStore; maxBytes: number }, thingId: number, detectionId: number, request: FastifyRequest): Promise<Detection> {
  const [own] = await db.select({ id: detections.id }).from(detections).where(and(eq(detections.id, detectionId), eq(detections.thingId, thingId)));
  if (!own) throw new AppError('DETECTION_NOT_FOUND', String(detectionId));
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const part = await request.file();
  if (!part) throw new AppError('UPLOAD_MISSING');
  const stored = await uploads.store.save(part.file, { maxBytes: uploads.maxBytes, allowed: ['image'] });
  try {
    await db.transaction(async (t) => {
      const tx: Db = t;
      await tx.insert(files).values({ sha256: stored.sha256, size: stored.size, mime: stored.mime }).onConflictDoNothing();
      await tx.update(detections).set({ imageSha256: stored.sha256 }).where(eq(detections.id, detectionId));
    });
  } catch (error) {
    uploads.store.discard(stored);
    throw error;
  }
  return (await detectionsByIds(db, [detectionId]))[0]!;
}
