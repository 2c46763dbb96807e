/**
 * The image of a camera-trap detection.
 *
 * Upload: one `multipart/form-data` file part, stored by the content-addressed upload module (type
 * recognised from the content: images only; size limited), recorded in `files` and on the
 * detection in one transaction. When anything fails, the file this request created is removed
 * again, so a refused image leaves no file and no row. The thumbnail is made there and then, which
 * warms the cache for the wall and finds out whether the image is damaged.
 *
 * Damaged (docs/camera-trap.md §Damaged images): an image whose header sharp cannot read, or whose
 * pixels it cannot decode in full with `failOn: 'error'` (a file cut off in transfer: libvips
 * reports "premature end of JPEG image"). It is kept and the detection marked `image_damaged`, so
 * a camera trap's or an SD card's batch goes on; it gets no thumbnail (a partly decoded frame
 * would show grey where the picture is missing), and the original stays for signed-in users.
 *
 * Reading: a thumbnail for everyone, the original only for signed-in users. Camera traps write the
 * GPS position into the EXIF block, and the positions of key protected species are sensitive
 * (national list of key protected wild animals, 2021; docs/geoprivacy.md), so the public thumbnail
 * is re-encoded with sharp, which drops all metadata (EXIF, XMP, ICC) unless told to keep it, and
 * a signed-in user outside the camera trap's organisation gets the original's pixels re-encoded
 * the same way (full size, JPEG), never the file with its EXIF position.
 *
 * Thumbnails are cached on disk beside the upload store, content-addressed by the SHA-256 of
 * their source (`<uploads>/thumbs/<variant>/<aa>/<sha256>`), made once, and written under a temporary
 * name and renamed, so a reader never sees half a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CAMERA_TRAP_IMAGE_MAX_BYTES } from '@eco/contracts/camera-trap';
import { THUMB_LONG_SIDE, type Detection, type ThingKind } from '@eco/contracts/sensing';
import { inTransaction, type Db } from '../../db/client';
import { detections, files, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { FileStore, type StoredFile } from '../../uploads/file-store';
import { sendStoredFile } from '../../uploads/send-file';
import { positionReaderOf, seesExactly } from '../things/geoprivacy';
import { assertCameraTrap, type IngestingThing } from './ingest';
import { detectionsByIds, PUBLIC_DETECTION } from './read';
/** The largest camera-trap image accepted (or UPLOAD_MAX_BYTES if smaller), bytes; declared in the contract so the web refuses a larger one before sending it. */
export const IMAGE_MAX_BYTES = CAMERA_TRAP_IMAGE_MAX_BYTES;
/** WebP quality of thumbnails (0–100). */
const THUMB_QUALITY = 75;
/**
 * The most pixels decoded from one image. sharp's default (16383², 268 MP) lets a 10 MB file that
 * claims a huge canvas take gigabytes of memory; camera traps write 12–48 MP.
 */
const MAX_INPUT_PIXELS = 100_000_000;
/** Where the thumbnails live under the upload store, named by how they are made: a change of size or format starts a fresh cache. */
const THUMB_FOLDER = path.join('thumbs', `${THUMB_LONG_SIDE}-webp-q${THUMB_QUALITY}`);
const THUMB_MIME = 'image/webp';
/** A year, s: the customary lifetime of a URL that names its version (RFC 8246 `immutable`). */
const IMMUTABLE_MAX_AGE = 365 * 24 * 3600;

/**
 * Checks a stored image and makes its thumbnail: answers whether it is damaged (see above).
 * Errors: 415 UPLOAD_TYPE_NOT_ALLOWED for an image of over 100 megapixels (by its header), which
 * is refused rather than kept: it is not damaged, but no thumbnail will ever be made of it.
 */
