/**
 * Uploading the photos of an SD-card collection into the review queue (docs/camera-trap.md
 * §Getting photos into the queue): one request per file, each file one detection of the camera
 * trap chosen, labelled with the AI label sent with it (or `unknown`). A file that cannot be
 * decoded in full is kept and queued as damaged (sensing/detection-image.ts), so the collection
 * goes on. The same file again for the same camera trap is a duplicate: the detection it made is
 * answered and nothing is stored twice.
 *
 * The camera trap's `last_seen_at` is left alone: a card collected by hand says nothing about
 * whether the device is connected (it is what "online" is derived from, sensing.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SCIENTIFIC_NAME_PATTERN, UNKNOWN_LABEL, type UploadResult } from '@eco/contracts/camera-trap';
import { YEAR_PREFIX } from '@eco/contracts/common';
import { CAMERA_TRAP_KIND, MAX_FUTURE_MINUTES } from '@eco/contracts/sensing';
import type { UserActing } from '../../auth/acting';
import { assertInScope } from '../../auth/organisation-scope';
import { type Db, inTransaction } from '../../db/client';
import { detections as d, files, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { readUploadParts } from '../../uploads/multipart-parts';
import { audit } from '../audit/service';
import type { Uploads } from '../documents/service';
import { discardImage, examineImage } from '../sensing/detection-image';
import { listEntryOf, queueItem } from './queue';

/** The text parts an upload may carry besides its file. */
const FIELDS = ['scientificName', 'confidence', 'takenAt'] as const;

const NAME_RE = new RegExp(SCIENTIFIC_NAME_PATTERN);
/** ISO 8601 with an offset (or Z), as `IsoTime` describes it; the JSON bodies' format check does not reach multipart parts. */
const ISO_TIME_RE = new RegExp(`${YEAR_PREFIX}\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$`);

function invalid(field: string, zh: string, en: string): AppError {
  return new AppError('VALIDATION_FAILED', { zh: `${field}：${zh}`, en: `${field}: ${en}` });
}

/** The label, confidence and time of the upload from its text parts; 400 VALIDATION_FAILED naming the part that is wrong or unknown. */
function readFields(fields: Record<string, string>, now: Date): { label: string; confidence: number | null; takenAt: Date } {
  // unknown parts are refused by name, as unknown JSON properties are (docs/api.md §Input)
  const extra = Object.keys(fields).filter((name) => !(FIELDS as readonly string[]).includes(name));
  if (extra.length > 0) throw invalid(extra.join(', '), '不认识的字段', 'unknown part');
  const label = fields.scientificName?.trim() || UNKNOWN_LABEL;
  if (label !== UNKNOWN_LABEL && (label.length > 120 || !NAME_RE.test(label)))
    throw invalid('scientificName', '应为学名，如 Ailuropoda melanoleuca', 'a scientific name such as Ailuropoda melanoleuca');
  let confidence: number | null = null;
  if (fields.confidence !== undefined && fields.confidence.trim() !== '') {
    confidence = Number(fields.confidence);
    if (!Number.isFinite(confidence) || confidence < 0 || confidence > 1) throw invalid('confidence', '应为 0 到 1 之间的数', 'a number from 0 to 1');
  }
  let takenAt = now;
  if (fields.takenAt !== undefined && fields.takenAt.trim() !== '') {
    takenAt = new Date(fields.takenAt);
    if (!ISO_TIME_RE.test(fields.takenAt) || Number.isNaN(takenAt.getTime()))
      throw invalid('takenAt', '应为带时区的 ISO 8601 时间', 'an ISO 8601 time with offset');
    if (takenAt.getTime() > now.getTime() + MAX_FUTURE_MINUTES * 60_000) throw invalid('takenAt', '不能晚于现在', 'is in the future');
  }
  return { label, confidence, takenAt };
}

/**
 * Uploads one photo of camera trap `thingId` from a multipart request (one file part `file`; text
 * parts `scientificName`, `confidence`, `takenAt`, all optional) as `acting.user`. Answers the
 * detection as the queue shows it, whether the image is damaged, and whether it was a duplicate.
 * Errors: 404 THING_NOT_FOUND; 400 THING_NOT_CAMERA_TRAP; 403 FORBIDDEN (outside the scope); 400
 * VALIDATION_FAILED (a part that is wrong or unknown), UPLOAD_MISSING, UPLOAD_EMPTY; 413
 * UPLOAD_TOO_LARGE; 415 UPLOAD_TYPE_NOT_ALLOWED (not an image, or over 100 megapixels). The
 * Thing is checked before the upload is read; whatever is refused, nothing of the upload stays.
 */
export async function uploadPhoto(db: Db, now: Date, uploads: Uploads, acting: UserActing, thingId: number, request: FastifyRequest): Promise<UploadResult> {
  const [thing] = await db.select({ id: things.id, kind: things.kind, organisationId: things.organisationId }).from(things).where(eq(things.id, thingId));
  if (!thing) throw new AppError('THING_NOT_FOUND', String(thingId));
  if (thing.kind !== CAMERA_TRAP_KIND) throw new AppError('THING_NOT_CAMERA_TRAP', { zh: `设备类型为 ${thing.kind}`, en: `it is of kind ${thing.kind}` });
  await assertInScope(db, acting.user, thing.organisationId);
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const { saved: stored, fields } = await readUploadParts(
    request,
    (file) => uploads.store.save(file.file, { maxBytes: uploads.maxBytes, allowed: ['image'] }),
    (saved) => uploads.store.discard(saved),
  );
  try {
    const input = readFields(fields, now);
    if (!stored) throw new AppError('UPLOAD_MISSING');
    const image = stored;
    const { damaged } = await examineImage(uploads.store, image);
    const listed = input.label !== UNKNOWN_LABEL && (await listEntryOf(db, input.label)) !== null;
    const result = await inTransaction(db, async (tx) => {
      await tx.insert(files).values({ sha256: image.sha256, size: image.size, mime: image.mime }).onConflictDoNothing();
      const [created] = await tx
        .insert(d)
        .values({
          thingId,
          phenomenonTime: input.takenAt,
          scientificName: input.label,
          listed,
          count: input.label === UNKNOWN_LABEL ? 0 : 1,
          confidence: input.confidence,
          imageSha256: image.sha256,
          imageDamaged: damaged,
          source: 'upload',
        })
        .onConflictDoNothing()
        .returning({ id: d.id });
      if (!created) {
        const [earlier] = await tx
          .select({ id: d.id, damaged: d.imageDamaged })
          .from(d)
          .where(and(eq(d.thingId, thingId), eq(d.imageSha256, image.sha256), eq(d.source, 'upload')));
        return { id: earlier!.id, damaged: earlier!.damaged, duplicate: true };
      }
      await audit(tx, {
        actor: acting.actor,
        ip: acting.ip,
        action: 'detection.upload',
        entityType: 'detection',
        entityId: created.id,
        after: {
          thingId,
          sha256: image.sha256,
          size: image.size,
          label: input.label,
          confidence: input.confidence,
          takenAt: toIsoCst(input.takenAt),
          damaged,
        },
      });
      return { id: created.id, damaged, duplicate: false };
    });
    return { detection: (await queueItem(db, result.id))!, damaged: result.damaged, duplicate: result.duplicate };
  } catch (error) {
    if (stored) discardImage(uploads.store, stored);
    throw error;
  }
}
