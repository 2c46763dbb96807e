/**
 * Importing remote-sensing change patches (遥感变化图斑) from GeoJSON, as the province does it
 * (docs/verification.md §Change patches): the file's own property names mapped to the patch
 * number, area, dates and change; good patches become tasks, bad ones are rejected with their
 * feature number and reason, patches outside the province only counted, and a patch number
 * imported again is a duplicate. Files and mappings that are refused whole change nothing.
 */
import { eq } from 'drizzle-orm';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, VerificationTaskDetail } from '@eco/contracts/verification';
import { auditLog } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { multipartForm } from '../../test/multipart-form';
import { organisationIdOf } from '../../test/organisations';
import { expectRefused } from '../../test/refused';
import { dataOf, useTestApp } from '../../test/test-app';

const URL = '/api/verification/change-patches';
const MAPPING = JSON.stringify({ patchNumber: 'TBBH', area: 'MJ', beforeDate: 'QSX', afterDate: 'HSX', change: 'BHLX' });

/** A closed square ring list of `size` degrees from (x, y). */
const square = (x: number, y: number, size = 0.01) => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];
const feature = (properties: Record<string, unknown>, geometry: unknown = { type: 'Polygon', coordinates: square(109.7, 34.58) }) => ({
  type: 'Feature',
  properties,
  geometry,
});
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

/** In 渭南市 (临渭区), a patch of farmland turned into a building site */
const WEINAN = feature({ TBBH: 'WN-2023-001', MJ: 2.35, QSX: '2023-03-01', HSX: '20230915', BHLX: '林地变为建设用地', XZQMC: '临渭区' });

