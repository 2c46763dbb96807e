/**
 * The first administrator: there is no default account and no default password. An operator
 * creates it with `npm run admin:create` (cli/admin-create.ts), or sets ADMIN_ACCOUNT and
 * ADMIN_PASSWORD (+ ADMIN_NAME) so the server creates it at start while no administrator exists.
 * Either way the account rules and the password policy apply, and an audit row says how.
 */
import { count, eq, sql } from 'drizzle-orm';
import { ACCOUNT_PATTERN, DISPLAY_NAME_MAX } from '@eco/contracts/roles';
import type { FirstAdmin } from '../../config';
import { characterCount, hashPassword, policyBreach } from '../../auth/password';
import { inTransaction, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { audit, LOCAL_ADDRESS, SYSTEM_ACTOR } from '../audit/service';

/** A new administrator that cannot be created, in one line for the operator. */
export class AdminSetupError extends Error {
  override name = 'AdminSetupError';
}

/** pg_advisory_xact_lock key: two processes starting at once create the first administrator once */
const FIRST_ADMIN_LOCK_KEY = 7_320_2604;

/** How the administrator came to be, as the audit row records it. */
export type AdminSource = 'ADMIN_ACCOUNT' | 'admin:create';

/**
 * The first problem with `admin` (account rules, display name, password policy), phrased for the
 * operator with `names` for the fields (the variables or the command's options), or null.
 */
export function newAdminProblem(admin: FirstAdmin, names: { account: string; name: string; password: string }): string | null {
  if (!new RegExp(ACCOUNT_PATTERN).test(admin.account)) {
    return `${names.account} must be 3–32 ASCII letters, digits, ".", "_" or "-", starting with a letter or digit`;
  }
  if (!new RegExp(SINGLE_LINE_NOT_BLANK, 'u').test(admin.displayName) || characterCount(admin.displayName) > DISPLAY_NAME_MAX) {
    return `${names.name} must be 1–${DISPLAY_NAME_MAX} characters on one line, not only spaces`;
  }
  const breach = policyBreach(admin.password, admin.account);
  if (breach) return `${names.password} does not meet the password policy: ${breach.en}`;
  return null;
}

/**
 * Creates an active administrator with `admin.password` (no change required: they chose it) and
 * records `user.create` by `system`. Throws `AdminSetupError` when the account exists.
 */
export async function createAdministrator(db: Db, admin: FirstAdmin, source: AdminSource): Promise<number> {
  const account = admin.account.toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  return inTransaction(db, async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
    if (taken) throw new AdminSetupError(`the account ${account} already exists`);
    const [row] = await tx.insert(users).values({ account, displayName: admin.displayName, passwordHash, role: 'admin' }).returning();
    await audit(tx, {
      actor: SYSTEM_ACTOR,
      ip: LOCAL_ADDRESS,
      action: 'user.create',
      entityType: 'user',
      entityId: row!.id,
      after: { account, displayName: row!.displayName, role: 'admin', organisationId: null, status: 'active', mustChangePassword: false, source },
    });
    return row!.id;
  });
}

export type FirstAdminOutcome = 'created' | 'admin exists' | 'not configured';

/**
 * At start: creates `admin` (ADMIN_ACCOUNT …) if no administrator exists yet. Ignored once any
 * administrator exists. Throws `AdminSetupError` (one line) when the configured one is not valid.
 */
export async function ensureFirstAdmin(db: Db, admin: FirstAdmin | null): Promise<FirstAdminOutcome> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    if (n > 0) return 'admin exists';
    if (!admin) return 'not configured';
    const problem = newAdminProblem(admin, { account: 'ADMIN_ACCOUNT', name: 'ADMIN_NAME', password: 'ADMIN_PASSWORD' });
    if (problem) throw new AdminSetupError(problem);
    await createAdministrator(tx, admin, 'ADMIN_ACCOUNT');
    return 'created';
  });
}
