/**
 * Reviewing a camera-trap detection (docs/camera-trap.md §Statuses): an editor confirms the AI
 * label, corrects it to a species of the national list (2021), or marks the frame blank, a person,
 * a vehicle or unidentifiable, with the count they see. One transaction: the detection (locked),
 * the audit row `detection.review`, and — when the species settled on is of level I or II — the
 * `camera_trap` verification task of the detection (verification/create-task.ts, once per
 * detection). Checked in this order, nothing changed on refusal: the detection is in the user's
 * organisation scope (404 CAMERA_TRAP_DETECTION_NOT_FOUND), the input fits the outcome (400
 * VALIDATION_FAILED), the label can be confirmed (400 CAMERA_TRAP_NOTHING_TO_CONFIRM), the species
 * is on the list (400 CAMERA_TRAP_SPECIES_UNKNOWN).
 */
import { and, eq } from 'drizzle-orm';
import { type CameraTrapItem, type Review, SPECIES_OUTCOMES, UNKNOWN_LABEL } from '@eco/contracts/camera-trap';
import type { UserActing } from '../../auth/acting';
import { inScope, scopeOf } from '../../auth/organisation-scope';
import { type Db, inTransaction } from '../../db/client';
import { detections as d, locations, protectedSpecies, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { audit } from '../audit/service';
import { createTask } from '../verification/create-task';
import { listEntryOf, queueItem, TASK_KIND, taskSourceId } from './queue';

/**
 * The count a review records: what the reviewer gave, else for a species the detection's count
 * but at least 1 (a photo uploaded without a label says 0 animals, yet one was seen), and 0 otherwise.
 */
function countOf(input: Review, detectionCount: number): number {
  if (input.status === 'blank' && (input.count ?? 0) > 0) {
    throw new AppError('VALIDATION_FAILED', { zh: '空拍的数量只能是 0', en: 'a blank frame has a count of 0' });
  }
  return input.count ?? (SPECIES_OUTCOMES.includes(input.status) ? Math.max(detectionCount, 1) : 0);
}

/**
 * Reviews detection `id` as `acting.user` at `now` and answers it as the queue now shows it. A
 * detection may be reviewed again: the last review stands (the task, once created, stays).
 */
export async function reviewDetection(db: Db, now: Date, acting: UserActing, id: number, input: Review): Promise<CameraTrapItem> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        thingId: d.thingId,
        thingCode: things.code,
        organisationId: things.organisationId,
        label: d.scientificName,
        count: d.count,
        phenomenonTime: d.phenomenonTime,
        imageSha256: d.imageSha256,
        status: d.reviewStatus,
        reviewedName: d.reviewedName,
        reviewedCount: d.reviewedCount,
        longitude: locations.longitude,
        latitude: locations.latitude,
      })
      .from(d)
      .innerJoin(things, eq(things.id, d.thingId))
      .leftJoin(locations, eq(locations.thingId, things.id))
      .where(eq(d.id, id))
      .for('update', { of: d });
    if (!row || !inScope(await scopeOf(tx, acting.user), row.organisationId)) throw new AppError('CAMERA_TRAP_DETECTION_NOT_FOUND', String(id));
    if ((input.status === 'corrected') !== (input.scientificName !== undefined)) {
      throw new AppError(
        'VALIDATION_FAILED',
        input.status === 'corrected'
          ? { zh: '更正物种时须选择物种（scientificName）', en: 'corrected needs scientificName' }
          : { zh: '只有更正物种时才能给出物种（scientificName）', en: 'scientificName goes with corrected only' },
      );
    }
    const count = countOf(input, row.count);
    if (input.status === 'confirmed' && row.label === UNKNOWN_LABEL) throw new AppError('CAMERA_TRAP_NOTHING_TO_CONFIRM', String(id));
    let species: string | null = null;
    if (input.status === 'confirmed') species = row.label;
    if (input.status === 'corrected') {
      const [listed] = await tx
        .select({ name: protectedSpecies.scientificName })
        .from(protectedSpecies)
        .where(and(eq(protectedSpecies.scientificName, input.scientificName!), eq(protectedSpecies.taxon, '')));
      if (!listed) throw new AppError('CAMERA_TRAP_SPECIES_UNKNOWN', input.scientificName);
      species = listed.name;
    }
    await tx
      .update(d)
      .set({ reviewStatus: input.status, reviewedName: species, reviewedCount: count, reviewedBy: acting.actor.id, reviewedAt: now })
      .where(eq(d.id, id));
    const listed = species ? await listEntryOf(tx, species) : null;
    let task: { id: number; created: boolean } | null = null;
    if (species && listed && row.longitude !== null && row.latitude !== null) {
      task = await createTask(
        tx,
        now,
        acting.actor,
        {
          kind: TASK_KIND,
          source: 'camera-trap review',
          sourceId: taskSourceId(id),
          longitude: row.longitude,
          latitude: row.latitude,
          detectedAt: row.phenomenonTime,
          properties: {
            detectionId: id,
            thingCode: row.thingCode,
            scientificName: species,
            nameZh: listed.nameZh,
            level: listed.level,
            count,
            reviewStatus: input.status,
            imageSha256: row.imageSha256,
          },
        },
        `detection ${id}`,
      );
    }
    await audit(tx, {
      actor: acting.actor,
      ip: acting.ip,
      action: 'detection.review',
      entityType: 'detection',
      entityId: id,
      before: { status: row.status, species: row.reviewedName, count: row.reviewedCount },
      after: { status: input.status, species, count, at: toIsoCst(now), ...(task?.created ? { verificationTaskId: task.id } : {}) },
    });
  });
  return (await queueItem(db, id))!;
}
