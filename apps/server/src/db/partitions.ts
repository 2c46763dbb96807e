/**
 * Upkeep of the monthly partitions of `observations` (migration 0012; docs/scale-out.md
 * §Partitioned observations). Months are those of UTC+08:00, as the roll-up's hours: partition
 * `observations_2026_11` holds phenomenon times in [2026-11-01 00:00+08, 2026-12-01 00:00+08).
 *
 * A row whose month has no partition lands in `observations_default`, so no write ever fails for
 * want of one; each run of {@link maintainObservationPartitions}
 * 1. creates the partitions of the current month and the next {@link MONTHS_AHEAD},
 * 2. gives every month found in the default partition its own partition, moving its rows there,
 * 3. with a retention of N months, drops the partitions of months that ended more than N whole
 *    months before the current one (and deletes such rows from the default partition).
 * Rows move and partitions go at the partition level, which fires none of the statement triggers
 * of `observations`: the hourly roll-up (`observation_hours`) is untouched, and keeps the history
 * of the months dropped.
 *
 * New partitions are made as plain tables and then attached, which locks `observations` only in
 * SHARE UPDATE EXCLUSIVE mode (reads and writes go on); the default partition, which attaching
 * must scan, is locked meanwhile (ACCESS EXCLUSIVE), for as long as moving its rows takes.
 * Dropping a partition locks `observations` (ACCESS EXCLUSIVE) for a moment. Every lock is waited
 * for at most {@link LOCK_TIMEOUT}; a run that cannot have them gives up and the next one retries.
 * Several server processes on one PostgreSQL: one run at a time (an advisory lock; the others skip).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/sql-rows';
import { type Db, inTransaction } from './client';

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 3;
/** How often a running server repeats the upkeep: hourly, so a month observed gets its partition within the hour. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** The longest a run waits for a table lock before giving up until next time (readers queue behind a waiting lock). */
const LOCK_TIMEOUT = '2s';
/** pg_try_advisory_xact_lock key: one upkeep at a time across the server processes on one database */
const MAINTENANCE_LOCK_KEY = 7_320_2612;
const OFFSET_MS = 8 * 60 * 60 * 1000;
const NAME = /^observations_(\d{4})_(\d{2})$/;

/** A month as a count of months since year 0 (UTC+08:00 calendar). */
type Month = number;

function monthOf(instant: Date): Month {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return local.getUTCFullYear() * 12 + local.getUTCMonth();
}

/** 00:00 UTC+08:00 on the first day of `month`. */
export function monthStart(month: Month): Date {
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, 1) - OFFSET_MS);
}

/** `observations_YYYY_MM`: the partition holding `month`. */
export function partitionName(month: Month): string {
  return `observations_${Math.floor(month / 12)}_${String((month % 12) + 1).padStart(2, '0')}`;
}

/** What one run did: partitions created and dropped (by name), rows moved out of or deleted from the default partition. */
export interface PartitionUpkeep {
  created: string[];
  dropped: string[];
  moved: number;
  deleted: number;
  /** false when another process was running the upkeep (nothing done) */
  ran: boolean;
}

/**
 * One run of the upkeep (see the file's comment), at `now`, keeping `retentionMonths` whole
 * months before the current one (null: keep everything). Throws when a lock could not be had
 * within {@link LOCK_TIMEOUT} or the database refuses (nothing is changed then: one transaction).
 */
export async function maintainObservationPartitions(db: Db, now: Date, retentionMonths: number | null): Promise<PartitionUpkeep> {
  const done: PartitionUpkeep = { created: [], dropped: [], moved: 0, deleted: 0, ran: false };
  return inTransaction(db, async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_KEY}) as ok`));
    if (!lock?.ok) return done;
    done.ran = true;
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    const existing = new Set(
      rowsOf<{ name: string }>(
        await tx.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'public.observations'::regclass`),
      )
        .map((r) => NAME.exec(r.name))
        .filter((m) => m !== null)
        .map((m) => Number(m[1]) * 12 + Number(m[2]) - 1),
    );
    const current = monthOf(now);
    const oldestKept = retentionMonths === null ? null : current - retentionMonths;
    const inDefault = rowsOf<{ month: string | Date }>(
      await tx.execute(sql`select distinct date_trunc('month', phenomenon_time at time zone interval '+08:00')::text as month
        from observations_default`),
    ).map((r) => {
      const [y, m] = String(r.month).split('-').map(Number);
      return y! * 12 + m! - 1;
    });
    if (oldestKept !== null && inDefault.some((m) => m < oldestKept)) {
      const deleted = await tx.execute(sql`delete from observations_default where phenomenon_time < ${monthStart(oldestKept).toISOString()}::timestamptz`);
      done.deleted = affected(deleted);
    }
    const wanted = new Set<Month>(inDefault.filter((m) => oldestKept === null || m >= oldestKept));
    for (let k = 0; k <= MONTHS_AHEAD; k++) wanted.add(current + k);
    for (const month of [...wanted].sort((a, b) => a - b)) {
      if (existing.has(month)) continue;
      const name = partitionName(month);
      const from = monthStart(month).toISOString();
      const to = monthStart(month + 1).toISOString();
      // a plain table with the parent's columns and CHECK constraints; attaching adds the indexes
      await tx.execute(sql.raw(`create table ${name} (like observations including defaults including constraints)`));
      if (inDefault.includes(month)) {
        await tx.execute(sql.raw('lock table observations_default in access exclusive mode'));
        const moved = await tx.execute(
          sql.raw(`with gone as (delete from observations_default where phenomenon_time >= '${from}' and phenomenon_time < '${to}' returning *)
            insert into ${name} select * from gone`),
        );
        done.moved += affected(moved);
      }
      await tx.execute(sql.raw(`alter table observations attach partition ${name} for values from ('${from}') to ('${to}')`));
      done.created.push(name);
    }
    if (oldestKept !== null) {
      for (const month of [...existing].sort((a, b) => a - b)) {
        if (month >= oldestKept) continue;
        const name = partitionName(month);
        await tx.execute(sql.raw(`drop table ${name}`));
        done.dropped.push(name);
      }
    }
    return done;
  });
}

/** The number of rows a statement touched, whichever driver ran it. */
function affected(result: unknown): number {
  const r = result as { count?: number; affectedRows?: number };
  return Number(r.count ?? r.affectedRows ?? 0);
}

/**
 * Runs the upkeep now (awaited: start-up says what it did through `log`) and then every
 * {@link MAINTENANCE_INTERVAL_MS} (a timer that keeps no process alive). A failed run is one line
 * through `log`, never a failed start: the default partition takes whatever has no partition yet.
 * `now` is the clock (tests pass their own).
 */
export async function startPartitionMaintenance(
  db: Db,
  retentionMonths: number | null,
  log: (line: string) => void,
  now: () => Date = () => new Date(),
): Promise<{ stop(): void }> {
  const run = async () => {
    try {
      const r = await maintainObservationPartitions(db, now(), retentionMonths);
      const parts = [
        r.created.length > 0 ? `created ${r.created.join(', ')}` : '',
        r.moved > 0 ? `moved ${r.moved} rows out of observations_default` : '',
        r.dropped.length > 0 ? `dropped ${r.dropped.join(', ')} (OBSERVATIONS_RETENTION_MONTHS=${retentionMonths})` : '',
        r.deleted > 0 ? `deleted ${r.deleted} rows older than the retention from observations_default` : '',
      ].filter(Boolean);
      if (parts.length > 0) log(`observation partitions: ${parts.join('; ')}`);
    } catch (error) {
      log(`observation partitions: upkeep failed, retried in an hour: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
