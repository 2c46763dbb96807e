/** The first administrator from ADMIN_ACCOUNT / ADMIN_PASSWORD (+ ADMIN_NAME), created at start while none exists. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password';
import { auditLog, users } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { AdminSetupError, ensureFirstAdmin } from './first-admin';

describe('ensureFirstAdmin', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const admins = () => db().select().from(users).where(eq(users.role, 'admin'));

  it('does nothing without ADMIN_ACCOUNT while no administrator exists', async () => {
    expect(await ensureFirstAdmin(db(), null)).toBe('not configured');
    expect(await admins()).toEqual([]);
  });

  it.each([
    [{ account: 'root admin', password: 'a long passphrase', displayName: '管理员' }, /^ADMIN_ACCOUNT must be 3–32 ASCII letters/],
    [{ account: 'root.admin', password: 'short', displayName: '管理员' }, /^ADMIN_PASSWORD does not meet the password policy: at least 10 characters$/],
    [
      { account: 'root.admin', password: 'password123', displayName: '管理员' },
      /^ADMIN_PASSWORD does not meet the password policy: it is a commonly used password$/,
    ],
    [
      { account: 'root.admin', password: 'root.admin-2026', displayName: '管理员' },
      /^ADMIN_PASSWORD does not meet the password policy: it must not contain the account name$/,
    ],
    [{ account: 'root.admin', password: 'a long passphrase', displayName: '  ' }, /^ADMIN_NAME must be 1–50 characters/],
  ])('refuses %o with one line naming the variable, creating nothing', async (admin, message) => {
    const error = await ensureFirstAdmin(db(), admin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminSetupError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(admin.password.length >= 10 ? admin.password : '\u0000');
    expect(await admins()).toEqual([]);
  });

  it('creates it once (two processes starting at once included), then ignores the variables', async () => {
    const admin = { account: 'Root.Admin', password: 'a long passphrase', displayName: '省级管理员' };
    const outcomes = await Promise.all([ensureFirstAdmin(db(), admin), ensureFirstAdmin(db(), admin)]);
    expect(outcomes.sort()).toEqual(['admin exists', 'created']);
    const [row, ...others] = await admins();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ account: 'root.admin', displayName: '省级管理员', status: 'active', mustChangePassword: false });
    expect(await verifyPassword(row!.passwordHash, admin.password)).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(row!.id))));
    expect(entry).toMatchObject({
      actorId: null,
      actorAccount: 'system',
      ip: 'local',
      action: 'user.create',
      after: { source: 'ADMIN_ACCOUNT', role: 'admin' },
    });
    expect(JSON.stringify(entry)).not.toContain(admin.password);

    expect(await ensureFirstAdmin(db(), { account: 'second.admin', password: 'another long passphrase', displayName: '第二' })).toBe('admin exists');
    // even an invalid one is ignored once an administrator exists
    expect(await ensureFirstAdmin(db(), { account: 'x', password: 'x', displayName: '' })).toBe('admin exists');
    expect(await admins()).toHaveLength(1);
  });
});
