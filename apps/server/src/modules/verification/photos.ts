/**
 * Photos of a verification task (docs/verification.md §Photos). A verifier in the field uploads
 * each photo as soon as it is taken (one request per photo, so a slow connection loses at most
 * one), then sends the step with the photos' ids; the step takes them in its own transaction.
 *
 * The position and time come from the photo's EXIF block (sharp reads it, exif-reader parses
 * it); the thumbnail is made at upload, which also refuses a file that is not a decodable image.
 * Uploads are content-addressed: the same file sent again for the same task (a retry after a lost
 * answer) answers the photo already stored.
 */
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import distance from '@turf/distance';
import { TASK_PHOTO_MAX_BYTES, type TaskPhoto } from '@eco/contracts/verification';
import type { UserActing } from '../../auth/acting';
import type { SignedInUser } from '../../auth/current-user';
import { inScope, scopeOf } from '../../auth/organisation-scope';
import { type Db, inTransaction } from '../../db/client';
import { files, users, verificationPhotos as p, verificationTasks as t } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import type { FileStore } from '../../uploads/file-store';
import { sendStoredFile } from '../../uploads/send-file';
import { thumbnailOf, thumbnailPath, thumbStoreOf } from '../sensing/detection-image';
import { allowedSteps } from './access';

/** The largest photo accepted (bytes), or the server's upload limit if smaller; declared in the contract so the web refuses a larger one before sending it. */
export const PHOTO_MAX_BYTES = TASK_PHOTO_MAX_BYTES;

/** China Standard Time, ms east of UTC: EXIF times without an offset are read as local time in the province. */
const CST_OFFSET_MS = 8 * 3_600_000;

export interface PhotoPosition {
  longitude: number | null;
  latitude: number | null;
  takenAt: Date | null;
}

/** Degrees from EXIF's [degrees, minutes, seconds] and its N/S or E/W reference; null when absent or out of range. */
function degrees(dms: number[] | undefined, ref: string | undefined, limit: number): number | null {
  if (dms?.length !== 3 || dms.some((n) => !Number.isFinite(n))) return null;
  const value = (dms[0]! + dms[1]! / 60 + dms[2]! / 3600) * (ref === 'S' || ref === 'W' ? -1 : 1);
  return Math.abs(value) <= limit ? value : null;
}

/**
 * The GPS position (WGS-84 degrees, as EXIF 2.3 GPSMapDatum customarily is) and the time the photo
 * was taken, from its EXIF block; nulls when it has none or it cannot be read. A time without
 * `OffsetTimeOriginal` is read as China Standard Time.
 */
export async function exifPositionOf(file: string): Promise<PhotoPosition> {
  const none = { longitude: null, latitude: null, takenAt: null };
  try {
    const { exif } = await sharp(file, { failOn: 'none' }).metadata();
    if (!exif) return none;
    const tags = exifReader(exif);
    const gps = tags.GPSInfo ?? {};
    const latitude = degrees(gps.GPSLatitude as number[] | undefined, gps.GPSLatitudeRef as string | undefined, 90);
    const longitude = degrees(gps.GPSLongitude as number[] | undefined, gps.GPSLongitudeRef as string | undefined, 180);
    const wall = tags.Photo?.DateTimeOriginal;
    const offset = /^([+-])(\d{2}):(\d{2})$/.exec(String(tags.Photo?.OffsetTimeOriginal ?? ''));
    const offsetMs = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : CST_OFFSET_MS;
    const takenAt = wall instanceof Date && !Number.isNaN(wall.getTime()) ? new Date(wall.getTime() - offsetMs) : null;
    return latitude === null || longitude === null ? { longitude: null, latitude: null, takenAt } : { longitude, latitude, takenAt };
  } catch {
    return none;
  }
}

/** The task `id` with what `user` may do with it now, or 404 when it does not exist or is outside their scope. */
async function visibleTask(db: Db, user: SignedInUser, id: number) {
  const [task] = await db
    .select({ id: t.id, status: t.status, organisationId: t.organisationId, longitude: t.longitude, latitude: t.latitude })
    .from(t)
    .where(eq(t.id, id));
  const scope = await scopeOf(db, user);
  if (!task || !inScope(scope, task.organisationId)) throw new AppError('VERIFICATION_TASK_NOT_FOUND', String(id));
  return { task, allowed: allowedSteps(user, scope, task.status, task.organisationId) };
}

const photoColumns = {
  id: p.id,
  stepId: p.stepId,
  sha256: p.sha256,
  longitude: p.longitude,
  latitude: p.latitude,
  takenAt: p.takenAt,
  uploadedAt: p.uploadedAt,
  uploadedBy: users.account,
  taskLongitude: t.longitude,
  taskLatitude: t.latitude,
};

function selectPhotos(db: Db) {
  return db.select(photoColumns).from(p).innerJoin(users, eq(users.id, p.uploadedBy)).innerJoin(t, eq(t.id, p.taskId));
}

function photoOf(row: Awaited<ReturnType<typeof selectPhotos>>[number]): TaskPhoto {
  const located = row.longitude !== null && row.latitude !== null;
  return {
    id: row.id,
    stepId: row.stepId,
    longitude: row.longitude,
    latitude: row.latitude,
    distanceMetres: located ? Math.round(distance([row.longitude!, row.latitude!], [row.taskLongitude, row.taskLatitude], { units: 'meters' })) : null,
    takenAt: row.takenAt ? toIsoCst(row.takenAt) : null,
    uploadedAt: toIsoCst(row.uploadedAt),
    uploadedBy: row.uploadedBy,
  };
}

