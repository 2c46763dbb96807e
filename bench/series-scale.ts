/**
 * The partitioned Observations at scale (issue 12 items 3 and 7; docs/scale-out.md §Partitioned
 * observations), each figure printed beside its limit:
 * - `GET /api/sensing/datastreams/:id/series`, 7 days hourly, p50/p99 of 1000 requests (of 100,
 *   the p99 would be the slowest one), with 1 M and 10 M Observations in the table (limit: p99 ≤ 20 ms);
 * - ingestion through `POST /api/sensing/observations` in batches of 1000 (sequential requests, one
 *   station's key) beside a raw multi-row `insert` of 1000 rows into the same table on the same
 *   connection pool (limit: the API at ≥ 0.5 of the raw insert).
 * The server runs in this process (buildApp, as main.ts builds it, listening on a free port) so the
 * table can be filled by SQL beside it: 1-minute values of 20 Datastreams of the bundled stations,
 * going back from now (10 M: about 11 months, so about a dozen monthly partitions), the hourly
 * roll-up kept by its triggers as for any write.
 *
 * PostgreSQL: a database created for the run on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped after it, at BENCH_SCALE_ROWS (default
 * `1000000,10000000`); BENCH_PG=0 skips it. PGlite: a temp folder, at BENCH_SCALE_PGLITE_ROWS
 * (default the same: about a minute and a half at 10 M). `node --import tsx bench/series-scale.ts` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
// biome-ignore lint/correctness/noUndeclaredDependencies: the server workspace's own (apps/server), whose database handle this bench writes through
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app';
import { type Database, loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import { maintainObservationPartitions } from '../apps/server/src/db/partitions';
import { thingKeys } from '../apps/server/src/db/schema';
import { rowsOf } from '../apps/server/src/lib/sql-rows';
import { hashKey, KEY_PREFIX_LENGTH, newKey } from '../apps/server/src/modules/things/device-keys';
import { loadBundledData } from '../apps/server/src/seed/load-bundled-data';
import { getJson } from './get-json';

const MINUTE = 60_000;
/** issue 12 item 3: the 7-day series with 10 M Observations */
const SERIES_P99_LIMIT_MS = 20;
/** issue 12 item 7: ingestion through the API beside a raw insert */
const INGEST_RATIO_AIM = 0.5;
const STREAMS = 20;
const BATCH = 1000;
const BATCHES = 20;
/** rows per fill statement (one Datastream, consecutive minutes) */
const FILL_CHUNK = 50_000;

const sizes = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map((s) => Number(s.replaceAll('_', '').trim())) : fallback);

interface SeriesFigure {
  rows: number;
  partitions: number;
  buckets: number;
  p50: number;
  p99: number;
}

/** nearest rank: the smallest value with at least `p` of the values at or below it */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)]!;
}

/** The non-AQI Datastreams of the bundled stations, `STREAMS` of them, and one station with its own. */
async function pickStreams(db: Db): Promise<{ fill: number[]; station: { thingId: number; streams: number[] } }> {
  const rows = rowsOf<{ id: number; thing_id: number }>(
    await db.execute(sql`select d.id, d.thing_id from datastreams d join things t on t.id = d.thing_id
      where t.kind = 'air_quality_station' and d.observed_property_code <> 'aqi' order by d.thing_id, d.id`),
  );
  const thingId = rows[0]!.thing_id;
  return { fill: rows.slice(0, STREAMS).map((r) => r.id), station: { thingId, streams: rows.filter((r) => r.thing_id === thingId).map((r) => r.id) } };
}

/** The monthly partitions from `fromMs` to `toMs` (a probe row per month of an empty Datastream, then the upkeep gives each its partition). */
async function ensureMonths(db: Db, stream: number, fromMs: number, toMs: number): Promise<void> {
  for (let t = fromMs; t <= toMs + 31 * 24 * 60 * MINUTE; t += 27 * 24 * 60 * MINUTE) {
    const at = new Date(Math.min(t, toMs)).toISOString();
    await db.execute(sql`insert into observations (datastream_id, phenomenon_time, result) values (${stream}, ${at}::timestamptz, 1) on conflict do nothing`);
  }
  await maintainObservationPartitions(db, new Date(), null);
  // the partitions stay; the probes go, so the measurements below find the minutes free
  await db.execute(sql`delete from observations where datastream_id = ${stream}`);
}

