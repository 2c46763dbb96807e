/**
 * Reading verification tasks (docs/verification.md): the list within the organisation scope and
 * one task with its history. Times are answered in China Standard Time (ISO 8601 with +08:00).
 */
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '@eco/contracts/envelope';
import type { TaskStatus, VerificationTask, VerificationTaskDetail } from '@eco/contracts/verification';
import type { SignedInUser } from '../../auth/current-user';
import { type Scope, scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { divisions, organisations, users, verificationSteps, verificationTasks as t } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { allowedSteps } from './access';
import { sixDigit, storedCode } from './locate';
import { photosOf } from './photos';

const division = alias(divisions, 'division');
const city = alias(divisions, 'city');

/** Statuses in which a task past its deadline is overdue: not yet answered. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['dispatched', 'verifying'];

const columns = {
  id: t.id,
  kind: t.kind,
  status: t.status,
  source: t.source,
  sourceId: t.sourceId,
  geometry: t.geometry,
  longitude: t.longitude,
  latitude: t.latitude,
  detectedAt: t.detectedAt,
  divisionCode: t.divisionCode,
  divisionName: division.name,
  cityCode: city.code,
  cityName: city.name,
  organisationId: t.organisationId,
  organisationName: organisations.name,
  deadlineAt: t.deadlineAt,
  verdict: t.verdict,
  properties: t.properties,
  createdAt: t.createdAt,
  dispatchedAt: t.dispatchedAt,
  feedbackAt: t.feedbackAt,
  closedAt: t.closedAt,
};

function selectTasks(db: Db) {
  return db
    .select(columns)
    .from(t)
    .innerJoin(division, eq(division.code, t.divisionCode))
    .leftJoin(city, eq(city.code, sql`left(${t.divisionCode}, 4)`))
    .leftJoin(organisations, eq(organisations.id, t.organisationId));
}

type Row = Awaited<ReturnType<typeof selectTasks>>[number];

const iso = (date: Date | null) => (date ? toIsoCst(date) : null);

function taskOf(row: Row, now: Date): VerificationTask {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    source: row.source,
    sourceId: row.sourceId,
    geometry: row.geometry as VerificationTask['geometry'],
    longitude: row.longitude,
    latitude: row.latitude,
    detectedAt: toIsoCst(row.detectedAt),
    divisionCode: sixDigit(row.divisionCode),
    divisionName: row.divisionName ?? '',
    cityCode: sixDigit(row.cityCode ?? row.divisionCode.slice(0, 4)),
    cityName: row.cityName ?? '',
    organisation: row.organisationId === null ? null : { id: row.organisationId, name: row.organisationName ?? '' },
    deadlineAt: iso(row.deadlineAt),
    overdue: OPEN_STATUSES.includes(row.status) && row.deadlineAt !== null && row.deadlineAt < now,
    verdict: row.verdict,
    properties: row.properties,
    createdAt: toIsoCst(row.createdAt),
    dispatchedAt: iso(row.dispatchedAt),
    feedbackAt: iso(row.feedbackAt),
    closedAt: iso(row.closedAt),
  };
}

/** The condition limiting tasks to `scope` (undefined: province-wide). */
export function scopeCondition(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.organisationIds.size > 0 ? inArray(t.organisationId, [...scope.organisationIds]) : sql`false`;
}

/** The filters of the task list and its exports. */
export interface TaskFilters {
  kind?: string;
  status?: TaskStatus;
  /** 6-digit code of a city or county */
  division?: string;
  overdue?: boolean;
}

export interface TaskQuery extends TaskFilters {
  page: number;
  pageSize: number;
}

/** The condition of `filters` within `scope` at `now`. */
function conditionOf(scope: Scope, now: Date, filters: TaskFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filters.kind) where.push(eq(t.kind, filters.kind));
  if (filters.status) where.push(eq(t.status, filters.status));
  if (filters.division) {
    const code = storedCode(filters.division);
    where.push(code.length === 4 ? sql`left(${t.divisionCode}, 4) = ${code}` : eq(t.divisionCode, code));
  }
  const overdue = and(inArray(t.status, [...OPEN_STATUSES]), lt(t.deadlineAt, now));
  if (filters.overdue === true) where.push(overdue);
  if (filters.overdue === false) where.push(sql`not coalesce(${overdue}, false)`);
  return and(...where);
}

/** A page of the tasks `user` may see, newest detection first. */
export async function listTasks(db: Db, now: Date, user: SignedInUser, query: TaskQuery): Promise<Page<VerificationTask>> {
  const condition = conditionOf(await scopeOf(db, user), now, query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectTasks(db)
      .where(condition)
      .orderBy(desc(t.detectedAt), desc(t.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(t).where(condition),
  ]);
  return { items: rows.map((row) => taskOf(row, now)), total, page: query.page, pageSize: query.pageSize };
}

/** Up to `limit` tasks `user` may see that match `filters`, newest detection first (for exports). */
export async function allTasks(db: Db, now: Date, user: SignedInUser, filters: TaskFilters, limit: number): Promise<VerificationTask[]> {
  const rows = await selectTasks(db)
    .where(conditionOf(await scopeOf(db, user), now, filters))
    .orderBy(desc(t.detectedAt), desc(t.id))
    .limit(limit);
  return rows.map((row) => taskOf(row, now));
}

/** The task as `user` sees it, or 404 VERIFICATION_TASK_NOT_FOUND (also outside their scope). */
export async function getTask(db: Db, now: Date, user: SignedInUser, id: number): Promise<VerificationTaskDetail> {
  const scope = await scopeOf(db, user);
  const [row] = await selectTasks(db).where(and(eq(t.id, id), scopeCondition(scope)));
  if (!row) throw new AppError('VERIFICATION_TASK_NOT_FOUND', String(id));
  const steps = await db
    .select({
      id: verificationSteps.id,
      action: verificationSteps.action,
      status: verificationSteps.status,
      at: verificationSteps.at,
      actorAccount: verificationSteps.actorAccount,
      actorName: users.displayName,
      verdict: verificationSteps.verdict,
      note: verificationSteps.note,
    })
    .from(verificationSteps)
    .leftJoin(users, eq(users.id, verificationSteps.actorId))
    .where(eq(verificationSteps.taskId, id))
    .orderBy(asc(verificationSteps.at), asc(verificationSteps.id));
  return {
    task: taskOf(row, now),
    steps: steps.map((step) => ({ ...step, at: toIsoCst(step.at) })),
    photos: await photosOf(db, id),
    allowed: allowedSteps(user, scope, row.status, row.organisationId),
  };
}
