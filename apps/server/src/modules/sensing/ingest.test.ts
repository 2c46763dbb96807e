/**
 * Ingestion as a device and an operator meet it: keys created (shown once), used, rotated and
 * revoked; a batch with good, implausible and repeated items answered item by item; a malformed
 * item refusing the whole batch by name; another Thing's datastream; oversized batches; a write
 * that fails mid-way leaving nothing; camera-trap detections against the national protected list,
 * and only from camera traps.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Detection, IngestResult, NewThingKey, ThingDetail, ThingKey } from '@eco/contracts/sensing';
import { auditLog, datastreams, detections, files, observations, thingKeys, things } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { SAMPLES } from '../../test/sample-files';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';

/** The pinned clock: the evening after the bundled hours (2023-01-20/21). */
const NOW = new Date('2023-01-22T20:00:00+08:00');

describe('device ingestion', () => {
  const ctx = useTestApp({ loaded: true, now: () => NOW });
  const db = () => ctx.database.db;
  let admin: Browser;
  let station: { id: number; code: string };
  let other: { id: number; code: string };
  let streams: Record<string, number>;
  let otherPm25: number;
  let key: string;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    [station] = await db().select({ id: things.id, code: things.code }).from(things).where(eq(things.code, '1462A'));
    [other] = await db().select({ id: things.id, code: things.code }).from(things).where(eq(things.code, '1463A'));
    const detail = dataOf(await admin.get<ThingDetail>(`/api/things/${station!.id}`));
    streams = Object.fromEntries(detail.datastreams.map((d) => [d.observedProperty, d.id]));
    const [pm] = await db()
      .select({ id: datastreams.id })
      .from(datastreams)
      .where(and(eq(datastreams.thingId, other!.id), eq(datastreams.observedPropertyCode, 'pm2_5')));
    otherPm25 = pm!.id;
    key = dataOf(await admin.post<NewThingKey>(`/api/things/${station!.id}/keys`)).key;
  });

  function push(body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
    // a device: no cookies, no CSRF token
    return new Browser(ctx.app).request<IngestResult>('POST', '/api/sensing/observations', body, { headers });
  }

  /** Observations stored, leaving out the AQI the server derives for stations (quality `hj633`). */
  async function observationCount(): Promise<number> {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(observations).where(sql`${observations.quality} is distinct from 'hj633'`);
    return row!.n;
  }

  describe('keys', () => {
    it('shows a new key once, keeps only its SHA-256, and audits it without the secret', async () => {
      const response = await admin.post<NewThingKey>(`/api/things/${other!.id}/keys`);
      expect(response.status).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const created = dataOf(response);
      expect(created.key).toMatch(/^tk_[A-Za-z0-9_-]{32}$/);
      expect(created.info).toMatchObject({ prefix: created.key.slice(0, 10), revokedAt: null, lastUsedAt: null });
      const [row] = await db().select().from(thingKeys).where(eq(thingKeys.id, created.info.id));
      expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(created.key);
      const detail = dataOf(await admin.get<ThingDetail>(`/api/things/${other!.id}`));
      expect(JSON.stringify(detail)).not.toContain(created.key);
      expect(detail.keys.map((k) => k.prefix)).toContain(created.info.prefix);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'thing_key.create'), eq(auditLog.entityId, String(created.info.id))));
      expect(entry!.after).toEqual({ thing: '1463A', prefix: created.info.prefix });
      expect(JSON.stringify(entry)).not.toContain(created.key);
    });

    it('lets editors manage keys but not staff, and nobody signed out', async () => {
      const staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
      expect(errorOf(await staff.post(`/api/things/${station.id}/keys`)).errorCode).toBe('FORBIDDEN');
      const editor = (await signedInAs(ctx.app, db(), 'editor')).browser;
      expect((await editor.get(`/api/things/${station.id}`)).status).toBe(200);
      const anonymous = new Browser(ctx.app);
      expect((await anonymous.get('/api/things')).status).toBe(401);
    });

    it('refuses a push with no key, a wrong key or a malformed one, the same way, storing nothing', async () => {
      const before = await observationCount();
      const body = { observations: [{ datastreamId: streams.pm2_5, phenomenonTime: '2023-01-22T19:00:00+08:00', result: 50 }] };
      const attempts: Record<string, string>[] = [{}, { authorization: `Bearer tk_${'A'.repeat(32)}` }, { 'x-thing-key': 'not-a-key' }];
      for (const headers of attempts) {
        const response = await push(body, headers);
        expect(response.status).toBe(401);
        expect(errorOf(response).errorCode).toBe('THING_KEY_INVALID');
      }
      expect(await observationCount()).toBe(before);
    });

    it('rotates a key: the old one stops working at once, the new one works; revoking stops it too', async () => {
      const first = dataOf(await admin.post<NewThingKey>(`/api/things/${station.id}/keys`));
      const body = (hour: number) => ({ observations: [{ datastreamId: streams.no2, phenomenonTime: `2023-01-22T0${hour}:00:00+08:00`, result: 30 }] });
      expect(dataOf(await push(body(1), { 'x-thing-key': first.key })).accepted).toBe(1);
      const rotated = dataOf(await admin.post<NewThingKey>(`/api/things/${station.id}/keys/${first.info.id}/rotate`));
      expect(rotated.key).not.toBe(first.key);
      expect((await push(body(2), { 'x-thing-key': first.key })).status).toBe(401);
      expect(dataOf(await push(body(2), { 'x-thing-key': rotated.key })).accepted).toBe(1);
      const revoked = dataOf(await admin.post<ThingKey>(`/api/things/${station.id}/keys/${rotated.info.id}/revoke`));
      expect(revoked.revokedAt).toBe('2023-01-22T20:00:00+08:00');
      expect((await push(body(3), { 'x-thing-key': rotated.key })).status).toBe(401);
      // a revoked key cannot be revoked or rotated again
      const again = await admin.post(`/api/things/${station.id}/keys/${rotated.info.id}/rotate`);
      expect([again.status, errorOf(again).errorCode]).toEqual([409, 'THING_KEY_REVOKED']);
      const actions = await db().select({ action: auditLog.action }).from(auditLog).where(sql`${auditLog.action} like 'thing_key.%'`);
      expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['thing_key.rotate', 'thing_key.revoke']));
    });
  });

  describe('POST /api/sensing/observations', () => {
    it('answers each item: accepted, duplicate, or rejected with the reason, and stores only the good ones', async () => {
      const before = await observationCount();
      const response = await push({
        observations: [
          { datastreamId: streams.pm2_5, phenomenonTime: '2023-01-22T10:00:00+08:00', result: 88.5, quality: 'valid' },
          { datastreamId: streams.pm2_5, phenomenonTime: '2023-01-22T10:00:00+08:00', result: 90 },
          { datastreamId: otherPm25, phenomenonTime: '2023-01-22T11:00:00+08:00', result: 40 },
          { datastreamId: streams.pm2_5, phenomenonTime: '2023-01-22T21:00:00+08:00', result: 40 },
          { datastreamId: streams.pm2_5, phenomenonTime: '1999-12-31T23:00:00+08:00', result: 40 },
          { datastreamId: streams.co, phenomenonTime: '2023-01-22T11:00:00+08:00', result: 1200 },
          { datastreamId: streams.co, phenomenonTime: '2023-01-22T11:00:00+08:00', result: 1.2 },
        ],
      });
      expect(response.status).toBe(200);
      const result = dataOf(response);
      expect(result.items.map((i) => [i.status, i.reason ?? null])).toEqual([
        ['accepted', null],
        ['duplicate', null],
        ['rejected', 'DATASTREAM_NOT_OF_THING'],
        ['rejected', 'TIME_IN_FUTURE'],
        ['rejected', 'TIME_TOO_OLD'],
        ['rejected', 'RESULT_OUT_OF_RANGE'],
        ['accepted', null],
      ]);
      expect(result).toMatchObject({ accepted: 2, duplicate: 1, rejected: 4 });
      expect(result.items[5]!.message).toContain('150');
      expect(await observationCount()).toBe(before + 2);
      // the first value of an instant stands; the repeat did not overwrite it
      const [stored] = await db()
        .select()
        .from(observations)
        .where(and(eq(observations.datastreamId, streams.pm2_5!), eq(observations.phenomenonTime, new Date('2023-01-22T10:00:00+08:00'))));
      expect(stored).toMatchObject({ result: 88.5, quality: 'valid' });
      // the Thing was heard at its newest phenomenonTime
      const [thing] = await db().select({ lastSeenAt: things.lastSeenAt }).from(things).where(eq(things.id, station.id));
      expect(thing!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(new Date('2023-01-22T11:00:00+08:00').getTime());
    });

    it('answers a repeated batch with duplicates only, adding no rows', async () => {
      const batch = { observations: [{ datastreamId: streams.o3, phenomenonTime: '2023-01-22T12:00:00+08:00', result: 20 }] };
      expect(dataOf(await push(batch)).accepted).toBe(1);
      const before = await observationCount();
      expect(dataOf(await push(batch))).toMatchObject({ accepted: 0, duplicate: 1, rejected: 0 });
      expect(await observationCount()).toBe(before);
    });

    it('answers uncompressed whatever the device accepts, where a public answer as large is compressed (docs/api.md §Compression)', async () => {
      const observations = Array.from({ length: 200 }, (_, i) => ({
        datastreamId: streams.so2,
        phenomenonTime: new Date(Date.UTC(2022, 11, 1) + i * 3_600_000).toISOString(),
        result: 5 + (i % 7),
      }));
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip, deflate' };
      const answer = await ctx.app.inject({ method: 'POST', url: '/api/sensing/observations', headers, payload: { observations } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.length).toBeGreaterThan(1024);
      expect(answer.json<{ data: IngestResult }>().data.accepted).toBe(200);
      const read = await ctx.app.inject({ method: 'GET', url: '/api/stations?pageSize=200', headers: { 'accept-encoding': 'br, gzip, deflate' } });
      expect(read.headers['content-encoding']).toBe('br');
    });

    it('refuses a batch of more than 10 000 items with 413, storing nothing', async () => {
      const before = await observationCount();
      const items = Array.from({ length: 10_001 }, (_, i) => ({
        datastreamId: streams.so2,
        phenomenonTime: new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString(),
        result: 5,
      }));
      const response = await push({ observations: items }, { authorization: `Bearer ${key}`, 'accept-language': 'en-US' });
      expect(response.status).toBe(413);
      expect(errorOf(response)).toMatchObject({ errorCode: 'BATCH_TOO_LARGE', errorMessage: expect.stringContaining('10 000') });
      expect(await observationCount()).toBe(before);
    });

    it('stores a full batch of 10 000 in one go', async () => {
      const before = await observationCount();
      const items = Array.from({ length: 10_000 }, (_, i) => ({
        datastreamId: streams.so2,
        phenomenonTime: new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString(),
        result: (i % 50) + 1,
      }));
      const result = dataOf(await push({ observations: items }));
      expect(result).toMatchObject({ accepted: 10_000, duplicate: 0, rejected: 0 });
      expect(await observationCount()).toBe(before + 10_000);
    });

    it('leaves none of a batch when the write fails mid-way (all-or-nothing)', async () => {
      // a trigger that fails the insert at one row in the middle of the batch, as a crash would
      await db().execute(sql`
        create function fail_mid_batch() returns trigger language plpgsql as $$
        begin
          if new.result = 4242.5 then raise exception 'simulated crash mid-batch'; end if;
          return new;
        end $$`);
      await db().execute(sql`create trigger fail_mid_batch before insert on observations for each row execute function fail_mid_batch()`);
      try {
        const before = await observationCount();
        const [{ lastSeenAt: seenBefore } = { lastSeenAt: null }] = await db()
          .select({ lastSeenAt: things.lastSeenAt })
          .from(things)
          .where(eq(things.id, station.id));
        const items = Array.from({ length: 1000 }, (_, i) => ({
          datastreamId: streams.pm10,
          phenomenonTime: new Date(Date.UTC(2022, 5, 1) + i * 3_600_000).toISOString(),
          result: i === 500 ? 4242.5 : 60,
        }));
        const response = await push({ observations: items });
        expect(response.status).toBe(500);
        expect(errorOf(response).errorCode).toBe('INTERNAL_ERROR');
        expect(await observationCount()).toBe(before);
        const [{ lastSeenAt: seenAfter } = { lastSeenAt: null }] = await db()
          .select({ lastSeenAt: things.lastSeenAt })
          .from(things)
          .where(eq(things.id, station.id));
        expect(seenAfter).toEqual(seenBefore);
      } finally {
        await db().execute(sql`drop trigger fail_mid_batch on observations`);
        await db().execute(sql`drop function fail_mid_batch()`);
      }
    });

    it('refuses the whole batch with 400 naming a malformed item (wrong type, bad time, unknown property), storing nothing', async () => {
      const before = await observationCount();
      const good = { datastreamId: streams.pm2_5, phenomenonTime: '2023-01-22T09:00:00+08:00', result: 70 };
      const cases: [unknown, string][] = [
        [{ ...good, result: '88' }, 'body/observations/1/result'],
        [{ ...good, phenomenonTime: 'yesterday' }, 'body/observations/1/phenomenonTime'],
        [{ ...good, unit: 'µg/m³' }, 'body/observations/1/unit'],
        ['not an object', 'body/observations/1'],
      ];
      for (const [bad, field] of cases) {
        const response = await push({ observations: [good, bad] }, { authorization: `Bearer ${key}`, 'accept-language': 'en-US' });
        expect(response.status, field).toBe(400);
        const error = errorOf(response) as { errorCode: string; details?: { field: string }[] };
        expect(error.errorCode).toBe('VALIDATION_FAILED');
        expect(
          error.details?.map((d) => d.field),
          field,
        ).toContain(field);
      }
      // an unknown property beside the batch is named too
      const beside = await push({ observations: [good], thing: '1462A' });
      expect((errorOf(beside) as { details?: { field: string }[] }).details?.map((d) => d.field)).toEqual(['body/thing']);
      expect(await observationCount()).toBe(before);
    });

    it('refuses a body that is not a batch with 400, storing nothing', async () => {
      const before = await observationCount();
      for (const body of [{}, { observations: [] }, { observations: 'many' }, [1, 2]]) {
        const response = await push(body);
        expect(response.status).toBe(400);
        expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await observationCount()).toBe(before);
    });
  });

  describe('POST /api/sensing/detections', () => {
    let trapKey: string;
    beforeAll(async () => {
      const [trap] = await db().insert(things).values({ code: 'IR-TEST-001', kind: 'infrared_camera', name: '测试红外相机' }).returning({ id: things.id });
      trapKey = dataOf(await admin.post<NewThingKey>(`/api/things/${trap!.id}/keys`)).key;
    });

    it('records listed species, genus-listed ones and declared unlisted ones, and rejects an unknown name not declared unlisted', async () => {
      const response = await new Browser(ctx.app).request<IngestResult>(
        'POST',
        '/api/sensing/detections',
        {
          detections: [
            { phenomenonTime: '2023-01-22T03:10:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.97 },
            { phenomenonTime: '2023-01-22T03:10:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.9 },
            { phenomenonTime: '2023-01-22T03:20:00+08:00', scientificName: 'Cuora trifasciata', count: 2, confidence: 0.8 },
            { phenomenonTime: '2023-01-22T03:30:00+08:00', scientificName: 'Sus scrofa', unlisted: true, count: 3, confidence: 0.7 },
            { phenomenonTime: '2023-01-22T03:40:00+08:00', scientificName: 'Sus scrofa', count: 3, confidence: 0.7 },
          ],
        },
        { headers: { authorization: `Bearer ${trapKey}` } },
      );
      const result = dataOf(response);
      expect(result.items.map((i) => [i.status, i.reason ?? null])).toEqual([
        ['accepted', null],
        ['duplicate', null],
        ['accepted', null],
        ['accepted', null],
        ['rejected', 'SPECIES_NOT_LISTED'],
      ]);
      const rows = await db().select({ name: detections.scientificName, listed: detections.listed }).from(detections).orderBy(detections.phenomenonTime);
      expect(rows).toEqual([
        { name: 'Ailuropoda melanoleuca', listed: true },
        { name: 'Cuora trifasciata', listed: true },
        { name: 'Sus scrofa', listed: false },
      ]);
      const recent = dataOf(
        await new Browser(ctx.app).get<{ scientificName: string; nameZh: string | null; level: string | null }[]>('/api/sensing/detections'),
      );
      expect(recent.find((d) => d.scientificName === 'Ailuropoda melanoleuca')).toMatchObject({ nameZh: '大熊猫', level: 'I' });
    });

    it('refuses a detection with an implausible confidence or an unknown property with 400 naming it, storing nothing', async () => {
      const before = await db().select().from(detections);
      const item = { phenomenonTime: '2023-01-22T04:00:00+08:00', scientificName: 'Nipponia nippon', count: 1, confidence: 0.9 };
      for (const [bad, field] of [
        [{ ...item, confidence: 1.5 }, 'body/detections/0/confidence'],
        [{ ...item, latitude: 33.6 }, 'body/detections/0/latitude'],
      ] as const) {
        const response = await new Browser(ctx.app).request(
          'POST',
          '/api/sensing/detections',
          { detections: [bad] },
          { headers: { authorization: `Bearer ${trapKey}` } },
        );
        expect(response.status, field).toBe(400);
        expect((errorOf(response) as { details?: { field: string }[] }).details?.map((d) => d.field)).toContain(field);
      }
      expect(await db().select().from(detections)).toEqual(before);
    });

    it('refuses detections from a key of a Thing that is not a camera trap with 403, storing nothing', async () => {
      const before = await db().select().from(detections);
      const seenBefore = await db().select({ lastSeenAt: things.lastSeenAt }).from(things).where(eq(things.id, station.id));
      // the air-quality station's key posting a giant panda
      const response = await new Browser(ctx.app).request(
        'POST',
        '/api/sensing/detections',
        { detections: [{ phenomenonTime: '2023-01-22T05:00:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.99 }] },
        { headers: { authorization: `Bearer ${key}`, 'accept-language': 'en-US' } },
      );
      expect(response.status).toBe(403);
      expect(errorOf(response)).toMatchObject({
        errorCode: 'FORBIDDEN',
        errorMessage: expect.stringContaining('only camera traps (kind infrared_camera) post detections; Thing 1462A is of kind air_quality_station'),
      });
      expect(await db().select().from(detections)).toEqual(before);
      expect(await db().select({ lastSeenAt: things.lastSeenAt }).from(things).where(eq(things.id, station.id))).toEqual(seenBefore);
    });

    it("attaches an image to its own detection, and refuses a non-image or another Thing's detection, leaving nothing", async () => {
      const [panda] = await db().select({ id: detections.id }).from(detections).where(eq(detections.scientificName, 'Ailuropoda melanoleuca'));
      const upload = (id: number, name: string, bytes: Buffer, key: string) => {
        const boundary = '----ecotest';
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return ctx.app.inject({
          method: 'POST',
          url: `/api/sensing/detections/${id}/image`,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${key}` },
        });
      };
      const filesBefore = (await db().select().from(files)).length;
      const refused = await upload(panda!.id, 'panda.png', SAMPLES.exe(), trapKey);
      expect([refused.statusCode, refused.json().errorCode]).toEqual([415, 'UPLOAD_TYPE_NOT_ALLOWED']);
      // the station's key may not post images at all (not a camera trap)
      const station = await upload(panda!.id, 'panda.png', SAMPLES.png(), key);
      expect([station.statusCode, station.json().errorCode]).toEqual([403, 'FORBIDDEN']);
      // another camera trap's key may not touch this one's detection
      const [otherTrap] = await db()
        .insert(things)
        .values({ code: 'IR-TEST-002', kind: 'infrared_camera', name: '测试红外相机二号' })
        .returning({ id: things.id });
      const otherKey = dataOf(await admin.post<NewThingKey>(`/api/things/${otherTrap!.id}/keys`)).key;
      const foreign = await upload(panda!.id, 'panda.png', SAMPLES.png(), otherKey);
      expect([foreign.statusCode, foreign.json().errorCode]).toEqual([404, 'DETECTION_NOT_FOUND']);
      expect((await db().select().from(files)).length).toBe(filesBefore);
      const [unchanged] = await db().select({ image: detections.imageSha256 }).from(detections).where(eq(detections.id, panda!.id));
      expect(unchanged!.image).toBeNull();
      const ok = await upload(panda!.id, 'panda.png', SAMPLES.png(), trapKey);
      expect(ok.statusCode).toBe(200);
      const detection = (ok.json() as { data: Detection }).data;
      expect(detection.imageSha256).toMatch(/^[0-9a-f]{64}$/);
      const [file] = await db().select().from(files).where(eq(files.sha256, detection.imageSha256!));
      expect(file!.mime).toBe('image/png');
    });
  });
});
