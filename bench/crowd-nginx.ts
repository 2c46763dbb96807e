/**
 * The crowd of bench/public-reads.ts (200 connections for BENCH_CROWD_SECONDS on
 * /api/sensing/overview while a device pushes observations) as an operator runs the portal for
 * one: two server processes on one PostgreSQL database behind Debian's nginx, from the example
 * configuration (deploy/nginx/eco-portal.conf, one worker per core; docs/scale-out.md §Running
 * behind nginx). Printed beside the same limits (longest wait ≤ 1 s, none unanswered).
 *
 * `npx tsx bench/crowd-nginx.ts` runs it alone (BENCH_PG_URL as bench/run.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { type NginxUpstream, nginxConfig, requireNginx, startNginx, stopNginx } from '../apps/server/src/test/nginx';
import { type AdminCredentials, firstAdminEnv, freePort, startTestServer } from '../e2e/support/server';
import { printCrowd } from './public-reads';

/** Runs the crowd through nginx in front of two processes on a new database of the PostgreSQL server at `adminUrl`. */
export async function printCrowdBehindNginx(adminUrl: URL, admin: AdminCredentials): Promise<void> {
  requireNginx();
  const name = `eco_bench_nginx_${process.pid}`;
  const sql = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eco-bench-nginx-'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const started: { stop: () => Promise<void> }[] = [];
  try {
    const upstreams: NginxUpstream[] = [];
    for (let i = 0; i < 2; i++) {
      const mqttPort = await freePort();
      const server = await startTestServer({ env: { ...firstAdminEnv(admin), DATABASE_URL: url.toString(), TRUST_PROXY: '1', MQTT_PORT: String(mqttPort) } });
      started.push(server);
      upstreams.push({ http: new URL(server.baseUrl).host, mqttPort });
    }
    const httpPort = await freePort();
    const base = `http://127.0.0.1:${httpPort}`;
    const conf = nginxConfig(dir, upstreams as [NginxUpstream, NginxUpstream], httpPort, await freePort(), { workers: 'auto', upstreamHeader: false });
    const nginx = await startNginx(dir, conf, `${base}/api/health/ready`);
    started.push({ stop: () => stopNginx(nginx) });
    await printCrowd('PostgreSQL, two processes behind nginx', base, admin);
  } finally {
    for (const s of started.reverse()) await s.stop();
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// run alone: `npx tsx bench/crowd-nginx.ts`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const admin = { account: 'bench-admin', password: `Bench-${Date.now().toString(36)}-Qinling` };
  await printCrowdBehindNginx(new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'), admin);
}
