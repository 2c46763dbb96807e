import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { SiteSettings } from '@eco/contracts/site';
import { auditLog, siteSettings } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { acceptable, NAUGHTY_STRINGS, type TextRules } from '../../test/naughty';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';
import { SITE_SETTINGS_TTL_MS } from './service';

// docs/routes.md §Initial state: the default page title names the province's 生态云感知系统
const DEFAULT_SITE = {
  title: '陕西省生态云感知系统',
  provinceName: '陕西省',
  footer: '陕西省生态云感知系统',
  recordNumber: '',
  opsPlatformUrl: null,
  // no footer details ship with the project: none are invented
  sponsor: '',
  operator: '',
  publicSecurityRecordNumber: '',
  siteCode: '',
  contact: '',
};

describe('the initial state: /api/site and /api/session', () => {
  const ctx = useTestApp();

  it('answers the default site settings before anything was loaded', async () => {
    expect(dataOf(await getJson(ctx.app, '/api/site'))).toEqual(DEFAULT_SITE);
  });

  it('answers no signed-in user, and a CSRF token, never to be cached', async () => {
    const response = await getJson(ctx.app, '/api/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { user: null, csrfToken: expect.any(String), uploadMaxBytes: expect.any(Number) } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets a cache keep the site settings of an anonymous visitor only after asking again (no-cache)', async () => {
    expect((await getJson(ctx.app, '/api/site')).headers['cache-control']).toBe('no-cache');
  });

  it('refuses an unknown query parameter with 400 naming it', async () => {
    const response = await getJson(ctx.app, '/api/site?lang=en');
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.map((d) => d.field)).toEqual(['querystring/lang']);
  });
});

describe('the initial state once the bundled data is loaded', () => {
  const ctx = useTestApp({ loaded: true });

  it('answers the default site settings', async () => {
    expect(dataOf(await getJson(ctx.app, '/api/site'))).toEqual(DEFAULT_SITE);
  });
});

describe('PUT /api/site', () => {
  // the app's clock stands still unless a test moves it, so only a write's invalidation (not the
  // cache expiring) can show a change; no bundled data: the settings start as the defaults, no row
  let clock = new Date('2026-11-22T08:00:00+08:00').getTime();
  const ctx = useTestApp({ now: () => new Date(clock) });
  let admin: Browser;
  let adminId: number;

  beforeAll(async () => {
    ({
      browser: admin,
      user: { id: adminId },
    } = await signedInAs(ctx.app, ctx.database.db, 'admin'));
  });

  const site = async () => dataOf(await getJson<SiteSettings>(ctx.app, '/api/site'));
  const auditCount = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('changes every setting, shows it in GET /api/site at once, and records what changed', async () => {
    expect(await site()).toEqual(DEFAULT_SITE);
    const next = {
      title: '陕西省林业局生态云感知系统',
      provinceName: '陕西省',
      footer: '陕西省林业局 主办\n技术支持：省林业信息中心',
      recordNumber: '陕ICP备12345678号-1',
      opsPlatformUrl: 'https://ops.example.gov.cn/portal?from=eco',
      sponsor: '陕西省林业局',
      operator: '陕西省林业信息中心',
      publicSecurityRecordNumber: '陕公网安备 61010302000001号',
      siteCode: '6100000001',
      contact: '电话：029-00000000  邮箱：webmaster@example.gov.cn',
    };
    const response = await admin.put<SiteSettings>('/api/site', next);
    expect(response.status).toBe(200);
    expect(dataOf(response)).toEqual(next);
    // without waiting for the few seconds of the cache
    expect(await site()).toEqual(next);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'site.update'));
    expect(entry).toMatchObject({
      actorId: adminId,
      entityType: 'site_settings',
      entityId: '1',
      before: { title: DEFAULT_SITE.title, footer: DEFAULT_SITE.footer, recordNumber: '', opsPlatformUrl: null, sponsor: '', siteCode: '' },
      after: {
        title: next.title,
        footer: next.footer,
        recordNumber: next.recordNumber,
        opsPlatformUrl: next.opsPlatformUrl,
        sponsor: next.sponsor,
        operator: next.operator,
        publicSecurityRecordNumber: next.publicSecurityRecordNumber,
        siteCode: next.siteCode,
        contact: next.contact,
      },
    });
    // the unchanged province name is not in the record
    expect(entry!.after).not.toHaveProperty('provinceName');
  });

  it('writes nothing when nothing changes', async () => {
    const before = await auditCount();
    expect((await admin.put('/api/site', await site())).status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('keeps the footer details when a client written before them leaves them out', async () => {
    const current = await site();
    expect(current.sponsor).not.toBe('');
    const { sponsor: _s, operator: _o, publicSecurityRecordNumber: _p, siteCode: _c, contact: _t, ...older } = current;
    const response = await admin.put<SiteSettings>('/api/site', { ...older, title: '陕西省生态云感知系统（旧客户端）' });
    expect(response.status).toBe(200);
    expect(await site()).toEqual({ ...current, title: '陕西省生态云感知系统（旧客户端）' });
    expect((await admin.put('/api/site', current)).status).toBe(200);
  });

  it('clears a footer detail sent as empty, and trims the one-line ones', async () => {
    const current = await site();
    const response = await admin.put<SiteSettings>('/api/site', { ...current, sponsor: '  陕西省林业局  ', siteCode: '', contact: '' });
    expect(dataOf(response)).toMatchObject({ sponsor: '陕西省林业局', siteCode: '', contact: '' });
    expect(await site()).toMatchObject({ siteCode: '', contact: '' });
    expect((await admin.put('/api/site', current)).status).toBe(200);
  });

  it('takes null for no operations platform', async () => {
    const response = await admin.put<SiteSettings>('/api/site', { ...(await site()), opsPlatformUrl: null });
    expect(dataOf(response).opsPlatformUrl).toBeNull();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript://%0aalert(1)'],
    ['ftp://ops.example.gov.cn/'],
    ['//ops.example.gov.cn/'],
    ['/ywpt'],
    ['ops.example.gov.cn'],
    ['http://'],
    ['https://ops example.gov.cn/'],
    ['https://ops.example.gov.cn/a b'],
    ['http://[::1'],
    [''],
    [`https://ops.example.gov.cn/${'x'.repeat(500)}`],
  ])('refuses the operations-platform URL %j with 400, changing nothing', async (url) => {
    const before = [await site(), await auditCount()];
    const response = await admin.put('/api/site', { ...(await site()), opsPlatformUrl: url });
    expect(response.status).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    expect(errorOf(response).errorMessage).toContain('opsPlatformUrl');
    expect([await site(), await auditCount()]).toEqual(before);
  });

  it.each([
    [{ title: '' }, 'body/title'],
    [{ title: '   ' }, 'body/title'],
    [{ provinceName: null }, 'body/provinceName'],
    [{ footer: 5 }, 'body/footer'],
    [{ recordNumber: '陕ICP备\n123' }, 'body/recordNumber'],
    [{ title: 'x'.repeat(101) }, 'body/title'],
    [{ footer: '页脚\u0000' }, 'body/footer'],
    // 网站标识码: ten digits or nothing
    [{ siteCode: '610000000' }, 'body/siteCode'],
    [{ siteCode: '61000000012' }, 'body/siteCode'],
    [{ siteCode: '61000000O1' }, 'body/siteCode'],
    [{ siteCode: '６１００００００01' }, 'body/siteCode'],
    [{ siteCode: 6100000001 }, 'body/siteCode'],
    [{ sponsor: 'x'.repeat(101) }, 'body/sponsor'],
    [{ operator: '承办\n单位' }, 'body/operator'],
    [{ publicSecurityRecordNumber: 'x'.repeat(101) }, 'body/publicSecurityRecordNumber'],
    [{ contact: 'x'.repeat(201) }, 'body/contact'],
    [{ contact: null }, 'body/contact'],
  ])('refuses %j with 400 naming %s, changing nothing', async (change, field) => {
    const before = [await site(), await auditCount()];
    const response = await admin.put('/api/site', { ...(await site()), ...change });
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.map((d) => d.field)).toContain(field);
    expect([await site(), await auditCount()]).toEqual(before);
  });

  it('refuses an unknown property with 400 naming it, changing nothing', async () => {
    const before = [await site(), await auditCount()];
    const response = await admin.put('/api/site', { ...(await site()), title: '带多余字段', theme: 'dark' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/theme' }] });
    expect([await site(), await auditCount()]).toEqual(before);
  });

  it('trims one-line settings and keeps the footer exactly as sent', async () => {
    const base = await site();
    const response = await admin.put<SiteSettings>('/api/site', {
      ...base,
      title: '  陕西省生态云  ',
      footer: '  第一行\n第二行  ',
      opsPlatformUrl: ' https://ops.example.gov.cn/ ',
    });
    expect(dataOf(response)).toMatchObject({ title: '陕西省生态云', footer: '  第一行\n第二行  ', opsPlatformUrl: 'https://ops.example.gov.cn/' });
    expect((await admin.put('/api/site', base)).status).toBe(200);
  });

  it('needs every setting', async () => {
    const { recordNumber: _, ...partial } = await site();
    const response = await admin.put('/api/site', partial);
    expect(errorOf(response).details?.map((d) => d.field)).toEqual(['body/recordNumber']);
  });

  describe('hostile input: the Big List of Naughty Strings through every setting', () => {
    const FIELDS: [keyof SiteSettings, TextRules][] = [
      ['title', { min: 1, max: 100, notBlank: true }],
      ['provinceName', { min: 1, max: 50, notBlank: true }],
      ['footer', { max: 500, multiLine: true }],
      ['recordNumber', { max: 100 }],
      ['sponsor', { max: 100 }],
      ['operator', { max: 100 }],
      ['publicSecurityRecordNumber', { max: 100 }],
      ['contact', { max: 200 }],
    ];

    /** What the server checks and stores of `text` sent as a field: one-line text trimmed, multi-line text as sent (docs/api.md §Text). */
    const received = (text: string, rules: TextRules) => (rules.multiLine ? text : text.trim());

    // two groups, as the validator reports at most 8 problems of one body (TypeBox's limit)
    it.each([
      ['title, provinceName, footer, recordNumber', FIELDS.slice(0, 4)],
      ['sponsor, operator, publicSecurityRecordNumber, contact', FIELDS.slice(4)],
    ])('%s: each string stored and shown back exactly (one-line ones trimmed), or refused with 400 naming the field; never a 500', async (_, FIELDS) => {
      const base = await site();
      for (const naughty of NAUGHTY_STRINGS) {
        const label = JSON.stringify(naughty);
        // every field at once: refused, naming exactly the fields whose rules refuse the string
        const refusing = FIELDS.filter(([, rules]) => !acceptable(received(naughty, rules), rules)).map(([field]) => field);
        const all = await admin.put<SiteSettings>('/api/site', { ...base, ...Object.fromEntries(FIELDS.map(([field]) => [field, naughty])) });
        expect(all.status, label).toBe(refusing.length === 0 ? 200 : 400);
        if (refusing.length > 0) {
          expect(new Set(errorOf(all).details?.map((d) => d.field)), label).toEqual(new Set(refusing.map((f) => `body/${f}`)));
        }
        // then the fields that take it, stored and shown back exactly
        const taking = FIELDS.filter(([field]) => !refusing.includes(field)).map(([field]) => field);
        if (taking.length === 0) continue;
        if (refusing.length > 0)
          expect((await admin.put('/api/site', { ...base, ...Object.fromEntries(taking.map((f) => [f, naughty])) })).status, label).toBe(200);
        const shown = await site();
        for (const [field, rules] of FIELDS.filter(([f]) => taking.includes(f))) expect(shown[field], `${field} ${label}`).toBe(received(naughty, rules));
      }
    });

    it('opsPlatformUrl: each string refused with 400 unless an http(s) URL; never a 500', async () => {
      const base = await site();
      for (const naughty of NAUGHTY_STRINGS) {
        const response = await admin.put<SiteSettings>('/api/site', { ...base, opsPlatformUrl: naughty });
        expect([200, 400], JSON.stringify(naughty)).toContain(response.status);
        if (response.status === 200) {
          expect(naughty).toMatch(/^https?:\/\//i);
          expect((await site()).opsPlatformUrl).toBe(naughty);
        }
      }
      for (const url of ['http://a/?q=<script>alert(1)</script>', 'https://example.gov.cn/\'"><svg/onload=alert(1)>']) {
        expect((await admin.put('/api/site', { ...base, opsPlatformUrl: url })).status).toBe(200);
        expect((await site()).opsPlatformUrl).toBe(url);
      }
    });
  });

  it('answers 401 to a visitor and 403 to an editor, changing nothing', async () => {
    const updates = async () => (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'site.update')))[0]!.n;
    const before = [await site(), await updates()];
    const body = { ...(await site()), title: '未授权' };
    const visitor = new Browser(ctx.app);
    await visitor.session();
    const anonymous = await visitor.put('/api/site', body);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).errorCode).toBe('NOT_SIGNED_IN');
    const { browser: editor } = await signedInAs(ctx.app, ctx.database.db, 'editor');
    const refused = await editor.put('/api/site', body);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).errorCode).toBe('FORBIDDEN');
    expect([await site(), await updates()]).toEqual(before);
  });

  it('serves the settings from memory for a few seconds: a change made behind its back shows once the copy has expired', async () => {
    const title = (await site()).title;
    await ctx.database.db.update(siteSettings).set({ title: '某省生态云感知系统' }).where(eq(siteSettings.id, 1));
    clock += SITE_SETTINGS_TTL_MS - 1;
    expect((await site()).title).toBe(title);
    clock += 1;
    expect((await site()).title).toBe('某省生态云感知系统');
  });
});