async function push(baseUrl: string, key: string, observations: unknown[]): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sensing/observations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ observations }),
  });
  const body = (await response.json()) as { success: boolean; data?: { accepted: number } };
  if (!body.success || body.data?.accepted !== observations.length) throw new Error(`push failed: ${JSON.stringify(body).slice(0, 300)}`);
}

/** Observations per second: the API (batches of 1000) and a raw multi-row insert, each into minutes of its own. */
async function measureIngest(db: Db, baseUrl: string, station: { thingId: number; streams: number[] }, end: number) {
  const key = newKey();
  await db.insert(thingKeys).values({ thingId: station.thingId, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH) });
  let minute = 0;
  const batch = () =>
    Array.from({ length: BATCH }, (_, i) => {
      const at = end - (minute + Math.floor(i / station.streams.length)) * MINUTE;
      if (i === BATCH - 1) minute += Math.ceil(BATCH / station.streams.length);
      return { datastreamId: station.streams[i % station.streams.length]!, at, result: 20 + ((minute + i) % 97) };
    });
  const viaApi = async () =>
    push(
      baseUrl,
      key,
      batch().map((o) => ({ datastreamId: o.datastreamId, phenomenonTime: new Date(o.at).toISOString(), result: o.result })),
    );
  const raw = async () => {
    const values = batch().map((o) => sql`(${o.datastreamId}::int, ${new Date(o.at).toISOString()}::timestamptz, ${o.result}::float8)`);
    await db.execute(sql`insert into observations (datastream_id, phenomenon_time, result) values ${sql.join(values, sql`, `)}`);
  };
  const rate = async (once: () => Promise<void>) => {
    for (let b = 0; b < 3; b++) await once(); // warm-up: the first requests compile the server's code
    const started = performance.now();
    for (let b = 0; b < BATCHES; b++) await once();
    return (BATCHES * BATCH) / ((performance.now() - started) / 1000);
  };
  // alternated, so neither gets the quieter machine
  const api1 = await rate(viaApi);
  const raw1 = await rate(raw);
  const api2 = await rate(viaApi);
  const raw2 = await rate(raw);
  const apiPerSecond = (api1 + api2) / 2;
  const rawPerSecond = (raw1 + raw2) / 2;
  return { apiPerSecond, rawPerSecond, ratio: apiPerSecond / rawPerSecond, minutesUsed: minute };
}

/** Fills each stream with 1-minute values going back from `end` until the table holds about `target` rows. */
async function fillTo(db: Db, streams: number[], filled: number[], target: number, end: number, log: (line: string) => void): Promise<number> {
  const perStream = Math.ceil(target / streams.length);
  const started = performance.now();
  for (let s = 0; s < streams.length; s++) {
    while (filled[s]! < perStream) {
      const n = Math.min(FILL_CHUNK, perStream - filled[s]!);
      const newest = new Date(end - filled[s]! * MINUTE).toISOString();
      const oldest = new Date(end - (filled[s]! + n - 1) * MINUTE).toISOString();
      await db.execute(sql`insert into observations (datastream_id, phenomenon_time, result)
        select ${streams[s]!}::int, t, 20 + 30 * random() from generate_series(${oldest}::timestamptz, ${newest}::timestamptz, interval '1 minute') t
        on conflict do nothing`);
      filled[s] = filled[s]! + n;
    }
  }
  // vacuumed as autovacuum would leave them, so it does not start on the new rows during the measurement
  await db.execute(sql`vacuum (analyze) observations`);
  await db.execute(sql`vacuum (analyze) observation_hours`);
  const [{ n } = { n: 0 }] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from observations`));
  log(`  filled to ${Number(n).toLocaleString('en')} observations in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return Number(n);
}

