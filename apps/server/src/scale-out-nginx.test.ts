/**
 * Two server processes on one PostgreSQL database behind nginx, run with the example configuration
 * an operator copies (deploy/nginx/eco-portal.conf; README §Running several server processes,
 * docs/scale-out.md §Running behind nginx): Debian's nginx as a child process, its HTTP port in
 * front of both portals and its stream (TCP) port in front of both MQTT brokers. Through nginx only,
 * a visitor's address reaches the portal (and one it claims does not), a user signs in, event streams land on both processes (round robin), Observations pushed by HTTP
 * and over MQTT reach every stream once; a process killed outright loses its streams, and a stream
 * opened again through nginx (as EventSource reconnects) lands on the survivor and keeps receiving.
 *
 * Always on the PostgreSQL server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * in a database of its own; scripts/test.mjs runs it once. Needs Debian's `nginx` and
 * `libnginx-mod-stream` (.ci/run installs them). Everything nginx writes stays in a temp folder.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stop, type Running } from './test/child-process';
import { type NginxUpstream, nginxConfig, requireNginx, startNginx, stopNginx } from './test/nginx';
import { databaseUrl, withAdmin } from './test/database-templates';
import { freePort, openStream, type Portal, signIn, startPortal, type Stream } from './test/portal-processes';
import { adminUrl, makeTempDir, removeTempDir } from './test/test-database';

const ADMIN = { account: 'nginx.admin', password: 'two processes behind nginx' };
requireNginx();

interface Upstream extends Portal, NginxUpstream {}

async function startUpstream(url: string): Promise<Upstream> {
  const portal = await startPortal(url, ADMIN, { TRUST_PROXY: '1' });
  return { ...portal, http: new URL(portal.base).host };
}

/** The visitor's address in the address test: on Linux all of 127.0.0.0/8 is this machine, and nginx connects from 127.0.0.1. */
const VISITOR = '127.0.0.2';

/** A request to `url` from VISITOR (fetch cannot choose its local address); status, headers and body text. */
function fromVisitor(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress: VISITOR }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
    });
    request.once('error', reject);
    request.end(body);
  });
}

