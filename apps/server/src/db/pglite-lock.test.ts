/**
 * One process per PGlite data folder (db/pglite-lock.ts). These run on PGlite whatever TEST_DB
 * says: the lock is PGlite's.
 *
 * The first opener is a child process, as it would be in life. Creating a PGlite database blocks
 * the event loop for seconds (initdb runs in WebAssembly), so a lock held inside this test process
 * could miss its refreshes while another test creates one; the waiting tests run concurrently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rowsOf } from '../lib/sql-rows';
import { runTsx, stop, type Running } from '../test/child-process';
import { copyTemplateFolder, DATA_DIR, makeTempDir, removeTempDir } from '../test/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { DataFolderLockedError, lockDataFolder, type FolderLock } from './pglite-lock';

const HOLD_FOLDER = 'apps/server/src/test/fixtures/hold-folder.ts';
const LOCK_THEN_CRASH = 'apps/server/src/test/fixtures/lock-then-crash.ts';
const MAIN = 'apps/server/src/main.ts';
const ADMIN_CREATE = 'apps/server/src/cli/admin-create.ts';

type OnFinished = (fn: () => Promise<void>) => void;

/** A data folder path inside a fresh temp folder (so its `.lock` sibling goes too), removed when the test ends. */
function tempFolder(onFinished: OnFinished): string {
  const tmp = makeTempDir();
  onFinished(async () => removeTempDir(tmp));
  return path.join(tmp, 'db');
}

describe.concurrent('PGlite data folder lock', () => {
  describe.concurrent('a folder held by another running process', () => {
    let tmp: string;
    let dir: string;
    let holder: Running;

    beforeAll(async () => {
      tmp = makeTempDir();
      dir = path.join(tmp, 'db');
      // an installation that has started before: the holder opens it in a second, not after initdb
      copyTemplateFolder(dir, 'empty');
      holder = runTsx(HOLD_FOLDER, [dir], {});
      await holder.waitForLine(/^ready$/);
    });

    afterAll(async () => {
      if (holder) await stop(holder, 'SIGKILL');
      if (tmp) removeTempDir(tmp);
    });

    it('refuses a second opener with DataFolderLockedError', async ({ expect }) => {
      const startedAt = Date.now();
      const second = lockDataFolder(dir, { staleMs: 5000 });
      await expect(second).rejects.toBeInstanceOf(DataFolderLockedError);
      await expect(second).rejects.toThrow(/in use by another running process/);
      // it waited out the stale period in case the holder had crashed, then gave up
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(5000);
    });

    it('keeps its lock fresh, so even an opener with the shortest stale period (5 s) sees it alive', async ({ expect }) => {
      let oldest = 0;
      for (let sample = 0; sample < 16; sample++) {
        oldest = Math.max(oldest, Date.now() - fs.statSync(`${dir}.lock`).mtimeMs);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // refreshed every second (3 s allows for a file system that keeps mtimes to the second)
      expect(oldest).toBeLessThan(3000);
    });

    it('stops a second main.ts with one "in use by another running process" line', async ({ expect, onTestFinished }) => {
      const main = runTsx(MAIN, [], { PGLITE_DIR: dir, DATA_DIR, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });
      onTestFinished(async () => void (await stop(main, 'SIGKILL')));
      const { code, stderr } = await main.exited;
      expect(code).toBe(1);
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot start the portal: PGlite data folder .* is in use by another running process/);
    });

    it('stops npm run admin:create with one line saying to stop the server or use ADMIN_ACCOUNT', async ({ expect }) => {
      const command = runTsx(
        ADMIN_CREATE,
        ['--account', 'late.admin', '--name', '迟到', '--password-stdin'],
        { PGLITE_DIR: dir, DATABASE_URL: '' },
        'a long passphrase\n',
      );
      const { code, stderr } = await command.exited;
      expect(code).toBe(1);
      const last = stderr
        .split('\n')
        .filter((line) => line.trim() !== '')
        .at(-1)!;
      expect(last).toMatch(
        /^Cannot create the administrator: the PGlite data folder .* is in use by the running portal: stop the server and run this again, or restart the server with ADMIN_ACCOUNT and ADMIN_PASSWORD set/,
      );
    });

    it.sequential('lets a second opener in, with the data, once the first has closed', async ({ expect }) => {
      expect((await stop(holder, 'SIGTERM')).code).toBe(0);
      const second = await openDatabase({ kind: 'pglite', dir, postgis: false });
      try {
        expect(rowsOf(await second.db.execute('select note from kept'))).toEqual([{ note: 'written by the first opener' }]);
      } finally {
        await second.close();
      }
    });
  });

  it('takes over a lock left by a process that was killed, after the stale period', async ({ expect, onTestFinished }) => {
    const dir = tempFolder(onTestFinished);
    const crashed = runTsx(LOCK_THEN_CRASH, [dir], {});
    const exit = await crashed.exited;
    expect(exit.stdout).toContain('locked');
    expect(exit.signal).toBe('SIGKILL');
    // the dead process's lock is still there, last refreshed when it died
    const leftAt = fs.statSync(`${dir}.lock`).mtimeMs;

    const lock: FolderLock = await lockDataFolder(dir, { staleMs: 5000 });
    onTestFinished(() => lock.release());
    // taken over, and not before the lock had gone unrefreshed for the stale period
    // (the lock folder's mtime may be rounded down to the second)
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(5000);
    expect(fs.statSync(`${dir}.lock`).mtimeMs).toBeGreaterThan(leftAt);
  });

  it('removes a stale postmaster.pid left in the folder and opens the database', async ({ expect, onTestFinished }) => {
    const dir = tempFolder(onTestFinished);
    copyTemplateFolder(dir, 'empty');
    const handles: DatabaseHandle[] = [];
    onTestFinished(async () => {
      for (const handle of handles) await handle.close().catch(() => {});
    });
    const first = await openDatabase({ kind: 'pglite', dir, postgis: false });
    await first.close();
    // what a PGlite killed while open leaves behind (its pid is always -42), with a start time of our own
    const pidFile = path.join(dir, 'postmaster.pid');
    fs.writeFileSync(pidFile, '-42\n/pglite/data\n1700000000\n5432\n\n\n       20         1\n');
    const lines: string[] = [];
    const reopened = await openDatabase({ kind: 'pglite', dir, postgis: false }, (line) => lines.push(line));
    handles.push(reopened);
    await expect(reopened.ping()).resolves.toBeUndefined();
    expect(lines.some((l) => l.includes('removed a stale') && l.includes('postmaster.pid'))).toBe(true);
    // whatever is there now is the running PGlite's own, not the stale one
    expect(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : '').not.toContain('1700000000');
  });
});