describe('change-patch import', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let admin: Browser;
  let province: Browser;
  let county: Browser;

  const send = (
    browser: Browser,
    file: string | Buffer | null,
    fields: Record<string, string> = { mapping: MAPPING },
    headers: Record<string, string> = {},
  ) => {
    const form = multipartForm(fields, file === null ? undefined : { name: '2023年变化图斑.geojson', bytes: file });
    return browser.post<ImportResult>(URL, form.payload, { headers: { ...form.headers, ...headers } });
  };

  const refused = (send: () => Promise<{ status: number }>, status: number, code: string) => expectRefused(db(), send, status, code);

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    county = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '610124') })).browser;
  });

  it('refuses, changing nothing, a county user, a missing or wrong mapping, and a file that is not a FeatureCollection', async () => {
    const good = collection(WEINAN);
    expect(await refused(() => send(county, good), 403, 'FORBIDDEN')).toMatch(/省级/);
    await refused(() => send(province, null), 400, 'UPLOAD_MISSING');
    await refused(() => province.post(URL, { mapping: MAPPING }), 400, 'UPLOAD_MISSING');
    await refused(() => send(province, good, { mapping: MAPPING, extra: '1' }), 400, 'VALIDATION_FAILED');
    expect(await refused(() => send(province, good, {}), 400, 'PATCH_MAPPING_INVALID')).toMatch(/缺少表单字段 mapping/);
    expect(await refused(() => send(province, good, { mapping: 'TBBH' }), 400, 'PATCH_MAPPING_INVALID')).toMatch(/不是 JSON/);
    await refused(() => send(province, good, { mapping: JSON.stringify({ area: 'MJ' }) }), 400, 'PATCH_MAPPING_INVALID');
    await refused(() => send(province, good, { mapping: JSON.stringify({ patchNumber: 'TBBH', colour: 'YS' }) }), 400, 'PATCH_MAPPING_INVALID');
    await refused(() => send(province, good, { mapping: JSON.stringify({ patchNumber: 42 }) }), 400, 'PATCH_MAPPING_INVALID');
    const typo = await refused(
      () => send(province, good, { mapping: JSON.stringify({ patchNumber: 'TBBH', area: 'MJJ' }) }, { 'accept-language': 'en-US' }),
      400,
      'PATCH_MAPPING_INVALID',
    );
    expect(typo).toMatch(/no feature has the property MJJ/);

    expect(await refused(() => send(province, 'TBBH,MJ\nWN-1,2.3'), 400, 'GEOJSON_INVALID')).toMatch(/不是 JSON/);
    expect(await refused(() => send(province, JSON.stringify(WEINAN.geometry)), 400, 'GEOJSON_INVALID')).toMatch(/Polygon，不是 FeatureCollection/);
    await refused(() => send(province, Buffer.from([0x7b, 0xc9, 0xf1, 0x7d])), 400, 'GEOJSON_INVALID');
    await refused(() => send(province, JSON.stringify({ type: 'FeatureCollection' })), 400, 'GEOJSON_INVALID');
  });

  it('imports the good patches of a file, rejects each bad one with its feature number and reason, and counts those outside the province', async () => {
    const file = collection(
      WEINAN, // 1: created
      feature({ TBBH: 'P-2', MJ: 1 }, { type: 'Point', coordinates: [109.7, 34.58] }), // 2: not a polygon
      feature({ MJ: 1, HSX: '2023-09-15' }), // 3: no patch number
      feature({ TBBH: 'P-4', HSX: '2023-02-30' }), // 4: no such date
      feature(
        { TBBH: 'P-5' },
        {
          type: 'Polygon',
          coordinates: [
            [
              [109, 34],
              [110, 35.5],
              [110, 34],
              [109, 35],
              [109, 34],
            ],
          ],
        },
      ), // 5: crosses itself
      feature({ TBBH: 'BJ-1' }, { type: 'Polygon', coordinates: square(116.3, 39.9) }), // 6: Beijing: outside
      feature({ TBBH: 'WN-2023-001', MJ: 2.35 }), // 7: the patch of feature 1 again
      feature(
        { TBBH: 7003, MJ: '0.8', QSX: '2023/03/01', HSX: '2023.09.01' },
        { type: 'MultiPolygon', coordinates: [square(108.9, 34.25), square(108.95, 34.25)] },
      ), // 8: 西安市
      feature({ TBBH: 'P-9', MJ: -3 }), // 9: a negative area
      feature({ TBBH: 'P-10', QSX: '2023-10-01', HSX: '2023-09-01' }), // 10: dates the wrong way round
      WEINAN.geometry, // 11: a geometry, not a feature
    );
    const result = dataOf(await send(province, file));
    expect({ created: result.created, duplicate: result.duplicate, outside: result.outside, rejected: result.rejected }).toEqual({
      created: 2,
      duplicate: 1,
      outside: 1,
      rejected: 7,
    });
    expect(result.items.map(({ line, status, divisionCode }) => [line, status, divisionCode])).toEqual([
      [1, 'created', '610500'],
      [2, 'rejected', null],
      [3, 'rejected', null],
      [4, 'rejected', null],
      [5, 'rejected', null],
      [7, 'duplicate', '610500'],
      [8, 'created', '610100'],
      [9, 'rejected', null],
      [10, 'rejected', null],
      [11, 'rejected', null],
    ]);
    const reason = (line: number) => result.items.find((i) => i.line === line)!.reason;
    expect(reason(2)).toBe('几何类型是 Point，不是 Polygon 或 MultiPolygon');
    expect(reason(3)).toBe('没有图斑编号（属性 TBBH）');
    expect(reason(4)).toMatch(/后时相 "2023-02-30"（属性 HSX）不是日期/);
    expect(reason(5)).toMatch(/自相交/);
    expect(reason(7)).toBe('与第 1 个要素的图斑编号相同');
    expect(reason(9)).toMatch(/面积 -3（属性 MJ）不是非负的公顷数/);
    expect(reason(10)).toBe('前时相 2023-10-01 晚于后时相 2023-09-01');
    expect(reason(11)).toMatch(/不是 GeoJSON 要素/);
    expect(result.items[5]!.taskId).toBe(result.items[0]!.taskId);

    const { task, steps } = dataOf(await province.get<VerificationTaskDetail>(`/api/verification/tasks/${result.items[0]!.taskId}`));
    expect(task).toMatchObject({
      kind: 'change_patch',
      status: 'pending',
      source: 'change patch',
      sourceId: 'WN-2023-001',
      geometry: WEINAN.geometry,
      divisionCode: '610500',
      organisation: { name: '渭南市' },
      detectedAt: '2023-09-15T00:00:00+08:00',
      properties: {
        patchNumber: 'WN-2023-001',
        areaHa: 2.35,
        beforeDate: '2023-03-01',
        afterDate: '2023-09-15',
        change: '林地变为建设用地',
        TBBH: 'WN-2023-001',
        XZQMC: '临渭区',
      },
    });
    // its position is a point on the patch
    expect(booleanPointInPolygon([task.longitude, task.latitude], WEINAN.geometry as Polygon)).toBe(true);
    expect(steps.map((s) => [s.action, s.note])).toEqual([['import', '2023年变化图斑.geojson']]);
    const xian = dataOf(await province.get<VerificationTaskDetail>(`/api/verification/tasks/${result.items[6]!.taskId}`)).task;
    expect(xian).toMatchObject({
      sourceId: '7003',
      geometry: { type: 'MultiPolygon' },
      properties: { areaHa: 0.8, beforeDate: '2023-03-01', afterDate: '2023-09-01' },
    });

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'verification.import'));
    expect(audit!.after).toEqual({ kind: 'change_patch', file: '2023年变化图斑.geojson', created: 2, duplicate: 1, outside: 1, rejected: 7 });
  });

  it('answers a file imported again with duplicates only, and reasons in English for English clients', async () => {
    const again = dataOf(
      await send(
        province,
        collection(
          WEINAN,
          feature(
            { TBBH: 'P-2' },
            {
              type: 'LineString',
              coordinates: [
                [109, 34],
                [109.1, 34.1],
              ],
            },
          ),
        ),
        undefined,
        { 'accept-language': 'en' },
      ),
    );
    expect({ created: again.created, duplicate: again.duplicate, rejected: again.rejected }).toEqual({ created: 0, duplicate: 1, rejected: 1 });
    expect(again.items[1]!.reason).toBe('the geometry is a LineString, not a Polygon or MultiPolygon');
  });

  it('dispatches new patches at once when the kind says so, with its 30-day deadline', async () => {
    await admin.patch('/api/verification/kinds/change_patch', { autoDispatch: true });
    const file = collection(feature({ TBBH: 'WN-2023-002' }, { type: 'Polygon', coordinates: square(109.5, 34.6) }));
    const result = dataOf(await send(admin, file, { mapping: JSON.stringify({ patchNumber: 'TBBH' }) }));
    const { task, steps } = dataOf(await admin.get<VerificationTaskDetail>(`/api/verification/tasks/${result.items[0]!.taskId}`));
    expect(task.status).toBe('dispatched');
    expect(new Date(task.deadlineAt!).getTime() - new Date(task.dispatchedAt!).getTime()).toBe(30 * 24 * 3_600_000);
    expect(steps.map((s) => [s.action, s.actorAccount])).toEqual([
      ['import', expect.stringMatching(/^admin/)],
      ['dispatch', 'system'],
    ]);
  });
});
