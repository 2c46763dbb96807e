/**
 * Regulation status, derived from the province's date today and from replacements
 * (@eco/contracts/regulation-status): repealed once a regulation replacing it is in effect,
 * upcoming before its own effective date, current otherwise. Seen through the API with a pinned
 * clock, on a fresh database holding only the regulations below.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation, RegulationDetail } from '@eco/contracts/regulations';
import { technicalRegulations } from '../../db/schema';
import { buildTestApp, dataOf, getJson } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

const base = { issuer: '测试发布机构', category: '视频监控' };
const REGULATIONS = [
  // the 2016 edition and the 2022 edition that replaces it from 2023-07-01
  {
    ...base,
    code: 'GB/T 28181-2016',
    title: '公共安全视频监控联网系统信息传输、交换、控制技术要求（2016）',
    issuedOn: '2016-07-12',
    effectiveOn: '2016-08-01',
    replacesCode: 'GB/T 28181-2011',
  },
  {
    ...base,
    code: 'GB/T 28181-2022',
    title: '公共安全视频监控联网系统信息传输、交换、控制技术要求',
    issuedOn: '2022-12-30',
    effectiveOn: '2023-07-01',
    replacesCode: 'GB/T 28181-2016',
  },
  // replaced by an edition whose effective date the library does not know
  { ...base, code: 'LY/T 1000-2010', title: '旧版规程', issuedOn: '2010-01-01', effectiveOn: '2010-03-01', replacesCode: null },
  { ...base, code: 'LY/T 1000-2020', title: '新版规程（实施日期未确认）', issuedOn: null, effectiveOn: null, replacesCode: 'LY/T 1000-2010' },
  // far in the future
  { ...base, code: 'HJ 9999-2030', title: '未来规范', issuedOn: '2029-06-01', effectiveOn: '2030-01-01', replacesCode: null },
  // a title with the characters LIKE treats as wildcards
  { ...base, code: 'DB61/T 1-2020', title: '测试_下划线 与 100% 百分号', issuedOn: '2020-01-01', effectiveOn: '2020-02-01', replacesCode: null },
];

describe('regulation status and replacement links', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(technicalRegulations).values(REGULATIONS);
    app = await buildTestApp(database, () => clock);
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function statuses(): Promise<Record<string, Regulation['status']>> {
    const page = dataOf(await getJson<Page<Regulation>>(app, '/api/technical-regulations?pageSize=100'));
    return Object.fromEntries(page.items.map((r) => [r.code, r.status]));
  }

  async function detail(code: string): Promise<RegulationDetail> {
    const page = dataOf(await getJson<Page<Regulation>>(app, `/api/technical-regulations?keyword=${encodeURIComponent(code)}`));
    const id = page.items.find((r) => r.code === code)!.id;
    return dataOf(await getJson<RegulationDetail>(app, `/api/technical-regulations/${id}`));
  }

  it('the day before a new edition takes effect: it is upcoming and the old one still current', async () => {
    clock = new Date('2023-06-30T23:59:00+08:00');
    expect(await statuses()).toMatchObject({ 'GB/T 28181-2022': 'upcoming', 'GB/T 28181-2016': 'current' });
  });

  it('on the day it takes effect in the province: it is current and the old one repealed', async () => {
    // 16:00 UTC on 30 June is already 1 July in China Standard Time
    clock = new Date('2023-06-30T16:00:00Z');
    expect(await statuses()).toMatchObject({ 'GB/T 28181-2022': 'current', 'GB/T 28181-2016': 'repealed' });
  });

  it('repeals a regulation whose replacement has no known effective date, and counts undated ones as current', async () => {
    clock = new Date('2024-01-01T12:00:00+08:00');
    expect(await statuses()).toMatchObject({ 'LY/T 1000-2010': 'repealed', 'LY/T 1000-2020': 'current' });
  });

  it('answers a regulation taking effect after today as upcoming', async () => {
    clock = new Date('2024-01-01T12:00:00+08:00');
    expect((await statuses())['HJ 9999-2030']).toBe('upcoming');
    clock = new Date('2030-01-01T00:00:00+08:00');
    expect((await statuses())['HJ 9999-2030']).toBe('current');
  });

  it('filters by the derived status on the day asked', async () => {
    clock = new Date('2023-07-01T09:00:00+08:00');
    const repealed = dataOf(await getJson<Page<Regulation>>(app, '/api/technical-regulations?status=repealed'));
    expect(repealed.items.map((r) => r.code).sort()).toEqual(['GB/T 28181-2016', 'LY/T 1000-2010']);
    const upcoming = dataOf(await getJson<Page<Regulation>>(app, '/api/technical-regulations?status=upcoming'));
    expect(upcoming.items.map((r) => r.code)).toEqual(['HJ 9999-2030']);
  });

  it('links a regulation to the one it replaces and back', async () => {
    clock = new Date('2024-01-01T12:00:00+08:00');
    const newer = await detail('GB/T 28181-2022');
    const older = await detail('GB/T 28181-2016');
    expect(newer.replaces).toEqual({ id: older.id, code: 'GB/T 28181-2016', title: older.title, effectiveOn: '2016-08-01' });
    expect(newer.replacedBy).toEqual([]);
    expect(older.replacedBy).toEqual([{ id: newer.id, code: 'GB/T 28181-2022', title: newer.title, effectiveOn: '2023-07-01' }]);
    // the 2011 edition the 2016 one replaced is not in the library: the code stays, the link is null
    expect(older.replacesCode).toBe('GB/T 28181-2011');
    expect(older.replaces).toBeNull();
    expect(older.status).toBe('repealed');
  });

  it.each([
    ['%', ['DB61/T 1-2020']],
    ['_', ['DB61/T 1-2020']],
    ['100%', ['DB61/T 1-2020']],
    ['0%', ['DB61/T 1-2020']],
    ['%百分', []],
    ['测试_下', ['DB61/T 1-2020']],
    ['测试%下', []],
  ])('matches %j literally in titles', async (keyword, codes) => {
    const page = dataOf(await getJson<Page<Regulation>>(app, `/api/technical-regulations?keyword=${encodeURIComponent(keyword)}`));
    expect(page.items.map((r) => r.code)).toEqual(codes);
  });
});
