/**
 * Migration 0012 on an installation that already holds Observations (migrated by 0000–0011, as a
 * portal released before it): every Observation keeps its id,
 * Datastream, time and result, the roll-up and a portal series read the same, every month gets
 * its partition, and the next id continues after the last one ever given (a deleted row's id is
 * not handed out again).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../config';
import { rowsOf } from '../lib/sql-rows';
import { aggregatedSeries } from '../modules/sensing/read';
import { adminUrl, databaseUrl, withAdmin } from '../test/database-templates';
import { makeTempDir, removeTempDir, TEST_DB_KIND } from '../test/test-database';
import { type Db, openDatabase } from './client';
import * as schema from './schema';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const tmp = makeTempDir('eco-partition-migration-');
let dropDatabase = async () => {};

afterAll(async () => {
  await dropDatabase();
  removeTempDir(tmp);
});

/** A copy of the migrations folder holding those before `tag` only. */
function migrationsBefore(tag: string): string {
  const dir = path.join(tmp, 'migrations');
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo);
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/** An empty database of the kind the suite runs on, migrated by `migrations` only, open. */
async function openOld(migrations: string): Promise<{ location: Database; db: Db; close(): Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    const dir = path.join(tmp, 'db');
    const client = await PGlite.create(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrations });
    return { location: { kind: 'pglite', dir, postgis: false }, db: db as unknown as Db, close: () => client.close() };
  }
  const name = `eco_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl(), (admin) => admin.unsafe(`create database ${name}`));
  dropDatabase = () => withAdmin(adminUrl(), async (admin) => void (await admin.unsafe(`drop database if exists ${name} with (force)`)));
  const url = databaseUrl(adminUrl(), name);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  await migratePostgres(db, { migrationsFolder: migrations });
  return { location: { kind: 'postgres', url }, db: db as unknown as Db, close: () => client.end({ timeout: 5 }) };
}

/** What a user or client could tell apart: every Observation, the roll-up, the id sequence. */
async function fingerprint(db: Db) {
  const [obs] = rowsOf<{ n: string | number; digest: string; max: string | number }>(
    await db.execute(sql`select count(*) as n, max(id) as max, md5(string_agg(concat_ws('|', id, datastream_id,
        extract(epoch from phenomenon_time), extract(epoch from result_time), result, result_json, quality, parameters, feature_of_interest_id), ',' order by id)) as digest
      from observations`),
  );
  const [hours] = rowsOf<{ n: string | number; digest: string }>(
    await db.execute(sql`select count(*) as n, md5(string_agg(concat_ws('|', datastream_id, extract(epoch from hour), count, sum, min, max), ',' order by datastream_id, hour)) as digest
      from observation_hours`),
  );
  return { observations: { n: Number(obs!.n), max: Number(obs!.max), digest: obs!.digest }, hours: { n: Number(hours!.n), digest: hours!.digest } };
}

it('moves every Observation of an existing installation into the partitioned table, ids and all', async () => {
  const old = await openOld(migrationsBefore('0012_observations_partitioned'));
  let before: Awaited<ReturnType<typeof fingerprint>>;
  let series: Awaited<ReturnType<typeof aggregatedSeries>>;
  let stream: number;
  let goneId: number;
  try {
    // two Datastreams, a reading every 20 minutes from mid-September to mid-November 2026 (three
    // months, UTC+08:00), the second one's results not numbers (result_json)
    await old.db.execute(
      sql`insert into observed_properties (code, name_zh, name_en, unit, description) values ('no2', '二氧化氮', 'NO₂', 'µg/m³', ''), ('state', '状态', 'State', '', '')`,
    );
    const [thing] = rowsOf<{ id: number }>(
      await old.db.execute(sql`insert into things (code, kind, name) values ('MIG-1', 'sensor_mast', '迁移') returning id`),
    );
    const [a] = rowsOf<{ id: number }>(
      await old.db.execute(sql`insert into datastreams (thing_id, observed_property_code) values (${thing!.id}, 'no2') returning id`),
    );
    const [b] = rowsOf<{ id: number }>(
      await old.db.execute(sql`insert into datastreams (thing_id, observed_property_code, observation_type) values (${thing!.id}, 'state',
      'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Observation') returning id`),
    );
    await old.db.execute(sql`insert into observations (datastream_id, phenomenon_time, result, result_json, quality, parameters)
      select ${a!.id}::int, t, 20 + 10 * sin(extract(epoch from t) / 7200), null, case when extract(minute from t) = 0 then 'valid' end, null::jsonb
      from generate_series('2026-09-14 00:00+08'::timestamptz, '2026-11-14 00:00+08', interval '20 minutes') t
      union all
      select ${b!.id}::int, t, null, jsonb_build_object('state', 'ok'), null, jsonb_build_object('n', extract(hour from t))
      from generate_series('2026-09-30 23:00+08'::timestamptz, '2026-10-01 01:00+08', interval '20 minutes') t`);
    // the newest row goes: its id was given once and must not be given again
    const [gone] = rowsOf<{ id: string | number }>(
      await old.db.execute(sql`delete from observations where id = (select max(id) from observations) returning id`),
    );
    const [busiest] = rowsOf<{ id: number }>(await old.db.execute(sql`select datastream_id as id from observations group by 1 order by count(*) desc limit 1`));
    stream = busiest!.id;
    before = await fingerprint(old.db);
    expect(before.observations.n).toBeGreaterThan(1000);
    goneId = Number(gone!.id);
    expect(goneId).toBeGreaterThan(before.observations.max);
    series = await aggregatedSeries(old.db, stream, { interval: 'hour' });
    expect(series.buckets.length).toBeGreaterThan(24);
  } finally {
    await old.close();
  }

  const migrated = await openDatabase(old.location);
  try {
    const db = migrated.db;
    expect(await fingerprint(db)).toEqual(before);
    expect(await aggregatedSeries(db, stream, { interval: 'hour' })).toEqual(series);
    const [table] = rowsOf<{ kind: string }>(await db.execute(sql`select relkind as kind from pg_class where oid = 'observations'::regclass`));
    expect(table!.kind).toBe('p');
    // every month held rows got its partition: none waits in the default one
    const [waiting] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from observations_default`));
    expect(Number(waiting!.n)).toBe(0);
    const [next] = rowsOf<{ id: string | number }>(
      await db.execute(sql`insert into observations (datastream_id, phenomenon_time, result) values (${stream}, now(), 1) returning id`),
    );
    expect(Number(next!.id)).toBe(goneId + 1);
  } finally {
    await migrated.close();
  }
});
