/**
 * `npm run bench`: prints figures, asserts nothing. Starts the real server on a fresh PGlite
 * folder, then measures the cold load of /home (bytes beside the limit of issue 13 item 9), Lighthouse
 * mobile performance of the three public pages of bench/lighthouse.ts, the API's throughput on /api/site and the sensing
 * hub (ingestion, series); then the sensing hub again on a fresh PostgreSQL database created for
 * the run and dropped after it, and the public reads' crowd through nginx in front of two processes
 * on another (crowd-nginx.ts) (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres:
 * the server to create it on; BENCH_PG=0 skips it). BENCH_SERIES_ROWS: observations in the table
 * for the series query (default 1 000 000). BENCH_ONLY=sensing: the sensing hub's figures only;
 * BENCH_ONLY=first-load: the first-load figures only (/home's bytes, Lighthouse, GET /api/site), on PGlite.
 * Each server runs its MQTT broker on a free port, for ingestion over MQTT beside HTTP (mqtt-ingest.ts).
 */
import postgres from 'postgres';
import { measureApiSite } from './api-site';
import { printEventLatency } from './event-latency';
import { HOME_LOAD_LIMIT_BYTES, measureHomeLoad } from './home-load';
import { LIGHTHOUSE_LIMIT, measureLighthouse } from './lighthouse';
import { printCrowdBehindNginx } from './crowd-nginx';
import { printPublicReads } from './public-reads';
import { HTTP_CONCURRENCY, measureMqttIngest, OBSERVATIONS } from './mqtt-ingest';
import { DEVICES, measureSensing, type SensingFigures, signIn } from './sensing-ingest';
import { runSeriesScale } from './series-scale';
import { firstAdminEnv, freePort, startTestServer } from '../e2e/support/server';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const admin = { account: 'bench-admin', password: `Bench-${Date.now().toString(36)}-Qinling` };
const rows = Number(process.env.BENCH_SERIES_ROWS ?? 1_000_000);
const sensingOnly = process.env.BENCH_ONLY === 'sensing';
const firstLoadOnly = process.env.BENCH_ONLY === 'first-load';

function printSensing(database: string, sensing: SensingFigures): void {
  console.log(`\nPOST /api/sensing/observations (${database}, sequential requests)`);
  console.log(`  batches of 1000          ${sensing.batch1000PerSecond.toFixed(0)} observations/s`);
  console.log(`  1000s from ${DEVICES} devices    ${sensing.parallel1000PerSecond.toFixed(0)} observations/s (requests in parallel)`);
  console.log(`  batches of 10 000        ${sensing.batch10000PerSecond.toFixed(0)} observations/s`);
  console.log(
    `GET …/datastreams/:id/series (${database}), 7 days hourly (${sensing.buckets} buckets), ${sensing.totalRows.toLocaleString('en')} pushed + bundled observations`,
  );
  console.log(`  latency p50 / max of 25  ${sensing.seriesP50Ms.toFixed(1)} ms / ${sensing.seriesMaxMs.toFixed(1)} ms`);
  console.log(`GET /api/v1.1/Datastreams(id)/Observations?$filter=result gt 50&$orderby=phenomenonTime desc&$top=1000 (${database})`);
  console.log(
    `  ${sensing.staPageRows} Observations a page; latency p50 / p99 of 50  ${sensing.staPageP50Ms.toFixed(1)} ms / ${sensing.staPageP99Ms.toFixed(1)} ms`,
  );
}

/** Ingestion over MQTT beside HTTP on the server at `baseUrl` with its broker on `mqttPort`. */
async function printMqtt(database: string, baseUrl: string, mqttPort: number): Promise<void> {
  const figures = await measureMqttIngest(baseUrl, mqttPort, await signIn(baseUrl, admin.account, admin.password));
  console.log(`Ingestion of ${OBSERVATIONS} single Observations, one device (${database})`);
  console.log(`  MQTT QoS 1, one connection         ${figures.mqttPerSecond.toFixed(0)} observations/s (until the last PUBACK)`);
  console.log(`  HTTP POST, one at a time           ${figures.httpSequentialPerSecond.toFixed(0)} observations/s`);
  console.log(`  HTTP POST, ${HTTP_CONCURRENCY} in flight              ${figures.httpParallelPerSecond.toFixed(0)} observations/s`);
}

