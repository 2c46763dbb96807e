/**
 * One verification task from a single detection of another module (a camera-trap review):
 * located in its division (locate.ts), given to that division's organisation, `pending` (or
 * dispatched at once when the kind says so, docs/verification.md §Kinds), with its `import` step.
 * Idempotent: a task of the same kind and `sourceId` already there is answered, not repeated.
 */
import { and, eq } from 'drizzle-orm';
import { type Actor, SYSTEM_ACTOR } from '../audit/service';
import type { Db } from '../../db/client';
import { organisations, verificationSteps, verificationTasks as t } from '../../db/schema';
import { kindOf } from './kinds';
import { DivisionLocator } from './locate';

const HOUR_MS = 3_600_000;

export interface TaskSource {
  kind: string;
  /** who reported it, e.g. `camera-trap review` */
  source: string;
  /** unique per kind, e.g. `detection:42` */
  sourceId: string;
  /** WGS-84 degrees */
  longitude: number;
  latitude: number;
  detectedAt: Date;
  properties: Record<string, string | number | null>;
}

/**
 * Creates the task of `input` inside `tx` (the caller's transaction) as `actor`, the `import`
 * step noting `note`. Answers its id and whether it was created now; null when the point lies in
 * no city of the province (docs/verification.md §Divisions: no task). Errors: 404
 * VERIFICATION_KIND_NOT_FOUND for an unknown kind.
 */
export async function createTask(tx: Db, now: Date, actor: Actor, input: TaskSource, note: string): Promise<{ id: number; created: boolean } | null> {
  const [existing] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.kind, input.kind), eq(t.sourceId, input.sourceId)));
  if (existing) return { id: existing.id, created: false };
  const place = (await DivisionLocator.load(tx)).locate(input.longitude, input.latitude);
  if (!place) return null;
  const kind = await kindOf(tx, input.kind);
  const [organisation] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.divisionCode, place.divisionCode));
  const [task] = await tx
    .insert(t)
    .values({
      ...input,
      geometry: { type: 'Point', coordinates: [input.longitude, input.latitude] },
      divisionCode: place.divisionCode,
      organisationId: organisation?.id ?? null,
      status: kind.autoDispatch ? 'dispatched' : 'pending',
      createdAt: now,
      ...(kind.autoDispatch ? { dispatchedAt: now, deadlineAt: new Date(now.getTime() + kind.deadlineHours * HOUR_MS) } : {}),
    })
    .onConflictDoNothing({ target: [t.kind, t.sourceId] })
    .returning({ id: t.id });
  if (!task) {
    // created meanwhile by a concurrent transaction (the unique index waited for it)
    const [other] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.kind, input.kind), eq(t.sourceId, input.sourceId)));
    return other ? { id: other.id, created: false } : null;
  }
  await tx.insert(verificationSteps).values([
    { taskId: task.id, action: 'import', status: 'pending', at: now, actorId: actor.id, actorAccount: actor.account, note },
    ...(kind.autoDispatch
      ? [
          {
            taskId: task.id,
            action: 'dispatch' as const,
            status: 'dispatched' as const,
            at: now,
            actorId: null,
            actorAccount: SYSTEM_ACTOR.account,
            note: null,
          },
        ]
      : []),
  ]);
  return { id: task.id, created: true };
}
