/**
 * Two server processes on one PostgreSQL database, as an operator runs them behind a load balancer
 * (docs/scale-out.md): an Observation pushed to either — by HTTP or over MQTT — reaches the event
 * streams (`GET /api/sensing/stream`) of both, once each, and the MQTT subscribers of the other
 * process's broker (modules/sensing/relay.ts). Always on the PostgreSQL server of TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), in a database of its own: PGlite is one
 * process. scripts/test.mjs runs it once.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTsx, stop, type Running } from './test/child-process';
import { adminUrl, DATA_DIR } from './test/test-database';
import { databaseUrl, withAdmin } from './test/database-templates';

const ADMIN = { account: 'scale.admin', password: 'two processes, one database' };

/** A free TCP port of 127.0.0.1 (for the MQTT brokers). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Portal {
  running: Running;
  base: string;
  mqttPort: number;
}

async function startPortal(url: string): Promise<Portal> {
  const mqttPort = await freePort();
  const running = runTsx('apps/server/src/main.ts', [], {
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    DATA_DIR,
    LOG_LEVEL: 'silent',
    ADMIN_ACCOUNT: ADMIN.account,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const ready = await running.waitForLine(/^portal ready at /);
  await running.waitForLine(/^MQTT broker at /);
  return { running, base: /at (http:\/\/\S+)/.exec(ready)![1]!.replace('localhost', '127.0.0.1'), mqttPort };
}

/** The cookies of `responses`, later ones replacing earlier ones of the same name, as a Cookie header. */
const cookiesOf = (...responses: Response[]) => {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      jar.set(pair!.split('=')[0]!, pair!);
    }
  }
  return [...jar.values()].join('; ');
};

/** Signs the administrator in on `base`; the cookie and CSRF token of the session. */
async function signIn(base: string): Promise<{ cookie: string; csrf: string }> {
  const visit = await fetch(`${base}/api/session`);
  const { data } = (await visit.json()) as { data: { csrfToken: string } };
  const signedIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(visit), 'x-csrf-token': data.csrfToken, origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(signedIn.status).toBe(200);
  const cookie = cookiesOf(visit, signedIn);
  const again = await fetch(`${base}/api/session`, { headers: { cookie } });
  const { data: session } = (await again.json()) as { data: { csrfToken: string } };
  return { cookie: cookiesOf(visit, signedIn, again), csrf: session.csrfToken };
}

interface StreamEvent {
  event: string;
  data: { thingId?: number; count?: number };
}

/** Opens the public event stream of `base`; the events it sends, as they arrive. */
async function openStream(base: string): Promise<{ events: StreamEvent[]; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/sensing/stream`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as StreamEvent['data'] });
          end = buffered.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return { events, close: () => controller.abort() };
}

describe('two server processes on one PostgreSQL database', () => {
  const name = `eco_test_scale_${crypto.randomBytes(6).toString('hex')}`;
  const url = databaseUrl(adminUrl(), name);
  const portals: Portal[] = [];

  beforeAll(async () => {
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`create database ${name}`));
    // one after the other: the first migrates and loads the bundled data, the second finds them
    portals.push(await startPortal(url));
    portals.push(await startPortal(url));
  });

  afterAll(async () => {
    for (const portal of portals) await stop(portal.running, 'SIGKILL');
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
  });

  it('delivers an Observation pushed to either process, by HTTP or MQTT, to the event streams and MQTT subscribers of both, once each', async ({
    onTestFinished,
  }) => {
    const [a, b] = portals as [Portal, Portal];
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    onTestFinished(() => sql.end({ timeout: 5 }));
    const [stream] = await sql<{ thing_id: number; id: number }[]>`
      select d.thing_id, d.id from datastreams d join things t on t.id = d.thing_id
      where t.code = '1462A' and d.observed_property_code = 'pm2_5'`;
    const thingId = stream!.thing_id;
    const session = await signIn(a.base);
    const minted = await fetch(`${a.base}/api/things/${thingId}/keys`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: a.base },
    });
    expect(minted.status).toBe(201);
    const { key } = ((await minted.json()) as { data: { key: string } }).data;

    const streams = [await openStream(a.base), await openStream(b.base)];
    onTestFinished(() => {
      for (const s of streams) s.close();
    });
    // a subscriber on A's broker hears what B's broker stores
    const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${a.mqttPort}`, { reconnectPeriod: 0, connectTimeout: 120_000 });
    onTestFinished(() => subscriber.endAsync(true));
    await subscriber.subscribeAsync(`v1.1/Datastreams(${stream!.id})/Observations`);
    const heard: { result: unknown }[] = [];
    subscriber.on('message', (_topic, payload) => heard.push(JSON.parse(payload.toString('utf8')) as { result: unknown }));

    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const ofThing = (events: StreamEvent[]) => events.filter((event) => event.event === 'observations' && event.data.thingId === thingId);

    // by HTTP to A
    const pushed = await fetch(`${a.base}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: stream!.id, phenomenonTime: minutesAgo(30), result: 41 }] }),
    });
    expect(pushed.status).toBe(200);
    for (const s of streams) await expect.poll(() => ofThing(s.events).length).toBe(1);

    // over MQTT to B, acknowledged (QoS 1) once stored
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${b.mqttPort}`, {
      reconnectPeriod: 0,
      connectTimeout: 120_000,
      username: String(thingId),
      password: key,
    });
    onTestFinished(() => device.endAsync(true));
    await device.publishAsync(`v1.1/Datastreams(${stream!.id})/Observations`, JSON.stringify({ phenomenonTime: minutesAgo(20), result: 42 }), { qos: 1 });
    for (const s of streams) await expect.poll(() => ofThing(s.events).length).toBe(2);

    // and by HTTP to B: a third event, after which neither stream has any extra copy of the first two
    const third = await fetch(`${b.base}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: stream!.id, phenomenonTime: minutesAgo(10), result: 43 }] }),
    });
    expect(third.status).toBe(200);
    for (const s of streams) {
      await expect.poll(() => ofThing(s.events).length).toBe(3);
      expect(ofThing(s.events).map((event) => event.data.count)).toEqual([1, 1, 1]);
    }
    await expect.poll(() => heard.map((entity) => entity.result)).toEqual([41, 42, 43]);
  });
});
