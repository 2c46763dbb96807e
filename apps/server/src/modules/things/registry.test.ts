/**
 * The device registry as an administrator's or editor's browser meets it: register a Thing (its
 * city derived from the point), edit it, add and remove Datastreams; staff and strangers refused;
 * bad input refused with 400 naming the field and changing nothing; a taken code 409; an audit row
 * for every change, in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Datastream, ObservedProperty, ThingDetail } from '@eco/contracts/sensing';
import { auditLog, datastreams, observations, organisations, things } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

/** A point in 西安市 (the Bell Tower), one in 汉中市, and Beijing (inside China, outside Shaanxi). */
const XIAN = { longitude: 108.9402, latitude: 34.2611 };
const HANZHONG = { longitude: 107.0238, latitude: 33.0676 };
const BEIJING = { longitude: 116.3975, latitude: 39.9087 };

describe('device registry', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let admin: Browser;
  let adminId: number;
  let editor: Browser;
  let staff: Browser;
  let forestry: { id: number; name: string };

  beforeAll(async () => {
    const signedIn = await signedInAs(ctx.app, db(), 'admin', { role: 'admin', account: 'registry.admin' });
    admin = signedIn.browser;
    adminId = signedIn.user.id;
    editor = (await signedInAs(ctx.app, db(), 'editor')).browser;
    staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
    [forestry] = await db().select({ id: organisations.id, name: organisations.name }).from(organisations).where(eq(organisations.divisionCode, '6101'));
  });

  const mast = (overrides: Record<string, unknown> = {}) => ({
    code: 'MAST-QL-001',
    kind: 'sensor_mast',
    name: '秦岭北麓气象火险监测杆',
    organisationId: forestry.id,
    status: 'active',
    ...XIAN,
    ...overrides,
  });

  async function auditRows(action: string, entityId: number) {
    return db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  }

  describe('POST /api/things', () => {
    it('registers a device with its Location, derives the city from the point, and audits it', async () => {
      const response = await admin.post<ThingDetail>('/api/things', mast());
      expect(response.status).toBe(201);
      const { thing, datastreams: streams, keys } = dataOf(response);
      expect(thing).toMatchObject({
        code: 'MAST-QL-001',
        kind: 'sensor_mast',
        name: '秦岭北麓气象火险监测杆',
        status: 'active',
        organisation: { id: forestry.id, name: forestry.name },
        ...XIAN,
        cityCode: '6101',
        cityName: '西安市',
        countyCode: null,
        online: false,
        lastSeenAt: null,
        activeKeys: 0,
      });
      expect([streams, keys]).toEqual([[], []]);
      // the registry lists it
      const listed = dataOf(await admin.get<{ items: { code: string }[] }>('/api/things?keyword=MAST-QL'));
      expect(listed.items.map((i) => i.code)).toEqual(['MAST-QL-001']);
      const [entry] = await auditRows('thing.create', thing.id);
      expect(entry).toMatchObject({
        actorId: adminId,
        actorAccount: 'registry.admin',
        entityType: 'thing',
        before: null,
        after: { code: 'MAST-QL-001', kind: 'sensor_mast', organisationId: forestry.id, status: 'active', ...XIAN, cityCode: '6101' },
      });
    });

    it('lets an editor register a device; a point outside the province has no city', async () => {
      const response = await editor.post<ThingDetail>(
        '/api/things',
        mast({ code: 'CAM-BJ-1', kind: 'video_camera', name: '省外测试相机', organisationId: null, ...BEIJING }),
      );
      expect(response.status).toBe(201);
      expect(dataOf(response).thing).toMatchObject({ organisation: null, cityCode: null, cityName: null, countyCode: null });
    });

    it('answers 409 THING_CODE_TAKEN for a code in use, changing nothing', async () => {
      const before = await countRows(db());
      for (const code of ['MAST-QL-001', '1462A']) {
        const response = await admin.post('/api/things', mast({ code }));
        expect(response.status).toBe(409);
        expect(errorOf(response).errorCode).toBe('THING_CODE_TAKEN');
        expect(errorOf(response).errorMessage).toContain('该设备编码已被使用');
      }
      expect(await countRows(db())).toEqual(before);
    });

    it('answers 404 ORGANISATION_NOT_FOUND for an organisation that does not exist, changing nothing', async () => {
      const before = await countRows(db());
      const response = await admin.post('/api/things', mast({ code: 'NO-ORG', organisationId: 999_999 }));
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('ORGANISATION_NOT_FOUND');
      expect(await countRows(db())).toEqual(before);
    });

    it.each([
      [{ longitude: 200 }, 'body/longitude'],
      [{ longitude: 34.26, latitude: 108.94 }, 'body/longitude'], // swapped
      [{ latitude: -34 }, 'body/latitude'],
      [{ latitude: '34.2' }, 'body/latitude'],
      [{ longitude: null }, 'body/longitude'],
      [{ kind: 'weather_balloon' }, 'body/kind'],
      [{ status: 'broken' }, 'body/status'],
      [{ code: '' }, 'body/code'],
      [{ code: '-lead' }, 'body/code'],
      [{ code: '相机一号' }, 'body/code'],
      [{ code: 'x'.repeat(33) }, 'body/code'],
      [{ name: '   ' }, 'body/name'],
      [{ name: '名\u0000称' }, 'body/name'],
      [{ name: '名'.repeat(101) }, 'body/name'],
      [{ organisationId: '1' }, 'body/organisationId'],
      [{ organisationId: 0 }, 'body/organisationId'],
    ])('refuses %j with 400 naming %s, changing nothing', async (overrides, field) => {
      const before = await countRows(db());
      const response = await admin.post('/api/things', mast({ code: 'BAD-INPUT', ...overrides }));
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      expect(
        errorOf(response)
          .details?.map((d) => d.field)
          .join(' '),
      ).toContain(field);
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses a body missing the Location', async () => {
      const { longitude: _lon, latitude: _lat, ...body } = mast({ code: 'NO-PLACE' });
      const response = await admin.post('/api/things', body);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    });

    it('refuses staff (403), strangers (401) and a write without the CSRF token, changing nothing', async () => {
      const before = await countRows(db());
      const refused = await staff.post('/api/things', mast({ code: 'BY-STAFF' }));
      expect([refused.status, errorOf(refused).errorCode]).toEqual([403, 'FORBIDDEN']);
      const stranger = new Browser(ctx.app);
      await stranger.session(); // a CSRF token, but no sign-in
      const anonymous = await stranger.post('/api/things', mast({ code: 'BY-NOBODY' }));
      expect(anonymous.status).toBe(401);
      const forged = await admin.post('/api/things', mast({ code: 'NO-CSRF' }), { noCsrf: true });
      expect([forged.status, errorOf(forged).errorCode]).toEqual([403, 'CSRF_REJECTED']);
      expect((await staff.patch('/api/things/1', { name: '员工改名' })).status).toBe(403);
      expect(await countRows(db())).toEqual(before);
    });
  });

  describe('PATCH /api/things/:id', () => {
    let id: number;
    beforeAll(async () => {
      id = dataOf(await admin.post<ThingDetail>('/api/things', mast({ code: 'IR-EDIT-1', kind: 'infrared_camera', name: '待编辑红外相机' }))).thing.id;
    });

    it('moves a device, derives the city again and audits only what changed', async () => {
      const response = await editor.patch<ThingDetail>(`/api/things/${id}`, { ...HANZHONG, status: 'maintenance', name: '汉中红外相机' });
      expect(response.status).toBe(200);
      expect(dataOf(response).thing).toMatchObject({
        ...HANZHONG,
        cityCode: '6107',
        cityName: '汉中市',
        status: 'maintenance',
        name: '汉中红外相机',
        kind: 'infrared_camera',
      });
      const [entry] = await auditRows('thing.update', id);
      expect(entry!.before).toEqual({ name: '待编辑红外相机', status: 'active', ...XIAN, cityCode: '6101' });
      expect(entry!.after).toEqual({ name: '汉中红外相机', status: 'maintenance', ...HANZHONG, cityCode: '6107' });
    });

    it('changes the code and the organisation, and writes no audit row when nothing changed', async () => {
      const changed = dataOf(await admin.patch<ThingDetail>(`/api/things/${id}`, { code: 'IR-HZ-1', organisationId: null }));
      expect(changed.thing).toMatchObject({ code: 'IR-HZ-1', organisation: null });
      const before = await countRows(db());
      expect((await admin.patch(`/api/things/${id}`, { code: 'IR-HZ-1' })).status).toBe(200);
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses a taken code (409), half a Location, an empty edit and an unknown device, changing nothing', async () => {
      const before = await countRows(db());
      const taken = await admin.patch(`/api/things/${id}`, { code: '1462A' });
      expect([taken.status, errorOf(taken).errorCode]).toEqual([409, 'THING_CODE_TAKEN']);
      for (const body of [{ longitude: 108.9 }, {}, { latitude: 91, longitude: 108 }, { name: '' }]) {
        const response = await admin.patch(`/api/things/${id}`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      const missing = await admin.patch('/api/things/999999', { name: '不存在' });
      expect([missing.status, errorOf(missing).errorCode]).toEqual([404, 'THING_NOT_FOUND']);
      expect(await countRows(db())).toEqual(before);
      const [row] = await db().select({ code: things.code }).from(things).where(eq(things.id, id));
      expect(row!.code).toBe('IR-HZ-1');
    });
  });

  describe('Datastreams', () => {
    let id: number;
    beforeAll(async () => {
      id = dataOf(await admin.post<ThingDetail>('/api/things', mast({ code: 'MAST-DS-1' }))).thing.id;
    });

    it('lists the ObservedProperties with units and ranges, including the weather, soil and fire ones', async () => {
      const properties = dataOf(await editor.get<ObservedProperty[]>('/api/things/observed-properties'));
      const byCode = new Map(properties.map((p) => [p.code, p]));
      expect(byCode.get('air_temperature')).toMatchObject({ nameZh: '气温', unit: '°C', minValue: -50, maxValue: 60 });
      expect(byCode.get('relative_humidity')).toMatchObject({ unit: '%', minValue: 0, maxValue: 100 });
      expect(byCode.get('wind_speed')).toMatchObject({ unit: 'm/s' });
      expect(byCode.get('soil_moisture')).toMatchObject({ unit: '%' });
      expect(byCode.get('fire_danger_level')).toMatchObject({ minValue: 1, maxValue: 5 });
      expect(byCode.get('pm2_5')).toMatchObject({ unit: 'µg/m³' });
    });

    it('adds Datastreams with and without a Sensor, shows them on the device, and audits them', async () => {
      const added = await editor.post<Datastream>(`/api/things/${id}/datastreams`, { observedProperty: 'air_temperature', sensor: 'Vaisala HMP155' });
      expect(added.status).toBe(201);
      expect(dataOf(added)).toEqual({
        id: expect.any(Number),
        observedProperty: 'air_temperature',
        name: '气温',
        unit: '°C',
        minValue: -50,
        maxValue: 60,
        latest: null,
        sensor: 'Vaisala HMP155',
      });
      await admin.post(`/api/things/${id}/datastreams`, { observedProperty: 'fire_danger_level' });
      const detail = dataOf(await admin.get<ThingDetail>(`/api/things/${id}`));
      expect(detail.datastreams.map((d) => [d.observedProperty, d.sensor])).toEqual([
        ['air_temperature', 'Vaisala HMP155'],
        ['fire_danger_level', null],
      ]);
      const [entry] = await auditRows('datastream.create', dataOf(added).id);
      expect(entry!.after).toEqual({ thing: 'MAST-DS-1', observedProperty: 'air_temperature', sensor: 'Vaisala HMP155' });
    });

    it('refuses a second Datastream of the same property (409), an unknown property (404) or device (404), and bad bodies (400), changing nothing', async () => {
      const before = await countRows(db());
      const twice = await admin.post(`/api/things/${id}/datastreams`, { observedProperty: 'air_temperature' });
      expect([twice.status, errorOf(twice).errorCode]).toEqual([409, 'DATASTREAM_EXISTS']);
      const unknown = await admin.post(`/api/things/${id}/datastreams`, { observedProperty: 'radon' });
      expect([unknown.status, errorOf(unknown).errorCode]).toEqual([404, 'OBSERVED_PROPERTY_NOT_FOUND']);
      const nowhere = await admin.post('/api/things/999999/datastreams', { observedProperty: 'wind_speed' });
      expect([nowhere.status, errorOf(nowhere).errorCode]).toEqual([404, 'THING_NOT_FOUND']);
      for (const body of [{}, { observedProperty: 'Wind Speed' }, { observedProperty: 'wind_speed', sensor: '  ' }, { observedProperty: 42 }]) {
        expect((await admin.post(`/api/things/${id}/datastreams`, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await staff.post(`/api/things/${id}/datastreams`, { observedProperty: 'wind_speed' })).status).toBe(403);
      expect(await countRows(db())).toEqual(before);
    });

    it('removes a Datastream without Observations and audits it; refuses one with data or of another device', async () => {
      const added = dataOf(await admin.post<Datastream>(`/api/things/${id}/datastreams`, { observedProperty: 'soil_moisture' }));
      const removed = await editor.delete(`/api/things/${id}/datastreams/${added.id}`);
      expect(removed.status).toBe(200);
      expect(await db().select().from(datastreams).where(eq(datastreams.id, added.id))).toEqual([]);
      expect((await auditRows('datastream.delete', added.id))[0]!.before).toMatchObject({ thing: 'MAST-DS-1', observedProperty: 'soil_moisture' });

      const [station] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
      const [pm25] = await db()
        .select({ id: datastreams.id })
        .from(datastreams)
        .where(and(eq(datastreams.thingId, station!.id), eq(datastreams.observedPropertyCode, 'pm2_5')));
      const before = await countRows(db());
      const withData = await admin.delete(`/api/things/${station!.id}/datastreams/${pm25!.id}`);
      expect([withData.status, errorOf(withData).errorCode]).toEqual([409, 'DATASTREAM_HAS_OBSERVATIONS']);
      const notOurs = await admin.delete(`/api/things/${id}/datastreams/${pm25!.id}`);
      expect([notOurs.status, errorOf(notOurs).errorCode]).toEqual([404, 'DATASTREAM_NOT_FOUND']);
      expect(await countRows(db())).toEqual(before);
      expect((await db().select().from(observations).where(eq(observations.datastreamId, pm25!.id))).length).toBeGreaterThan(0);
    });
  });
});
