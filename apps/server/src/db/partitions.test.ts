/**
 * Observations partitioned by month (migration 0012, db/partitions.ts): a month without its
 * partition is stored (default partition) and gets its partition at the next upkeep, rows and ids
 * unchanged; retention drops whole old months only when set, and the hourly roll-up keeps their
 * history; a 7-day series reads only the partitions of its 7 days.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql-rows';
import { oneDatastream } from '../test/one-datastream';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { MONTHS_AHEAD, maintainObservationPartitions } from './partitions';
import { observationHours, observations } from './schema';

/** the instant `local` names in UTC+08:00 (`2031-05-31T23:30`) */
const cst = (local: string) => new Date(`${local}:00+08:00`);
const NOW = cst('2026-11-24T10:00');

describe('observation partitions', () => {
  let database: TestDatabase;
  let stream: number;
  const db = () => database.db;

  /** partition name → rows in it, for the Observations of the test's Datastream */
  const whereRowsLive = async () =>
    Object.fromEntries(
      rowsOf<{ part: string; n: number | string }>(
        await db().execute(sql`select tableoid::regclass::text as part, count(*) as n from ${observations}
          where datastream_id = ${stream} group by 1 order by 1`),
      ).map((r) => [r.part, Number(r.n)]),
    );
  const partitions = async () =>
    rowsOf<{ name: string }>(
      await db().execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'observations'::regclass order by 1`),
    ).map((r) => r.name);
  const stored = () =>
    db()
      .select({ id: observations.id, time: observations.phenomenonTime, result: observations.result })
      .from(observations)
      .where(eq(observations.datastreamId, stream))
      .orderBy(asc(observations.id));
  const hours = () =>
    db()
      .select({ hour: observationHours.hour, count: observationHours.count, sum: observationHours.sum })
      .from(observationHours)
      .where(eq(observationHours.datastreamId, stream))
      .orderBy(asc(observationHours.hour));

  beforeAll(async () => {
    database = await createTestDatabase();
    stream = await oneDatastream(db(), 'PART-1', '分区测试');
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('stores a month without its partition, and gives it its partition at the next upkeep', async () => {
    await db()
      .insert(observations)
      .values([
        // the last half hour of May and the first of June in UTC+08:00: two months, not one
        { datastreamId: stream, phenomenonTime: cst('2031-05-31T23:30'), result: 3 },
        { datastreamId: stream, phenomenonTime: cst('2031-06-01T00:00'), result: 5 },
      ]);
    expect(await whereRowsLive()).toEqual({ observations_default: 2 });
    const before = { rows: await stored(), hours: await hours() };

    const upkeep = await maintainObservationPartitions(db(), NOW, null);
    expect(upkeep.created).toEqual(expect.arrayContaining(['observations_2031_05', 'observations_2031_06']));
    expect(upkeep.moved).toBe(2);
    expect(await whereRowsLive()).toEqual({ observations_2031_05: 1, observations_2031_06: 1 });
    // the same rows under the same ids, the roll-up as it was, and the months ahead made
    expect({ rows: await stored(), hours: await hours() }).toEqual(before);
    expect(MONTHS_AHEAD).toBe(3);
    expect(await partitions()).toEqual(
      expect.arrayContaining(['observations_2026_11', 'observations_2026_12', 'observations_2027_01', 'observations_2027_02']),
    );
    // a second run finds nothing to do; new rows of those months go straight to their partitions
    expect(await maintainObservationPartitions(db(), NOW, null)).toMatchObject({ created: [], moved: 0, dropped: [] });
    await db()
      .insert(observations)
      .values({ datastreamId: stream, phenomenonTime: cst('2031-05-02T08:00'), result: 1 });
    expect(await whereRowsLive()).toEqual({ observations_2031_05: 2, observations_2031_06: 1 });
    await db().delete(observations).where(eq(observations.datastreamId, stream));
  });

  it('drops whole old months only when a retention is set, keeping their hours in the roll-up', async () => {
    await maintainObservationPartitions(db(), NOW, null);
    await db()
      .insert(observations)
      .values([
        { datastreamId: stream, phenomenonTime: cst('2024-01-15T09:10'), result: 7 },
        { datastreamId: stream, phenomenonTime: cst('2025-10-31T23:59'), result: 9 },
        { datastreamId: stream, phenomenonTime: cst('2025-11-01T00:00'), result: 2 },
        { datastreamId: stream, phenomenonTime: cst('2026-11-20T12:00'), result: 4 },
      ]);
    expect(await maintainObservationPartitions(db(), NOW, null)).toMatchObject({ dropped: [], deleted: 0 });
    expect(await stored()).toHaveLength(4);
    const rolledUp = await hours();
    expect(rolledUp).toHaveLength(4);

    // 12 months: November 2025 to October 2026 whole, and the current November
    const upkeep = await maintainObservationPartitions(db(), NOW, 12);
    expect(upkeep.dropped).toEqual(['observations_2024_01', 'observations_2025_10']);
    expect((await stored()).map((r) => r.time)).toEqual([cst('2025-11-01T00:00'), cst('2026-11-20T12:00')]);
    expect(await hours()).toEqual(rolledUp);
    expect(await partitions()).not.toContain('observations_2025_10');

    // a row older than the retention, arriving later, goes at the next upkeep without a partition made for it
    await db()
      .insert(observations)
      .values({ datastreamId: stream, phenomenonTime: cst('2023-03-03T03:00'), result: 1 });
    expect(await maintainObservationPartitions(db(), NOW, 12)).toMatchObject({ created: [], deleted: 1 });
    expect(await stored()).toHaveLength(2);
    expect(await hours()).toHaveLength(5);
  });

  it('reads only the partitions of its 7 days for a series', async () => {
    // what the series query (modules/sensing/read.ts aggregatedSeries, from and to given) reads of
    // the Observations: the partial hours at both ends of 7 days across the end of October (whole
    // hours come from the roll-up)
    await db()
      .insert(observations)
      .values({ datastreamId: stream, phenomenonTime: cst('2026-10-15T08:00'), result: 1 });
    await maintainObservationPartitions(db(), NOW, null);
    const from = cst('2026-10-28T10:20');
    const to = cst('2026-11-04T10:20');
    const plan = rowsOf<{ 'QUERY PLAN': unknown }>(
      await db().execute(sql`explain (format json) select date_bin('1 hour', phenomenon_time, '2000-01-01 00:00:00+08'::timestamptz), result
        from ${observations} where datastream_id = ${stream}
          and ((phenomenon_time >= ${from.toISOString()}::timestamptz and phenomenon_time < ${cst('2026-10-28T11:00').toISOString()}::timestamptz)
            or (phenomenon_time >= ${cst('2026-11-04T10:00').toISOString()}::timestamptz and phenomenon_time <= ${to.toISOString()}::timestamptz))`),
    )[0]!['QUERY PLAN'];
    const relations = [...JSON.stringify(plan).matchAll(/"Relation Name":\s*"([^"]+)"/g)].map((m) => m[1]);
    expect((await partitions()).length).toBeGreaterThan(5);
    expect([...new Set(relations)].sort()).toEqual(['observations_2026_10', 'observations_2026_11']);
  });
});