async function measureSeries(db: Db, baseUrl: string, stream: number, end: number, rows: number): Promise<SeriesFigure> {
  // 7 days ending 3 h 17 min before the newest minute: whole hours from the roll-up, the partial ones at both ends from the rows
  const to = end - 197 * MINUTE;
  const url = `${baseUrl}/api/sensing/datastreams/${stream}/series?interval=hour&from=${encodeURIComponent(new Date(to - 7 * 24 * 60 * MINUTE).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
  const times: number[] = [];
  let buckets = 0;
  for (let i = 0; i < 1005; i++) {
    const t0 = performance.now();
    // once more on a failure: after a long fill the first request may get a kept-alive socket the server has closed
    const body = (await getJson(url).catch(() => getJson(url))) as { success: boolean; data: { buckets: unknown[] } };
    if (!body.success) throw new Error(`series failed: ${JSON.stringify(body).slice(0, 300)}`);
    if (i >= 5) times.push(performance.now() - t0);
    buckets = body.data.buckets.length;
  }
  times.sort((a, b) => a - b);
  const [{ n } = { n: 0 }] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from pg_inherits where inhparent = 'observations'::regclass`),
  );
  return { rows, partitions: Number(n), buckets, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** Runs the measurements on `database` (migrated and loaded here) at each of `targets` rows, printing as it goes. */
async function measureOn(name: string, database: Database, targets: number[]): Promise<void> {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'eco-bench-uploads-'));
  const handle = await openDatabase(database);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', UPLOADS_DIR: uploads }), oidcIssuer: null };
  const app = await buildApp({ config, database: handle });
  try {
    await loadBundledData(handle.db, config.dataDir);
    const baseUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    const { fill, station } = await pickStreams(handle.db);
    const end = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
    const deepest = Math.ceil(Math.max(...targets) / fill.length) + 100_000;
    await ensureMonths(handle.db, fill[0]!, end - deepest * MINUTE, end);

    console.log(`\nPartitioned observations (${name})`);
    // ingestion into the months just before the filled span's newest minute, on the nearly empty table
    const ingest = await measureIngest(handle.db, baseUrl, station, end);
    console.log(`  POST /api/sensing/observations, batches of ${BATCH}   ${ingest.apiPerSecond.toFixed(0)} observations/s`);
    console.log(`  raw multi-row insert of ${BATCH} rows          ${ingest.rawPerSecond.toFixed(0)} observations/s`);
    console.log(`  API / raw                               ${ingest.ratio.toFixed(2)}   (aim ≥ ${INGEST_RATIO_AIM})`);

    const filled = fill.map(() => 0);
    for (const target of targets) {
      const rows = await fillTo(handle.db, fill, filled, target, end - (ingest.minutesUsed * 2 + 60) * MINUTE, (line) => console.log(line));
      const s = await measureSeries(handle.db, baseUrl, fill[0]!, end - (ingest.minutesUsed * 2 + 60) * MINUTE, rows);
      console.log(
        `  series, 7 days hourly (${s.buckets} buckets), ${s.rows.toLocaleString('en')} observations in ${s.partitions} partitions: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms   (limit p99 ≤ ${SERIES_P99_LIMIT_MS} ms)`,
      );
    }
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  }
}

/** Both databases, as the file's comment says. */
export async function runSeriesScale(): Promise<void> {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eco-bench-scale-'));
  try {
    await measureOn(
      'PGlite',
      { kind: 'pglite', dir: path.join(pgliteDir, 'db'), postgis: false },
      sizes(process.env.BENCH_SCALE_PGLITE_ROWS, [1_000_000, 10_000_000]),
    );
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_PG === '0') return;
  const adminUrl = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `eco_bench_scale_${process.pid}`;
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await measureOn('PostgreSQL', { kind: 'postgres', url: url.toString() }, sizes(process.env.BENCH_SCALE_ROWS, [1_000_000, 10_000_000]));
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runSeriesScale();
