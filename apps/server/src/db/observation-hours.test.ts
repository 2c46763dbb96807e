/**
 * The hourly roll-up of Observations (migration 0005) follows every way of writing them: inserts
 * (duplicates skipped by ON CONFLICT add nothing), updates and deletes (the touched hours are
 * recomputed, emptied hours removed), truncation, and removing the Datastream (which also removes
 * its Observations, as the foreign key's cascade did before it was replaced by a trigger).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDatastream } from '../test/one-datastream';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { datastreams, observationHours, observations } from './schema';

describe('observation_hours', () => {
  let database: TestDatabase;
  let stream: number;
  const db = () => database.db;
  const at = (time: string) => new Date(`2024-05-01T${time}+08:00`);
  const rollUp = () =>
    db()
      .select({ hour: observationHours.hour, count: observationHours.count, sum: observationHours.sum, min: observationHours.min, max: observationHours.max })
      .from(observationHours)
      .where(eq(observationHours.datastreamId, stream))
      .orderBy(asc(observationHours.hour));

  beforeAll(async () => {
    database = await createTestDatabase();
    stream = await oneDatastream(db(), 'ROLLUP-1', '汇总测试');
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('adds inserted observations to their hour, and nothing for duplicates', async () => {
    await db()
      .insert(observations)
      .values([
        { datastreamId: stream, phenomenonTime: at('10:00:00'), result: 4 },
        { datastreamId: stream, phenomenonTime: at('10:59:59'), result: 8 },
        { datastreamId: stream, phenomenonTime: at('11:00:00'), result: 1 },
      ]);
    await db()
      .insert(observations)
      .values([
        { datastreamId: stream, phenomenonTime: at('10:00:00'), result: 100 },
        { datastreamId: stream, phenomenonTime: at('10:30:00'), result: -6 },
      ])
      .onConflictDoNothing();
    expect(await rollUp()).toEqual([
      { hour: at('10:00:00'), count: 3, sum: 6, min: -6, max: 8 },
      { hour: at('11:00:00'), count: 1, sum: 1, min: 1, max: 1 },
    ]);
  });

  it('recomputes the hours an update or a delete touches', async () => {
    await db()
      .update(observations)
      .set({ result: 20 })
      .where(eq(observations.phenomenonTime, at('10:30:00')));
    await db()
      .delete(observations)
      .where(eq(observations.phenomenonTime, at('11:00:00')));
    expect(await rollUp()).toEqual([{ hour: at('10:00:00'), count: 3, sum: 32, min: 4, max: 20 }]);
  });

  it('moves an observation whose time is changed to another hour', async () => {
    await db()
      .update(observations)
      .set({ phenomenonTime: at('12:15:00') })
      .where(eq(observations.phenomenonTime, at('10:59:59')));
    expect(await rollUp()).toEqual([
      { hour: at('10:00:00'), count: 2, sum: 24, min: 4, max: 20 },
      { hour: at('12:00:00'), count: 1, sum: 8, min: 8, max: 8 },
    ]);
  });

  it('is emptied with its observations: by truncation and by removing the Datastream', async () => {
    await db().execute(sql`truncate ${observations}`);
    expect(await rollUp()).toEqual([]);
    await db()
      .insert(observations)
      .values({ datastreamId: stream, phenomenonTime: at('09:00:00'), result: 3 });
    expect(await rollUp()).toHaveLength(1);
    await db().delete(datastreams).where(eq(datastreams.id, stream));
    expect(await db().select().from(observationHours).where(eq(observationHours.datastreamId, stream))).toEqual([]);
    // observations carry no foreign key (schema.ts): a trigger deletes them with their Datastream
    expect(await db().select().from(observations).where(eq(observations.datastreamId, stream))).toEqual([]);
  });
});
