/** Organisations: the forestry and grassland agencies, one per division, province → city → county. */
import { asc, eq } from 'drizzle-orm';
import type { OrganisationNode } from '@eco/contracts/users';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { divisions, organisations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit } from '../audit/service';

/** The whole tree, in the divisions' published order. */
export async function getOrganisationTree(db: Db): Promise<OrganisationNode[]> {
  const rows = await db
    .select({ id: organisations.id, code: organisations.divisionCode, name: organisations.name, level: organisations.level, parentId: organisations.parentId })
    .from(organisations)
    .innerJoin(divisions, eq(divisions.code, organisations.divisionCode))
    .orderBy(asc(divisions.sortOrder), asc(divisions.code));
  const nodes = new Map<number, OrganisationNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: OrganisationNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Renames organisation `id`; 404 ORGANISATION_NOT_FOUND. The same name again writes nothing. */
export async function renameOrganisation(db: Db, { actor, ip }: Acting, id: number, name: string): Promise<OrganisationNode> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
    if (!row) throw new AppError('ORGANISATION_NOT_FOUND');
    if (row.name === name) return;
    await tx.update(organisations).set({ name }).where(eq(organisations.id, id));
    await audit(tx, { actor, ip, action: 'organisation.update', entityType: 'organisation', entityId: id, before: { name: row.name }, after: { name } });
  });
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return { id: row!.id, code: row!.divisionCode, name: row!.name, level: row!.level, parentId: row!.parentId, children: [] };
}