/** Every photo of task `taskId`, in upload order. */
export async function photosOf(db: Db, taskId: number): Promise<TaskPhoto[]> {
  const rows = await selectPhotos(db).where(eq(p.taskId, taskId)).orderBy(asc(p.uploadedAt), asc(p.id));
  return rows.map(photoOf);
}

/**
 * Stores the request's photo for task `taskId`, by a user who may take a step on it now.
 * Errors: VERIFICATION_TASK_NOT_FOUND (404, also outside the scope), TASK_STATE_CONFLICT (409: no
 * step is open to anyone, e.g. closed or pending), FORBIDDEN (403: no step is the user's),
 * UPLOAD_MISSING, UPLOAD_EMPTY, UPLOAD_TOO_LARGE (413), UPLOAD_TYPE_NOT_ALLOWED (415: not an
 * image, or one that cannot be decoded). Answers the photo, and whether this request stored it.
 */
export async function uploadPhoto(
  db: Db,
  now: Date,
  uploads: { store: FileStore; maxBytes: number },
  { user }: UserActing,
  taskId: number,
  request: FastifyRequest,
): Promise<{ photo: TaskPhoto; created: boolean }> {
  const { task, allowed } = await visibleTask(db, user, taskId);
  if (task.status === 'pending' || task.status === 'closed') {
    throw new AppError('TASK_STATE_CONFLICT', { zh: `任务 ${taskId} 当前不接收照片`, en: `task ${taskId} takes no photos now (${task.status})` });
  }
  if (!allowed.some((step) => step !== 'dispatch')) {
    throw new AppError('FORBIDDEN', { zh: '只有此时可以办理该任务的用户可以上传照片', en: 'only a user who may take a step on the task now may add photos' });
  }
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const part = await request.file();
  if (!part) throw new AppError('UPLOAD_MISSING');
  const stored = await uploads.store.save(part.file, { maxBytes: uploads.maxBytes, allowed: ['image'] });
  try {
    try {
      await thumbnailOf(uploads.store, stored.sha256);
    } catch (error) {
      throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', `${stored.mime} that cannot be decoded (${error instanceof Error ? error.message : String(error)})`);
    }
    const position = await exifPositionOf(uploads.store.pathOf(stored.sha256));
    const id = await inTransaction(db, async (tx) => {
      await tx.insert(files).values({ sha256: stored.sha256, size: stored.size, mime: stored.mime }).onConflictDoNothing();
      const [row] = await tx
        .insert(p)
        .values({ taskId, sha256: stored.sha256, ...position, uploadedBy: user.id, uploadedAt: now })
        .onConflictDoNothing()
        .returning({ id: p.id });
      return row?.id ?? null;
    });
    const [row] = await selectPhotos(db).where(and(eq(p.taskId, taskId), eq(p.sha256, stored.sha256)));
    return { photo: photoOf(row!), created: id !== null };
  } catch (error) {
    if (stored.created) fs.rmSync(thumbnailPath(uploads.store, stored.sha256), { force: true });
    uploads.store.discard(stored);
    throw error;
  }
}

/**
 * Gives the photos `photoIds` of task `taskId` to step `stepId`, inside the step's transaction.
 * Error: TASK_PHOTO_UNKNOWN (400) when one is not of this task or belongs to a step already.
 */
export async function attachPhotos(tx: Db, taskId: number, stepId: number, photoIds: readonly number[]): Promise<void> {
  if (photoIds.length === 0) return;
  const free = await tx
    .update(p)
    .set({ stepId })
    .where(and(eq(p.taskId, taskId), isNull(p.stepId), inArray(p.id, [...photoIds])))
    .returning({ id: p.id });
  if (free.length !== photoIds.length) {
    const missing = photoIds.filter((id) => !free.some((row) => row.id === id));
    throw new AppError('TASK_PHOTO_UNKNOWN', missing.join(', '));
  }
}

/**
 * Answers `GET /api/verification/photos/{id}`: the thumbnail (WebP, upright, no metadata) or the
 * original, for a user who may see the task. Error: TASK_PHOTO_NOT_FOUND (404, also outside the scope).
 */
export async function sendPhoto(
  db: Db,
  store: FileStore,
  user: SignedInUser,
  reply: FastifyReply,
  query: { id: number; size: 'thumb' | 'full' },
): Promise<FastifyReply> {
  const [row] = await db
    .select({ sha256: files.sha256, mime: files.mime, size: files.size, organisationId: t.organisationId })
    .from(p)
    .innerJoin(t, eq(t.id, p.taskId))
    .innerJoin(files, eq(files.sha256, p.sha256))
    .where(eq(p.id, query.id));
  if (!row || !inScope(await scopeOf(db, user), row.organisationId)) throw new AppError('TASK_PHOTO_NOT_FOUND', String(query.id));
  if (query.size === 'full') {
    return sendStoredFile(reply, store, { ...row, fileName: `photo-${query.id}.${row.mime.split('/')[1] ?? 'img'}` }, { inline: true });
  }
  const size = await thumbnailOf(store, row.sha256);
  return sendStoredFile(
    reply,
    thumbStoreOf(store),
    { sha256: row.sha256, mime: 'image/webp', size, fileName: `photo-${query.id}-thumb.webp` },
    { inline: true },
  );
}
