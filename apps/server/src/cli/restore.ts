/**
 * `npm run restore -- FILE [--force]`: puts an archive of `npm run backup` back, into the
 * database and uploads folder configured as for the server (DATABASE_URL or PGLITE_DIR,
 * UPLOADS_DIR). Operators read docs/operations-backup.md.
 *
 * Refused, in one line and before anything changes: a file that is not such an archive, an
 * archive of the other kind of database (PGlite ↔ PostgreSQL: use `npm run db:move` for that), an
 * archive whose schema is newer than this portal knows, and a target that is not empty (a PGlite
 * folder or uploads folder with files, a PostgreSQL database with tables) unless `--force`, which
 * replaces it. A PGlite folder in use by a running portal is refused too (stop it first).
 *
 * PGlite and the uploads are unpacked beside their target and then renamed into place, so a
 * failed restore leaves the old folder as it was. PostgreSQL: `pg_restore` in one transaction
 * (with `--force` the existing schemas are dropped first); objects get the URL's user as owner.
 * The next start of the portal applies the migrations this version has beyond the archive's.
 *
 * Prints one line saying what it restored; exit status 0, or 1 with one line saying why not.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import { loadConfig, type Config } from '../config';
import { DataFolderLockedError, lockDataFolder } from '../db/pglite-lock';
import {
  ARCHIVE_FORMAT,
  type BackupManifest,
  CliError,
  connect,
  describeUrl,
  isEmptyDir,
  isMain,
  knownMigrations,
  libpqConnection,
  pgTool,
  runCli,
  runPgTool,
  serverMajor,
  userPath,
} from './backup-archive';

export interface RestoreOptions {
  /** replace a target that is not empty */
  force?: boolean;
  /** progress lines for the operator */
  log?: (line: string) => void;
}

const KIND_NAMES = { pglite: 'an embedded (PGlite) installation', postgres: 'a PostgreSQL database' } as const;

/**
 * The archive's manifest.json, checked to be ours.
 * @throws CliError when the file is missing, not a gzipped tar, or holds no portal manifest
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new CliError(`there is no file ${file}`);
  const notOurs = new CliError(`${file} is not a backup of this portal (expected a .tar.gz written by npm run backup)`);
  let text: string | undefined;
  try {
    await tar.list({
      file,
      strict: true,
      filter: (entry) => entry === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch {
    throw notOurs;
  }
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text ?? '') as Partial<BackupManifest>;
  } catch {
    throw notOurs;
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw notOurs;
  if (manifest.formatVersion !== 1)
    throw new CliError(
      `${file} is a backup in layout ${manifest.formatVersion}, newer than this portal reads: restore it with the portal version that wrote it`,
    );
  return manifest as BackupManifest;
}

/** Tables in the portal's schemas other than those an extension brings (PostGIS's spatial_ref_sys). */
const TABLES_SQL = `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
  order by 1`;

