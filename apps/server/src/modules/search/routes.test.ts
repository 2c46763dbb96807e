import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchGroup, SearchKind, SearchResults } from '@eco/contracts/search';
import { notices, technicalRegulations, tools } from '../../db/schema';
import { signedInAs } from '../../test/browser';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';

// the app's clock stands still unless a test moves it
let clock = new Date('2026-11-23T10:00:00+08:00').getTime();
const HOUR = 3_600_000;

describe('GET /api/search', () => {
  const ctx = useTestApp({ now: () => new Date(clock) });

  const notice = (title: string, bodyText: string, status: 'draft' | 'published' | 'withdrawn' = 'published', publishAt = new Date(clock - 24 * HOUR)) => ({
    title,
    category: 'notice' as const,
    bodyHtml: `<p>${bodyText}</p>`,
    bodyText,
    authorName: '省林业局',
    status,
    publishAt,
  });

  beforeAll(async () => {
    const db = ctx.database.db;
    await db.insert(notices).values([
      notice('关于做好今冬明春森林草原防火工作的通知', '各市林业局：为切实做好防火期工作……'),
      notice('野外用火管理规定', '进入防火期后，严禁在森林、草原及其边缘地带野外用火。'),
      notice('森林资源调查工作动态', '全省森林资源年度调查已完成外业。'),
      // published, though its title says 草稿
      notice('草稿：森林防火演练方案', '演练安排'),
      // drafts, withdrawn and scheduled notices are nobody's business but the editors'
      notice('森林防火草稿', '森林防火', 'draft', new Date(clock - HOUR)),
      notice('已撤回的森林防火通知', '森林防火', 'withdrawn', new Date(clock - HOUR)),
      notice('定时发布的森林防火通知', '森林防火', 'published', new Date(clock + HOUR)),
      notice('长文通知', `${'前言'.repeat(80)}这里提到了湿地保护的重点任务，${'正文'.repeat(80)}`),
    ]);
    await db.insert(technicalRegulations).values([
      { code: 'GB 3095-2012', title: '环境空气质量标准', issuer: '环境保护部', category: '国家标准', issuedOn: '2012-02-29' },
      { code: 'LY/T 2581-2016', title: '森林防火视频监控系统技术规范', issuer: '国家林业局', category: '行业标准', issuedOn: '2016-01-18' },
    ]);
    // the application catalogue is the three systems every installation starts with (applications/service.ts)
    await db.insert(tools).values([
      { name: '数据采集终端', platform: 'android', description: '野外巡护与森林防火巡查记录' },
      { name: '覆盖率100%_计算器', platform: 'any', description: '按小班面积计算森林覆盖率' },
    ]);
  });

  const search = async (q: string) => dataOf(await getJson<SearchResults>(ctx.app, `/api/search?q=${encodeURIComponent(q)}`));
  const group = (results: SearchResults, kind: SearchKind) => results.groups.find((g) => g.kind === kind) as SearchGroup;
  const titles = (results: SearchResults, kind: SearchKind) => group(results, kind).items.map((item) => item.title);

  it('finds what has every word, in any column and any order: 森林 防火 (today nothing)', async () => {
    const results = await search('森林 防火');
    expect(results.words).toEqual(['森林', '防火']);
    expect(titles(results, 'notice').sort()).toEqual(['关于做好今冬明春森林草原防火工作的通知', '草稿：森林防火演练方案', '野外用火管理规定'].sort());
    expect(titles(results, 'regulation')).toEqual(['森林防火视频监控系统技术规范']);
    expect(titles(results, 'application')).toEqual(['森林草原防火智能监控管理系统']);
    expect(titles(results, 'tool')).toEqual(['数据采集终端']);
    // the words in the other order, and separated by an ideographic space, find the same
    expect(await search('防火　森林')).toEqual({ ...results, words: ['防火', '森林'] });
  });

  it('answers one group per kind in a fixed order, with totals, empty groups included', async () => {
    const results = await search('环境空气');
    expect(results.groups.map((g) => [g.kind, g.total, g.items.length])).toEqual([
      ['notice', 0, 0],
      ['regulation', 1, 1],
      ['application', 0, 0],
      ['tool', 0, 0],
    ]);
    expect(group(results, 'regulation').items[0]).toEqual({
      kind: 'regulation',
      id: expect.any(Number),
      title: '环境空气质量标准',
      snippet: '环境保护部 · 国家标准',
      code: 'GB 3095-2012',
      date: '2012-02-29',
    });
  });

  it('ignores case, and finds a code with or without its space', async () => {
    expect(titles(await search('gb 3095'), 'regulation')).toEqual(['环境空气质量标准']);
    expect(titles(await search('gb3095'), 'regulation')).toEqual(['环境空气质量标准']);
    expect(titles(await search('ly/t'), 'regulation')).toEqual(['森林防火视频监控系统技术规范']);
  });

  it('never shows a draft, a withdrawn notice or one whose time has not come; a scheduled one once it has', async () => {
    expect(titles(await search('森林防火'), 'notice')).toEqual(['草稿：森林防火演练方案']);
    clock += 2 * HOUR;
    expect(titles(await search('森林防火'), 'notice').sort()).toEqual(['定时发布的森林防火通知', '草稿：森林防火演练方案'].sort());
    clock -= 2 * HOUR;
  });

  it('matches % and _ as themselves, not as wildcards', async () => {
    expect(titles(await search('%'), 'tool')).toEqual(['覆盖率100%_计算器']);
    expect(titles(await search('_'), 'tool')).toEqual(['覆盖率100%_计算器']);
    expect((await search('%')).groups.filter((g) => g.kind !== 'tool').every((g) => g.total === 0)).toBe(true);
    // as a wildcard, 率% would match 覆盖率100…; as itself it is nowhere
    expect(titles(await search('率%'), 'tool')).toEqual([]);
    expect(titles(await search('100% 森林'), 'tool')).toEqual(['覆盖率100%_计算器']);
  });

  it('gives a plain-text snippet around the first word found, cut with …', async () => {
    const [hit] = group(await search('湿地'), 'notice').items;
    expect(hit!.snippet).toContain('湿地保护');
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    expect(hit!.snippet.length).toBeLessThanOrEqual(122);
    expect(hit!.snippet).not.toContain('<p>');
    expect(hit!.date).toBe('2026-11-22');
  });

  it('answers at most 20 of a kind, with the total of all', async () => {
    await ctx.database.db.insert(notices).values(Array.from({ length: 25 }, (_, i) => notice(`候鸟迁徙监测简报第${i + 1}期`, '候鸟')));
    const results = await search('候鸟 监测');
    expect(group(results, 'notice').total).toBe(25);
    expect(group(results, 'notice').items).toHaveLength(20);
  });

  it('answers the same to a signed-in administrator: drafts stay out of the search', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.database.db, 'admin');
    const response = await browser.get<SearchResults>('/api/search?q=森林防火草稿');
    expect(group(dataOf(response), 'notice').total).toBe(0);
  });

  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a q of spaces', '?q=%20%20%20'],
  ])('finds nothing for %s: every group empty', async (_, query) => {
    const results = dataOf(await getJson<SearchResults>(ctx.app, `/api/search${query}`));
    expect(results).toEqual({ words: [], groups: ['notice', 'regulation', 'application', 'tool'].map((kind) => ({ kind, total: 0, items: [] })) });
  });

  it.each([
    ['a q of 101 characters', `?q=${'林'.repeat(101)}`],
    ['a q with a control character', '?q=%E6%A3%AE%07%E6%9E%97'],
    ['an unknown parameter', '?q=森林&page=2'],
    ['q twice', '?q=森林&q=防火'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, query) => {
    const response = await getJson(ctx.app, `/api/search${encodeURI(query).replace(/%25/g, '%')}`);
    expect(response.status).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
  });

  it('refuses more than 10 words with 400, saying so in the language asked for', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `词${i}`).join(' ');
    const zh = await getJson(ctx.app, `/api/search?q=${encodeURIComponent(eleven)}`);
    expect(zh.status).toBe(400);
    expect(errorOf(zh)).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorMessage: expect.stringContaining('最多 10 个词') });
    const en = await getJson(ctx.app, `/api/search?q=${encodeURIComponent(eleven)}`, { 'accept-language': 'en-US' });
    expect(errorOf(en).errorMessage).toContain('at most 10 words');
    // ten words are fine, and a word repeated counts once
    const tenAndARepeat = `${eleven.split(' ').slice(0, 10).join(' ')} 词0`;
    expect((await getJson(ctx.app, `/api/search?q=${encodeURIComponent(tenAndARepeat)}`)).status).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await getJson<never>(ctx.app, '/api/openapi.json')).body as unknown as { paths: Record<string, { get?: { operationId?: string } }> };
    expect(document.paths['/api/search']?.get?.operationId).toBe('search');
  });
});
