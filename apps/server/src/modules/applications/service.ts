/**
 * The application systems catalogue: who may open what (checked here, on the server, for every
 * tile and every launch), favourites, recent launches, and management by editors.
 *
 * Access (contracts/applications.ts): `public` anyone; `signed_in` any signed-in user; `roles`
 * users with a chosen role; `organisations` users of a chosen organisation or of one below it
 * (a county user is admitted by its city or the province). The rules apply to administrators too:
 * an administrator who needs a system adds their role or organisation to it.
 *
 * Management (editors and administrators) follows the organisation scope (docs/access.md
 * §Organisation scope): the systems are province-wide content every editor manages, but which
 * organisations a system is opened to is those organisations' business, so an editor below the
 * province adds and removes only organisations within their scope ({@link updateApplication}).
 *
 * Every management write runs in one transaction with its audit row (`application.create`,
 * `application.update`); a launch is audited too (`application.launch`: a user signing into
 * another system). Favourites are a personal preference and are not audited.
 */
import { and, asc, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_ICONS,
  type ApplicationCatalogue,
  type ApplicationIcon,
  type ApplicationInput,
  type ApplicationPatch,
  type ApplicationTile,
  type CatalogueQuery,
  type LaunchBlock,
  type ManagedApplication,
} from '@eco/contracts/applications';
import type { UserActing } from '../../auth/acting';
import type { SignedInUser } from '../../auth/current-user';
import { inScope, scopeOf } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { applicationFavourites, applicationLaunches, applications, oidcClients, organisations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';
import { audit, changes, LOCAL_ADDRESS, SYSTEM_ACTOR } from '../audit/service';

type Row = typeof applications.$inferSelect;

/** How many recent launches the catalogue shows. */
export const RECENT_LIMIT = 6;

/** The organisation `id` and every organisation above it (county → city → province); [] for null. */
export async function organisationChain(db: Db, id: number | null): Promise<number[]> {
  if (id === null) return [];
  const result = await db.execute(sql`
    with recursive chain(id, parent_id) as (
      select ${organisations.id}, ${organisations.parentId} from ${organisations} where ${organisations.id} = ${id}
      union all
      select o.id, o.parent_id from ${organisations} o join chain c on o.id = c.parent_id
    )
    select id from chain`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** The visitor as the access rules see them: null without signing in. */
export interface Visitor {
  user: SignedInUser;
  /** the user's organisation and those above it */
  organisationChain: number[];
}

/** The visitor of `user` (reads the organisation chain). */
export async function visitorOf(db: Db, user: SignedInUser | null): Promise<Visitor | null> {
  if (!user) return null;
  return { user, organisationChain: await organisationChain(db, user.organisation?.id ?? null) };
}

/** Why `visitor` may not open `app` now, or null when they may (order: offline, maintenance, sign_in, no_permission). */
export function blockOf(app: Pick<Row, 'status' | 'access' | 'accessRoles' | 'accessOrganisationIds'>, visitor: Visitor | null): LaunchBlock | null {
  if (app.status === 'offline') return 'offline';
  if (app.status === 'maintenance') return 'maintenance';
  if (app.access === 'public') return null;
  if (!visitor) return 'sign_in';
  if (app.access === 'signed_in') return null;
  if (app.access === 'roles') return app.accessRoles.includes(visitor.user.role) ? null : 'no_permission';
  return app.accessOrganisationIds.some((id) => visitor.organisationChain.includes(id)) ? null : 'no_permission';
}

/** Organisation id → name, for the ids the rows name. */
async function organisationNames(db: Db, rows: Row[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.accessOrganisationIds))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, ids));
  return new Map(found.map((o) => [o.id, o.name]));
}

/** The stored icon (a plain text column), or `app` for one the web app does not know. */
function iconOf(row: Row): ApplicationIcon {
  return APPLICATION_ICONS.find((icon) => icon === row.icon) ?? 'app';
}

function accessOf(row: Row, names: Map<number, string>) {
  return {
    access: row.access,
    accessRoles: row.accessRoles as ApplicationTile['accessRoles'],
    accessOrganisations: row.accessOrganisationIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
  };
}

