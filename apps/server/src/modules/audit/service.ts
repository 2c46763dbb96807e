/**
 * The audit log: every write, every sign-in and failed sign-in. `audit(tx, …)` is called inside
 * the transaction of the change it records, so the row and the change are committed together or
 * not at all.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntityType, AuditEntry } from '@eco/contracts/audit';
import type { Page } from '@eco/contracts/envelope';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { toIsoCst } from '../../lib/time';

/** Who did it: a user, or someone who is not one (a failed sign-in of an unknown account, the system). */
export interface Actor {
  id: number | null;
  /** the account then (or as typed, for a failed sign-in) */
  account: string;
}

/** The actor of changes made at start-up or from the command line. */
export const SYSTEM_ACTOR: Actor = { id: null, account: 'system' };

/** The address recorded for changes made at start-up or from the command line. */
export const LOCAL_ADDRESS = 'local';

export interface AuditRecord {
  actor: Actor;
  /** the client's address (request.ip: X-Forwarded-For only with TRUST_PROXY) */
  ip: string;
  /** dotted verb: `session.sign_in`, `user.create`, `site.update` … (the list: @eco/contracts/audit) */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  /** the changed fields before and after; never a password, a hash or a secret */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit row with `tx`: the transaction of the change it records. */
export async function audit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor.id,
    actorAccount: record.actor.account,
    ip: record.ip,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId === null ? null : String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** The fields of `after` that differ from `before`, as two summaries; null when nothing changed. */
export function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined || JSON.stringify(after[key]) === JSON.stringify(before[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

export interface AuditQuery {
  action?: string;
  /** the actor's account, ignoring case */
  actorAccount?: string;
  entityType?: string;
  /** from this time on (inclusive) */
  from?: string;
  /** before this time (exclusive) */
  to?: string;
}

function where(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actorAccount) conditions.push(sql`lower(${auditLog.actorAccount}) = ${query.actorAccount.toLowerCase()}`);
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type Row = typeof auditLog.$inferSelect;

function entryOf(row: Row): AuditEntry {
  return { ...row, at: toIsoCst(row.at) };
}

/** One page of the log, newest first. */
export async function listAudit(db: Db, query: AuditQuery & { page: number; pageSize: number }): Promise<Page<AuditEntry>> {
  const condition = where(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(condition),
  ]);
  return { items: rows.map(entryOf), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Every entry matching `query`, newest first, read `batch` rows at a time (keyset paging on
 * `(at, id)`), so an export of the whole log never holds it in memory.
 */
export async function* allAudit(db: Db, query: AuditQuery, batch = 1000): AsyncGenerator<AuditEntry> {
  let lastId: number | null = null;
  for (;;) {
    // compared with the stored time itself: it has microseconds, a JavaScript Date has not
    const position: SQL | undefined =
      lastId === null ? undefined : sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from ${auditLog} a where a.id = ${lastId})`;
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where(query), position))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(batch);
    for (const row of rows) yield entryOf(row);
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1]!.id;
  }
}
