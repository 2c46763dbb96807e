import { describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation, RegulationDetail } from '@eco/contracts/regulations';
import { regulationItems } from '../../test/bundled-data';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

const ITEMS = regulationItems();
const LIST = '/api/technical-regulations';

/** What the file says matches a keyword: a substring of the title, or of the code ignoring spaces and case. */
function fileMatches(keyword: string): string[] {
  const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  return ITEMS.filter((r) => r.title.includes(keyword) || compact(r.code).includes(compact(keyword))).map((r) => r.code);
}

describe('GET /api/technical-regulations on the bundled data', () => {
  // a pinned clock: the province's date is 2025-01-01
  const ctx = useTestApp({ loaded: true, now: () => new Date('2025-01-01T08:00:00+08:00') });

  const list = async (query: string) => dataOf(await getJson<Page<Regulation>>(ctx.app, `${LIST}?${query}`));

  /** Every item for a query, page by page. */
  async function all(query = ''): Promise<Regulation[]> {
    const items: Regulation[] = [];
    for (let page = 1; ; page++) {
      const result = await list(`${query}&page=${page}&pageSize=10`);
      items.push(...result.items);
      if (items.length >= result.total || result.items.length === 0) return items;
    }
  }

  describe('the list', () => {
    it('answers the first page of 10 by default, with the total of the file', async () => {
      const page = await list('');
      expect(page.total).toBe(ITEMS.length);
      expect(page.total).toBe(25);
      expect([page.page, page.pageSize, page.items.length]).toEqual([1, 10, 10]);
    });

    it('pages through every regulation once, newest issued first and undated last', async () => {
      const items = await all();
      expect(items.map((r) => r.code).sort()).toEqual(ITEMS.map((r) => r.code).sort());
      const last = await list('page=3&pageSize=10');
      expect(last.items).toHaveLength(ITEMS.length - 20);
      const issued = items.map((r) => r.issuedOn);
      const dated = issued.filter((d): d is string => d !== null);
      expect(dated).toEqual([...dated].sort().reverse());
      expect(issued.slice(dated.length).every((d) => d === null)).toBe(true);
    });

    it('answers each item with the fields of the file', async () => {
      const byCode = new Map((await all()).map((r) => [r.code, r]));
      for (const item of ITEMS) {
        expect(byCode.get(item.code)).toMatchObject({
          title: item.title,
          issuer: item.issuer,
          category: item.category,
          issuedOn: item.issuedOn,
          effectiveOn: item.effectiveOn,
          replacesCode: item.replaces ?? null,
        });
      }
    });

    it('caps pageSize at 100', async () => {
      expect((await list('pageSize=100')).items).toHaveLength(ITEMS.length);
      const response = await getJson(ctx.app, `${LIST}?pageSize=101`);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    });

    it.each(['pageSize=1e309', 'page=Infinity', 'page=NaN', 'pageSize=0x10', 'page=0', 'page=1.5'])(
      'refuses ?%s with 400 naming the parameter',
      async (query) => {
        const response = await getJson(ctx.app, `${LIST}?${query}`);
        expect(response.status).toBe(400);
        expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: `querystring/${query.split('=')[0]}` }] });
      },
    );

    it('refuses an unknown query parameter with 400 naming it', async () => {
      const response = await getJson(ctx.app, `${LIST}?pagesize=5`);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'querystring/pagesize' }] });
    });

    it('answers an empty page past the end', async () => {
      const page = await list('page=99');
      expect(page.items).toEqual([]);
      expect(page.total).toBe(ITEMS.length);
    });
  });

  describe('keyword search', () => {
    it('finds two-character Chinese words in titles (防火)', async () => {
      const expected = fileMatches('防火');
      expect(expected).toEqual(expect.arrayContaining(['LY/T 2581-2016', 'LY/T 2582-2016']));
      const found = await list(`keyword=${encodeURIComponent('防火')}`);
      expect(found.items.map((r) => r.code).sort()).toEqual(expected.sort());
      expect(found.total).toBe(expected.length);
    });

    it.each(['监测', '遥感', '林业物联网', '红外相机'])('finds what the file has for %s', async (keyword) => {
      const found = await all(`keyword=${encodeURIComponent(keyword)}`);
      expect(found.map((r) => r.code).sort()).toEqual(fileMatches(keyword).sort());
      expect(found.length).toBeGreaterThan(0);
    });

    it.each(['gb/t28181', 'GB/T 28181', 'gb/t 28181-2022', ' LY/T2581 '])('finds codes ignoring spaces and case (%j)', async (keyword) => {
      const found = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(found.items.map((r) => r.code)).toEqual(fileMatches(keyword.trim()));
      expect(found.total).toBe(1);
    });

    it.each(['%', '_', '\\', '%%', '_0'])('matches %j literally, not as a wildcard', async (keyword) => {
      expect(fileMatches(keyword)).toEqual([]);
      const found = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(found.total).toBe(0);
    });

    it('treats hostile input as text and changes nothing', async () => {
      const before = await countRows(ctx.database.db);
      for (const keyword of ["'; drop table technical_regulations; --", "' or '1'='1", '<script>alert(1)</script>', '../../etc/passwd']) {
        const response = await getJson<Page<Regulation>>(ctx.app, `${LIST}?keyword=${encodeURIComponent(keyword)}`);
        expect(dataOf(response).total).toBe(0);
      }
      expect(await countRows(ctx.database.db)).toEqual(before);
    });

    it.each(['keyword', 'category'])('refuses a NUL character in %s with 400, not a database failure', async (name) => {
      const response = await getJson(ctx.app, `${LIST}?${name}=${encodeURIComponent('防火\u0000')}`);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: `querystring/${name}` }] });
    });
  });

  describe('filters', () => {
    it('filters by category', async () => {
      for (const category of new Set(ITEMS.map((r) => r.category))) {
        const found = await all(`category=${encodeURIComponent(category)}`);
        expect(found.map((r) => r.code).sort()).toEqual(
          ITEMS.filter((r) => r.category === category)
            .map((r) => r.code)
            .sort(),
        );
      }
      expect((await list(`category=${encodeURIComponent('不存在的类别')}`)).total).toBe(0);
    });

    it('filters by status, agreeing with the status of each item', async () => {
      const everything = await all();
      for (const status of ['current', 'upcoming', 'repealed'] as const) {
        const found = await all(`status=${status}`);
        expect(found.every((r) => r.status === status)).toBe(true);
        expect(found.map((r) => r.code).sort()).toEqual(
          everything
            .filter((r) => r.status === status)
            .map((r) => r.code)
            .sort(),
        );
      }
    });

    it('answers a regulation taking effect after today as upcoming (DB64/T 2142-2025 on 2025-01-01)', async () => {
      const item = ITEMS.find((r) => r.code === 'DB64/T 2142-2025')!;
      expect(item.effectiveOn! > '2025-01-01').toBe(true);
      expect((await list('status=upcoming')).items.map((r) => r.code)).toContain(item.code);
    });

    it('combines keyword, category and status', async () => {
      const found = await list(`keyword=${encodeURIComponent('视频')}&category=${encodeURIComponent('视频监控')}&status=current`);
      const expected = ITEMS.filter((r) => r.title.includes('视频') && r.category === '视频监控').map((r) => r.code);
      expect(found.items.map((r) => r.code).sort()).toEqual(expected.sort());
    });
  });

  describe('detail', () => {
    it('answers one regulation by id, with its replacement links', async () => {
      const [listed] = (await list(`keyword=${encodeURIComponent('GB/T 28181-2022')}`)).items;
      const detail = dataOf(await getJson<RegulationDetail>(ctx.app, `${LIST}/${listed!.id}`));
      expect(detail).toMatchObject({ ...listed, replacesCode: 'GB/T 28181-2016' });
      // the 2016 edition it replaces is not in the library
      expect(detail.replaces).toBeNull();
      expect(detail.replacedBy).toEqual([]);
    });

    it.each(['1e309', 'Infinity', 'NaN', '0', '-1', '2147483648', 'abc'])('refuses the id %s with 400, never a 5xx', async (id) => {
      const response = await getJson(ctx.app, `${LIST}/${id}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    });

    it('answers 404 REGULATION_NOT_FOUND for an id it does not have', async () => {
      const response = await getJson(ctx.app, `${LIST}/999999`);
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('REGULATION_NOT_FOUND');
    });
  });

  it('answers the categories in use, most regulations first', async () => {
    const categories = dataOf(await getJson<string[]>(ctx.app, `${LIST}/categories`));
    const counts = new Map<string, number>();
    for (const r of ITEMS) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
    expect([...categories].sort()).toEqual([...counts.keys()].sort());
    const inOrder = categories.map((c) => counts.get(c)!);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
  });
});
