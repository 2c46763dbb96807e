/**
 * Creating verification tasks from a source, shared by the FIRMS import (import-hotspots.ts), the
 * change-patch import (change-patches.ts) and camera alarms (camera-alarms.ts): docs/verification.md
 * §FIRMS import, §Change patches, §Camera alarms.
 *
 * A task belongs to the division it lies in (locate.ts) and to that division's organisation, or
 * the city's when the county has none. `(kind, source_id)` is unique: a detection already a task
 * is a duplicate, never a second task. A kind that dispatches automatically (`auto_dispatch`) has
 * its new tasks dispatched by the system at once, the deadline counted from then.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportItem, ImportResult, VerificationKind } from '@eco/contracts/verification';
import type { UserActing } from '../../auth/acting';
import { type Db, inTransaction } from '../../db/client';
import { organisations, verificationSteps, verificationTasks as t } from '../../db/schema';
import { type Actor, audit, SYSTEM_ACTOR } from '../audit/service';
import { kindOf } from './kinds';
import { type Located, sixDigit } from './locate';

/** Rows per insert statement (13 parameters each, far below PostgreSQL's 65 535). */
const CHUNK = 1000;
const HOUR_MS = 3_600_000;

/** A task to create, as read from its source. */
export interface NewTask {
  /** e.g. `FIRMS MODIS` */
  source: string;
  /** its identity in the source: the same detection again has the same one */
  sourceId: string;
  /** GeoJSON, WGS-84 */
  geometry: { type: string; coordinates: unknown };
  /** degrees: the point, or a point on the polygon */
  longitude: number;
  latitude: number;
  detectedAt: Date;
  /** where it lies */
  place: Located;
  properties: Record<string, string | number | null>;
}

/** One row (line, feature) of an imported file: a task to create, a row outside the province, or a rejected row with its reason. */
export type SourceRow = { line: number; task: NewTask } | { line: number; outside: true } | { line: number; reason: string };

/** Organisation ids by the stored code of their division. */
export async function organisationsByDivision(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: organisations.id, divisionCode: organisations.divisionCode }).from(organisations);
  return new Map(rows.map((o) => [o.divisionCode, o.id]));
}

/** The organisation responsible for a task at `place`: the division's own, else its city's (docs/verification.md §Divisions). */
export function organisationFor(byDivision: ReadonlyMap<string, number>, place: Located): number | null {
  return byDivision.get(place.divisionCode) ?? byDivision.get(place.cityCode) ?? null;
}

/**
 * Inserts `tasks` of `kind` inside `tx`, skipping any whose `(kind, sourceId)` is already a task,
 * each with its `import` step by `actor` (note: `note`) and, when the kind dispatches
 * automatically, a `dispatch` step by the system. Answers the ids created, by sourceId.
 */
export async function insertTasks(
  tx: Db,
  now: Date,
  kind: VerificationKind,
  actor: Actor,
  note: string | null,
  tasks: readonly NewTask[],
): Promise<Map<string, number>> {
  const orgOf = await organisationsByDivision(tx);
  const created = new Map<string, number>();
  for (let i = 0; i < tasks.length; i += CHUNK) {
    const values = tasks.slice(i, i + CHUNK).map(({ place, ...task }) => ({
      ...task,
      kind: kind.code,
      divisionCode: place.divisionCode,
      organisationId: organisationFor(orgOf, place),
      status: kind.autoDispatch ? ('dispatched' as const) : ('pending' as const),
      createdAt: now,
      ...(kind.autoDispatch ? { dispatchedAt: now, deadlineAt: new Date(now.getTime() + kind.deadlineHours * HOUR_MS) } : {}),
    }));
    const inserted = await tx
      .insert(t)
      .values(values)
      .onConflictDoNothing({ target: [t.kind, t.sourceId] })
      .returning({ id: t.id, sourceId: t.sourceId });
    for (const row of inserted) created.set(row.sourceId, row.id);
  }
  const steps = [...created.values()].flatMap((taskId) => [
    { taskId, action: 'import' as const, status: 'pending' as const, at: now, actorId: actor.id, actorAccount: actor.account, note },
    ...(kind.autoDispatch
      ? [{ taskId, action: 'dispatch' as const, status: 'dispatched' as const, at: now, actorId: null, actorAccount: SYSTEM_ACTOR.account, note: null }]
      : []),
  ]);
  for (let i = 0; i < steps.length; i += CHUNK) await tx.insert(verificationSteps).values(steps.slice(i, i + CHUNK));
  return created;
}

