/**
 * County boundaries as an administrator loads them (docs/verification.md §County boundaries): no
 * openly licensed county polygons exist, so the tests cut synthetic ones out of the bundled city
 * boundary of 榆林市 (@turf/bbox-clip). Once loaded, FIRMS hotspots inside a county become the
 * county's tasks; a new upload or a removal moves the pending tasks and leaves dispatched ones.
 * Every refusal is checked to change nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bboxClip } from '@turf/bbox-clip';
import { and, eq } from 'drizzle-orm';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { ImportResult, VerificationTask } from '@eco/contracts/verification';
import type { CountyBoundaries, CountyBoundariesRemoved, CountyBoundariesReplaced } from '@eco/contracts/verification-sources';
import { auditLog } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { multipartForm } from '../../test/multipart-form';
import { organisationIdOf } from '../../test/organisations';
import { expectRefused } from '../../test/refused';
import { dataOf, useTestApp } from '../../test/test-app';
import { DATA_DIR } from '../../test/test-database';

const URL = '/api/verification/county-boundaries';
const cities = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'shaanxi-cities.geojson'), 'utf8')) as FeatureCollection<
  Polygon | MultiPolygon,
  { adcode: string }
>;
const YULIN = cities.features.find((f) => f.properties.adcode === '610800')!;

/** A synthetic county: the part of 榆林市 inside `box` (west, south, east, north), with `properties`. */
function countyIn(box: [number, number, number, number], properties: Record<string, unknown>): Feature {
  return { ...bboxClip(YULIN, box), properties };
}
/** Around 神木市: four of the seven 榆林 detections of the FIRMS sample lie in it (lines 1085, 1086, 1091, 9948). */
const SHENMU_BOX: [number, number, number, number] = [109.9, 38.5, 110.6, 39.4];
/** Around 府谷县: one of them (line 9947). */
const FUGU_BOX: [number, number, number, number] = [110.9, 39.0, 111.25, 39.6];

const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const square = (x: number, y: number, size = 0.1) => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];