/**
 * The catalogue for `visitor` (null: not signed in): the systems matching `keyword` (substring of
 * name, code, description or category, ignoring case; empty = all) and `category` (exactly;
 * empty = all), favourites first, then by sort order, category and name; every category; and the
 * visitor's recent launches (latest first, at most {@link RECENT_LIMIT}). Query strings arrive
 * trimmed (docs/api.md §Text).
 */
export async function catalogue(db: Db, visitor: Visitor | null, query: CatalogueQuery): Promise<ApplicationCatalogue> {
  const conditions: SQL[] = [];
  const keyword = query.keyword;
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(
      or(
        ilike(applications.name, pattern),
        ilike(applications.code, pattern),
        ilike(applications.description, pattern),
        ilike(applications.category, pattern),
      )!,
    );
  }
  if (query.category) conditions.push(eq(applications.category, query.category));
  const ordered = [asc(applications.sortOrder), asc(applications.category), asc(applications.name)];
  const [all, favourites, launches] = await Promise.all([
    db
      .select()
      .from(applications)
      .orderBy(...ordered),
    visitor
      ? db.select({ id: applicationFavourites.applicationId }).from(applicationFavourites).where(eq(applicationFavourites.userId, visitor.user.id))
      : Promise.resolve([]),
    visitor
      ? db
          .select({ id: applicationLaunches.applicationId, at: max(applicationLaunches.at) })
          .from(applicationLaunches)
          .where(eq(applicationLaunches.userId, visitor.user.id))
          .groupBy(applicationLaunches.applicationId)
      : Promise.resolve([]),
  ]);
  const matching =
    conditions.length > 0
      ? new Set(
          (
            await db
              .select({ id: applications.id })
              .from(applications)
              .where(and(...conditions))
          ).map((r) => r.id),
        )
      : null;
  const favouriteIds = new Set(favourites.map((f) => f.id));
  const launchedAt = new Map(launches.filter((l) => l.at !== null).map((l) => [l.id, new Date(l.at!)]));
  const names = await organisationNames(db, all);
  const tileOf = (row: Row): ApplicationTile => {
    const blockedBy = blockOf(row, visitor);
    const at = launchedAt.get(row.id);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      icon: iconOf(row),
      category: row.category,
      description: row.description,
      status: row.status,
      maintenanceNotice: row.maintenanceNotice,
      ...accessOf(row, names),
      canOpen: blockedBy === null,
      blockedBy,
      favourite: favouriteIds.has(row.id),
      lastLaunchedAt: at ? toIsoCst(at) : null,
      seeded: row.seeded,
    };
  };
  const tiles = all.map(tileOf);
  const items = tiles.filter((tile) => !matching || matching.has(tile.id));
  // favourites first, otherwise the stored order (a stable sort keeps it)
  items.sort((a, b) => Number(b.favourite) - Number(a.favourite));
  const categories: string[] = [];
  for (const row of all) if (!categories.includes(row.category)) categories.push(row.category);
  const recent = tiles
    .filter((tile) => tile.lastLaunchedAt !== null)
    .sort((a, b) => launchedAt.get(b.id)!.getTime() - launchedAt.get(a.id)!.getTime())
    .slice(0, RECENT_LIMIT);
  return { items, categories, recent };
}

async function findRow(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw new AppError('APPLICATION_NOT_FOUND');
  return row;
}

/**
 * Launches system `id` for `visitor`: checks access here (never trusting the tile), records the
 * launch of a signed-in user with its audit row, and answers the entry URL (for a system with a
 * single sign-on client, the third-party-initiated login URL, {@link thirdPartyLogin}).
 * Errors: 404 APPLICATION_NOT_FOUND; 409 APPLICATION_UNAVAILABLE (offline or in maintenance, with
 * the maintenance notice); 401 APPLICATION_SIGN_IN_REQUIRED; 403 APPLICATION_NO_PERMISSION.
 */
