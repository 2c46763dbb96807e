/**
 * User administration: list, create (with a temporary password), edit, disable and enable, reset
 * a password. Each write runs in one transaction with its audit row.
 *
 * Rules: accounts are stored lower-case and unique ignoring case (409 ACCOUNT_TAKEN); an
 * administrator cannot disable themself, change their own role or reset their own password
 * (409 CANNOT_CHANGE_SELF: they change their own password through the session); no change may
 * leave the portal without an active administrator (409 LAST_ADMIN: the active administrators are
 * locked while it is checked, so two administrators demoting each other at once cannot both win).
 */
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Page } from '@eco/contracts/envelope';
import type { Role, UserStatus } from '@eco/contracts/roles';
import type { CreateUser, TemporaryPassword, UpdateUser, User } from '@eco/contracts/users';
import { hashPassword, temporaryPassword } from '../../auth/password';
import { endSessionsOf } from '../../auth/session-store';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { organisations, signInFailures, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { toIsoCst } from '../../lib/time';
import { audit, changes } from '../audit/service';

/** The filters and page of `GET /api/users` (@eco/contracts/api/users.ts), trimmed on the way in (http/strict-input.ts). */
export interface UserQuery {
  /** substring of the account or the display name, ignoring case; empty = no filter */
  keyword?: string;
  role?: Role;
  status?: UserStatus;
  organisationId?: number;
  page: number;
  pageSize: number;
}

const columns = {
  id: users.id,
  account: users.account,
  displayName: users.displayName,
  role: users.role,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  organisationId: users.organisationId,
  organisationName: organisations.name,
  organisationLevel: organisations.level,
};

interface Row {
  id: number;
  account: string;
  displayName: string;
  role: Role;
  status: UserStatus;
  mustChangePassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  organisationId: number | null;
  organisationName: string | null;
  organisationLevel: 'province' | 'city' | 'county' | null;
}

function userOf(row: Row): User {
  return {
    id: row.id,
    account: row.account,
    displayName: row.displayName,
    role: row.role,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
    organisation:
      row.organisationId !== null && row.organisationName !== null && row.organisationLevel !== null
        ? { id: row.organisationId, name: row.organisationName, level: row.organisationLevel }
        : null,
    lastSignInAt: row.lastSignInAt ? toIsoCst(row.lastSignInAt) : null,
    createdAt: toIsoCst(row.createdAt),
    updatedAt: toIsoCst(row.updatedAt),
  };
}

function selectUsers(db: Db) {
  return db.select(columns).from(users).leftJoin(organisations, eq(organisations.id, users.organisationId));
}

/** One page of users matching the query, by account. */
export async function listUsers(db: Db, query: UserQuery): Promise<Page<User>> {
  const conditions: SQL[] = [];
  const keyword = query.keyword;
  if (keyword) conditions.push(or(ilike(users.account, likePattern(keyword)), ilike(users.displayName, likePattern(keyword)))!);
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.organisationId !== undefined) conditions.push(eq(users.organisationId, query.organisationId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(asc(users.account))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(userOf), total, page: query.page, pageSize: query.pageSize };
}

/** The user `id`; 404 USER_NOT_FOUND. */
export async function getUser(db: Db, id: number): Promise<User> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return userOf(row);
}

async function assertOrganisation(tx: Db, organisationId: number | null | undefined): Promise<void> {
  if (organisationId === null || organisationId === undefined) return;
  const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND', String(organisationId));
}