describe('county boundaries', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let admin: Browser;
  /** an editor of the province organisation: imports and dispatches, but loads no boundaries */
  let province: Browser;

  const upload = (browser: Browser, file: string | Buffer, fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const form = multipartForm(fields, { name: 'counties.geojson', bytes: file });
    return browser.put<CountyBoundariesReplaced>(URL, form.payload, { headers: { ...form.headers, ...headers } });
  };

  const refused = (send: () => Promise<{ status: number }>, status: number, code: string) => expectRefused(db(), send, status, code);

  const tasksOf = async (query: string) =>
    dataOf(await province.get<Page<VerificationTask>>(`/api/verification/tasks?kind=hotspot&pageSize=100&${query}`)).items;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
  });

  it('refuses, changing nothing, anyone but administrators, files that are not a FeatureCollection, and every bad feature by its number', async () => {
    const shenmu = countyIn(SHENMU_BOX, { code: '610881' });
    await refused(() => upload(province, collection(shenmu)), 403, 'FORBIDDEN');
    await refused(() => province.get(URL), 403, 'FORBIDDEN');
    await refused(() => province.delete(URL), 403, 'FORBIDDEN');

    await refused(() => admin.put(URL, { type: 'FeatureCollection', features: [] }), 400, 'UPLOAD_MISSING');
    await refused(() => upload(admin, ''), 400, 'UPLOAD_EMPTY');
    await refused(() => upload(admin, collection(shenmu), { codeField: 'code' }), 400, 'VALIDATION_FAILED');
    expect(await refused(() => upload(admin, 'code,geometry\n610881,POLYGON'), 400, 'GEOJSON_INVALID')).toMatch(/不是 JSON/);
    const gbk = Buffer.concat([
      Buffer.from('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"'),
      Buffer.from([0xc9, 0xf1]),
      Buffer.from('"}}]}'),
    ]);
    expect(await refused(() => upload(admin, gbk), 400, 'GEOJSON_INVALID')).toMatch(/UTF-8/);
    expect(await refused(() => upload(admin, JSON.stringify(shenmu)), 400, 'GEOJSON_INVALID')).toMatch(/Feature，不是 FeatureCollection/);
    await refused(() => upload(admin, collection()), 400, 'GEOJSON_INVALID');

    const bad = collection(
      shenmu, // 1: good
      { type: 'Feature', properties: { code: '610899' }, geometry: { type: 'Polygon', coordinates: square(110, 38) } }, // 2: no such county
      { type: 'Feature', properties: { adcode: 610822 }, geometry: { type: 'Point', coordinates: [111, 39.3] } }, // 3: not a polygon
      {
        type: 'Feature',
        properties: { county_code: '610824' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [109, 37],
              [110, 38.5],
              [110, 37],
              [109, 38],
              [109, 37],
            ],
          ],
        },
      }, // 4: a bow tie
      countyIn(SHENMU_BOX, { code: '610881' }), // 5: 神木市 again
      { type: 'Feature', properties: { name: '无代码' }, geometry: shenmu.geometry }, // 6: no code
      { ...shenmu, properties: { division_code: '610102' } }, // 7: 新城区 of 西安市, drawn in 榆林市
      { type: 'Feature', properties: { code: '610825' }, geometry: { type: 'Polygon', coordinates: square(500_000, 4_200_000, 1000) } }, // 8: metres, not degrees
    );
    const message = await refused(() => upload(admin, bad), 400, 'COUNTY_BOUNDARIES_INVALID');
    expect(message).not.toMatch(/第 1 个要素：/);
    expect(message).toMatch(/第 2 个要素：610899 不是陕西省的县级区划/);
    expect(message).toMatch(/第 3 个要素：几何类型是 Point，不是 Polygon 或 MultiPolygon/);
    expect(message).toMatch(/第 4 个要素：多边形的外环自相交/);
    expect(message).toMatch(/第 5 个要素：610881（神木市）与第 1 个要素重复/);
    expect(message).toMatch(/第 6 个要素：属性 code, adcode, county_code, division_code 中没有县级区划代码/);
    expect(message).toMatch(/第 7 个要素：610102（新城区）的边界不在西安市境内/);
    expect(message).toMatch(/第 8 个要素：.*不是经纬度/);
    const english = await refused(() => upload(admin, bad, {}, { 'accept-language': 'en-US' }), 400, 'COUNTY_BOUNDARIES_INVALID');
    expect(english).toMatch(/feature 2: 610899 is not a county of Shaanxi \(.*\); feature 3: the geometry is a Point/);
    // a named property is the only one read
    expect(await refused(() => upload(admin, collection(shenmu), { codeProperty: 'XZQDM' }), 400, 'COUNTY_BOUNDARIES_INVALID')).toMatch(
      /第 1 个要素：属性 XZQDM 中没有县级区划代码/,
    );
    expect(dataOf(await admin.get<CountyBoundaries>(URL))).toEqual({ items: [], loaded: 0, counties: 107 });
  });

  it('puts the FIRMS sample’s 榆林 hotspots inside an uploaded county into that county and its organisation, the others into the city', async () => {
    const loaded = dataOf(await upload(admin, collection(countyIn(SHENMU_BOX, { XZQDM: 610881, XZQMC: '神木市' })), { codeProperty: 'XZQDM' }));
    expect(loaded).toMatchObject({ loaded: 1, counties: 107, relocated: 0 });
    expect(loaded.items).toEqual([
      {
        code: '610881',
        name: '神木市',
        cityCode: '610800',
        cityName: '榆林市',
        tasks: 0,
        uploadedAt: expect.any(String),
        uploadedBy: expect.stringMatching(/^admin/),
      },
    ]);

    const imported = dataOf(await province.post<ImportResult>('/api/verification/hotspots/sample'));
    expect(imported.created).toBe(19);
    const yulin = imported.items.filter((item) => item.divisionCode?.startsWith('6108'));
    expect(yulin.map((item) => [item.line, item.divisionCode])).toEqual([
      [1075, '610800'],
      [1085, '610881'],
      [1086, '610881'],
      [1088, '610800'],
      [1091, '610881'],
      [9947, '610800'],
      [9948, '610881'],
    ]);
    const inShenmu = await tasksOf('division=610881');
    expect(inShenmu.map((t) => [t.divisionName, t.cityCode, t.cityName, t.organisation?.name])).toEqual(
      Array(4).fill(['神木市', '610800', '榆林市', '神木市']),
    );
    // the city's filter takes in its counties
    expect(await tasksOf('division=610800')).toHaveLength(7);
    expect(dataOf(await admin.get<CountyBoundaries>(URL)).items[0]!.tasks).toBe(4);
  });

  it('moves the pending tasks, and only them, when other boundaries replace the loaded ones, audited', async () => {
    const [dispatched, ...pending] = await tasksOf('division=610881');
    await province.post(`/api/verification/tasks/${dispatched!.id}/dispatch`, {});

    // 府谷县 instead of 神木市, its code in `adcode`
    const replaced = dataOf(await upload(admin, collection(countyIn(FUGU_BOX, { adcode: '610822', name: '府谷县' }))));
    expect(replaced).toMatchObject({ loaded: 1, relocated: pending.length + 1 });
    expect(replaced.items.map((c) => [c.code, c.name, c.tasks])).toEqual([['610822', '府谷县', 1]]);
    // the dispatched task stays with the organisation it was sent to
    expect((await tasksOf('division=610881')).map((t) => [t.id, t.status])).toEqual([[dispatched!.id, 'dispatched']]);
    for (const task of pending) {
      const moved = dataOf(await province.get<{ task: VerificationTask }>(`/api/verification/tasks/${task.id}`)).task;
      expect([moved.divisionCode, moved.organisation?.name]).toEqual(['610800', '榆林市']);
    }
    const [fugu] = await tasksOf('division=610822');
    expect([fugu!.divisionName, fugu!.organisation?.name]).toEqual(['府谷县', '府谷县']);

    const relocations = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification_task.relocate'), eq(auditLog.entityId, String(fugu!.id))));
    expect(relocations.map((r) => [r.before, r.after])).toEqual([
      [
        { divisionCode: '610800', organisationId: await organisationIdOf(db(), '6108') },
        { divisionCode: '610822', organisationId: await organisationIdOf(db(), '610822') },
      ],
    ]);
    const [replace] = await db().select().from(auditLog).where(eq(auditLog.action, 'county_boundaries.replace')).orderBy(auditLog.id);
    expect(replace!.after).toMatchObject({ file: 'counties.geojson', counties: 1, codes: ['610881'], relocated: 0 });
  });

  it('removes every boundary: the pending tasks go back to their city, dispatched ones stay', async () => {
    const removed = dataOf(await admin.delete<CountyBoundariesRemoved>(URL));
    expect(removed).toEqual({ removed: 1, relocated: 1 });
    expect(await tasksOf('division=610822')).toEqual([]);
    expect((await tasksOf('division=610881')).map((t) => t.status)).toEqual(['dispatched']);
    expect(dataOf(await admin.get<CountyBoundaries>(URL))).toEqual({ items: [], loaded: 0, counties: 107 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'county_boundaries.remove'));
    expect(audit!.after).toEqual({ removed: 1, relocated: 1 });
  });
});
