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
    const shape = (items: OrganisationNode[]): unknown => items.map((n) => ({ code: n.code, name: n.name, ...(n.level === 'county' ? {} : { children: shape(n.children) }) }));
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

  describe('PATCH /api/organisations/:id', () => {
    it('renames one, shows it in the tree and on its users, and records the change', async () => {
      const [xian] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '6101'));
      const response = await admin.patch<Organisation>(`/api/organisations/${xian!.id}`, { name: '西安市林业局' });
      expect(response.status).toBe(200);
      expect(dataOf(response)).toEqual({ id: xian!.id, code: '6101', name: '西安市林业局', level: 'city', parentId: xian!.parentId });
      expect((await tree())[0]!.children.find((c) => c.code === '6101')!.name).toBe('西安市林业局');
      const [entry] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'organisation.update'), eq(auditLog.entityId, String(xian!.id))));
      expect(entry).toMatchObject({ entityType: 'organisation', before: { name: '西安市' }, after: { name: '西安市林业局' } });
      // the same name again writes nothing
      await admin.patch(`/api/organisations/${xian!.id}`, { name: '西安市林业局' });
      const [{ n }] = (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'organisation.update'))) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('answers 404 ORGANISATION_NOT_FOUND for an id it does not have', async () => {
      const response = await admin.patch('/api/organisations/999999', { name: '不存在' });
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('ORGANISATION_NOT_FOUND');
    });

    it('stores each naughty string as a name exactly, or refuses it with 400; never a 500', async () => {
      const [county] = await ctx.database.db.select().from(organisations).where(eq(organisations.divisionCode, '610103'));
      for (const naughty of NAUGHTY_STRINGS) {
        const response = await admin.patch<Organisation>(`/api/organisations/${county!.id}`, { name: naughty });
        const ok = acceptable(naughty, { min: 1, max: 100, notBlank: true });
        expect(response.status, JSON.stringify(naughty)).toBe(ok ? 200 : 400);
        if (ok) expect(dataOf(response).name).toBe(naughty);
      }
    });
  });
});
