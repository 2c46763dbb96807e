/**
 * The steps of a verification task (docs/verification.md §Statuses): 下发, 核查, 反馈, 退回, 销号.
 * Each is one transaction: the task row (locked), its history step and the audit row. Checked in
 * this order, nothing changed on refusal: the task is in the user's scope (404
 * VERIFICATION_TASK_NOT_FOUND), the step may follow its status (409 TASK_STATE_CONFLICT), it is the
 * user's part (403 FORBIDDEN), the verdict is one of the kind's (400 VERDICT_UNKNOWN), the photos
 * are the task's and no other step's (400 TASK_PHOTO_UNKNOWN).
 */
import { eq, inArray } from 'drizzle-orm';
import type { TaskAction } from '@eco/contracts/verification';
import type { UserActing } from '../../auth/acting';
import { inScope, scopeOf } from '../../auth/organisation-scope';
import { type Db, inTransaction } from '../../db/client';
import { verificationSteps, verificationTasks as t } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit } from '../audit/service';
import { assertPlays, STEPS } from './access';
import { kindOf } from './kinds';
import { attachPhotos } from './photos';

export type Step = Exclude<TaskAction, 'import'>;

export interface StepInput {
  verdict?: string;
  note?: string;
  /** photos uploaded to the task beforehand (photos.ts), given to this step */
  photoIds?: number[];
}

const HOUR_MS = 3_600_000;

const STATUS_ZH = { pending: '待下发', dispatched: '已下发', verifying: '核查中', fed_back: '已反馈', closed: '已办结' } as const;
const STEP_ZH: Record<Step, string> = { dispatch: '下发', start: '开始核查', feedback: '反馈', return: '退回', close: '办结' };

/** Takes `step` on task `id` as `acting.user`, inside `tx`. */
async function take(tx: Db, now: Date, { actor, ip, user }: UserActing, id: number, step: Step, input: StepInput): Promise<void> {
  const [task] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  const scope = await scopeOf(tx, user);
  if (!task || !inScope(scope, task.organisationId)) throw new AppError('VERIFICATION_TASK_NOT_FOUND', String(id));
  const rule = STEPS[step];
  if (!rule.from.includes(task.status)) {
    throw new AppError('TASK_STATE_CONFLICT', {
      zh: `任务 ${id} 当前为“${STATUS_ZH[task.status]}”，不能${STEP_ZH[step]}`,
      en: `task ${id} is ${task.status}; it cannot take the step ${step}`,
    });
  }
  assertPlays(user, scope, rule.part, task.organisationId);
  const kind = await kindOf(tx, task.kind);
  if (step === 'feedback' && !kind.verdicts.some((v) => v.code === input.verdict)) {
    throw new AppError('VERDICT_UNKNOWN', `${input.verdict}: expected one of ${kind.verdicts.map((v) => v.code).join(', ')}`);
  }
  const changes: Partial<typeof t.$inferInsert> = { status: rule.to };
  if (step === 'dispatch') Object.assign(changes, { dispatchedAt: now, deadlineAt: new Date(now.getTime() + kind.deadlineHours * HOUR_MS) });
  if (step === 'feedback') Object.assign(changes, { verdict: input.verdict, feedbackAt: now });
  if (step === 'return') Object.assign(changes, { verdict: null, feedbackAt: null });
  if (step === 'close') changes.closedAt = now;
  await tx.update(t).set(changes).where(eq(t.id, id));
  const note = input.note ?? null;
  const verdict = step === 'feedback' ? (input.verdict ?? null) : null;
  const [row] = await tx
    .insert(verificationSteps)
    .values({ taskId: id, action: step, status: rule.to, at: now, actorId: actor.id, actorAccount: actor.account, verdict, note })
    .returning({ id: verificationSteps.id });
  await attachPhotos(tx, id, row!.id, input.photoIds ?? []);
  await audit(tx, {
    actor,
    ip,
    action: `verification_task.${step}`,
    entityType: 'verification_task',
    entityId: id,
    before: { status: task.status, verdict: task.verdict },
    after: {
      status: rule.to,
      verdict: step === 'feedback' ? verdict : step === 'return' ? null : task.verdict,
      ...(note ? { note } : {}),
      ...(input.photoIds?.length ? { photoIds: input.photoIds } : {}),
    },
  });
}

/** Takes one step on one task (one transaction). */
export function takeStep(db: Db, now: Date, acting: UserActing, id: number, step: Step, input: StepInput = {}): Promise<void> {
  return inTransaction(db, (tx) => take(tx, now, acting, id, step, input));
}

/** Dispatches every task of `ids` or none (one transaction); answers the ids dispatched. */
export function dispatchAll(db: Db, now: Date, acting: UserActing, ids: readonly number[]): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    // locked in id order, so two bulk dispatches cannot deadlock on each other
    await tx
      .select({ id: t.id })
      .from(t)
      .where(inArray(t.id, [...ids]))
      .orderBy(t.id)
      .for('update');
    for (const id of ids) await take(tx, now, acting, id, 'dispatch', {});
    return [...ids];
  });
}
