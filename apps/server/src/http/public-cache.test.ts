/**
 * The public figures of /home and /stgz served from memory (public-cache.ts), as a visitor and a
 * device see them: what was just written shows in the next read — an observation pushed, a
 * verification task closed, an observation pushed to another server process on the same database —
 * figures that move with the clock move with it, and a browser's copy is confirmed with 304 until
 * the figures change.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlibConstants } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { IngestResult, LatestObservation, NewThingKey, Overview } from '@eco/contracts/sensing';
import type { ImportResult, VerificationTask } from '@eco/contracts/verification';
import type { PublicTask, VerificationSummary } from '@eco/contracts/verification-figures';
import { datastreams, things } from '../db/schema';
import { SensingBus } from '../modules/sensing/events';
import { type Relay, startRelay } from '../modules/sensing/relay';
import { Browser, signedInAs } from '../test/browser';
import { organisationIdOf } from '../test/organisations';
import { buildTestApp, dataOf, useTestApp } from '../test/test-app';

/** 2026-11-20 09:00 China Standard Time, pinned: only the tests move it */
let clock = new Date('2026-11-20T01:00:00Z');
const at = (minutesLater: number) => new Date(clock.getTime() + minutesLater * 60_000).toISOString();

describe('public figures from memory', () => {
  const bus = new SensingBus();
  const ctx = useTestApp({ loaded: true, now: () => clock, sensingBus: bus });
  const db = () => ctx.database.db;
  const visitor = () => new Browser(ctx.app);
  let admin: Browser;
  let key: string;
  let pm25: number;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    const [station] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
    const streams = await db()
      .select({ id: datastreams.id, code: datastreams.observedPropertyCode })
      .from(datastreams)
      .where(eq(datastreams.thingId, station!.id));
    pm25 = streams.find((s) => s.code === 'pm2_5')!.id;
    key = dataOf(await admin.post<NewThingKey>(`/api/things/${station!.id}/keys`)).key;
  });

  function push(app: FastifyInstance, minutesLater: number, result: number) {
    return new Browser(app).request<IngestResult>(
      'POST',
      '/api/sensing/observations',
      { observations: [{ datastreamId: pm25, phenomenonTime: at(minutesLater), result }] },
      { headers: { authorization: `Bearer ${key}` } },
    );
  }

  it('shows an observation pushed a moment ago in the next overview and latest values', async () => {
    const before = dataOf(await visitor().get<Overview>('/api/sensing/overview'));
    expect(dataOf(await visitor().get<Overview>('/api/sensing/overview'))).toEqual(before);
    expect(dataOf(await push(ctx.app, -1, 42.5)).accepted).toBe(1);
    const after = dataOf(await visitor().get<Overview>('/api/sensing/overview'));
    expect(after.observationsLast24h).toBe(before.observationsLast24h + 1);
    expect(after.things.online).toBe(before.things.online + 1);
    const latest = dataOf(await visitor().get<LatestObservation[]>('/api/sensing/latest?limit=5'));
    expect(latest[0]).toMatchObject({ datastreamId: pm25, result: 42.5 });
  });

  it('moves the figures that depend on the time with the clock', async () => {
    dataOf(await push(ctx.app, 0, 40));
    const online = dataOf(await visitor().get<Overview>('/api/sensing/overview')).things.online;
    expect(online).toBeGreaterThan(0);
    // two hours on, with nothing heard: the station is offline (1.5 hourly intervals: 90 minutes)
    clock = new Date(clock.getTime() + 120 * 60_000);
    expect(dataOf(await visitor().get<Overview>('/api/sensing/overview')).things.online).toBe(online - 1);
  });

  it("confirms a browser's copy with 304 until the figures change, then sends the new ones", async () => {
    const first = await visitor().get<Overview>('/api/sensing/overview');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/sensing/overview', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    dataOf(await push(ctx.app, -3, 41));
    const changed = await ctx.app.inject({ method: 'GET', url: '/api/sensing/overview', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).data.observationsLast24h).toBe(dataOf(first).observationsLast24h + 1);
  });

  it('sends the city boundaries compressed as the browser asks, the same figures in every encoding', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/city-boundaries' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answers = [];
      for (let i = 0; i < 2; i++) {
        answers.push(await ctx.app.inject({ method: 'GET', url: '/api/city-boundaries', headers: { 'accept-encoding': `${encoding}, identity` } }));
      }
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(decode(answer.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    // they change only with a data release, so they are compressed at brotli's highest quality:
    // a fifth smaller at least than at the quality 4 of the figures that change with every push
    const br = await ctx.app.inject({ method: 'GET', url: '/api/city-boundaries', headers: { 'accept-encoding': 'br' } });
    const atQuality4 = brotliCompressSync(plain.rawPayload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.rawPayload.length).toBeLessThan(atQuality4.length * 0.8);
  });

  it('shows a verification task closed a moment ago in the headline and on the public map', async () => {
    const province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    const yulin = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6108') })).browser;
    const openHotspots = async () =>
      dataOf(await visitor().get<VerificationSummary>('/api/verification/summary')).kinds.find((k) => k.kind === 'hotspot')?.open ?? 0;
    const publicTasks = async () => dataOf(await visitor().get<PublicTask[]>('/api/verification/public-tasks'));
    const open = await openHotspots();
    const shown = (await publicTasks()).length;
    expect(dataOf(await province.post<ImportResult>('/api/verification/hotspots/sample')).created).toBe(19);
    expect(await openHotspots()).toBe(open + 19);
    const [task] = dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks?division=610800')).items;
    dataOf(await province.post(`/api/verification/tasks/${task!.id}/dispatch`, {}));
    dataOf(await yulin.post(`/api/verification/tasks/${task!.id}/feedback`, { verdict: 'agricultural_burning' }));
    const beforeClosing = await publicTasks();
    dataOf(await province.post(`/api/verification/tasks/${task!.id}/close`, { note: '同意销号' }));
    expect(await openHotspots()).toBe(open + 18);
    expect(await publicTasks()).not.toEqual(beforeClosing);
    expect(shown).toBeLessThanOrEqual(beforeClosing.length);
  });
});

