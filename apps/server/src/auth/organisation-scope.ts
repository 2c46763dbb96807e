/**
 * The organisation scope of a signed-in user (docs/access.md §Organisation scope): what an
 * organisation owns (Things and their keys, notices published in its name, alert rules, the
 * organisations an application system is opened to) may be changed by
 *
 * - administrators, users of the province organisation, and users attached to no organisation
 *   (province-level accounts, as every account was before organisations were assigned):
 *   province-wide, including what no organisation owns (`organisationId` null: the
 *   province-wide networks and notices);
 * - editors and staff of a city or county organisation: within their own organisation and the
 *   organisations under it.
 *
 * Reading is not limited by the scope; writing outside it is 403 FORBIDDEN, before anything changes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { rowsOf } from '../lib/sql-rows';
import type { SignedInUser } from './current-user';

/** `all`: province-wide; otherwise the ids of the organisations the user may act for. */
export type Scope = { all: true } | { all: false; organisationIds: ReadonlySet<number> };

/** The organisation `id` and every organisation under it. */
async function subtreeOf(db: Db, id: number): Promise<Set<number>> {
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select id from organisations where id = ${id}
      union all
      select o.id from organisations o join tree t on o.parent_id = t.id
    )
    select id from tree`);
  return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

/** The scope of `user` (one query for users below the province). */
export async function scopeOf(db: Db, user: SignedInUser): Promise<Scope> {
  if (user.role === 'admin' || !user.organisation || user.organisation.level === 'province') return { all: true };
  return { all: false, organisationIds: await subtreeOf(db, user.organisation.id) };
}

/** Whether something owned by `organisationId` (null: by no organisation, i.e. province-wide) is in `scope`. */
export function inScope(scope: Scope, organisationId: number | null): boolean {
  if (scope.all) return true;
  return organisationId !== null && scope.organisationIds.has(organisationId);
}

/**
 * Refuses with 403 FORBIDDEN (saying why) unless `user` may act for every one of
 * `organisationIds` (null: what no organisation owns).
 */
export async function assertInScope(db: Db, user: SignedInUser, ...organisationIds: (number | null)[]): Promise<void> {
  const scope = await scopeOf(db, user);
  if (organisationIds.every((id) => inScope(scope, id))) return;
  throw new AppError('FORBIDDEN', {
    zh: '只能管理本单位及下级单位的数据',
    en: 'you may only act for your own organisation and the organisations under it',
  });
}
