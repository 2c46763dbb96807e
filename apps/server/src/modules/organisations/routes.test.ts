/** The organisations: the tree from the bundled divisions, and renaming one. */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organisation, OrganisationNode } from '@eco/contracts/users';
import { auditLog, organisations } from '../../db/schema';
import { divisionTree, type DivisionItem } from '../../test/bundled-data';
import { Browser, signedInAs } from '../../test/browser';
import { acceptable, NAUGHTY_STRINGS } from '../../test/naughty';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';

describe('organisations', () => {
  const ctx = useTestApp({ loaded: true });
  let admin: Browser;
  let staff: Browser;

  beforeAll(async () => {
    ({ browser: admin } = await signedInAs(ctx.app, ctx.database.db, 'admin'));
    ({ browser: staff } = await signedInAs(ctx.app, ctx.database.db, 'staff'));
  });

  const tree = async (browser = staff) => dataOf(await browser.get<OrganisationNode[]>('/api/organisations'));

  it('answers one organisation per division, named as it, in the province → city → county tree and order of the file', async () => {
    const nodes = await tree();
    const shape = (items: OrganisationNode[]): unknown =>
      items.map((n) => ({ code: n.code, name: n.name, ...(n.level === 'county' ? {} : { children: shape(n.children) }) }));
    const fileShape = (items: DivisionItem[], depth = 0): unknown =>
      items.map((d) => ({ code: d.code, name: d.name, ...(depth === 2 ? {} : { children: fileShape(d.children ?? [], depth + 1) }) }));
    expect(shape(nodes)).toEqual(fileShape(divisionTree()));
    const levels = (items: OrganisationNode[], level: string): void => {
      for (const n of items) {
        expect(n.level).toBe(level);
        for (const child of n.children) expect(child.parentId).toBe(n.id);
        levels(n.children, level === 'province' ? 'city' : 'county');
      }
    };
    levels(nodes, 'province');
    expect(nodes[0]).toMatchObject({ code: '61', name: '陕西省', parentId: null });
  });

  it('is never cached (Cache-Control: no-store), and only for signed-in users', async () => {
    expect((await staff.get('/api/organisations')).headers['cache-control']).toBe('no-store');
    const visitor = await new Browser(ctx.app).get('/api/organisations');
    expect(visitor.status).toBe(401);
    expect(errorOf(visitor).errorCode).toBe('NOT_SIGNED_IN');
  });

  describe('PATCH /api/organisations/{id}', () => {
    it('renames one, shows it in the tree and on its users, and records the change', async () => {
      const [xian] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '6101'));
      const response = await admin.patch<Organisation>(`/api/organisations/${xian!.id}`, { name: '西安市林业局' });
      expect(response.status).toBe(200);
      expect(dataOf(response)).toEqual({ id: xian!.id, code: '6101', name: '西安市林业局', level: 'city', parentId: xian!.parentId });
      expect((await tree())[0]!.children.find((c) => c.code === '6101')!.name).toBe('西安市林业局');
      const [entry] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'organisation.update'), eq(auditLog.entityId, String(xian!.id))));
      expect(entry).toMatchObject({ entityType: 'organisation', before: { name: '西安市' }, after: { name: '西安市林业局' } });
      // the same name again writes nothing
      await admin.patch(`/api/organisations/${xian!.id}`, { name: '西安市林业局' });
      const [{ n }] = (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'organisation.update'))) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('refuses an unknown property with 400 naming it, renaming nothing', async () => {
      const [county] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '610104'));
      const response = await admin.patch(`/api/organisations/${county!.id}`, { name: '改名', code: '610199' });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/code' }] });
      const [after] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, county!.id));
      expect(after).toEqual(county);
    });

    it('answers 403 FORBIDDEN to an editor, renaming nothing', async () => {
      const { browser: editor } = await signedInAs(ctx.app, ctx.database.db, 'editor');
      const [county] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '610104'));
      const response = await editor.patch(`/api/organisations/${county!.id}`, { name: '编辑改名' });
      expect(response.status).toBe(403);
      expect(errorOf(response).errorCode).toBe('FORBIDDEN');
      const [after] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, county!.id));
      expect(after).toEqual(county);
    });

    it('answers 404 ORGANISATION_NOT_FOUND for an id it does not have', async () => {
      const response = await admin.patch('/api/organisations/999999', { name: '不存在' });
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('ORGANISATION_NOT_FOUND');
    });

    it('stores each naughty string as a name exactly (trimmed), or refuses it with 400; never a 500', async () => {
      const [county] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '610103'));
      for (const sent of NAUGHTY_STRINGS) {
        // one-line text is trimmed before it is checked (docs/api.md §Text)
        const naughty = sent.trim();
        const response = await admin.patch<Organisation>(`/api/organisations/${county!.id}`, { name: sent });
        const ok = acceptable(naughty, { min: 1, max: 100, notBlank: true });
        expect(response.status, JSON.stringify(naughty)).toBe(ok ? 200 : 400);
        if (ok) expect(dataOf(response).name).toBe(naughty);
      }
    });
  });
});
