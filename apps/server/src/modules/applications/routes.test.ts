/**
 * The application platform as visitors and editors meet it: the seeded systems; each kind of
 * access rule allowed and refused, both on the tile (`canOpen`, `blockedBy`) and on launching
 * (checked by the server); maintenance and offline; favourites first; recent launches; and
 * management by editors (audited; bad input refused and nothing changed).
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationCatalogue, ApplicationTile, Launch, ManagedApplication } from '@eco/contracts/applications';
import { applications, auditLog, organisations } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { SEEDED_APPLICATIONS } from './service';

describe('application platform', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let editor: Browser;
  let admin: Browser;
  let staffXian: Browser; // staff of 西安市
  let staffBeilin: Browser; // staff of 碑林区, a county of 西安市
  let staffBaoji: Browser; // staff of 宝鸡市
  let anonymous: Browser;
  let xianId: number;
  const ids: Record<string, number> = {};

  const orgId = async (code: string) => (await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.divisionCode, code)))[0]!.id;

  const base = {
    icon: 'app',
    category: '测试类',
    description: '',
    entryUrl: 'https://example.com/app',
    status: 'online',
    maintenanceNotice: null,
    access: 'signed_in',
    accessRoles: [],
    accessOrganisationIds: [],
    sortOrder: 100,
  };

  beforeAll(async () => {
    editor = (await signedInAs(ctx.app, db(), 'editor')).browser;
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    xianId = await orgId('6101');
    staffXian = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: xianId })).browser;
    staffBeilin = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await orgId('610103') })).browser;
    staffBaoji = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await orgId('6103') })).browser;
    anonymous = new Browser(ctx.app);
    await anonymous.session();
    const make = async (code: string, extra: Record<string, unknown>) => {
      const response = await editor.post<ManagedApplication>('/api/manage/applications', {
        ...base,
        code,
        name: `测试系统 ${code}`,
        entryUrl: `https://example.com/${code}`,
        ...extra,
      });
      ids[code] = dataOf(response).id;
    };
    await make('open-all', { access: 'public' });
    await make('members', { access: 'signed_in' });
    await make('editors-only', { access: 'roles', accessRoles: ['editor', 'admin'] });
    await make('xian-only', { access: 'organisations', accessOrganisationIds: [xianId] });
    await make('in-repair', { access: 'public', status: 'maintenance', maintenanceNotice: '系统升级，预计 18:00 恢复' });
    await make('retired', { access: 'public', status: 'offline' });
  });

  const countOf = async (table: typeof applications | typeof auditLog) => (await db().select({ n: count() }).from(table))[0]!.n;

  async function tiles(browser: Browser, query = ''): Promise<ApplicationCatalogue> {
    return dataOf(await browser.get<ApplicationCatalogue>(`/api/applications${query}`));
  }
  async function tile(browser: Browser, code: string): Promise<ApplicationTile> {
    return (await tiles(browser)).items.find((item) => item.code === code)!;
  }

  it("starts with the province's named systems, marked as seeded and configurable, each once however often the app starts", async () => {
    const { items } = await tiles(anonymous);
    for (const seed of SEEDED_APPLICATIONS) {
      expect(items.filter((item) => item.name === seed.name)).toEqual([expect.objectContaining({ code: seed.code, seeded: true, status: 'online' })]);
    }
    expect(items.map((i) => i.name)).toEqual(expect.arrayContaining(['国土增绿系统', '资源综合管理系统', '森林草原防火智能监控管理系统']));
    const { seedApplications } = await import('./service');
    expect(await seedApplications(db())).toEqual([]);
    expect(await db().select({ id: applications.id }).from(applications).where(eq(applications.code, 'gtlh'))).toHaveLength(1);
  });

  it('answers the catalogue uncached: to a visitor no-cache, to a signed-in user (whose tiles differ) no-store', async () => {
    expect((await anonymous.get('/api/applications')).headers['cache-control']).toBe('no-cache');
    expect((await staffXian.get('/api/applications')).headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown query parameter and a body sent to a launch, naming them', async () => {
    const query = await anonymous.get(`/api/applications?keyword=${encodeURIComponent('防火')}&sort=name`);
    expect(query.status).toBe(400);
    expect(errorOf(query).details?.map((d) => d.field)).toEqual(['querystring/sort']);
    const launchBefore = await countOf(auditLog);
    const body = await staffXian.post(`/api/applications/${ids.members}/launch`, { returnTo: '/' });
    expect(body.status).toBe(400);
    expect(errorOf(body).details?.map((d) => d.field)).toEqual(['body/returnTo']);
    expect(await countOf(auditLog)).toBe(launchBefore);
  });

  it('never gives the entry URL in the catalogue: only launching does, after the check', async () => {
    const response = await anonymous.get('/api/applications');
    expect(response.raw).not.toContain('https://example.com/members');
  });

  const cases: [string, string, () => Browser, boolean, string | null, number | null][] = [
    ['public', 'open-all', () => anonymous, true, null, null],
    ['signed-in only, without signing in', 'members', () => anonymous, false, 'sign_in', 401],
    ['signed-in only, signed in', 'members', () => staffBaoji, true, null, null],
    ['roles, a role not chosen', 'editors-only', () => staffXian, false, 'no_permission', 403],
    ['roles, a chosen role', 'editors-only', () => editor, true, null, null],
    ['roles, without signing in', 'editors-only', () => anonymous, false, 'sign_in', 401],
    ['organisations, the chosen one', 'xian-only', () => staffXian, true, null, null],
    ['organisations, a sub-organisation of the chosen one', 'xian-only', () => staffBeilin, true, null, null],
    ['organisations, another city', 'xian-only', () => staffBaoji, false, 'no_permission', 403],
    ['organisations, an administrator without an organisation', 'xian-only', () => admin, false, 'no_permission', 403],
    ['maintenance', 'in-repair', () => editor, false, 'maintenance', 409],
    ['offline', 'retired', () => editor, false, 'offline', 409],
  ];
  for (const [name, code, who, allowed, blockedBy, status] of cases) {
    it(`${allowed ? 'lets' : 'refuses'} a launch: ${name}`, async () => {
      const shown = await tile(who(), code);
      expect({ canOpen: shown.canOpen, blockedBy: shown.blockedBy }).toEqual({ canOpen: allowed, blockedBy });
      const response = await who().post<Launch>(`/api/applications/${ids[code]}/launch`);
      if (allowed) {
        expect(dataOf(response)).toEqual({ url: `https://example.com/${code}` });
      } else {
        expect(response.status).toBe(status);
        const error = errorOf(response);
        expect(error.errorCode).toBe({ 401: 'APPLICATION_SIGN_IN_REQUIRED', 403: 'APPLICATION_NO_PERMISSION', 409: 'APPLICATION_UNAVAILABLE' }[status!]);
        expect(response.raw).not.toContain('example.com');
      }
    });
  }

  it('tells why a system in maintenance cannot be opened, with its notice', async () => {
    expect((await tile(anonymous, 'in-repair')).maintenanceNotice).toBe('系统升级，预计 18:00 恢复');
    const error = errorOf(await anonymous.post(`/api/applications/${ids['in-repair']}/launch`));
    expect(error.errorMessage).toContain('系统升级，预计 18:00 恢复');
    const english = errorOf(await anonymous.post(`/api/applications/${ids.retired}/launch`, undefined, { headers: { 'accept-language': 'en-US' } }));
    expect(english.errorMessage).toBe('This application system cannot be used now: it is offline');
  });

  it('answers 404 for a system that does not exist', async () => {
    const response = await staffXian.post('/api/applications/999999/launch');
    expect(response.status).toBe(404);
    expect(errorOf(response).errorCode).toBe('APPLICATION_NOT_FOUND');
  });

  it('records launches of a signed-in user, audited, and shows them as recent, latest first', async () => {
    const { browser, user } = await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: xianId });
    expect((await tiles(browser)).recent).toEqual([]);
    dataOf(await browser.post(`/api/applications/${ids.members}/launch`));
    dataOf(await browser.post(`/api/applications/${ids['xian-only']}/launch`));
    const { recent } = await tiles(browser);
    expect(recent.map((r) => r.code)).toEqual(['xian-only', 'members']);
    expect(recent[0]!.lastLaunchedAt).toMatch(/\+08:00$/);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.launch'), eq(auditLog.actorId, user.id)));
    expect(rows).toHaveLength(2);
    // a refused launch is not recorded
    await browser.post(`/api/applications/${ids['editors-only']}/launch`);
    expect((await tiles(browser)).recent).toHaveLength(2);
  });

  it('shows favourites first, adds and removes them idempotently, and keeps them per user', async () => {
    const { browser } = await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: xianId });
    expect(dataOf(await browser.put(`/api/applications/${ids.retired}/favourite`))).toBeNull();
    dataOf(await browser.put(`/api/applications/${ids.retired}/favourite`));
    const { items } = await tiles(browser);
    expect(items[0]).toMatchObject({ code: 'retired', favourite: true });
    expect(items.filter((i) => i.favourite)).toHaveLength(1);
    // another user's catalogue is unchanged
    expect((await tile(staffBaoji, 'retired')).favourite).toBe(false);
    dataOf(await browser.delete(`/api/applications/${ids.retired}/favourite`));
    dataOf(await browser.delete(`/api/applications/${ids.retired}/favourite`));
    expect((await tiles(browser)).items.some((i) => i.favourite)).toBe(false);
  });

  it('refuses favourites without signing in, and for a system that does not exist', async () => {
    const response = await anonymous.put(`/api/applications/${ids['open-all']}/favourite`);
    expect(response.status).toBe(401);
    expect(errorOf(response).errorCode).toBe('NOT_SIGNED_IN');
    expect(errorOf(await staffXian.put('/api/applications/999999/favourite')).errorCode).toBe('APPLICATION_NOT_FOUND');
  });

  it('searches name, code, description and category ignoring case, and lists every category', async () => {
    const fire = await tiles(anonymous, `?keyword=${encodeURIComponent('防火')}`);
    expect(fire.items.map((i) => i.code)).toEqual(['slcyfh']);
    expect(fire.categories).toEqual(expect.arrayContaining(['生态保护修复', '资源管理', '防灾减灾', '测试类']));
    expect((await tiles(anonymous, '?keyword=XIAN-ONLY')).items.map((i) => i.code)).toEqual(['xian-only']);
    expect((await tiles(anonymous, `?category=${encodeURIComponent('资源管理')}`)).items.map((i) => i.code)).toEqual(['zyzhgl']);
    expect((await tiles(anonymous, '?keyword=%25')).items).toEqual([]);
  });

  describe('management', () => {
    it('is for editors and administrators only', async () => {
      expect((await staffXian.get('/api/manage/applications')).status).toBe(403);
      expect((await anonymous.get('/api/manage/applications')).status).toBe(401);
      expect(dataOf(await admin.get<ManagedApplication[]>('/api/manage/applications')).length).toBeGreaterThanOrEqual(9);
    });

    it('audits a change with what changed, and the catalogue shows it at once', async () => {
      const response = await editor.patch<ManagedApplication>(`/api/manage/applications/${ids.members}`, {
        status: 'maintenance',
        maintenanceNotice: '今晚停机维护',
      });
      expect(dataOf(response)).toMatchObject({ status: 'maintenance', maintenanceNotice: '今晚停机维护' });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'application.update'), eq(auditLog.entityId, String(ids.members))));
      expect(entry).toMatchObject({
        before: { status: 'online', maintenanceNotice: null },
        after: { status: 'maintenance', maintenanceNotice: '今晚停机维护' },
      });
      expect((await tile(staffXian, 'members')).blockedBy).toBe('maintenance');
      dataOf(await editor.patch(`/api/manage/applications/${ids.members}`, { status: 'online', maintenanceNotice: null }));
    });

    it('answers management reads no-store', async () => {
      expect((await editor.get('/api/manage/applications')).headers['cache-control']).toBe('no-store');
    });

    it('refuses an unknown property with 400 naming it, creating and changing nothing', async () => {
      const before = await countOf(applications);
      const auditBefore = await countOf(auditLog);
      const [row] = await db().select().from(applications).where(eq(applications.id, ids['open-all']!));
      const created = await editor.post('/api/manage/applications', { ...base, code: 'with-owner', name: '多余字段', owner: '碑林区' });
      expect(created.status).toBe(400);
      expect(errorOf(created).details?.map((d) => d.field)).toEqual(['body/owner']);
      const updated = await editor.patch(`/api/manage/applications/${ids['open-all']}`, { name: '改名', accessOrganisations: [{ id: xianId }] });
      expect(updated.status).toBe(400);
      expect(errorOf(updated).details?.map((d) => d.field)).toEqual(['body/accessOrganisations']);
      expect(await db().select().from(applications).where(eq(applications.id, ids['open-all']!))).toEqual([row]);
      expect(await countOf(applications)).toBe(before);
      expect(await countOf(auditLog)).toBe(auditBefore);
    });

    it('trims one-line text and stores an empty maintenance notice as none', async () => {
      const changed = dataOf(
        await editor.patch<ManagedApplication>(`/api/manage/applications/${ids.retired}`, { name: '  已下线的系统  ', maintenanceNotice: '   ' }),
      );
      expect(changed).toMatchObject({ name: '已下线的系统', maintenanceNotice: null });
    });

    it('keeps roles and organisations only for the rule that uses them', async () => {
      const changed = dataOf(
        await editor.patch<ManagedApplication>(`/api/manage/applications/${ids['editors-only']}`, { access: 'organisations', accessOrganisationIds: [xianId] }),
      );
      expect(changed).toMatchObject({ access: 'organisations', accessRoles: [], accessOrganisations: [{ id: xianId, name: '西安市' }] });
      dataOf(await editor.patch(`/api/manage/applications/${ids['editors-only']}`, { access: 'roles', accessRoles: ['editor', 'admin'] }));
    });

    const bad: [string, Record<string, unknown>, number, string][] = [
      ['a code already taken', { code: 'gtlh' }, 409, 'APPLICATION_CODE_TAKEN'],
      ['roles without any role', { access: 'roles', accessRoles: [] }, 400, 'APPLICATION_ACCESS_INVALID'],
      ['organisations without any organisation', { access: 'organisations' }, 400, 'APPLICATION_ACCESS_INVALID'],
      ['an organisation that does not exist', { access: 'organisations', accessOrganisationIds: [999999] }, 404, 'ORGANISATION_NOT_FOUND'],
      ['a javascript: entry URL', { entryUrl: 'javascript:alert(1)' }, 400, 'VALIDATION_FAILED'],
      ['a NUL in the entry URL', { entryUrl: 'https://example.com/a\u0000b' }, 400, 'VALIDATION_FAILED'],
      ['a number as text', { sortOrder: '5' }, 400, 'VALIDATION_FAILED'],
      ['an unknown status', { status: 'broken' }, 400, 'VALIDATION_FAILED'],
      ['a blank name', { name: '   ' }, 400, 'VALIDATION_FAILED'],
      ['a NUL in the name', { name: 'a\u0000b' }, 400, 'VALIDATION_FAILED'],
      ['an unknown role', { access: 'roles', accessRoles: ['root'] }, 400, 'VALIDATION_FAILED'],
      ['a name too long', { name: '长'.repeat(51) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, change, status, code] of bad) {
      it(`refuses ${name} and changes nothing`, async () => {
        const before = await countOf(applications);
        const auditBefore = await countOf(auditLog);
        const created = await editor.post('/api/manage/applications', { ...base, code: 'fresh-one', name: '新系统', ...change });
        expect(created.status).toBe(status);
        expect(errorOf(created).errorCode).toBe(code);
        const [row] = await db().select().from(applications).where(eq(applications.id, ids['open-all']!));
        const updated = await editor.patch(`/api/manage/applications/${ids['open-all']}`, change.code === 'gtlh' ? { code: 'gtlh' } : change);
        expect(updated.status).toBe(status);
        expect(await db().select().from(applications).where(eq(applications.id, ids['open-all']!))).toEqual([row]);
        expect(await countOf(applications)).toBe(before);
        expect(await countOf(auditLog)).toBe(auditBefore);
      });
    }
  });
});