/** The ids of the tasks of `kind` with these source ids, by sourceId. */
async function existingTasks(tx: Db, kind: string, sourceIds: readonly string[]): Promise<Map<string, number>> {
  const existing = new Map<string, number>();
  for (let i = 0; i < sourceIds.length; i += CHUNK) {
    const found = await tx
      .select({ id: t.id, sourceId: t.sourceId })
      .from(t)
      .where(and(eq(t.kind, kind), inArray(t.sourceId, sourceIds.slice(i, i + CHUNK))));
    for (const row of found) existing.set(row.sourceId, row.id);
  }
  return existing;
}

export interface ImportOptions {
  /** the kind of the tasks */
  kind: string;
  /** names the file in the import steps and the audit row */
  file: string;
  /** every row of the file, read */
  rows: readonly SourceRow[];
  /** why a row repeating an earlier row of the file is a duplicate, e.g. `the same detection as line 2` */
  repeats: (firstLine: number) => string;
}

/**
 * Imports the rows of one file as `acting`, in one transaction: the tasks not yet known, their
 * steps, and one audit row `verification.import` with the counts. Answers the counts and every
 * created, duplicate or rejected row (rows outside the province are only counted), by line. The
 * caller has checked who may import.
 */
export async function importRows(
  db: Db,
  now: Date,
  acting: UserActing,
  { kind: kindCode, file, rows, repeats: repeatReason }: ImportOptions,
): Promise<ImportResult> {
  const items: ImportItem[] = [];
  let outside = 0;
  const firstOf = new Map<string, { line: number; task: NewTask }>();
  const repeats: { line: number; task: NewTask }[] = [];
  for (const row of rows) {
    if ('reason' in row) items.push({ line: row.line, status: 'rejected', divisionCode: null, taskId: null, reason: row.reason });
    else if ('outside' in row) outside++;
    else if (firstOf.has(row.task.sourceId)) repeats.push(row);
    else firstOf.set(row.task.sourceId, row);
  }

  const { created, existing } = await inTransaction(db, async (tx) => {
    const kind = await kindOf(tx, kindCode);
    const created = await insertTasks(
      tx,
      now,
      kind,
      acting.actor,
      file,
      [...firstOf.values()].map((c) => c.task),
    );
    // the tasks the other rows duplicate
    const others = [...firstOf.keys()].filter((id) => !created.has(id));
    const existing = await existingTasks(tx, kindCode, others);
    const counts = { created: created.size, duplicate: others.length + repeats.length, outside, rejected: items.length };
    await audit(tx, {
      actor: acting.actor,
      ip: acting.ip,
      action: 'verification.import',
      entityType: 'verification_task',
      entityId: null,
      after: { kind: kindCode, file, ...counts },
    });
    return { created, existing };
  });

  const taskOf = (sourceId: string) => created.get(sourceId) ?? existing.get(sourceId) ?? null;
  for (const c of firstOf.values()) {
    const createdId = created.get(c.task.sourceId);
    items.push({
      line: c.line,
      status: createdId ? 'created' : 'duplicate',
      divisionCode: sixDigit(c.task.place.divisionCode),
      taskId: taskOf(c.task.sourceId),
      reason: null,
    });
  }
  for (const c of repeats) {
    const first = firstOf.get(c.task.sourceId)!;
    items.push({
      line: c.line,
      status: 'duplicate',
      divisionCode: sixDigit(c.task.place.divisionCode),
      taskId: taskOf(c.task.sourceId),
      reason: repeatReason(first.line),
    });
  }
  items.sort((a, b) => a.line - b.line);
  const count = (status: ImportItem['status']) => items.filter((item) => item.status === status).length;
  return { created: count('created'), duplicate: count('duplicate'), outside, rejected: count('rejected'), items };
}
