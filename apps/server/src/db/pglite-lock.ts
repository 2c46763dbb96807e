/**
 * One process per PGlite data folder.
 *
 * PGlite is PostgreSQL compiled to WebAssembly inside this process: two processes on one folder
 * would corrupt it, and a crash can leave a `postmaster.pid` behind that makes the next open hang
 * without an error. We hold a lock beside the folder (`<dir>.lock`, proper-lockfile: refreshed
 * every second, stale 10 s after its holder died), and once we hold it any `postmaster.pid`
 * in the folder is by definition stale and is removed before PGlite opens it.
 */
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

export interface FolderLock {
  release(): Promise<void>;
}

export interface LockOptions {
  /** a lock not refreshed for this long is taken over (ms, ≥ 5000; proper-lockfile's rule) */
  staleMs?: number;
  /** called with one line for the operator (waiting, stale files removed) */
  log?: (line: string) => void;
}

/**
 * Takes the folder for this process: creates it if missing, waits up to `staleMs` + 2 s in case
 * the lock was left by a process that just crashed, then refuses with `DataFolderLockedError`.
 * Removes a stale `postmaster.pid` once the lock is held.
 */
export async function lockDataFolder(dir: string, options: LockOptions = {}): Promise<FolderLock> {
  const staleMs = options.staleMs ?? 10_000;
  const log = options.log ?? (() => {});
  fs.mkdirSync(dir, { recursive: true });
  // Refresh every second rather than proper-lockfile's default stale/2: an opener judges staleness
  // by its own staleMs, so with the default a holder at 10 s (refreshing every 5 s) looked stale to
  // an opener at 5 s, which took the folder from a live process.
  const settings = { stale: staleMs, update: 1000, realpath: false, lockfilePath: `${dir}.lock` };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, settings);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    log(`PGlite data folder ${dir} is locked; waiting up to ${Math.round(staleMs / 1000) + 2} s in case its holder crashed`);
    const attempts = Math.ceil(staleMs / 1000) + 2;
    try {
      release = await lockfile.lock(dir, { ...settings, retries: { retries: attempts, factor: 1, minTimeout: 1000, maxTimeout: 1000 } });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw new DataFolderLockedError(
        `PGlite data folder ${dir} is in use by another running process (PGlite serves one process per folder): stop it, or set PGLITE_DIR to another folder, or DATABASE_URL to a PostgreSQL server`,
      );
    }
  }
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    fs.rmSync(pidFile);
    log(`removed a stale ${pidFile} left by a process that did not shut down cleanly`);
  }
  return { release };
}
