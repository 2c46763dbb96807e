/**
 * What the verification work adds up to (docs/verification.md §Figures): statistics per kind and
 * city, the day's headline of each kind, and the open tasks for the public map.
 */
import { and, asc, desc, gte, lt, ne, sql } from 'drizzle-orm';
import type { PublicTask, Statistics, StatisticsRow, VerificationSummary } from '@eco/contracts/verification-figures';
import type { SignedInUser } from '../../auth/current-user';
import { scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { divisions, verificationKinds as k, verificationTasks as t } from '../../db/schema';
import { provinceDate, toIsoCst } from '../../lib/time';
import { sixDigit } from './locate';
import { scopeCondition } from './tasks';

/** The province's own 6-digit code (GB/T 2260), the total row of the statistics. */
const PROVINCE_CODE = '610000';
const DAY_MS = 86_400_000;

/** Kinds whose public positions are generalised to about 10 km: they may show where protected species or rangers are. */
const SENSITIVE_KINDS = new Set(['camera_trap', 'patrol']);

/** The first instant of the day `date` (`YYYY-MM-DD`) in China Standard Time. */
function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00+08:00`);
}

/** A raw time parameter: ISO 8601, cast (drivers differ in how they send a Date outside a column's mapping). */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

const overdueAt = (now: Date) => sql`${t.status} in ('dispatched', 'verifying') and ${t.deadlineAt} < ${at(now)}`;

/**
 * Per kind, one row per city (`level` county: per division the tasks lie in, county or city) with
 * tasks detected between `from` and `to` (CST dates, inclusive),
 * then the kind's total (`610000`), within `user`'s organisation scope; kinds in display order.
 */
export async function statistics(
  db: Db,
  now: Date,
  user: SignedInUser,
  query: { kind?: string; from?: string; to?: string; level?: 'city' | 'county' },
): Promise<Statistics> {
  // the length inline, not a parameter: PostgreSQL matches the grouped expression by its text, and
  // `left(code, $1)` in the select list is not `left(code, $2)` in GROUP BY
  const city = query.level === 'county' ? sql<string | null>`${t.divisionCode}` : sql<string | null>`left(${t.divisionCode}, ${sql.raw('4')})`;
  const where = and(
    scopeCondition(await scopeOf(db, user)),
    query.kind ? sql`${t.kind} = ${query.kind}` : undefined,
    query.from ? gte(t.detectedAt, startOfDay(query.from)) : undefined,
    query.to ? lt(t.detectedAt, new Date(startOfDay(query.to).getTime() + DAY_MS)) : undefined,
  );
  const rows = await db
    .select({
      kind: t.kind,
      city: sql<string | null>`case when grouping(${city}) = 1 then null else ${city} end`,
      found: sql<number>`count(*)::int`,
      dispatched: sql<number>`count(${t.dispatchedAt})::int`,
      fedBack: sql<number>`count(${t.feedbackAt})::int`,
      closed: sql<number>`count(${t.closedAt})::int`,
      overdue: sql<number>`(count(*) filter (where ${overdueAt(now)}))::int`,
      medianHours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${t.feedbackAt} - ${t.dispatchedAt})) filter (where ${t.feedbackAt} is not null and ${t.dispatchedAt} is not null) / 3600`,
    })
    .from(t)
    .where(where)
    .groupBy(sql`grouping sets ((${t.kind}, ${city}), (${t.kind}))`);
  const [kinds, names] = await Promise.all([
    db.select({ code: k.code }).from(k).orderBy(asc(k.sortOrder)),
    db.select({ code: divisions.code, name: divisions.name }).from(divisions),
  ]);
  const division = new Map(names.map((d) => [d.code, d]));
  // by code: a city's counties (610502 …) follow it (6105), the total (null) comes last
  const order = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b));
  const kindOrder = new Map(kinds.map((kind, i) => [kind.code, i]));
  rows.sort((a, b) => (kindOrder.get(a.kind) ?? 0) - (kindOrder.get(b.kind) ?? 0) || order(a.city, b.city));
  const province = names.find((d) => sixDigit(d.code) === PROVINCE_CODE);
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    rows: rows.map(
      (row): StatisticsRow => ({
        kind: row.kind,
        divisionCode: row.city === null ? PROVINCE_CODE : sixDigit(row.city),
        divisionName: row.city === null ? (province?.name ?? '') : (division.get(row.city)?.name ?? ''),
        found: row.found,
        dispatched: row.dispatched,
        fedBack: row.fedBack,
        closed: row.closed,
        overdue: row.overdue,
        medianHoursToFeedback: row.medianHours === null ? null : Math.round(Number(row.medianHours) * 10) / 10,
      }),
    ),
  };
}

/** Each kind's figures of today (China Standard Time, by the day the portal received the task) and its open tasks, province-wide. */
export async function summary(db: Db, now: Date): Promise<VerificationSummary> {
  const date = provinceDate(now);
  const today = sql`${t.createdAt} >= ${at(startOfDay(date))}`;
  const [kinds, counts] = await Promise.all([
    db.select({ code: k.code, zh: k.zh, en: k.en }).from(k).orderBy(asc(k.sortOrder)),
    db
      .select({
        kind: t.kind,
        today: sql<number>`(count(*) filter (where ${today}))::int`,
        todayFedBack: sql<number>`(count(${t.feedbackAt}) filter (where ${today}))::int`,
        todayOverdue: sql<number>`(count(*) filter (where ${today} and ${overdueAt(now)}))::int`,
        open: sql<number>`(count(*) filter (where ${t.status} <> 'closed'))::int`,
        overdue: sql<number>`(count(*) filter (where ${overdueAt(now)}))::int`,
      })
      .from(t)
      .groupBy(t.kind),
  ]);
  const byKind = new Map(counts.map((row) => [row.kind, row]));
  return {
    date,
    at: toIsoCst(now),
    kinds: kinds.map(({ code, zh, en }) => {
      const row = byKind.get(code);
      return {
        kind: code,
        zh,
        en,
        today: row?.today ?? 0,
        todayFedBack: row?.todayFedBack ?? 0,
        todayOverdue: row?.todayOverdue ?? 0,
        open: row?.open ?? 0,
        overdue: row?.overdue ?? 0,
      };
    }),
  };
}

/** The most tasks on the public map. */
export const PUBLIC_TASKS_MAX = 500;

/** Tasks not closed, newest detection first, positions rounded (docs/verification.md §Public figures). */
export async function publicTasks(db: Db, now: Date): Promise<PublicTask[]> {
  const rows = await db
    .select({
      id: t.id,
      kind: t.kind,
      status: t.status,
      longitude: t.longitude,
      latitude: t.latitude,
      detectedAt: t.detectedAt,
      deadlineAt: t.deadlineAt,
      cityName: divisions.name,
    })
    .from(t)
    .leftJoin(divisions, sql`${divisions.code} = left(${t.divisionCode}, 4)`)
    .where(ne(t.status, 'closed'))
    .orderBy(desc(t.detectedAt), desc(t.id))
    .limit(PUBLIC_TASKS_MAX);
  return rows.map((row) => {
    const precision = SENSITIVE_KINDS.has(row.kind) ? 1 : 2;
    const round = (value: number) => Number(value.toFixed(precision));
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      longitude: round(row.longitude),
      latitude: round(row.latitude),
      precision,
      detectedAt: toIsoCst(row.detectedAt),
      cityName: row.cityName ?? '',
      overdue: (row.status === 'dispatched' || row.status === 'verifying') && row.deadlineAt !== null && row.deadlineAt < now,
    };
  });
}