export async function launch(
  db: Db,
  now: () => Date,
  visitor: Visitor | null,
  ip: string,
  id: number,
  oidcIssuer: string | null = null,
): Promise<{ url: string }> {
  const row = await findRow(db, id);
  const blocked = blockOf(row, visitor);
  if (blocked === 'offline') throw new AppError('APPLICATION_UNAVAILABLE', { zh: '已下线', en: 'it is offline' });
  if (blocked === 'maintenance') {
    const notice = row.maintenanceNotice?.trim();
    throw new AppError('APPLICATION_UNAVAILABLE', notice ? notice : { zh: '系统维护中', en: 'it is under maintenance' });
  }
  if (blocked === 'sign_in') throw new AppError('APPLICATION_SIGN_IN_REQUIRED');
  if (blocked === 'no_permission') throw new AppError('APPLICATION_NO_PERMISSION');
  if (visitor) {
    await inTransaction(db, async (tx) => {
      await tx.insert(applicationLaunches).values({ userId: visitor.user.id, applicationId: row.id, at: now() });
      await audit(tx, {
        actor: { id: visitor.user.id, account: visitor.user.account },
        ip,
        action: 'application.launch',
        entityType: 'application',
        entityId: row.id,
        after: { code: row.code },
      });
    });
  }
  return { url: oidcIssuer && (await hasSsoClient(db, row.id)) ? thirdPartyLogin(row.entryUrl, oidcIssuer) : row.entryUrl };
}

/** Whether system `id` is registered as an enabled OpenID Connect client. */
async function hasSsoClient(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ disabled: oidcClients.disabled }).from(oidcClients).where(eq(oidcClients.applicationId, id));
  return rows.some((r) => !r.disabled);
}

/**
 * The entry URL with `iss` (and `target_link_uri`): OpenID Connect Core §4, "Initiating Login
 * from a Third Party". The system then sends the browser to the portal's authorisation endpoint,
 * where the portal session signs the user in without a second password.
 */
export function thirdPartyLogin(entryUrl: string, issuer: string): string {
  const url = new URL(entryUrl);
  url.searchParams.set('iss', issuer);
  url.searchParams.set('target_link_uri', entryUrl);
  return url.toString();
}

/** Adds (`on`) or removes system `id` from the user's favourites; idempotent. 404 APPLICATION_NOT_FOUND. */
export async function setFavourite(db: Db, userId: number, id: number, on: boolean): Promise<void> {
  await findRow(db, id);
  if (on) {
    await db.insert(applicationFavourites).values({ userId, applicationId: id }).onConflictDoNothing();
  } else {
    await db.delete(applicationFavourites).where(and(eq(applicationFavourites.userId, userId), eq(applicationFavourites.applicationId, id)));
  }
}

// ─── management (editors and administrators) ───────────────────────────────────────────────

async function managedOf(db: Db, rows: Row[]): Promise<ManagedApplication[]> {
  const names = await organisationNames(db, rows);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    icon: iconOf(row),
    category: row.category,
    description: row.description,
    entryUrl: row.entryUrl,
    status: row.status,
    maintenanceNotice: row.maintenanceNotice,
    ...accessOf(row, names),
    sortOrder: row.sortOrder,
    seeded: row.seeded,
    createdAt: toIsoCst(row.createdAt),
    updatedAt: toIsoCst(row.updatedAt),
  }));
}

/** Every system, in catalogue order (sort order, category, name), as editors manage it. */
export async function listManaged(db: Db): Promise<ManagedApplication[]> {
  const rows = await db.select().from(applications).orderBy(asc(applications.sortOrder), asc(applications.category), asc(applications.name));
  return managedOf(db, rows);
}

/** The audited summary of a row (every field people set). */
function summary(row: Row): Record<string, unknown> {
  return {
    code: row.code,
    name: row.name,
    icon: row.icon,
    category: row.category,
    description: row.description,
    entryUrl: row.entryUrl,
    status: row.status,
    maintenanceNotice: row.maintenanceNotice,
    access: row.access,
    accessRoles: row.accessRoles,
    accessOrganisationIds: row.accessOrganisationIds,
    sortOrder: row.sortOrder,
  };
}

/**
 * The stored form of `input` over `base`: roles only with `roles`, organisations only with
 * `organisations`, which then must name at least one role (400 APPLICATION_ACCESS_INVALID) or
 * at least one organisation, each existing (400 APPLICATION_ACCESS_INVALID, 404
 * ORGANISATION_NOT_FOUND); an empty maintenance notice is null. Always sets `accessRoles` and
 * `accessOrganisationIds` (duplicates dropped).
 */
