/**
 * The public reads behind /home and /stgz (docs/scale-out.md §Public figures) under autocannon,
 * each beside a bare Fastify route measured in the same run on the same machine with the same
 * connections: requests per second, p50/p99 and the ratio to the bare route, printed beside the
 * limits (≥ 5 000 req/s, p99 ≤ 50 ms). Then a crowd: 200 connections for 30 s on
 * /api/sensing/overview while a device pushes observations one request after another (from 3 s
 * before the crowd comes), with the longest wait (limit 1 s), answers other than 2xx, errors and
 * timeouts (limit 0) and the writes accepted. Requests say what a browser accepts (gzip, br), so
 * the answers are those visitors get. An administrator of the server (ADMIN_ACCOUNT/ADMIN_PASSWORD)
 * signs in to make the key.
 *
 * `npx tsx bench/public-reads.ts` runs it alone on PGlite and on PostgreSQL (BENCH_PG_URL, BENCH_PG=0
 * as bench/run.ts); BENCH_PUBLIC_SECONDS (default 5) per read, BENCH_CROWD_SECONDS (default 30).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { api, signIn } from './sensing-ingest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_PUBLIC_SECONDS ?? 5);
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 30);
const CONNECTIONS = 10;
const CROWD = 200;
const LIMITS = { requestsPerSecond: 5000, p99Ms: 50, maxMs: 1000 };

/** What /home and /stgz ask for, as the web app asks (apps/web/src/api/*.ts). */
export const PUBLIC_READS = [
  '/api/site',
  '/api/sensing/overview',
  '/api/sensing/latest?limit=150',
  '/api/sensing/detections?limit=6',
  '/api/sensing/things',
  '/api/sensing/summary',
  '/api/stations?pageSize=200',
  '/api/verification/summary',
  '/api/verification/public-tasks',
  '/api/notices?pageSize=5',
  '/api/technical-regulations?pageSize=5',
  '/api/city-boundaries',
];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What a browser sends: the answers come compressed, as visitors get them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function measure(url: string, connections: number, seconds: number): Promise<Figures> {
  await autocannon({ url, connections, duration: 1, headers: BROWSER_HEADERS }); // warm-up: the first requests compile code and fill caches
  const r = await autocannon({ url, connections, duration: seconds, headers: BROWSER_HEADERS });
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** A bare Fastify route answering a small envelope, in a process of its own as the server is. */
async function startBareFastify(): Promise<{ url: string; child: ChildProcess }> {
  const code = `const app = require('fastify')();
app.get('/bare', async () => ({ success: true, data: { ok: true } }));
app.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log(address));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `${chunk.toString().trim()}/bare`, child };
}

const mark = (ok: boolean) => (ok ? 'ok ' : 'NO ');

/** Measures and prints the public reads and the crowd on the server at `baseUrl` (`database` names it). */
export async function printPublicReads(database: string, baseUrl: string, admin: { account: string; password: string }): Promise<void> {
  const bare = await startBareFastify();
  try {
    const reference = await measure(bare.url, CONNECTIONS, SECONDS);
    console.log(
      `\nPublic reads of /home and /stgz (${database}), ${CONNECTIONS} connections, ${SECONDS} s each; limits ≥ ${LIMITS.requestsPerSecond} req/s, p99 ≤ ${LIMITS.p99Ms} ms`,
    );
    console.log(
      `  ${'bare Fastify route'.padEnd(40)} ${reference.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${reference.p50} ms  p99 ${reference.p99} ms`,
    );
    for (const read of PUBLIC_READS) {
      const f = await measure(`${baseUrl}${read}`, CONNECTIONS, SECONDS);
      const ok = f.requestsPerSecond >= LIMITS.requestsPerSecond && f.p99 <= LIMITS.p99Ms && f.non2xx + f.errors + f.timeouts === 0;
      console.log(
        `${mark(ok)}${read.padEnd(40)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  ` +
          `${(f.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} of bare${f.non2xx + f.errors + f.timeouts > 0 ? `  non-2xx ${f.non2xx} errors ${f.errors} timeouts ${f.timeouts}` : ''}`,
      );
    }
  } finally {
    bare.child.kill();
  }
  await printCrowd(database, baseUrl, admin);
}

/**
 * The device pushes this long before the crowd comes, ms: the pushes' code is compiled and their
 * queries planned first, as the reads' are by measure()'s warm-up, so the crowd meets a server
 * that has taken writes before. Writes are counted from the crowd's start.
 */
const PUSH_WARM_UP_MS = 3000;

/** 200 connections on the overview for CROWD_SECONDS while one device pushes observations back to back. */
export async function printCrowd(database: string, baseUrl: string, admin: { account: string; password: string }): Promise<void> {
  const session = await signIn(baseUrl, admin.account, admin.password);
  const page = await api<{ items: { id: number }[] }>(baseUrl, session, 'GET', '/api/things?keyword=1463A');
  const thingId = page.items[0]!.id;
  const detail = await api<{ datastreams: { id: number; observedProperty: string }[] }>(baseUrl, session, 'GET', `/api/things/${thingId}`);
  const stream = detail.datastreams.find((d) => d.observedProperty === 'pm2_5')!.id;
  const { key } = await api<{ key: string }>(baseUrl, session, 'POST', `/api/things/${thingId}/keys`);

  let running = true;
  const writes = { accepted: 0, failed: 0, maxMs: 0 };
  const start = Date.now();
  let counting = false;
  const pushing = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      try {
        // one new observation a request, a second apart going back from now (never a duplicate)
        const response = await fetch(`${baseUrl}/api/sensing/observations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({
            observations: [{ datastreamId: stream, phenomenonTime: new Date(start - 1000 * (i + 1)).toISOString(), result: 30 + (i % 40) }],
          }),
        });
        const body = (await response.json()) as { success: boolean; data?: { accepted: number } };
        if (body.success && body.data?.accepted === 1) writes.accepted += counting ? 1 : 0;
        else writes.failed++;
      } catch {
        writes.failed++;
      }
      if (counting) writes.maxMs = Math.max(writes.maxMs, performance.now() - t0);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, PUSH_WARM_UP_MS));
  counting = true;
  const crowd = await autocannon({
    url: `${baseUrl}/api/sensing/overview`,
    connections: CROWD,
    duration: CROWD_SECONDS,
    timeout: 10,
    headers: BROWSER_HEADERS,
  });
  running = false;
  await pushing;
  const unanswered = crowd.errors + crowd.timeouts;
  console.log(`\nA crowd on GET /api/sensing/overview (${database}): ${CROWD} connections, ${CROWD_SECONDS} s, a device pushing observations meanwhile`);
  console.log(
    `   requests answered        ${crowd.requests.total} (${crowd.requests.average.toFixed(0)} req/s), p50 ${crowd.latency.p50} ms, p99 ${crowd.latency.p99} ms`,
  );
  console.log(`${mark(crowd.latency.max <= LIMITS.maxMs)}longest wait             ${crowd.latency.max} ms (limit ${LIMITS.maxMs} ms)`);
  console.log(`${mark(crowd.non2xx === 0 && unanswered === 0)}non-2xx / errors / timeouts  ${crowd.non2xx} / ${crowd.errors} / ${crowd.timeouts} (limit 0)`);
  console.log(
    `${mark(writes.failed === 0 && writes.accepted > 0)}writes accepted          ${writes.accepted} (${(writes.accepted / CROWD_SECONDS).toFixed(0)}/s), failed ${writes.failed}, longest ${writes.maxMs.toFixed(0)} ms`,
  );
}

// run alone: `npx tsx bench/public-reads.ts`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const postgres = (await import('postgres')).default;
  const { firstAdminEnv, startTestServer } = await import('../e2e/support/server');
  const admin = { account: 'bench-admin', password: `Bench-${Date.now().toString(36)}-Qinling` };
  const server = await startTestServer({ env: firstAdminEnv(admin) });
  try {
    await printPublicReads('PGlite', server.baseUrl, admin);
  } finally {
    await server.stop();
  }
  if (process.env.BENCH_PG !== '0') {
    const adminUrl = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const name = `eco_bench_public_${process.pid}`;
    const sql = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pg = await startTestServer({ env: { ...firstAdminEnv(admin), DATABASE_URL: url.toString() } });
      try {
        await printPublicReads('PostgreSQL', pg.baseUrl, admin);
      } finally {
        await pg.stop();
      }
    } finally {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    }
  }
}
