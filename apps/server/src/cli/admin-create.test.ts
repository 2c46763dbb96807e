/**
 * `npm run admin:create` as an operator runs it: a child process with the server's environment,
 * the password on standard input. Runs on the database TEST_DB names; its refusal of a PGlite
 * folder the running portal holds is PGlite's, tested with the folder lock (db/pglite-lock.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { openDatabase } from '../db/client';
import { auditLog, users } from '../db/schema';
import { runTsx } from '../test/child-process';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const CLI = 'apps/server/src/cli/admin-create.ts';

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe.concurrent('npm run admin:create', () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // the command opens the database itself: PGlite takes one process per folder
    await database.close();
    env = database.location.kind === 'pglite' ? { PGLITE_DIR: database.location.dir } : { DATABASE_URL: database.location.url };
  });

  afterAll(async () => {
    await database?.dispose();
  });

  const run = (args: string[], stdin?: string, extra: Record<string, string> = {}) => runTsx(CLI, args, { ...env, ...extra }, stdin).exited;

  it('creates an administrator from --account, --name and the password on stdin, prints one line, and refuses the account a second time', async ({
    expect,
  }) => {
    const created = await run(['--account', 'Ops.Admin', '--name', '运维管理员', '--password-stdin'], 'a long passphrase for ops\n');
    expect(created.code, created.stderr).toBe(0);
    expect(lines(created.stdout)).toEqual(['created administrator ops.admin (运维管理员)']);

    const again = await run(['--account', 'OPS.admin', '--name', '又一个', '--password-stdin'], 'another long passphrase\n');
    expect(again.code).toBe(1);
    expect(lines(again.stderr)).toEqual(['Cannot create the administrator: the account ops.admin already exists']);

    const handle = await openDatabase(database.location);
    try {
      const rows = await handle.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ account: 'ops.admin', displayName: '运维管理员', role: 'admin', status: 'active', mustChangePassword: false });
      // the trailing line break of the input is not part of the password
      expect(await verifyPassword(rows[0]!.passwordHash, 'a long passphrase for ops')).toBe(true);
      const [entry] = await handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(rows[0]!.id)));
      expect(entry).toMatchObject({ actorAccount: 'system', action: 'user.create', after: { source: 'admin:create', role: 'admin' } });
    } finally {
      await handle.close();
    }
  });

  it.for([
    [
      'a common password',
      ['--account', 'weak.admin', '--name', '弱', '--password-stdin'],
      'password123\n',
      'the password does not meet the password policy: it is a commonly used password',
    ],
    [
      'a short password',
      ['--account', 'weak.admin', '--name', '弱', '--password-stdin'],
      'short\n',
      'the password does not meet the password policy: at least 10 characters',
    ],
    ['a bad account', ['--account', '管理员', '--name', '弱', '--password-stdin'], 'a long passphrase\n', 'the account must be 3–32 ASCII letters'],
    [
      'no password on stdin and no terminal',
      ['--account', 'weak.admin', '--name', '弱'],
      undefined,
      'standard input is not a terminal: give the password with --password-stdin',
    ],
    ['an unknown option', ['--acount', 'weak.admin'], undefined, "Unknown option '--acount'"],
  ] as [string, string[], string | undefined, string][])('refuses %s with one line, creating nothing', async ([, args, stdin, says], { expect }) => {
    const result = await run(args, stdin);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([expect.stringContaining(says)]);
    expect(lines(result.stderr)[0]).toMatch(/^Cannot create the administrator: /);
    expect(result.stdout).toBe('');
  });
});