async function normalise(
  tx: Db,
  base: ApplicationPatch,
  input: ApplicationPatch,
): Promise<ApplicationPatch & Pick<ApplicationInput, 'accessRoles' | 'accessOrganisationIds'>> {
  const merged = { ...base, ...input };
  let accessRoles: ApplicationInput['accessRoles'] = [];
  if (merged.access === 'roles') {
    accessRoles = [...new Set(merged.accessRoles ?? [])];
    if (accessRoles.length === 0) throw new AppError('APPLICATION_ACCESS_INVALID', { zh: '请至少选择一个角色', en: 'choose at least one role' });
  }
  let accessOrganisationIds: number[] = [];
  if (merged.access === 'organisations') {
    accessOrganisationIds = [...new Set(merged.accessOrganisationIds ?? [])];
    if (accessOrganisationIds.length === 0)
      throw new AppError('APPLICATION_ACCESS_INVALID', { zh: '请至少选择一个机构', en: 'choose at least one organisation' });
    const found = await tx.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, accessOrganisationIds));
    if (found.length !== accessOrganisationIds.length) throw new AppError('ORGANISATION_NOT_FOUND');
  }
  const out = { ...input, accessRoles, accessOrganisationIds };
  if (out.maintenanceNotice === '') out.maintenanceNotice = null;
  return out;
}

/**
 * Refuses with 403 FORBIDDEN unless `user` may open or close a system to every organisation
 * that differs between `before` and `after` (added or removed): see {@link updateApplication}.
 */
