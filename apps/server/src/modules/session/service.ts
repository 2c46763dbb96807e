/**
 * Signing in and changing one's own password, with the attempt limits.
 *
 * Attempt limits (docs/access.md §Sign-in and sessions; OWASP Authentication Cheat Sheet, "Protect
 * against automated attacks"; kept low because accounts here reach government systems):
 * at most 5 failures per account and 20 per client address within 15 minutes; beyond that
 * 429 TOO_MANY_ATTEMPTS with `Retry-After` = seconds until the oldest counted failure leaves the
 * window. A success clears the account's failures. A wrong current password when changing one's
 * password counts as a failure of that account too.
 *
 * Each attempt is recorded (a `sign_in_failures` row) before the password is checked, under one
 * advisory lock, so parallel guesses count against the limit rather than racing past it; a success
 * removes the row again.
 */
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/client';
import { signInFailures, users } from '../../db/schema';
import { assertPolicy, hashPassword, verifyNothing, verifyPassword } from '../../auth/password';
import { findSignedInUser, type SignedInUser } from '../../auth/current-user';
import { endSessionsOf } from '../../auth/session-store';
import { AppError } from '../../http/app-error';
import { audit } from '../audit/service';

export const ATTEMPT_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
} as const;

/** pg_advisory_xact_lock key serialising the attempt bookkeeping */
const ATTEMPTS_LOCK_KEY = 7_320_2603;

/** Why a sign-in failed, for the audit log only: the client always hears the same. */
export type FailureReason = 'unknown_account' | 'wrong_password' | 'disabled';

/**
 * The account as the limits and the log count it: lower-case (accounts are unique ignoring case,
 * docs/access.md §Sign-in and sessions; the request layer has already trimmed it).
 */
export function normaliseAccount(account: string): string {
  return account.toLowerCase();
}

/**
 * Records an attempt of `account` from `ip` at `now`, or throws 429 TOO_MANY_ATTEMPTS (recording
 * nothing) when either limit is reached. Returns the attempt's row id.
 */
async function reserveAttempt(db: Db, account: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ATTEMPT_LIMITS.windowMs);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPTS_LOCK_KEY})`);
    await tx.delete(signInFailures).where(lt(signInFailures.at, since));
    const waits: number[] = [];
    for (const [column, value, limit] of [
      [signInFailures.account, account, ATTEMPT_LIMITS.perAccount],
      [signInFailures.ip, ip, ATTEMPT_LIMITS.perAddress],
    ] as const) {
      const inWindow = and(eq(column, value), gt(signInFailures.at, since));
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(signInFailures).where(inWindow);
      if (n < limit) continue;
      // once the limit-th newest failure leaves the window, fewer than `limit` remain
      const [pivot] = await tx
        .select({ at: signInFailures.at })
        .from(signInFailures)
        .where(inWindow)
        .orderBy(desc(signInFailures.at))
        .offset(limit - 1)
        .limit(1);
      waits.push(pivot ? pivot.at.getTime() + ATTEMPT_LIMITS.windowMs - now.getTime() : ATTEMPT_LIMITS.windowMs);
    }
    if (waits.length > 0) {
      const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
      throw new AppError('TOO_MANY_ATTEMPTS', { zh: `请 ${seconds} 秒后再试`, en: `retry in ${seconds} s` }, { 'retry-after': String(seconds) });
    }
    const [row] = await tx.insert(signInFailures).values({ account, ip, at: now }).returning({ id: signInFailures.id });
    return row!.id;
  });
}

export interface SignInRequest {
  account: string;
  password: string;
  ip: string;
}

/**
 * Checks account and password. Returns the user (and records `session.sign_in`), or throws
 * 401 SIGN_IN_FAILED with one message for an unknown account, a wrong password and a disabled
 * account alike (recording `session.sign_in_failed` with the reason), or 429 TOO_MANY_ATTEMPTS.
 */
export async function signIn(db: Db, now: () => Date, { account: typed, password, ip }: SignInRequest): Promise<SignedInUser> {
  const account = normaliseAccount(typed);
  await reserveAttempt(db, account, ip, now());
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash, status: users.status }).from(users).where(eq(users.account, account));
  let reason: FailureReason | null = null;
  if (!row) {
    await verifyNothing(password);
    reason = 'unknown_account';
  } else if (!(await verifyPassword(row.passwordHash, password))) {
    reason = 'wrong_password';
  } else if (row.status !== 'active') {
    reason = 'disabled';
  }
  if (reason !== null || !row) {
    // the attempt row stays: it is the failure the limits count
    await inTransaction(db, async (tx) => {
      await audit(tx, {
        actor: { id: row?.id ?? null, account },
        ip,
        action: 'session.sign_in_failed',
        entityType: 'user',
        entityId: row?.id ?? null,
        after: { reason },
      });
    });
    throw new AppError('SIGN_IN_FAILED');
  }
  const at = now();
  await inTransaction(db, async (tx) => {
    await tx.delete(signInFailures).where(eq(signInFailures.account, account));
    await tx.update(users).set({ lastSignInAt: at }).where(eq(users.id, row.id));
    await audit(tx, { actor: { id: row.id, account }, ip, action: 'session.sign_in', entityType: 'user', entityId: row.id });
  });
  const user = await findSignedInUser(db, row.id);
  if (!user) throw new AppError('SIGN_IN_FAILED'); // removed in the meantime
  return user;
}

/** Records the sign-out of `user` (the caller ends the session). */
export async function recordSignOut(db: Db, user: SignedInUser, ip: string, endSession: (tx: Db) => Promise<void>): Promise<void> {
  await inTransaction(db, async (tx) => {
    await endSession(tx);
    await audit(tx, { actor: user, ip, action: 'session.sign_out', entityType: 'user', entityId: user.id });
  });
}

export interface PasswordChange {
  user: SignedInUser;
  currentPassword: string;
  newPassword: string;
  ip: string;
  /** the session id of this request: it stays (the caller rotates it); every other session of the user ends */
  sessionId: string;
}

/**
 * Changes the signed-in user's own password: 400 PASSWORD_POLICY (which rule) before anything
 * else, then the current password (a wrong one: 400 CURRENT_PASSWORD_WRONG, counted by the
 * attempt limits), then stores the new hash, clears `mustChangePassword`, ends the user's other
 * sessions and records `session.password_change`.
 */
export async function changeOwnPassword(db: Db, now: () => Date, change: PasswordChange): Promise<SignedInUser> {
  const { user, currentPassword, newPassword, ip } = change;
  assertPolicy(newPassword, user.account, currentPassword);
  const attempt = await reserveAttempt(db, user.account, ip, now());
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    await inTransaction(db, async (tx) => {
      await audit(tx, {
        actor: user,
        ip,
        action: 'session.password_change_failed',
        entityType: 'user',
        entityId: user.id,
        after: { reason: 'wrong_current_password' },
      });
    });
    throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  const passwordHash = await hashPassword(newPassword);
  const at = now();
  await inTransaction(db, async (tx) => {
    await tx.delete(signInFailures).where(eq(signInFailures.id, attempt));
    await tx.update(users).set({ passwordHash, mustChangePassword: false, passwordChangedAt: at, updatedAt: at }).where(eq(users.id, user.id));
    const ended = await endSessionsOf(tx, user.id, change.sessionId);
    await audit(tx, {
      actor: user,
      ip,
      action: 'session.password_change',
      entityType: 'user',
      entityId: user.id,
      before: { mustChangePassword: user.mustChangePassword },
      after: { mustChangePassword: false, otherSessionsEnded: ended },
    });
  });
  return { ...user, mustChangePassword: false };
}
