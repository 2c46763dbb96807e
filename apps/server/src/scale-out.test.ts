/**
 * Two server processes on one PostgreSQL database, as an operator runs them behind a load balancer
 * (docs/scale-out.md): an Observation pushed to either — by HTTP or over MQTT — reaches the event
 * streams (`GET /api/sensing/stream`) of both, once each, and the MQTT subscribers of the other
 * process's broker (modules/sensing/relay.ts). Always on the PostgreSQL server of TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), in a database of its own: PGlite is one
 * process. scripts/test.mjs runs it once.
 */
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stop } from './test/child-process';
import { openStream, type Portal, signIn, startPortal, type StreamEvent } from './test/portal-processes';
import { adminUrl } from './test/test-database';
import { databaseUrl, withAdmin } from './test/database-templates';

const ADMIN = { account: 'scale.admin', password: 'two processes, one database' };

describe('two server processes on one PostgreSQL database', () => {
  const name = `eco_test_scale_${crypto.randomBytes(6).toString('hex')}`;
  const url = databaseUrl(adminUrl(), name);
  const portals: Portal[] = [];

  beforeAll(async () => {
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`create database ${name}`));
    // one after the other: the first migrates and loads the bundled data, the second finds them
    portals.push(await startPortal(url, ADMIN));
    portals.push(await startPortal(url, ADMIN));
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
    const session = await signIn(a.base, ADMIN);
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