export async function examineImage(store: FileStore, stored: { sha256: string; mime: string }): Promise<{ damaged: boolean }> {
  let pixels: number;
  try {
    const { width, height } = await sharp(store.pathOf(stored.sha256)).metadata();
    pixels = width * height;
  } catch {
    return { damaged: true };
  }
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', {
      zh: `图片超过 ${MAX_INPUT_PIXELS / 1_000_000} 百万像素`,
      en: `${stored.mime} of over ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    });
  }
  try {
    await thumbnailOf(store, stored.sha256);
    return { damaged: false };
  } catch {
    return { damaged: true };
  }
}

/**
 * Attaches the request's image to detection `detectionId` of camera trap `thing`, replacing an
 * earlier one; a damaged image is kept and marked (see above). Errors, each before the upload is
 * read but the last three: FORBIDDEN (403: `thing` is not a camera trap), DETECTION_NOT_FOUND
 * (404: none, or another Thing's), UPLOAD_MISSING, UPLOAD_EMPTY, UPLOAD_TOO_LARGE (413),
 * UPLOAD_TYPE_NOT_ALLOWED (415: not an image by its content, or over 100 megapixels).
 */
export async function attachDetectionImage(
  db: Db,
  uploads: { store: FileStore; maxBytes: number },
  thing: IngestingThing,
  detectionId: number,
  request: FastifyRequest,
): Promise<Detection> {
  assertCameraTrap(thing);
  const [own] = await db
    .select({ id: detections.id })
    .from(detections)
    .where(and(eq(detections.id, detectionId), eq(detections.thingId, thing.id)));
  if (!own) throw new AppError('DETECTION_NOT_FOUND', String(detectionId));
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const part = await request.file();
  if (!part) throw new AppError('UPLOAD_MISSING');
  const stored = await uploads.store.save(part.file, { maxBytes: uploads.maxBytes, allowed: ['image'] });
  try {
    const { damaged } = await examineImage(uploads.store, stored);
    await inTransaction(db, async (tx) => {
      await tx.insert(files).values({ sha256: stored.sha256, size: stored.size, mime: stored.mime }).onConflictDoNothing();
      await tx.update(detections).set({ imageSha256: stored.sha256, imageDamaged: damaged }).where(eq(detections.id, detectionId));
    });
  } catch (error) {
    discardImage(uploads.store, stored);
    throw error;
  }
  return (await detectionsByIds(db, [detectionId]))[0]!;
}

/** Undoes the save of an image whose rows could not be written: the file and its thumbnail, if this save created the file. */
export function discardImage(store: FileStore, stored: StoredFile): void {
  if (stored.created) fs.rmSync(thumbnailPath(store, stored.sha256), { force: true });
  store.discard(stored);
}

/**
 * The stored image of a detection (its SHA-256, MIME type, size in bytes, and whether it is
 * damaged). Errors: DETECTION_IMAGE_NOT_FOUND (404: no such detection, or it has no image).
 */
export async function detectionImageOf(
  db: Db,
  detectionId: number,
): Promise<{ sha256: string; mime: string; size: number; damaged: boolean; public: boolean; kind: ThingKind; organisationId: number | null }> {
  const [row] = await db
    .select({
      sha256: files.sha256,
      mime: files.mime,
      size: files.size,
      damaged: detections.imageDamaged,
      public: PUBLIC_DETECTION,
      kind: things.kind,
      organisationId: things.organisationId,
    })
    .from(detections)
    .innerJoin(files, eq(files.sha256, detections.imageSha256))
    .innerJoin(things, eq(things.id, detections.thingId))
    .where(eq(detections.id, detectionId));
  if (!row) throw new AppError('DETECTION_IMAGE_NOT_FOUND', String(detectionId));
  return row;
}

/** The thumbnails' own content-addressed folder under `store` (keyed by the source's SHA-256). */
export function thumbStoreOf(store: FileStore): FileStore {
  return new FileStore(path.join(store.dir, THUMB_FOLDER));
}

/** Where the cached thumbnail of the stored image `sha256` lives (whether made yet or not). */
export function thumbnailPath(store: FileStore, sha256: string): string {
  return thumbStoreOf(store).pathOf(sha256);
}

/** Thumbnails being made now, by path: requests arriving meanwhile (a wall of screens after a new detection) wait for the same one. */
const making = new Map<string, Promise<number>>();

/**
 * The thumbnail of the stored image `sha256`: at most THUMB_LONG_SIDE px on its long side (never
 * enlarged), upright by its EXIF orientation, sRGB (a CMYK JPEG is converted), WebP, no metadata.
 * Made on first use and cached. Returns its size in bytes. Rejects (sharp's error) when the image
 * cannot be decoded in full or the source file is missing.
 */
export async function thumbnailOf(store: FileStore, sha256: string): Promise<number> {
  const target = thumbnailPath(store, sha256);
  try {
    return (await fs.promises.stat(target)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let pending = making.get(target);
  if (!pending) {
    pending = makeThumbnail(store.pathOf(sha256), target).finally(() => making.delete(target));
    making.set(target, pending);
  }
  return pending;
}

async function makeThumbnail(source: string, target: string): Promise<number> {
  // failOn 'error': a truncated or corrupt file fails here (it is damaged) rather than being half grey
  const data = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .autoOrient() // `.rotate()` without an angle: before the metadata that says which way is up is dropped
    .resize(THUMB_LONG_SIDE, THUMB_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb') // a CMYK camera file (no ICC profile) through sharp's built-in CMYK profile
    .webp({ quality: THUMB_QUALITY })
    .toBuffer();
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // the same folder as the target, so the rename is atomic; synced first, so a crash cannot leave
  // an empty file under the final name
  const tmp = `${target}.${crypto.randomUUID()}.tmp`;
  try {
    const handle = await fs.promises.open(tmp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, target);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  return data.length;
}

/** The pixels of the stored image at `source`, upright, at full size, as JPEG without any metadata. */
async function withoutMetadata(source: string, detectionId: number): Promise<Buffer> {
  try {
    return await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient().toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
  } catch {
    // the file vanished from the store or no longer decodes
    throw new AppError('DETECTION_IMAGE_NOT_FOUND', String(detectionId));
  }
}

/** Whether `If-None-Match` names `etag` (or is `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The `Cache-Control` of a detection image answered now, by reply. `sendStoredFile` sets its own
 * (`private, max-age=3600`); the route's `onSend` hook ({@link applyImageCacheControl}) puts this
 * one in its place.
 */
const cacheControlOf = new WeakMap<FastifyReply, string>();

/** A route `onSend` hook: the detection image's own `Cache-Control` (see {@link sendDetectionImage}). */
export async function applyImageCacheControl(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const value = cacheControlOf.get(reply);
  // only on the image itself: an error answered after all (e.g. the file vanished) keeps its own headers
  if (value && reply.statusCode === 200) reply.header('cache-control', value);
  return payload;
}

/**
 * Answers `GET /api/sensing/detections/:id/image`:
 * - `size=thumb`: the thumbnail (WebP, ≤ 320 px, no metadata), for everyone;
 * - `size=full`: the original as uploaded (its own MIME type; may carry the EXIF GPS position), for
 *   signed-in users who may see where the camera trap stands (things/geoprivacy.ts); other
 *   signed-in users get its pixels as a JPEG without metadata (404 for a damaged image); 401
 *   NOT_SIGNED_IN for visitors, 403 PASSWORD_CHANGE_REQUIRED while the password must be changed.
 * Both with `X-Content-Type-Options: nosniff` (sendStoredFile) and an ETag from the SHA-256
 * (304 on `If-None-Match`). Cache: a thumbnail whose URL names the image's version (`v`, a prefix
 * of the SHA-256 of at least 8 hex digits, as the web app builds it) is immutable for a year (a
 * re-upload changes the URL); without `v`, or with an outdated one, caches must revalidate. The
 * original is `private, no-cache`: every use asks the server, which checks the session again.
 * Errors: 404 DETECTION_IMAGE_NOT_FOUND (also the thumbnail of a damaged image, which has none).
 */
export async function sendDetectionImage(
  db: Db,
  store: FileStore,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { id: number; size: 'thumb' | 'full'; v?: string },
): Promise<FastifyReply> {
  if (query.size === 'full') {
    // whom auth/guards.ts `signedIn()` admits, checked before the database is asked
    const user = request.user;
    if (!user) throw new AppError('NOT_SIGNED_IN');
    if (user.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  const image = await detectionImageOf(db, query.id);
  // a frame of people or vehicles, or not yet looked at, is for signed-in users only (read.ts PUBLIC_DETECTION)
  if (!image.public && !request.user) throw new AppError('DETECTION_IMAGE_NOT_FOUND', String(query.id));
  const full = query.size === 'full';
  if (!full && image.damaged)
    throw new AppError('DETECTION_IMAGE_NOT_FOUND', { zh: '图片已损坏，没有缩略图', en: 'the image is damaged and has no thumbnail' });
  const stripped = full && !seesExactly(await positionReaderOf(db, request.user), image.kind, image.organisationId);
  if (stripped && image.damaged)
    throw new AppError('DETECTION_IMAGE_NOT_FOUND', {
      zh: '图片已损坏，无法去除位置信息后显示',
      en: 'the image is damaged and cannot be shown without its position',
    });
  const etag = full ? `"${image.sha256}${stripped ? '-plain' : ''}"` : `"${image.sha256}-${THUMB_LONG_SIDE}w"`;
  const cacheControl = full
    ? 'private, no-cache'
    : query.v && image.sha256.startsWith(query.v)
      ? `public, max-age=${IMMUTABLE_MAX_AGE}, immutable`
      : 'public, no-cache';
  if (matches(request.headers['if-none-match'], etag)) {
    return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
  }
  const plain = stripped ? await withoutMetadata(store.pathOf(image.sha256), query.id) : undefined;
  const file = plain
    ? { sha256: image.sha256, mime: 'image/jpeg', size: plain.length, fileName: `detection-${query.id}.jpeg`, body: plain }
    : full
      ? { ...image, fileName: `detection-${query.id}.${image.mime.split('/')[1] ?? 'img'}` }
      : { sha256: image.sha256, mime: THUMB_MIME, size: await thumbnailOf(store, image.sha256), fileName: `detection-${query.id}-thumb.webp` };
  reply.header('etag', etag);
  cacheControlOf.set(reply, cacheControl);
  return sendStoredFile(reply, full ? store : thumbStoreOf(store), file, { inline: true });
}
