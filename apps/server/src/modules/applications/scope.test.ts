/**
 * The organisation scope of application access (docs/access.md §Organisation scope): every editor
 * manages the province-wide catalogue, but an editor of a city or county adds and removes only
 * organisations within their scope, and may not change the access kind of a system opened to
 * organisations outside it; administrators and province-level editors act province-wide. A
 * refusal is 403 FORBIDDEN and changes nothing (updateApplication in service.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedApplication } from '@eco/contracts/applications';
import { applications } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, errorOf, type JsonResponse, type Body, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

let serial = 0;
const system = (access: Record<string, unknown>) => ({
  code: `scope-${++serial}`,
  name: `范围测试系统 ${serial}`,
  icon: 'app',
  category: '测试类',
  description: '',
  entryUrl: `https://example.com/scope-${serial}`,
  status: 'online',
  maintenanceNotice: null,
  accessRoles: [],
  accessOrganisationIds: [],
  sortOrder: 100,
  access: 'signed_in',
  ...access,
});

function expectForbidden(response: JsonResponse<Body<unknown>>): void {
  expect(response.status).toBe(403);
  expect(errorOf(response).errorCode).toBe('FORBIDDEN');
}

describe('opening application systems to organisations, within the organisation scope', () => {
  const ctx = useTestApp({ loaded: true });

  const organisationId = (divisionCode: string) => organisationIdOf(ctx.database.db, divisionCode);

  let beilin: number; // 碑林区, a county of 西安市
  let lianhu: number; // 莲湖区, another county of 西安市
  let wangyi: number; // 王益区, a county of 铜川市
  let xian: number;
  let province: number;
  let beilinEditor: Browser;
  let provinceEditor: Browser;
  let admin: Browser;

  beforeAll(async () => {
    [beilin, lianhu, wangyi, xian, province] = (await Promise.all(['610103', '610104', '610202', '6101', '61'].map(organisationId))) as [
      number,
      number,
      number,
      number,
      number,
    ];
    beilinEditor = (await signedInAs(ctx.app, ctx.database.db, 'editor', { role: 'editor', organisationId: beilin })).browser;
    provinceEditor = (await signedInAs(ctx.app, ctx.database.db, 'editor', { role: 'editor', organisationId: province })).browser;
    admin = (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser;
  });

  const rowOf = async (id: number) => (await ctx.database.db.select().from(applications).where(eq(applications.id, id)))[0];
  const create = async (browser: Browser, access: Record<string, unknown>) => browser.post<ManagedApplication>('/api/manage/applications', system(access));

  it('lets a county editor open a new system to their own county, and refuses another county, creating nothing', async () => {
    const own = await create(beilinEditor, { access: 'organisations', accessOrganisationIds: [beilin] });
    expect(own.status).toBe(201);
    expect(dataOf(own).accessOrganisations).toEqual([{ id: beilin, name: '碑林区' }]);

    const before = await countRows(ctx.database.db);
    for (const ids of [[lianhu], [beilin, wangyi], [xian]])
      expectForbidden(await create(beilinEditor, { access: 'organisations', accessOrganisationIds: ids }));
    expect(await countRows(ctx.database.db)).toEqual(before);
  });

  it('lets a county editor add and remove their own county, and refuses another county, changing nothing', async () => {
    const created = dataOf(await create(admin, { access: 'organisations', accessOrganisationIds: [wangyi] }));
    const before = await rowOf(created.id);
    const counts = await countRows(ctx.database.db);
    expectForbidden(await beilinEditor.patch(`/api/manage/applications/${created.id}`, { accessOrganisationIds: [wangyi, lianhu] }));
    expect(await rowOf(created.id)).toEqual(before);
    expect(await countRows(ctx.database.db)).toEqual(counts);

    const added = dataOf(await beilinEditor.patch<ManagedApplication>(`/api/manage/applications/${created.id}`, { accessOrganisationIds: [wangyi, beilin] }));
    expect(added.accessOrganisations.map((o) => o.id)).toEqual([wangyi, beilin]);
    const removed = dataOf(await beilinEditor.patch<ManagedApplication>(`/api/manage/applications/${created.id}`, { accessOrganisationIds: [wangyi] }));
    expect(removed.accessOrganisations.map((o) => o.id)).toEqual([wangyi]);
  });

  it('keeps the organisations outside a county editor’s scope as they are: no removal, no change of access kind', async () => {
    const created = dataOf(await create(admin, { access: 'organisations', accessOrganisationIds: [beilin, wangyi] }));
    const before = await rowOf(created.id);
    for (const change of [
      { accessOrganisationIds: [beilin] },
      { access: 'public' },
      { access: 'signed_in' },
      { access: 'roles', accessRoles: ['staff'] },
      { name: '改名并关闭外县', accessOrganisationIds: [beilin] },
    ]) {
      expectForbidden(await beilinEditor.patch(`/api/manage/applications/${created.id}`, change));
    }
    expect(await rowOf(created.id)).toEqual(before);

    // every other field may change, sending the list back as it is or leaving it out
    const renamed = dataOf(
      await beilinEditor.patch<ManagedApplication>(`/api/manage/applications/${created.id}`, { name: '碑林区改的名字', status: 'maintenance' }),
    );
    expect(renamed).toMatchObject({ name: '碑林区改的名字', status: 'maintenance', access: 'organisations' });
    const same = await beilinEditor.patch<ManagedApplication>(`/api/manage/applications/${created.id}`, {
      status: 'online',
      accessOrganisationIds: [beilin, wangyi],
    });
    expect(dataOf(same).accessOrganisations.map((o) => o.id)).toEqual([beilin, wangyi]);
  });

  it('lets a county editor change the access kind of a system opened only within their scope', async () => {
    const created = dataOf(await create(beilinEditor, { access: 'organisations', accessOrganisationIds: [beilin] }));
    const opened = dataOf(await beilinEditor.patch<ManagedApplication>(`/api/manage/applications/${created.id}`, { access: 'signed_in' }));
    expect(opened).toMatchObject({ access: 'signed_in', accessOrganisations: [] });
  });

  it('lets an administrator and an editor of the province open a system to any county and close it again', async () => {
    for (const browser of [admin, provinceEditor]) {
      const created = await create(browser, { access: 'organisations', accessOrganisationIds: [lianhu] });
      expect(created.status).toBe(201);
      const id = dataOf(created).id;
      const widened = dataOf(await browser.patch<ManagedApplication>(`/api/manage/applications/${id}`, { accessOrganisationIds: [lianhu, wangyi, beilin] }));
      expect(widened.accessOrganisations.map((o) => o.id)).toEqual([lianhu, wangyi, beilin]);
      const closed = dataOf(await browser.patch<ManagedApplication>(`/api/manage/applications/${id}`, { access: 'public' }));
      expect(closed).toMatchObject({ access: 'public', accessOrganisations: [] });
    }
  });
});