describe('public figures of two server processes on one database', () => {
  const busA = new SensingBus();
  const ctx = useTestApp({ loaded: true, now: () => clock, sensingBus: busA });
  let appB: FastifyInstance;
  let relays: Relay[] = [];

  beforeAll(async () => {
    const { notifications } = ctx.database;
    if (notifications) {
      // PostgreSQL: each process its own bus, relayed through NOTIFY/LISTEN as main.ts does
      const busB = new SensingBus();
      appB = await buildTestApp(ctx.database, () => clock, {}, busB);
      const fail = (line: string) => expect.fail(line);
      relays = [await startRelay(busA, notifications, fail), await startRelay(busB, notifications, fail)];
    } else {
      // PGlite is one process: two apps on one bus stand for what the relay does
      appB = await buildTestApp(ctx.database, () => clock, {}, busA);
    }
  });
  afterAll(async () => {
    for (const relay of relays) await relay.close();
    await appB?.close();
  });

  it('shows on the other process an observation pushed to this one', async () => {
    const db = ctx.database.db;
    const admin = (await signedInAs(ctx.app, db, 'admin')).browser;
    const [station] = await db.select({ id: things.id }).from(things).where(eq(things.code, '1463A'));
    const [stream] = await db.select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.thingId, station!.id)).limit(1);
    const { key } = dataOf(await admin.post<NewThingKey>(`/api/things/${station!.id}/keys`));
    const overviewOnB = async () => dataOf(await new Browser(appB).get<Overview>('/api/sensing/overview')).observationsLast24h;
    const before = await overviewOnB();
    expect(await overviewOnB()).toBe(before);
    const pushed = await new Browser(ctx.app).request<IngestResult>(
      'POST',
      '/api/sensing/observations',
      { observations: [{ datastreamId: stream!.id, phenomenonTime: at(-2), result: 7 }] },
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(dataOf(pushed).accepted).toBe(1);
    // through PostgreSQL the event arrives a moment later; never later than the cache's maximum age
    await expect.poll(overviewOnB).toBe(before + 1);
  });

  it('shows on the other process the verification tasks imported through this one', async () => {
    const db = ctx.database.db;
    const province = (await signedInAs(ctx.app, db, 'editor', { role: 'editor', organisationId: await organisationIdOf(db, '61') })).browser;
    const openOnB = async () =>
      dataOf(await new Browser(appB).get<VerificationSummary>('/api/verification/summary')).kinds.find((k) => k.kind === 'hotspot')?.open ?? 0;
    const before = await openOnB();
    expect(await openOnB()).toBe(before);
    expect(dataOf(await province.post<ImportResult>('/api/verification/hotspots/sample')).created).toBe(19);
    await expect.poll(openOnB).toBe(before + 19);
  });
});
