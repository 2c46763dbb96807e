/**
 * `npm run backup -- [--out FILE]`: one archive (.tar.gz) of the configured database and the
 * uploads folder, with the same environment as the server (DATABASE_URL or PGLITE_DIR,
 * UPLOADS_DIR). The layout is in backup-archive.ts; operators read docs/operations-backup.md.
 *
 * - PGlite: the data folder copied file for file while this command holds the folder's lock
 *   (db/pglite-lock.ts), so nothing writes to it meanwhile: a running portal holds that lock, and
 *   the backup is then refused in one line (stop the server first). We copy the folder rather than
 *   use PGlite's `dumpDataDir()`, which builds the whole tarball in memory.
 * - PostgreSQL: `pg_dump -Fc` (one consistent snapshot, the server may keep running), then the
 *   uploads: a file uploaded meanwhile is at worst in the archive without its row, never the reverse.
 *
 * Prints one line saying what it wrote; exit status 0, or 1 with one line saying why not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { loadConfig, type Config } from '../config';
import { DataFolderLockedError, lockDataFolder } from '../db/pglite-lock';
import {
  ARCHIVE_FORMAT,
  type BackupManifest,
  CliError,
  connect,
  describeUrl,
  folderSize,
  isEmptyDir,
  isMain,
  libpqConnection,
  MIGRATION_COUNT_SQL,
  pgTool,
  runCli,
  runPgTool,
  serverMajor,
  userPath,
} from './backup-archive';

export interface BackupOptions {
  /** the archive to write (must not exist yet); default `backups/eco-portal-<kind>-<time>.tar.gz` */
  out?: string;
  /** progress lines for the operator */
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

/** `20250301-093000` in local time: sorts by time, safe in a file name. */
function stamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

/** ISO 8601 with the local offset (`2025-03-01T09:30:00+08:00`), as the API writes times. */
function isoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const p = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offset >= 0 ? '+' : '-'}${p(offset / 60)}:${p(offset % 60)}`;
}

/** Writes the PGlite part into `staging` (a link to the data folder) and answers its manifest facts. */
async function stagePglite(dir: string, staging: string, log: (line: string) => void): Promise<{ migrations: number; software: Record<string, string> }> {
  // opened without extensions: counting migrations needs none, and PostGIS adds seconds
  const client = await PGlite.create(dir);
  let migrations: number;
  let version: string;
  try {
    migrations = (await client.query<{ n: number }>(MIGRATION_COUNT_SQL)).rows[0]!.n;
    version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
  } finally {
    // a clean shut-down leaves the folder checkpointed: the copy opens without recovery
    await client.close();
  }
  fs.symlinkSync(dir, path.join(staging, 'database'));
  log(`copying the PGlite data folder ${dir}`);
  return { migrations, software: { pglite: version } };
}

async function stagePostgres(url: string, staging: string, log: (line: string) => void): Promise<{ migrations: number; software: Record<string, string> }> {
  const sql = connect(url);
  let major: number;
  let migrations: number;
  let server: string;
  try {
    major = await serverMajor(sql);
    migrations = (await sql.unsafe<{ n: number }[]>(MIGRATION_COUNT_SQL))[0]!.n;
    server = (await sql<{ v: string }[]>`select current_setting('server_version') as v`)[0]!.v;
  } catch (error) {
    throw new CliError(`cannot read PostgreSQL database ${describeUrl(url)} (DATABASE_URL): ${(error as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const pgDump = await pgTool('pg_dump', major);
  log(`dumping PostgreSQL database ${describeUrl(url)} with pg_dump ${pgDump.version}`);
  const { dbname, env } = libpqConnection(url);
  await runPgTool(pgDump.program, ['--format=custom', '--file', path.join(staging, 'database.dump'), '--dbname', dbname], env);
  return { migrations, software: { postgresql: server, pg_dump: pgDump.version } };
}

/**
 * Backs up `config.database` and `config.uploadsDir` into one archive.
 * @throws CliError (one line) when the PGlite folder is missing or in use, PostgreSQL cannot be
 *   read or dumped, or `out` exists already; nothing is left behind then
 */
export async function backup(config: Pick<Config, 'database' | 'uploadsDir'>, options: BackupOptions = {}): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const { database, uploadsDir } = config;
  const now = new Date();
  const file = options.out ?? path.resolve('backups', `eco-portal-${database.kind}-${stamp(now)}.tar.gz`);
  if (fs.existsSync(file)) throw new CliError(`${file} exists already: choose another --out`);
  fs.mkdirSync(path.dirname(file), { recursive: true });

  if (database.kind === 'pglite' && isEmptyDir(database.dir)) {
    throw new CliError(`there is no PGlite data folder at ${database.dir} (PGLITE_DIR): nothing to back up`);
  }
  let lock: { release(): Promise<void> } | undefined;
  if (database.kind === 'pglite') {
    try {
      lock = await lockDataFolder(database.dir, { staleMs: 5000, log });
    } catch (error) {
      if (!(error instanceof DataFolderLockedError)) throw error;
      throw new CliError(
        `the PGlite data folder ${database.dir} is in use by a running portal: stop the server and run this again (PGlite serves one process per folder)`,
      );
    }
  }
  // beside the archive: the dump may be large, and the same file system makes the final rename atomic
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.eco-backup-'));
  const partial = `${file}.partial`;
  try {
    const facts = database.kind === 'pglite' ? await stagePglite(database.dir, staging, log) : await stagePostgres(database.url, staging, log);
    // after the database: every upload its rows name was stored before the row (uploads/file-store.ts)
    if (fs.existsSync(uploadsDir)) fs.symlinkSync(uploadsDir, path.join(staging, 'uploads'));
    else fs.mkdirSync(path.join(staging, 'uploads'));
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: 1,
      kind: database.kind,
      migrations: facts.migrations,
      createdAt: isoWithOffset(now),
      software: facts.software,
      uploads: folderSize(uploadsDir),
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    log(`archiving ${manifest.uploads.files} uploaded files from ${uploadsDir}`);
    const entries = ['manifest.json', database.kind === 'pglite' ? 'database' : 'database.dump', 'uploads'];
    // follow: the two links in the staging folder stand for the folders themselves
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, entries);
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
    await lock?.release();
  }
}

/** "12.3 MB", "4 kB" */
export function humanSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

if (isMain(import.meta.url)) {
  runCli('backup', async () => {
    let args: { out?: string };
    try {
      args = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values;
    } catch (error) {
      throw new CliError(`${(error as Error).message}; usage: npm run backup -- [--out FILE]`);
    }
    const config = loadConfig();
    const { file, manifest } = await backup(config, {
      out: args.out === undefined ? undefined : userPath(args.out),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    const size = humanSize(fs.statSync(file).size);
    return `backed up the ${manifest.kind} database (${manifest.migrations} migrations) and ${manifest.uploads.files} uploaded files to ${file} (${size})`;
  });
}