/** The tables of the database at `url` that an extension did not bring; `setting` names where the URL came from. */
export async function portalTables(url: string, setting = 'DATABASE_URL'): Promise<string[]> {
  const sql = connect(url);
  try {
    return (await sql.unsafe<{ name: string }[]>(TABLES_SQL)).map((r) => r.name);
  } catch (error) {
    throw new CliError(`cannot reach PostgreSQL database ${describeUrl(url)} (${setting}): ${(error as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Unpacks the archive's `prefix/` into a fresh folder beside `target` and swaps it in: the old
 * folder is removed only once the new one is in place.
 */
async function replaceFolder(file: string, prefix: string, target: string): Promise<void> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const staging = `${target}.restoring-${suffix}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    await tar.extract({ file, cwd: staging, strip: 1, filter: (entry) => entry.startsWith(`${prefix}/`) });
    const old = `${target}.replaced-${suffix}`;
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(staging, target);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function restorePostgres(file: string, url: string, tables: string[], log: (line: string) => void): Promise<void> {
  const sql = connect(url);
  let major: number;
  try {
    major = await serverMajor(sql);
    if (tables.length > 0) {
      log(`dropping the ${tables.length} tables of ${describeUrl(url)} (--force)`);
      await sql.begin(async (tx) => {
        await tx.unsafe('drop schema if exists drizzle cascade');
        await tx.unsafe('drop schema if exists public cascade');
        await tx.unsafe('create schema public');
      });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  const pgRestore = await pgTool('pg_restore', major);
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.eco-restore-'));
  try {
    await tar.extract({ file, cwd: staging, filter: (entry) => entry === 'database.dump' });
    log(`restoring ${describeUrl(url)} with pg_restore ${pgRestore.version}`);
    const { dbname, env } = libpqConnection(url);
    await runPgTool(
      pgRestore.program,
      ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--dbname', dbname, path.join(staging, 'database.dump')],
      env,
    );
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores the archive `file` into `config.database` and `config.uploadsDir`.
 * @returns the archive's manifest
 * @throws CliError (one line) on every refusal listed in this file's header, and when PostgreSQL
 *   cannot be reached or pg_restore fails
 */
export async function restore(config: Pick<Config, 'database' | 'uploadsDir'>, file: string, options: RestoreOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const { database, uploadsDir } = config;
  const manifest = await readManifest(file);
  if (manifest.kind !== database.kind) {
    const hint =
      manifest.kind === 'pglite'
        ? 'unset DATABASE_URL to restore it into PGLITE_DIR, then move it with npm run db:move'
        : 'set DATABASE_URL to the PostgreSQL database to restore it into';
    throw new CliError(`${file} holds ${KIND_NAMES[manifest.kind]}, but the configured database is ${KIND_NAMES[database.kind]}: ${hint}`);
  }
  const known = knownMigrations();
  if (manifest.migrations > known) {
    throw new CliError(
      `${file} has a newer schema (${manifest.migrations} migrations) than this portal knows (${known}): restore it with the portal version that wrote it`,
    );
  }

  const force = options.force === true;
  const tables = database.kind === 'postgres' ? await portalTables(database.url) : [];
  if (!force) {
    if (database.kind === 'pglite' && !isEmptyDir(database.dir)) {
      throw new CliError(`the PGlite data folder ${database.dir} is not empty: restore into an empty folder (PGLITE_DIR), or add --force to replace it`);
    }
    if (database.kind === 'postgres' && tables.length > 0) {
      throw new CliError(
        `PostgreSQL database ${describeUrl(database.url)} has tables already (${tables.length}): restore into an empty database, or add --force to replace them`,
      );
    }
    if (!isEmptyDir(uploadsDir)) {
      throw new CliError(`the uploads folder ${uploadsDir} is not empty: restore into an empty folder (UPLOADS_DIR), or add --force to replace it`);
    }
  }

  if (database.kind === 'pglite') {
    let lock: { release(): Promise<void> };
    try {
      lock = await lockDataFolder(database.dir, { staleMs: 5000, log });
    } catch (error) {
      if (!(error instanceof DataFolderLockedError)) throw error;
      throw new CliError(`the PGlite data folder ${database.dir} is in use by a running portal: stop the server and run this again`);
    }
    try {
      log(`restoring the PGlite data folder ${database.dir}`);
      await replaceFolder(file, 'database', database.dir);
    } finally {
      await lock.release();
    }
  } else {
    await restorePostgres(file, database.url, tables, log);
  }
  log(`restoring ${manifest.uploads.files} uploaded files into ${uploadsDir}`);
  fs.mkdirSync(path.dirname(uploadsDir), { recursive: true });
  await replaceFolder(file, 'uploads', uploadsDir);
  return manifest;
}

if (isMain(import.meta.url)) {
  runCli('restore', async () => {
    const usage = 'usage: npm run restore -- FILE [--force]';
    let parsed: { values: { force?: boolean }; positionals: string[] };
    try {
      parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(`${(error as Error).message}; ${usage}`);
    }
    if (parsed.positionals.length !== 1) throw new CliError(`give one archive to restore; ${usage}`);
    const file = userPath(parsed.positionals[0]!);
    const config = loadConfig();
    const manifest = await restore(config, file, { force: parsed.values.force, log: (line) => process.stderr.write(`${line}\n`) });
    const where = config.database.kind === 'pglite' ? config.database.dir : describeUrl(config.database.url);
    return `restored the ${manifest.kind} database of ${manifest.createdAt} (${manifest.migrations} migrations) into ${where} and ${manifest.uploads.files} uploaded files into ${config.uploadsDir}`;
  });
}