const mqttPort = await freePort();
const server = await startTestServer({ env: { ...firstAdminEnv(admin), MQTT_PORT: String(mqttPort) } });
try {
  if (!sensingOnly) await printPortalFigures(server.baseUrl);
  if (!firstLoadOnly) {
    printSensing('PGlite', await measureSensing(server.baseUrl, admin, rows));
    await printMqtt('PGlite', server.baseUrl, mqttPort);
  }
  if (!sensingOnly && !firstLoadOnly) await printPublicReads('PGlite', server.baseUrl, admin);
} finally {
  await server.stop();
}

async function printPortalFigures(baseUrl: string): Promise<void> {
  const home = await measureHomeLoad(baseUrl);
  const m = home.median;
  console.log('\n/home cold load in headless Chromium (median of 5 runs)');
  console.log(`  JavaScript transferred   ${kb(m.jsBytes)}  (content-encoding: ${m.encodings.join(', ')})`);
  console.log(`  CSS transferred          ${kb(m.cssBytes)}`);
  const total = m.jsBytes + m.cssBytes;
  const verdict = total <= HOME_LOAD_LIMIT_BYTES ? 'within' : 'OVER';
  console.log(`  JavaScript + CSS         ${kb(total)}  (limit ${kb(HOME_LOAD_LIMIT_BYTES)}: ${verdict})`);
  console.log(`  first contentful paint   ${m.fcpMs.toFixed(0)} ms`);
  console.log(`  load event               ${m.loadMs.toFixed(0)} ms`);
  console.log(`  map drawn                ${m.mapMs.toFixed(0)} ms`);
  console.log('\nLighthouse mobile performance (median score of 3 runs per page; simulated slow 4G, 4× CPU slowdown)');
  for (const f of await measureLighthouse(baseUrl)) {
    console.log(
      `  ${f.page.padEnd(28)} ${String(f.score).padStart(3)} (limit ${LIGHTHOUSE_LIMIT}: ${f.score >= LIGHTHOUSE_LIMIT ? 'met' : 'NOT MET'})` +
        `  TBT ${f.totalBlockingTimeMs.toFixed(0)} ms  FCP ${f.firstContentfulPaintMs.toFixed(0)} ms  LCP ${f.largestContentfulPaintMs.toFixed(0)} ms  JS + CSS ${kb(f.scriptAndStyleBytes)}`,
    );
  }
  const api = await measureApiSite(baseUrl);
  console.log('\nGET /api/site under autocannon (10 connections, 10 s)');
  console.log(`  requests per second      ${api.requestsPerSecond.toFixed(0)}`);
  console.log(`  latency p50 / p99        ${api.latencyP50Ms} ms / ${api.latencyP99Ms} ms`);
  console.log(`  non-2xx / errors         ${api.non2xx} / ${api.errors}`);
}

if (process.env.BENCH_PG !== '0' && !firstLoadOnly) {
  const adminUrl = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `eco_bench_${process.pid}`;
  const sql = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgMqttPort = await freePort();
    const pg = await startTestServer({ env: { ...firstAdminEnv(admin), DATABASE_URL: url.toString(), MQTT_PORT: String(pgMqttPort) } });
    try {
      printSensing('PostgreSQL', await measureSensing(pg.baseUrl, admin, rows));
      await printMqtt('PostgreSQL', pg.baseUrl, pgMqttPort);
      await printEventLatency(pg.baseUrl, url.toString(), admin);
      if (!sensingOnly) await printPublicReads('PostgreSQL', pg.baseUrl, admin);
    } finally {
      await pg.stop();
    }
    // the crowd again, as an operator serves one: two processes behind nginx (docs/scale-out.md)
    if (!sensingOnly) await printCrowdBehindNginx(adminUrl, admin);
  } finally {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  }
}

// the partitioned Observations at 1 M and 10 M, and ingestion beside a raw insert (series-scale.ts)
if (!firstLoadOnly) await runSeriesScale();