describe('two server processes on one PostgreSQL database behind nginx', () => {
  const name = `eco_test_nginx_${crypto.randomBytes(6).toString('hex')}`;
  const url = databaseUrl(adminUrl(), name);
  const portals: Upstream[] = [];
  const dir = makeTempDir('eco-nginx-');
  let nginx: Running | undefined;
  let base = '';
  let mqttPort = 0;

  beforeAll(async () => {
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`create database ${name}`));
    // together, as an operator may start them: migrations and the bundled data's first load take
    // a database lock (db/client.ts, seed/load-bundled-data.ts), so one does them and the other finds them done
    portals.push(...(await Promise.all([startUpstream(url), startUpstream(url)])));

    const httpPort = await freePort();
    mqttPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    // one worker, so round robin alternates between consecutive requests; X-Upstream names the process that answered
    const conf = nginxConfig(dir, portals as [Upstream, Upstream], httpPort, mqttPort, { workers: 1, upstreamHeader: true });
    nginx = await startNginx(dir, conf, `${base}/api/health/ready`);
  });

  afterAll(async () => {
    if (nginx) await stopNginx(nginx);
    for (const portal of portals) await stop(portal.running, 'SIGKILL');
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
    removeTempDir(dir);
  });

  it("records the visitor's address, not nginx's nor one the visitor claims, in the sign-in limits and the audit log", async () => {
    // a failed sign-in from the visitor, claiming to be someone else
    const visit = await fromVisitor(`${base}/api/session`, 'GET');
    const cookie = (visit.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const { csrfToken } = (JSON.parse(visit.body) as { data: { csrfToken: string } }).data;
    const failed = await fromVisitor(
      `${base}/api/session`,
      'POST',
      { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, origin: base, 'x-forwarded-for': '203.0.113.9' },
      JSON.stringify({ account: ADMIN.account, password: 'not the password at all' }),
    );
    expect(failed.status).toBe(401);

    const session = await signIn(base, ADMIN);
    const log = await fetch(`${base}/api/audit-log?action=session.sign_in_failed`, { headers: { cookie: session.cookie } });
    const { items } = ((await log.json()) as { data: { items: { actorAccount: string; ip: string }[] } }).data;
    expect(items.map((entry) => [entry.actorAccount, entry.ip])).toEqual([[ADMIN.account, VISITOR]]);
  });

  it('passes sign-in, event streams, HTTP and MQTT pushes to both processes, every event reaching every stream once, and moves streams to the survivor when one dies', async ({
    onTestFinished,
  }) => {
    const [a, b] = portals as [Upstream, Upstream];
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    onTestFinished(() => sql.end({ timeout: 5 }));
    const [datastream] = await sql<{ thing_id: number; id: number }[]>`
      select d.thing_id, d.id from datastreams d join things t on t.id = d.thing_id
      where t.code = '1462A' and d.observed_property_code = 'pm2_5'`;
    const thingId = datastream!.thing_id;
    const topic = `v1.1/Datastreams(${datastream!.id})/Observations`;

    // the session's requests alternate between the processes: it is one session in the shared database
    const session = await signIn(base, ADMIN);
    const minted = await fetch(`${base}/api/things/${thingId}/keys`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: base },
    });
    expect(minted.status).toBe(201);
    const { key } = ((await minted.json()) as { data: { key: string } }).data;

    // round robin: open streams until one has landed on each process (the first two, with one worker)
    const streams: Stream[] = [];
    onTestFinished(() => {
      for (const s of streams) s.close();
    });
    for (let i = 0; i < 6 && new Set(streams.map((s) => s.upstream)).size < 2; i++) streams.push(await openStream(base));
    const onA = streams.find((s) => s.upstream === a.http)!;
    const onB = streams.find((s) => s.upstream === b.http)!;
    expect([onA?.upstream, onB?.upstream]).toEqual([a.http, b.http]);

    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const ofThing = (s: Stream) => s.events.filter((event) => event.event === 'observations' && event.data.thingId === thingId);
    const pushHttp = async (result: number, minutes: number) => {
      const pushed = await fetch(`${base}/api/sensing/observations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ observations: [{ datastreamId: datastream!.id, phenomenonTime: minutesAgo(minutes), result }] }),
      });
      expect(pushed.status).toBe(200);
    };
    /** a device connecting through nginx's MQTT port; QoS 1 is acknowledged once stored */
    const device = async () => {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        reconnectPeriod: 0,
        connectTimeout: 120_000,
        username: String(thingId),
        password: key,
      });
      onTestFinished(() => client.endAsync(true));
      return client;
    };
    const mqttClientsOf = async (portal: Upstream) => {
      // metrics straight from the process, as Prometheus scrapes them (nginx refuses /metrics)
      const text = await (await fetch(`http://${portal.http}/metrics`)).text();
      return Number(/^eco_mqtt_clients (\d+)$/m.exec(text)?.[1]);
    };

    await pushHttp(41, 40);
    for (const s of [onA, onB]) await expect.poll(() => ofThing(s).length).toBe(1);

    // two devices through nginx's stream port: one on each broker
    const first = await device();
    const second = await device();
    expect([await mqttClientsOf(a), await mqttClientsOf(b)]).toEqual([1, 1]);
    await first.publishAsync(topic, JSON.stringify({ phenomenonTime: minutesAgo(30), result: 42 }), { qos: 1 });
    await second.publishAsync(topic, JSON.stringify({ phenomenonTime: minutesAgo(20), result: 43 }), { qos: 1 });
    for (const s of [onA, onB]) {
      await expect.poll(() => ofThing(s).length).toBe(3);
      expect(ofThing(s).map((event) => event.data.count)).toEqual([1, 1, 1]);
    }

    // process B dies without a goodbye: its stream ends, as a browser's EventSource would notice
    await stop(b.running, 'SIGKILL');
    await expect.poll(() => onB.ended()).toBe(true);
    const reopened = await openStream(base);
    streams.push(reopened);
    expect(reopened.upstream).toBe(a.http);

    // the next pushes, by HTTP and over MQTT, go through nginx to the survivor and reach both streams
    await pushHttp(44, 10);
    const third = await device();
    await third.publishAsync(topic, JSON.stringify({ phenomenonTime: minutesAgo(5), result: 45 }), { qos: 1 });
    await expect.poll(() => ofThing(onA).length).toBe(5);
    await expect.poll(() => ofThing(reopened).length).toBe(2);
    expect(ofThing(onA).every((event) => event.data.count === 1)).toBe(true);
    expect(ofThing(reopened).every((event) => event.data.count === 1)).toBe(true);
    // and each was stored once, whichever way it came
    const stored = await sql<{ result: number }[]>`
      select result from observations where datastream_id = ${datastream!.id} and phenomenon_time > now() - interval '1 hour'
      order by phenomenon_time`;
    expect(stored.map((row) => row.result)).toEqual([41, 42, 43, 44, 45]);
  });
});
