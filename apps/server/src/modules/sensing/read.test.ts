/**
 * The read side and alerts as /home, /stgz and an operator see them: aggregation on known data
 * (hourly and Asia/Shanghai daily buckets), the key figures, per-city summaries, the live event
 * stream (and its cap per client address), alerts opening, being acknowledged and closed (by
 * people and by the data), and numbers in the query or path that are not plain decimals refused.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import type { Page } from '@eco/contracts/envelope';
import type { AggregatedSeries, Alert, DivisionSummary, IngestResult, NewThingKey, Overview, Thing, ThingDetail } from '@eco/contracts/sensing';
import { alerts, auditLog, datastreams, observations, things } from '../../db/schema';
import { MAX_STREAMS_PER_ADDRESS } from './routes';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { hourlyRows } from '../../test/bundled-data';
import { checkSilence } from '../alerts/service';

let clock = new Date('2023-01-22T20:00:00+08:00');

describe('reading the sensing network and its alerts', () => {
  const ctx = useTestApp({ loaded: true, now: () => clock });
  const db = () => ctx.database.db;
  const visitor = () => new Browser(ctx.app);
  let admin: Browser;
  let editor: Browser;
  let station: number;
  let aqiStream: number;
  let stationKey: string;
  let mast: number;
  let mastStream: number;
  let mastKey: string;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    editor = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', account: 'duty.editor' })).browser;
    const [s] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
    station = s!.id;
    const streams = await db().select({ id: datastreams.id, code: datastreams.observedPropertyCode }).from(datastreams).where(eq(datastreams.thingId, station));
    aqiStream = streams.find((r) => r.code === 'aqi')!.id;
    stationKey = dataOf(await admin.post<NewThingKey>(`/api/things/${station}/keys`)).key;
    const [m] = await db().insert(things).values({ code: 'MAST-T1', kind: 'sensor_mast', name: '测试传感器塔' }).returning({ id: things.id });
    mast = m!.id;
    const [ms] = await db().insert(datastreams).values({ thingId: mast, observedPropertyCode: 'no2' }).returning({ id: datastreams.id });
    mastStream = ms!.id;
    mastKey = dataOf(await admin.post<NewThingKey>(`/api/things/${mast}/keys`)).key;
  });

  function push(key: string, observations: unknown[]) {
    return new Browser(ctx.app).request<IngestResult>('POST', '/api/sensing/observations', { observations }, { headers: { authorization: `Bearer ${key}` } });
  }

  describe('series', () => {
    beforeAll(async () => {
      const result = dataOf(
        await push(mastKey, [
          { datastreamId: mastStream, phenomenonTime: '2023-01-21T23:10:00+08:00', result: 10 },
          { datastreamId: mastStream, phenomenonTime: '2023-01-21T23:40:00+08:00', result: 30 },
          { datastreamId: mastStream, phenomenonTime: '2023-01-22T00:30:00+08:00', result: 50 },
          { datastreamId: mastStream, phenomenonTime: '2023-01-22T07:59:59+08:00', result: 70 },
          { datastreamId: mastStream, phenomenonTime: '2023-01-22T08:00:00+08:00', result: 90 },
        ]),
      );
      expect(result.accepted).toBe(5);
    });

    it('aggregates by hour: avg, min, max and the count behind each bucket, empty hours left out', async () => {
      const series = dataOf(
        await visitor().get<AggregatedSeries>(
          `/api/sensing/datastreams/${mastStream}/series?interval=hour&from=2023-01-21T23:00:00%2B08:00&to=2023-01-22T09:00:00%2B08:00`,
        ),
      );
      expect(series.buckets).toEqual([
        { time: '2023-01-21T23:00:00+08:00', avg: 20, min: 10, max: 30, count: 2 },
        { time: '2023-01-22T00:00:00+08:00', avg: 50, min: 50, max: 50, count: 1 },
        { time: '2023-01-22T07:00:00+08:00', avg: 70, min: 70, max: 70, count: 1 },
        { time: '2023-01-22T08:00:00+08:00', avg: 90, min: 90, max: 90, count: 1 },
      ]);
    });

    it('aggregates by day at midnight in Asia/Shanghai, not UTC', async () => {
      // in UTC all of 23:10 … 07:59:59 (+08:00) fall on 2023-01-21 and 08:00 on the 22nd; in the province the day turns at 00:00
      const series = dataOf(
        await visitor().get<AggregatedSeries>(
          `/api/sensing/datastreams/${mastStream}/series?interval=day&from=2023-01-21T00:00:00%2B08:00&to=2023-01-22T23:59:59%2B08:00`,
        ),
      );
      expect(series.buckets).toEqual([
        { time: '2023-01-21T00:00:00+08:00', avg: 20, min: 10, max: 30, count: 2 },
        { time: '2023-01-22T00:00:00+08:00', avg: 70, min: 50, max: 90, count: 3 },
      ]);
    });

    it('counts only the observations inside from … to when they cut through an hour', async () => {
      const hourly = (from: string, to: string) =>
        visitor().get<AggregatedSeries>(
          `/api/sensing/datastreams/${mastStream}/series?interval=hour&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        );
      expect(dataOf(await hourly('2023-01-21T23:20:00+08:00', '2023-01-22T07:59:59+08:00')).buckets).toEqual([
        { time: '2023-01-21T23:00:00+08:00', avg: 30, min: 30, max: 30, count: 1 },
        { time: '2023-01-22T00:00:00+08:00', avg: 50, min: 50, max: 50, count: 1 },
        { time: '2023-01-22T07:00:00+08:00', avg: 70, min: 70, max: 70, count: 1 },
      ]);
      expect(dataOf(await hourly('2023-01-21T23:05:00+08:00', '2023-01-21T23:15:00+08:00')).buckets).toEqual([
        { time: '2023-01-21T23:00:00+08:00', avg: 10, min: 10, max: 10, count: 1 },
      ]);
    });

    it('keeps the buckets exact when a batch is sent again and when a later batch adds to an hour', async () => {
      const again = dataOf(await push(mastKey, [{ datastreamId: mastStream, phenomenonTime: '2023-01-22T00:30:00+08:00', result: 50 }]));
      expect(again.duplicate).toBe(1);
      expect(
        dataOf(
          await push(mastKey, [
            { datastreamId: mastStream, phenomenonTime: '2023-01-22T06:15:00+08:00', result: 5 },
            { datastreamId: mastStream, phenomenonTime: '2023-01-22T06:45:00+08:00', result: 8 },
          ]),
        ).accepted,
      ).toBe(2);
      expect(dataOf(await push(mastKey, [{ datastreamId: mastStream, phenomenonTime: '2023-01-22T06:30:00+08:00', result: 2 }])).accepted).toBe(1);
      const series = dataOf(
        await visitor().get<AggregatedSeries>(
          `/api/sensing/datastreams/${mastStream}/series?interval=hour&from=2023-01-22T00:00:00%2B08:00&to=2023-01-22T07:00:00%2B08:00`,
        ),
      );
      expect(series.buckets).toEqual([
        { time: '2023-01-22T00:00:00+08:00', avg: 50, min: 50, max: 50, count: 1 },
        { time: '2023-01-22T06:00:00+08:00', avg: 5, min: 2, max: 8, count: 3 },
      ]);
    });

    it('bounds the range and names unknown datastreams', async () => {
      const long = await visitor().get(`/api/sensing/datastreams/${mastStream}/series?interval=hour&from=2022-01-01T00:00:00Z&to=2022-03-01T00:00:00Z`);
      expect([long.status, errorOf(long).errorCode]).toEqual([400, 'SERIES_RANGE_TOO_LONG']);
      const missing = await visitor().get('/api/sensing/datastreams/999999/series');
      expect([missing.status, errorOf(missing).errorCode]).toEqual([404, 'DATASTREAM_NOT_FOUND']);
    });
  });

  describe('numbers and names in the query and the path', () => {
    it.each([
      ['/api/sensing/latest?limit=1e309', 'querystring/limit'],
      ['/api/sensing/latest?limit=Infinity', 'querystring/limit'],
      ['/api/sensing/latest?datastreamId=NaN', 'querystring/datastreamId'],
      ['/api/sensing/datastreams/1e309/series', 'params/id'],
      ['/api/sensing/datastreams/Infinity/series', 'params/id'],
      ['/api/sensing/detections?limit=1e2', 'querystring/limit'],
      ['/api/sensing/detections/1e309/image', 'params/id'],
      ['/api/sensing/alerts?page=1e309', 'querystring/page'],
      ['/api/sensing/latest?limit=5&sort=desc', 'querystring/sort'],
      ['/api/sensing/overview?at=now', 'querystring/at'],
    ])('refuses %s with 400 naming %s', async (url, field) => {
      const response = await visitor().get(url);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      expect(errorOf(response).details?.map((d) => d.field)).toContain(field);
    });

    it('takes the same numbers written as plain decimals', async () => {
      expect((await visitor().get('/api/sensing/latest?limit=1')).status).toBe(200);
      expect((await visitor().get(`/api/sensing/datastreams/${mastStream}/series`)).status).toBe(200);
    });
  });

  describe('figures', () => {
    /** the stations by the level of the AQI they published for the newest bundled hour, 2023-01-21 23:00 (+08) */
    function bundledLevels() {
      const rows = hourlyRows();
      const last = rows
        .map((r) => r.timepoint!)
        .sort()
        .at(-1);
      return [1, 2, 3, 4, 5, 6].map((level) => ({
        level,
        stations: rows.filter((r) => r.timepoint === last && r.aqi?.trim() && aqiLevelOf(Number(r.aqi))?.level === level).length,
      }));
    }
    async function overviewAt(time: string) {
      const saved = clock;
      clock = new Date(time);
      try {
        return dataOf(await visitor().get<Overview>('/api/sensing/overview'));
      } finally {
        clock = saved;
      }
    }

    it('counts things online, observations of the last 24 h, and no station by an AQI 21 hours old', async () => {
      const overview = dataOf(await visitor().get<Overview>('/api/sensing/overview'));
      expect(overview.things.total).toBe(56);
      // only the mast pushed (its newest value, 08:00, is 12 h old: offline); nobody else pushed
      expect(overview.things.online).toBe(0);
      expect(overview.dataTime).toBe('2023-01-22T08:00:00+08:00');
      // the bundled hour is 21 hours before the clock: not one station counted by its level, all 55 without recent data
      expect(overview.stationsByAqiLevel.every((l) => l.stations === 0)).toBe(true);
      expect(overview.stationsWithoutRecentAqi).toBe(55);
      expect(overview.aqiFreshMinutes).toBe(120);
      expect(overview.aqiTime).toBeNull();
      expect(overview.latestAqiTime).toBe('2023-01-21T23:00:00+08:00');
      // the bundled hours of 2023-01-21 20:00 … 23:00 (+08) and the mast's 5 values are within 24 h of 2023-01-22 20:00
      expect(overview.observationsLast24h).toBeGreaterThan(5);
      const cities = dataOf(await visitor().get<DivisionSummary[]>('/api/sensing/summary?by=city'));
      const xian = cities.find((c) => c.code === '6101')!;
      expect(xian).toMatchObject({ name: '西安市', things: expect.any(Number), meanLatest: null });
      expect(cities.reduce((a, c) => a + c.things, 0)).toBe(56);
    });

    it('counts the stations by the level of their newest AQI while it is at most 2 hours old', async () => {
      const expected = bundledLevels();
      const within = await overviewAt('2023-01-22T01:00:00+08:00');
      expect(within.stationsByAqiLevel).toEqual(expected);
      const counted = expected.reduce((a, l) => a + l.stations, 0);
      expect(counted).toBeGreaterThan(50);
      expect(within.stationsWithoutRecentAqi).toBe(55 - counted);
      expect(within.aqiTime).toBe('2023-01-21T23:00:00+08:00');
      // a minute past the window: the same hour no longer counts
      const after = await overviewAt('2023-01-22T01:01:00+08:00');
      expect(after.stationsByAqiLevel.reduce((a, l) => a + l.stations, 0)).toBe(0);
      expect(after.stationsWithoutRecentAqi).toBe(55);
      expect(after.aqiTime).toBeNull();
    });

    it("says a Thing is online only within its own expected interval, or its kind's default", async () => {
      // the mast's newest value is 12 h old: a 10-minute default makes it offline
      expect((await overviewAt('2023-01-22T20:00:00+08:00')).things.byKind.find((k) => k.kind === 'sensor_mast')).toMatchObject({
        online: 0,
        defaultIntervalSeconds: 600,
      });
      // 15 minutes after it (1.5 × 10 min) it is still online; a second later it is not
      expect((await overviewAt('2023-01-22T08:15:00+08:00')).things.online).toBe(1);
      expect((await overviewAt('2023-01-22T08:15:01+08:00')).things.online).toBe(0);
      // an editor says it reports every 12 hours: heard 12 h ago, it is online (within 18 h), on the map too
      const set = await admin.patch<ThingDetail>(`/api/things/${mast}`, { reportingIntervalSeconds: 12 * 3600 });
      expect(dataOf(set).thing).toMatchObject({ reportingIntervalSeconds: 43_200, online: true });
      expect((await overviewAt('2023-01-22T20:00:00+08:00')).things.online).toBe(1);
      expect(dataOf(await visitor().get<Thing[]>('/api/sensing/things')).find((t) => t.code === 'MAST-T1')?.online).toBe(true);
      expect((await overviewAt('2023-01-23T02:00:01+08:00')).things.online).toBe(0);
      // back to the default
      expect(dataOf(await admin.patch<ThingDetail>(`/api/things/${mast}`, { reportingIntervalSeconds: null })).thing.online).toBe(false);
    });

    it('refuses a reporting interval that is not whole seconds from 1 minute to 7 days, and changes nothing', async () => {
      for (const bad of [59, 7 * 86_400 + 1, 90.5, '3600', -1]) {
        const answer = await admin.patch(`/api/things/${mast}`, { reportingIntervalSeconds: bad });
        expect(answer.status).toBe(400);
        expect(errorOf(answer).errorCode).toBe('VALIDATION_FAILED');
      }
      const [row] = await db().select({ interval: things.reportingIntervalSeconds }).from(things).where(eq(things.id, mast));
      expect(row?.interval).toBeNull();
    });

    it('puts every Thing on the map with its kind and status', async () => {
      const map = dataOf(await visitor().get<Thing[]>('/api/sensing/things'));
      expect(map).toHaveLength(56);
      expect(map.find((t) => t.code === 'MAST-T1')).toMatchObject({ kind: 'sensor_mast', status: 'active', longitude: null, online: false });
      expect(map.find((t) => t.code === '1462A')!.aqi).toEqual({ value: expect.any(Number), time: expect.stringMatching(/\+08:00$/) });
    });
  });

  describe('alerts', () => {
    async function activeAlerts() {
      return dataOf(await visitor().get<Page<Alert>>('/api/sensing/alerts?status=active')).items;
    }

    it('opens an alert when a station posts AQI above 200, once, and lets an editor acknowledge and close it', async () => {
      clock = new Date('2023-01-22T20:00:00+08:00');
      expect(dataOf(await push(stationKey, [{ datastreamId: aqiStream, phenomenonTime: '2023-01-22T19:00:00+08:00', result: 251 }])).accepted).toBe(1);
      expect(dataOf(await push(stationKey, [{ datastreamId: aqiStream, phenomenonTime: '2023-01-22T19:30:00+08:00', result: 260 }])).accepted).toBe(1);
      const open = (await activeAlerts()).filter((a) => a.thing.code === '1462A');
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({
        status: 'open',
        severity: 'critical',
        value: 251,
        rule: { kind: 'threshold', observedProperty: 'aqi', threshold: 200 },
        openedAt: '2023-01-22T20:00:00+08:00',
      });
      const id = open[0]!.id;

      const staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
      expect((await staff.post(`/api/sensing/alerts/${id}/acknowledge`)).status).toBe(403);
      const acked = dataOf(await editor.post<Alert>(`/api/sensing/alerts/${id}/acknowledge`));
      expect(acked).toMatchObject({ status: 'acknowledged', acknowledgedBy: 'duty.editor', acknowledgedAt: '2023-01-22T20:00:00+08:00' });
      const again = await editor.post(`/api/sensing/alerts/${id}/acknowledge`);
      expect([again.status, errorOf(again).errorCode]).toEqual([409, 'ALERT_STATE_CONFLICT']);
      const closed = dataOf(await editor.post<Alert>(`/api/sensing/alerts/${id}/close`));
      expect(closed).toMatchObject({ status: 'closed', closedBy: 'duty.editor' });
      const log = await db()
        .select({ action: auditLog.action, actor: auditLog.actorAccount })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)));
      expect(log).toEqual(
        expect.arrayContaining([
          { action: 'alert.acknowledge', actor: 'duty.editor' },
          { action: 'alert.close', actor: 'duty.editor' },
        ]),
      );
      expect((await activeAlerts()).filter((a) => a.thing.code === '1462A' && a.rule.kind === 'threshold')).toHaveLength(0);
      // who handled it is for signed-in users; the public list leaves the accounts out
      const publicView = dataOf(await visitor().get<Page<Alert>>('/api/sensing/alerts?status=closed')).items.find((a) => a.id === id);
      expect(publicView).toMatchObject({ status: 'closed', acknowledgedBy: null, closedBy: null, closedAt: expect.any(String) });
      const staffView = dataOf(await staff.get<Page<Alert>>('/api/sensing/alerts?status=closed')).items.find((a) => a.id === id);
      expect(staffView).toMatchObject({ acknowledgedBy: 'duty.editor', closedBy: 'duty.editor' });
    });

    it('closes an alert by itself when the value comes back in range', async () => {
      await push(stationKey, [{ datastreamId: aqiStream, phenomenonTime: '2023-01-22T19:40:00+08:00', result: 230 }]);
      expect((await activeAlerts()).filter((a) => a.thing.code === '1462A' && a.rule.kind === 'threshold')).toHaveLength(1);
      await push(stationKey, [{ datastreamId: aqiStream, phenomenonTime: '2023-01-22T19:50:00+08:00', result: 90 }]);
      expect((await activeAlerts()).filter((a) => a.thing.code === '1462A' && a.rule.kind === 'threshold')).toHaveLength(0);
      const [row] = await db().select().from(alerts).where(eq(alerts.value, 230));
      expect(row).toMatchObject({ status: 'closed', closedBy: null });
    });

    it('derives the AQI of a station that sends pollutants only (HJ 633-2012), stores it, and alerts on it', async () => {
      clock = new Date('2023-01-22T20:00:00+08:00');
      const [other] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1463A'));
      const streams = await db()
        .select({ id: datastreams.id, code: datastreams.observedPropertyCode })
        .from(datastreams)
        .where(eq(datastreams.thingId, other!.id));
      const id = (code: string) => streams.find((s) => s.code === code)!.id;
      const key = dataOf(await admin.post<NewThingKey>(`/api/things/${other!.id}/keys`)).key;
      // 200 µg/m³ PM2.5 → IAQI 250 (表1: 150–250 µg/m³ ↦ 200–300); the rest low
      const at = '2023-01-22T18:00:00+08:00';
      const result = dataOf(
        await push(key, [
          { datastreamId: id('pm2_5'), phenomenonTime: at, result: 200 },
          { datastreamId: id('pm10'), phenomenonTime: at, result: 120 },
          { datastreamId: id('no2'), phenomenonTime: at, result: 40 },
          // not on the hour: not indexed
          { datastreamId: id('pm2_5'), phenomenonTime: '2023-01-22T18:30:00+08:00', result: 400 },
        ]),
      );
      expect(result.accepted).toBe(4);
      const [derived] = await db()
        .select()
        .from(observations)
        .where(and(eq(observations.datastreamId, id('aqi')), eq(observations.phenomenonTime, new Date(at))));
      expect(derived).toMatchObject({ result: 250, quality: 'hj633' });
      const [half] = await db()
        .select()
        .from(observations)
        .where(and(eq(observations.datastreamId, id('aqi')), eq(observations.phenomenonTime, new Date('2023-01-22T18:30:00+08:00'))));
      expect(half).toBeUndefined();
      const open = (await activeAlerts()).filter((a) => a.thing.code === '1463A');
      expect(open).toMatchObject([{ value: 250, rule: { observedProperty: 'aqi' } }]);
      // a published AQI for that hour afterwards is a duplicate: the stored value stands
      expect(dataOf(await push(key, [{ datastreamId: id('aqi'), phenomenonTime: at, result: 251 }])).duplicate).toBe(1);
    });

    it('opens a silence alert for a station not heard for 3 hours, and closes it when it is heard again', async () => {
      // 1462A last heard at 19:50 (its newest phenomenonTime): silent from 22:50; 1463A at 18:30: from 21:30
      clock = new Date('2023-01-22T21:25:00+08:00');
      expect(await checkSilence(db(), clock)).toEqual([]);
      clock = new Date('2023-01-22T22:55:00+08:00');
      const opened = await checkSilence(db(), clock);
      // 1462A was last heard at 19:50; 1463A (the previous test) at 18:30: both silent now
      const silent = (await activeAlerts()).filter((a) => a.rule.kind === 'silence');
      expect(silent.map((a) => a.thing.code).sort()).toEqual(['1462A', '1463A']);
      expect(opened.sort()).toEqual(silent.map((a) => a.id).sort());
      // checking again opens nothing more
      expect(await checkSilence(db(), clock)).toEqual([]);
      await push(stationKey, [{ datastreamId: aqiStream, phenomenonTime: '2023-01-22T23:00:00+08:00', result: 60 }]);
      expect((await activeAlerts()).filter((a) => a.rule.kind === 'silence').map((a) => a.thing.code)).toEqual(['1463A']);
    });
  });

  describe('GET /api/sensing/stream', () => {
    let address: string;
    beforeAll(async () => {
      address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Opens a stream and reads up to its first comment; `close` ends it from the client's side. */
    async function openStream(): Promise<{ response: Response; close: () => void }> {
      const abort = new AbortController();
      const response = await fetch(`${address}/api/sensing/stream`, { signal: abort.signal });
      if (response.status === 200) await response.body!.getReader().read();
      return { response, close: () => abort.abort() };
    }

    it('sends a new observation to a listening screen as it arrives', async () => {
      clock = new Date('2023-01-23T10:00:00+08:00');
      const abort = new AbortController();
      try {
        const response = await fetch(`${address}/api/sensing/stream`, { signal: abort.signal });
        expect(response.headers.get('content-type')).toContain('text/event-stream');
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        text += decoder.decode((await reader.read()).value);
        expect(text).toContain(': connected');
        await push(mastKey, [{ datastreamId: mastStream, phenomenonTime: '2023-01-23T09:59:00+08:00', result: 42.5 }]);
        while (!text.includes('event: observations')) text += decoder.decode((await reader.read()).value);
        while (!text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
        const data = JSON.parse(/event: observations\ndata: (.*)\n/.exec(text)![1]!);
        expect(data).toMatchObject({
          thingCode: 'MAST-T1',
          count: 1,
          latest: [{ datastreamId: mastStream, observedProperty: 'no2', result: 42.5, phenomenonTime: '2023-01-23T09:59:00+08:00' }],
        });
      } finally {
        abort.abort();
      }
    });

    it(`holds at most ${MAX_STREAMS_PER_ADDRESS} streams per client address: one more is 429 TOO_MANY_STREAMS before the stream starts`, async () => {
      const open: { close: () => void }[] = [];
      try {
        for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) {
          const stream = await openStream();
          open.push(stream);
          expect(stream.response.status, `stream ${i + 1}`).toBe(200);
        }
        const refused = await openStream();
        open.push(refused);
        expect(refused.response.status).toBe(429);
        expect(refused.response.headers.get('content-type')).toContain('application/json');
        expect(await refused.response.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_STREAMS' });
        // a screen that closes frees its place for the next
        open.shift()!.close();
        // the server frees it when it sees the socket close: poll, with time to spare on a loaded machine
        await expect
          .poll(
            async () => {
              const next = await openStream();
              open.push(next);
              return next.response.status;
            },
            { timeout: 60_000, interval: 50 },
          )
          .toBe(200);
      } finally {
        for (const stream of open) stream.close();
      }
      // and every place is freed when the screens go away
      await expect
        .poll(
          async () => {
            const next = await openStream();
            next.close();
            return next.response.status;
          },
          { timeout: 60_000, interval: 50 },
        )
        .toBe(200);
    });
  });
});
