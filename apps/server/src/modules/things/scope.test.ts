/**
 * The organisation scope of the device registry (docs/access.md §Organisation scope), as editors of
 * a county, a city and the province meet it: within their own organisation and those under it they
 * register, edit, move and key Things; outside it (another county, a neighbouring city, the
 * province-wide networks owned by no organisation) every write is 403 FORBIDDEN and changes
 * nothing. Also: an unknown property in a Thing body is refused by name.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Datastream, NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import { thingKeys, things } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

/** A point in 周至县 and one in 长安区 (both 西安市). */
const ZHOUZHI = { longitude: 108.2223, latitude: 34.1633 };
const CHANGAN = { longitude: 108.9071, latitude: 34.1588 };

describe('organisation scope of the device registry', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let admin: Browser;
  /** an editor of 周至县 */
  let zhouzhi: Browser;
  /** an editor of 西安市 */
  let xian: Browser;
  /** an editor of the province organisation */
  let province: Browser;
  const org: Record<string, number> = {};
  /** Things of 周至县, of 长安区, and the CNEMC station 1462A (no organisation) */
  let own: number;
  let neighbour: number;
  let station: number;

  const organisationId = (divisionCode: string) => organisationIdOf(db(), divisionCode);

  const body = (code: string, organisationId: number | null, place = ZHOUZHI) => ({
    code,
    kind: 'sensor_mast',
    name: `监测杆 ${code}`,
    organisationId,
    status: 'active',
    ...place,
  });

  async function thingRow(id: number) {
    const [row] = await db().select().from(things).where(eq(things.id, id));
    return row!;
  }

  beforeAll(async () => {
    for (const code of ['61', '6101', '610124', '610116', '6107']) org[code] = await organisationId(code);
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    zhouzhi = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['610124'] })).browser;
    xian = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['6101'] })).browser;
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['61'] })).browser;
    own = dataOf(await admin.post<ThingDetail>('/api/things', body('MAST-ZZ-1', org['610124']!))).thing.id;
    neighbour = dataOf(await admin.post<ThingDetail>('/api/things', body('MAST-CA-1', org['610116']!, CHANGAN))).thing.id;
    const [cnemc] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
    station = cnemc!.id;
  });

  it("refuses a county editor renaming another county's Thing or minting a key for it (403), changing nothing", async () => {
    const before = await countRows(db());
    const renamed = await zhouzhi.patch(`/api/things/${neighbour}`, { name: '被改名的长安监测杆' }, { headers: { 'accept-language': 'en-US' } });
    expect([renamed.status, errorOf(renamed).errorCode]).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(renamed).errorMessage).toContain('your own organisation');
    const keyed = await zhouzhi.post(`/api/things/${neighbour}/keys`);
    expect([keyed.status, errorOf(keyed).errorCode]).toEqual([403, 'FORBIDDEN']);
    expect(await countRows(db())).toEqual(before);
    expect((await thingRow(neighbour)).name).toBe('监测杆 MAST-CA-1');
    expect(await db().select().from(thingKeys).where(eq(thingKeys.thingId, neighbour))).toEqual([]);
  });

  it('lets the same county editor rename a Thing of their own county and mint its key', async () => {
    const renamed = await zhouzhi.patch<ThingDetail>(`/api/things/${own}`, { name: '周至秦岭监测杆' });
    expect(renamed.status).toBe(200);
    expect(dataOf(renamed).thing.name).toBe('周至秦岭监测杆');
    const keyed = await zhouzhi.post<NewThingKey>(`/api/things/${own}/keys`);
    expect(keyed.status).toBe(201);
    expect(dataOf(keyed).key).toMatch(/^tk_/);
  });

  it('refuses a county editor every write on a province-wide Thing (no organisation), changing nothing', async () => {
    const before = await countRows(db());
    const writes = [
      () => zhouzhi.patch(`/api/things/${station}`, { name: '改名' }),
      () => zhouzhi.post(`/api/things/${station}/keys`),
      () => zhouzhi.post(`/api/things/${station}/datastreams`, { observedProperty: 'wind_speed' }),
    ];
    for (const write of writes) {
      const response = await write();
      expect([response.status, errorOf(response).errorCode]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await countRows(db())).toEqual(before);
  });

  it('refuses rotating or revoking the key, or removing a Datastream, of a Thing outside the scope', async () => {
    const key = dataOf(await admin.post<NewThingKey>(`/api/things/${neighbour}/keys`)).info;
    const stream = dataOf(await admin.post<Datastream>(`/api/things/${neighbour}/datastreams`, { observedProperty: 'wind_speed' }));
    const before = await countRows(db());
    for (const response of [
      await zhouzhi.post(`/api/things/${neighbour}/keys/${key.id}/rotate`),
      await zhouzhi.post(`/api/things/${neighbour}/keys/${key.id}/revoke`),
      await zhouzhi.delete(`/api/things/${neighbour}/datastreams/${stream.id}`),
      await zhouzhi.post(`/api/things/${neighbour}/datastreams`, { observedProperty: 'air_temperature' }),
    ]) {
      expect([response.status, errorOf(response).errorCode]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await countRows(db())).toEqual(before);
    const [row] = await db().select({ revokedAt: thingKeys.revokedAt }).from(thingKeys).where(eq(thingKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('lets a county editor register Things in their own county only: not in another, not province-wide', async () => {
    const before = await countRows(db());
    for (const organisationId of [org['610116']!, org['6101']!, null]) {
      const response = await zhouzhi.post('/api/things', body(`MAST-ZZ-X${organisationId ?? 0}`, organisationId));
      expect([response.status, errorOf(response).errorCode], String(organisationId)).toEqual([403, 'FORBIDDEN']);
    }
    expect(await countRows(db())).toEqual(before);
    const created = await zhouzhi.post<ThingDetail>('/api/things', body('MAST-ZZ-2', org['610124']!));
    expect(created.status).toBe(201);
    expect(dataOf(created).thing.organisation?.id).toBe(org['610124']);
  });

  it('moves a Thing only when both the old and the new organisation are in scope', async () => {
    const before = await countRows(db());
    // the county editor may not give their Thing away to another county
    const away = await zhouzhi.patch(`/api/things/${own}`, { organisationId: org['610116'] });
    expect([away.status, errorOf(away).errorCode]).toEqual([403, 'FORBIDDEN']);
    // nor make it province-wide
    const up = await zhouzhi.patch(`/api/things/${own}`, { organisationId: null });
    expect([up.status, errorOf(up).errorCode]).toEqual([403, 'FORBIDDEN']);
    // the city editor may not move a Thing of its county to another city
    const elsewhere = await xian.patch(`/api/things/${own}`, { organisationId: org['6107'] });
    expect([elsewhere.status, errorOf(elsewhere).errorCode]).toEqual([403, 'FORBIDDEN']);
    expect(await countRows(db())).toEqual(before);
    expect((await thingRow(own)).organisationId).toBe(org['610124']);
    // but moves it between two of its counties, and back to the city itself
    const moved = await xian.patch<ThingDetail>(`/api/things/${own}`, { organisationId: org['610116'] });
    expect(dataOf(moved).thing.organisation?.id).toBe(org['610116']);
    expect(dataOf(await xian.patch<ThingDetail>(`/api/things/${own}`, { organisationId: org['6101'] })).thing.organisation?.id).toBe(org['6101']);
    // now the county editor no longer may touch it
    expect((await zhouzhi.patch(`/api/things/${own}`, { name: '又改名' })).status).toBe(403);
    await xian.patch(`/api/things/${own}`, { organisationId: org['610124'] });
  });

  it('lets a city editor act for the counties under it, and a province editor province-wide', async () => {
    expect((await xian.patch(`/api/things/${neighbour}`, { status: 'maintenance' })).status).toBe(200);
    expect((await xian.post(`/api/things/${neighbour}/keys`)).status).toBe(201);
    expect((await xian.patch(`/api/things/${station}`, { status: 'maintenance' })).status).toBe(403);
    expect((await province.patch(`/api/things/${station}`, { status: 'maintenance' })).status).toBe(200);
    expect((await province.post(`/api/things/${station}/keys`)).status).toBe(201);
    expect((await province.patch(`/api/things/${station}`, { status: 'active' })).status).toBe(200);
  });

  it('reads every Thing whatever the scope', async () => {
    expect((await zhouzhi.get(`/api/things/${station}`)).status).toBe(200);
    expect((await zhouzhi.get(`/api/things/${neighbour}`)).status).toBe(200);
  });

  it.each([
    ['POST', '/api/things', () => ({ ...body('MAST-UNKNOWN', null), owner: '周至县林业局' }), 'body/owner'],
    ['PATCH', '/api/things/{own}', () => ({ name: '改名', altitude: 1200 }), 'body/altitude'],
    ['POST', '/api/things/{own}/datastreams', () => ({ observedProperty: 'wind_speed', unit: 'm/s' }), 'body/unit'],
  ] as const)('refuses %s %s with an unknown property (400 naming %s), changing nothing', async (method, path, make, field) => {
    const before = await countRows(db());
    const response = await admin.request(method, path.replace('{own}', String(own)), make());
    expect(response.status).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    expect(errorOf(response).details?.map((d) => d.field)).toEqual([field]);
    expect(await countRows(db())).toEqual(before);
  });
});
