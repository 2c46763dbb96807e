/**
 * Who does what with a verification task (docs/verification.md §Who does what):
 *
 * - the province (administrators, users of the province organisation or of none) imports and
 *   dispatches (下发);
 * - users of the responsible organisation (the county or city the task lies in) start checking
 *   (核查) and feed back (反馈);
 * - users of an organisation above the responsible one review: close (销号) or return (退回);
 * - administrators may do every step.
 *
 * A task outside the user's organisation scope (docs/access.md §Organisation scope) is not
 * shown to them at all.
 */
import type { TaskAction, TaskStatus } from '@eco/contracts/verification';
import type { SignedInUser } from '../../auth/current-user';
import { inScope, type Scope } from '../../auth/organisation-scope';
import { AppError } from '../../http/app-error';

export type Part = 'province' | 'responsible' | 'reviewer';

/** Each step: the statuses it starts from, the status it leaves, and whose part it is. */
export const STEPS: Record<Exclude<TaskAction, 'import'>, { from: readonly TaskStatus[]; to: TaskStatus; part: Part }> = {
  dispatch: { from: ['pending'], to: 'dispatched', part: 'province' },
  start: { from: ['dispatched'], to: 'verifying', part: 'responsible' },
  feedback: { from: ['dispatched', 'verifying'], to: 'fed_back', part: 'responsible' },
  return: { from: ['fed_back'], to: 'verifying', part: 'reviewer' },
  close: { from: ['fed_back'], to: 'closed', part: 'reviewer' },
};

/** Whether `user` (whose scope is `scope`) plays `part` for a task of `organisationId`. */
export function plays(user: SignedInUser, scope: Scope, part: Part, organisationId: number | null): boolean {
  if (user.role === 'admin') return true;
  const own = user.organisation?.id ?? null;
  if (part === 'province') return scope.all;
  if (part === 'responsible') return own !== null && own === organisationId;
  return inScope(scope, organisationId) && own !== organisationId;
}

/** The steps `user` may take now on a task in `status` of `organisationId`. */
export function allowedSteps(user: SignedInUser, scope: Scope, status: TaskStatus, organisationId: number | null): TaskAction[] {
  return (Object.keys(STEPS) as (keyof typeof STEPS)[]).filter(
    (action) => STEPS[action].from.includes(status) && plays(user, scope, STEPS[action].part, organisationId),
  );
}

const WHY: Record<Part, { zh: string; en: string }> = {
  province: { zh: '只有省级用户可以导入和下发核查任务', en: 'only province-level users import and dispatch verification tasks' },
  responsible: { zh: '只有任务所属单位的用户可以核查和反馈', en: 'only users of the responsible organisation verify and feed back' },
  reviewer: { zh: '只有上级单位的用户可以审核（办结或退回）', en: 'only users of an organisation above the responsible one review (close or return)' },
};

/** Refuses with 403 FORBIDDEN, saying whose part it is, unless `user` plays `part`. */
export function assertPlays(user: SignedInUser, scope: Scope, part: Part, organisationId: number | null): void {
  if (!plays(user, scope, part, organisationId)) throw new AppError('FORBIDDEN', WHY[part]);
}