async function assertOrganisationChangesInScope(tx: Db, user: SignedInUser, before: readonly number[], after: readonly number[]): Promise<void> {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.length === 0) return;
  const scope = await scopeOf(tx, user);
  if (changed.every((id) => inScope(scope, id))) return;
  throw new AppError('FORBIDDEN', {
    zh: '只能对本单位及下级单位开放或取消开放应用系统；已开放给其他单位的须保持不变',
    en: 'you may only open a system to, or close it to, your own organisation and those under it; other organisations it is opened to must stay as they are',
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Creates a system (with its audit row) and answers it as editors see it. An editor below the
 * province may open it only to organisations within their scope ({@link updateApplication}).
 * Errors: 409 APPLICATION_CODE_TAKEN; 400 APPLICATION_ACCESS_INVALID; 404 ORGANISATION_NOT_FOUND;
 * 403 FORBIDDEN.
 */
export async function createApplication(db: Db, now: () => Date, { actor, ip, user }: UserActing, input: ApplicationInput): Promise<ManagedApplication> {
  try {
    const row = await inTransaction(db, async (tx) => {
      const values: ApplicationInput = { ...input, ...(await normalise(tx, {}, input)) };
      await assertOrganisationChangesInScope(tx, user, [], values.accessOrganisationIds);
      const [created] = await tx
        .insert(applications)
        .values({ ...values, createdAt: now(), updatedAt: now() })
        .returning();
      await audit(tx, { actor, ip, action: 'application.create', entityType: 'application', entityId: created!.id, after: summary(created!) });
      return created!;
    });
    return (await managedOf(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('APPLICATION_CODE_TAKEN', input.code);
    throw error;
  }
}

/**
 * Changes the fields of system `id` given in `input` (the others stay), audits what changed, and
 * answers the system as editors see it.
 *
 * The organisation scope (docs/access.md §Organisation scope): administrators and users of the
 * province organisation (or of none) act province-wide. An editor of a city or county may change
 * every other field, but every organisation the change adds to `accessOrganisationIds` or removes
 * from it must be within their scope (their organisation and those under it); otherwise the
 * whole change is refused with 403 FORBIDDEN and nothing changes. Organisations outside the scope
 * that a system is already opened to thus stay exactly as they are: such an editor sends them back
 * unchanged (or leaves `accessOrganisationIds` out), and may not change `access` away from
 * `organisations`, which would remove them. One rule, refused rather than silently merged, so
 * what the editor sent is what is stored or nothing is.
 *
 * Errors: 404 APPLICATION_NOT_FOUND or ORGANISATION_NOT_FOUND; 409 APPLICATION_CODE_TAKEN;
 * 400 APPLICATION_ACCESS_INVALID; 403 FORBIDDEN.
 */
export async function updateApplication(
  db: Db,
  now: () => Date,
  { actor, ip, user }: UserActing,
  id: number,
  input: ApplicationPatch,
): Promise<ManagedApplication> {
  try {
    const row = await inTransaction(db, async (tx) => {
      const [before] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
      if (!before) throw new AppError('APPLICATION_NOT_FOUND');
      const base = summary(before) as ApplicationPatch;
      const values = await normalise(tx, base, input);
      await assertOrganisationChangesInScope(tx, user, before.accessOrganisationIds, values.accessOrganisationIds);
      const diff = changes(base as Record<string, unknown>, values as Record<string, unknown>);
      if (!diff) return before;
      const [after] = await tx
        .update(applications)
        .set({ ...values, updatedAt: now() })
        .where(eq(applications.id, id))
        .returning();
      await audit(tx, { actor, ip, action: 'application.update', entityType: 'application', entityId: id, ...diff });
      return after!;
    });
    return (await managedOf(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('APPLICATION_CODE_TAKEN', input.code ?? '');
    throw error;
  }
}

/**
 * The province's named systems the portal starts with (docs/product.md §Screens, 应用平台). Their
 * entry addresses are placeholders on example.com (RFC 2606): an editor sets the real ones.
 */
export const SEEDED_APPLICATIONS: readonly Omit<ApplicationInput, 'accessOrganisationIds' | 'maintenanceNotice'>[] = [
  {
    code: 'gtlh',
    name: '国土增绿系统',
    icon: 'tree',
    category: '生态保护修复',
    description: '国土绿化与增绿任务的规划、上报、核查与成效统计。预置示例，入口地址请在门户管理中配置。',
    entryUrl: 'https://example.com/eco/gtlh',
    status: 'online',
    access: 'signed_in',
    accessRoles: [],
    sortOrder: 10,
  },
  {
    code: 'zyzhgl',
    name: '资源综合管理系统',
    icon: 'database',
    category: '资源管理',
    description: '森林、草原、湿地等自然资源的一张图管理与综合查询。预置示例，入口地址请在门户管理中配置。',
    entryUrl: 'https://example.com/eco/zyzhgl',
    status: 'online',
    access: 'signed_in',
    accessRoles: [],
    sortOrder: 20,
  },
  {
    code: 'slcyfh',
    name: '森林草原防火智能监控管理系统',
    icon: 'fire',
    category: '防灾减灾',
    description: '林火视频监控、烟火识别告警与防火资源调度。预置示例，入口地址请在门户管理中配置。',
    entryUrl: 'https://example.com/eco/slcyfh',
    status: 'online',
    access: 'signed_in',
    accessRoles: [],
    sortOrder: 30,
  },
];

/**
 * Adds the seeded systems missing by code (an edited or deliberately re-coded one is left alone;
 * one an editor set offline stays offline), each with an audit row by `system`. Idempotent: safe
 * on every start and from several processes at once (insert … on conflict do nothing).
 */
export async function seedApplications(db: Db): Promise<string[]> {
  const added: string[] = [];
  for (const seed of SEEDED_APPLICATIONS) {
    await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({ ...seed, maintenanceNotice: null, accessOrganisationIds: [], seeded: true })
        .onConflictDoNothing({ target: applications.code })
        .returning();
      if (!row) return;
      added.push(row.code);
      await audit(tx, {
        actor: SYSTEM_ACTOR,
        ip: LOCAL_ADDRESS,
        action: 'application.create',
        entityType: 'application',
        entityId: row.id,
        after: summary(row),
      });
    });
  }
  return added;
}

/** For tests and the recent list: the latest launches of `userId`, newest first. */
export async function launchesOf(db: Db, userId: number) {
  return db
    .select()
    .from(applicationLaunches)
    .where(eq(applicationLaunches.userId, userId))
    .orderBy(desc(applicationLaunches.at), desc(applicationLaunches.id));
}
