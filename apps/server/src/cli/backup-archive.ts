/**
 * What `npm run backup`, `npm run restore` and `npm run db:move` share: the archive's manifest,
 * the schema's migration count, PostgreSQL's client programs (`pg_dump`, `pg_restore`) matched to
 * the server's major version, and the one-line failure every command ends with.
 *
 * The archive (docs/operations-backup.md) is a gzipped tar holding, in this order:
 *   manifest.json   {@link BackupManifest}
 *   database/       PGlite: the data folder, file for file
 *   database.dump   PostgreSQL: `pg_dump -Fc` of the whole database
 *   uploads/        the uploads folder (UPLOADS_DIR), file for file
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

/** A failure the operator can act on: printed as its message alone, exit status 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Marks an archive as ours; anything else handed to `restore` is refused. */
export const ARCHIVE_FORMAT = 'eco-portal-backup';

/** manifest.json, the first entry of every archive. */
export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  /** the archive layout's version (this file's header); 1 so far */
  formatVersion: 1;
  /** which database the archive holds: a PGlite data folder or a `pg_dump -Fc` file */
  kind: 'pglite' | 'postgres';
  /** schema migrations applied to the database when it was backed up (apps/server/drizzle) */
  migrations: number;
  /** ISO 8601 with offset */
  createdAt: string;
  /** PGlite's version (pglite) or the server's and pg_dump's (postgres) */
  software: Record<string, string>;
  /** the uploads folder: number of files and their total size in bytes */
  uploads: { files: number; bytes: number };
}

const MIGRATIONS_JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json');

/** The number of schema migrations this version of the portal knows (its drizzle journal). */
export function knownMigrations(): number {
  return (JSON.parse(fs.readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** SQL counting the migrations applied to a database (Drizzle's own table; 0 before the first). */
export const MIGRATION_COUNT_SQL = `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
  else (select count(*) from drizzle.__drizzle_migrations) end::int as n`;

/**
 * A path the operator typed, resolved against the folder they typed it in: `npm run` starts
 * scripts in the repository root and leaves the caller's folder in INIT_CWD.
 */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Whether `dir` is missing or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** The files under `dir` (recursively) and their total size in bytes; zeros when it is missing. */
export function folderSize(dir: string): { files: number; bytes: number } {
  if (!fs.existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** `host:port/database` of a PostgreSQL URL, never its password. */
export function describeUrl(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}/${decodeURIComponent(pathname.slice(1))}`;
}

/** A one-connection client that stays quiet about notices; end it with `.end()`. */
export function connect(url: string): postgres.Sql {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
}

/** The server's major version (15 for 15.20). */
export async function serverMajor(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select current_setting('server_version_num')::int / 10000 as n`;
  return row!.n;
}

/**
 * `pg_dump` or `pg_restore` able to talk to a server of major version `major`: Debian's
 * `/usr/lib/postgresql/<major>/bin/<name>` when installed, else the one on PATH. Either refuses a
 * newer server than itself ("server version mismatch"), so an older one is refused here in one line.
 * @returns the program's path and its version (e.g. "15.20")
 */
export async function pgTool(name: 'pg_dump' | 'pg_restore', major: number): Promise<{ program: string; version: string }> {
  const debian = `/usr/lib/postgresql/${major}/bin/${name}`;
  const program = fs.existsSync(debian) ? debian : name;
  let output: string;
  try {
    output = (await run(program, ['--version'])).stdout;
  } catch {
    throw new CliError(`${name} is not installed: install PostgreSQL's client programs (Debian: apt-get install postgresql-client-${major})`);
  }
  const version = /(\d+)(\.\d+)?/.exec(output)?.[0] ?? '0';
  if (Number.parseInt(version, 10) < major) {
    throw new CliError(`${name} ${version} cannot work with a PostgreSQL ${major} server: install postgresql-client-${major} (Debian) and run this again`);
  }
  return { program, version };
}

/**
 * libpq arguments for `url` without its password, which goes through PGPASSWORD instead so it
 * never shows in the process list.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** Runs a PostgreSQL client program; a failure becomes one line: its last line of complaint. */
export async function runPgTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(program, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    const line = stderr.split('\n').filter(Boolean).at(-1) ?? (error as Error).message;
    throw new CliError(`${path.basename(program)} failed: ${line}`);
  }
}

/** Whether this module was started as the program (`node --import tsx <file>`), not imported. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

/**
 * Runs a command's `main` and exits: 0 with its summary on stdout, 1 with one line on stderr
 * (`<what> failed: <why>`). Set DEBUG=1 for the stack of an unexpected error.
 */
export function runCli(what: string, main: () => Promise<string>): void {
  main().then(
    (summary) => {
      console.log(summary);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`${what} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      if (process.env.DEBUG && error instanceof Error && error.stack) console.error(error.stack);
      process.exit(1);
    },
  );
}