/** The row of user `id`, locked until the transaction ends; 404 USER_NOT_FOUND. */
async function lockUser(tx: Db, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** 409 LAST_ADMIN unless an active administrator other than `userId` remains. */
async function assertAnotherActiveAdmin(tx: Db, userId: number): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .for('update');
  if (!admins.some((a) => a.id !== userId)) throw new AppError('LAST_ADMIN');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What the log says about a user (never the password or its hash). */
function summary(row: typeof users.$inferSelect) {
  return {
    account: row.account,
    displayName: row.displayName,
    role: row.role,
    organisationId: row.organisationId,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
  };
}

/**
 * Creates a user with a generated temporary password (shown once in the answer; the user must
 * change it at the first sign-in). 409 ACCOUNT_TAKEN; 404 ORGANISATION_NOT_FOUND.
 */
export async function createUser(db: Db, now: () => Date, { actor, ip }: Acting, input: CreateUser): Promise<TemporaryPassword> {
  const account = input.account.toLowerCase();
  const password = temporaryPassword(account);
  const passwordHash = await hashPassword(password);
  const at = now();
  let id: number;
  try {
    id = await inTransaction(db, async (tx) => {
      await assertOrganisation(tx, input.organisationId);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
      if (taken) throw new AppError('ACCOUNT_TAKEN', account);
      const [row] = await tx
        .insert(users)
        .values({
          account,
          displayName: input.displayName,
          passwordHash,
          role: input.role,
          organisationId: input.organisationId,
          mustChangePassword: true,
          passwordChangedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await audit(tx, { actor, ip, action: 'user.create', entityType: 'user', entityId: row!.id, after: summary(row!) });
      return row!.id;
    });
  } catch (error) {
    // two administrators creating the same account at once: the unique index decides
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_TAKEN', account);
    throw error;
  }
  return { user: await getUser(db, id), temporaryPassword: password };
}

/** Changes display name, role or organisation (the fields given). A request that changes nothing writes nothing. */
export async function updateUser(db: Db, now: () => Date, { actor, ip }: Acting, id: number, patch: UpdateUser): Promise<User> {
  await inTransaction(db, async (tx) => {
    const row = await lockUser(tx, id);
    // only the fields an administrator may edit, whatever else the caller passed
    const diff = changes(summary(row), { displayName: patch.displayName, role: patch.role, organisationId: patch.organisationId });
    if (!diff) return;
    if (diff.after.role !== undefined) {
      if (id === actor.id) throw new AppError('CANNOT_CHANGE_SELF');
      if (row.role === 'admin' && row.status === 'active') await assertAnotherActiveAdmin(tx, id);
    }
    if (diff.after.organisationId !== undefined) await assertOrganisation(tx, diff.after.organisationId);
    await tx
      .update(users)
      .set({ ...diff.after, updatedAt: now() })
      .where(eq(users.id, id));
    await audit(tx, { actor, ip, action: 'user.update', entityType: 'user', entityId: id, ...diff });
  });
  return getUser(db, id);
}

/**
 * Disables (ending every session of the user) or enables a user. Already so: nothing is written.
 */
export async function setUserStatus(db: Db, now: () => Date, { actor, ip }: Acting, id: number, status: UserStatus): Promise<User> {
  await inTransaction(db, async (tx) => {
    const row = await lockUser(tx, id);
    if (row.status === status) return;
    let sessionsEnded = 0;
    if (status === 'disabled') {
      if (id === actor.id) throw new AppError('CANNOT_CHANGE_SELF');
      if (row.role === 'admin') await assertAnotherActiveAdmin(tx, id);
      sessionsEnded = await endSessionsOf(tx, id);
    }
    await tx.update(users).set({ status, updatedAt: now() }).where(eq(users.id, id));
    await audit(tx, {
      actor,
      ip,
      action: status === 'disabled' ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: id,
      before: { status: row.status },
      after: status === 'disabled' ? { status, sessionsEnded } : { status },
    });
  });
  return getUser(db, id);
}

/**
 * Gives the user a new temporary password (shown once), which they must change at the next
 * sign-in; ends their sessions and lifts their sign-in attempt limit.
 */
export async function resetPassword(db: Db, now: () => Date, { actor, ip }: Acting, id: number): Promise<TemporaryPassword> {
  if (id === actor.id) {
    // checked before the user is looked up, so it needs no lock
    throw new AppError('CANNOT_CHANGE_SELF');
  }
  const [target] = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
  if (!target) throw new AppError('USER_NOT_FOUND');
  const password = temporaryPassword(target.account);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const row = await lockUser(tx, id);
    const at = now();
    await tx.update(users).set({ passwordHash, mustChangePassword: true, passwordChangedAt: at, updatedAt: at }).where(eq(users.id, id));
    const sessionsEnded = await endSessionsOf(tx, id);
    await tx.delete(signInFailures).where(eq(signInFailures.account, row.account));
    await audit(tx, {
      actor,
      ip,
      action: 'user.reset_password',
      entityType: 'user',
      entityId: id,
      before: { mustChangePassword: row.mustChangePassword },
      after: { mustChangePassword: true, sessionsEnded },
    });
  });
  return { user: await getUser(db, id), temporaryPassword: password };
}
