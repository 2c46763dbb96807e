/**
 * `npm run db:move -- --to postgres://user:password@host:5432/database`: moves an embedded
 * installation (the PGlite folder PGLITE_DIR) to an empty PostgreSQL database. Operators read
 * docs/operations-backup.md §Moving to PostgreSQL.
 *
 * 1. The PGlite folder is opened as the server opens it (its lock: refused while a portal runs on
 *    it; pending migrations applied), and the target is migrated by the same code
 *    (db/client.ts `openDatabase`), so both have the same schema.
 * 2. A target holding rows in any portal table is refused; otherwise, in ONE transaction on the
 *    target, every table is emptied (migrations may seed rows the source has too) and filled with
 *    the source's rows, table by table in foreign-key order, with `COPY` in PostgreSQL's text
 *    format (exact for every type), read from PGlite a few MB at a time by physical position
 *    (ctid ranges) so no table is held in memory whole. Triggers are off meanwhile (the hourly
 *    roll-up and the Locations → FeaturesOfInterest trigger would otherwise write rows the copy
 *    brings anyway); a foreign key of a table onto itself or within a cycle is checked at the end.
 *    Partitioned tables are copied partition by partition, creating any the target lacks.
 * 3. Every sequence gets the source's position, so new rows continue the ids.
 *
 * The PGlite folder and the uploads folder are left as they are. Prints the rows moved per table
 * and the DATABASE_URL to set; exit status 0, or 1 with one line saying why not.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { loadConfig } from '../config';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../db/client';
import { DataFolderLockedError } from '../db/pglite-lock';
import { CliError, connect, describeUrl, isEmptyDir, isMain, MIGRATION_COUNT_SQL, runCli } from './backup-archive';
import { portalTables } from './restore';

/** Heap pages read from PGlite per COPY: 1 000 × 8 kB, a few MB of text at a time. */
const PAGES_PER_BATCH = 1000;

export interface MovedTable {
  table: string;
  rows: number;
}

export interface MoveResult {
  tables: MovedTable[];
  /** sequences set to the source's position */
  sequences: number;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TargetTable {
  name: string;
  partitioned: boolean;
  /** columns written by COPY: neither generated nor dropped, in the table's order */
  columns: string[];
}

interface ForeignKey {
  table: string;
  references: string;
  constraint: string;
  deferrable: boolean;
}

/** The portal's tables of the target's `public` schema (no partitions, none an extension brought). */
async function targetTables(sql: postgres.Sql): Promise<TargetTable[]> {
  const rows = await sql<{ name: string; kind: string; columns: string[] }[]>`
    select c.relname as name, c.relkind as kind,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`;
  return rows.map((r) => ({ name: r.name, partitioned: r.kind === 'p', columns: r.columns }));
}

async function foreignKeys(sql: postgres.Sql): Promise<ForeignKey[]> {
  return sql<ForeignKey[]>`
    select c.relname as table, r.relname as references, k.conname as constraint, k.condeferrable as deferrable
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0`;
}

/**
 * Tables ordered so that each comes after those it references (Kahn's algorithm), and the foreign
 * keys no order satisfies (onto the table itself, or within a cycle), to be checked at commit.
 */
export function dependencyOrder(tables: string[], keys: ForeignKey[]): { order: string[]; deferred: ForeignKey[] } {
  const known = new Set(tables);
  const edges = keys.filter((k) => known.has(k.table) && known.has(k.references) && k.table !== k.references);
  const order: string[] = [];
  const placed = new Set<string>();
  let remaining = [...tables];
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => edges.every((e) => e.table !== t || placed.has(e.references)));
    // a cycle: take the rest as they come, their keys among themselves checked at the end
    const next = ready.length > 0 ? ready : remaining;
    for (const t of next) {
      order.push(t);
      placed.add(t);
    }
    if (ready.length === 0) break;
    remaining = remaining.filter((t) => !placed.has(t));
  }
  const position = new Map(order.map((t, i) => [t, i]));
  const deferred = keys.filter((k) => known.has(k.table) && known.has(k.references) && position.get(k.references)! >= position.get(k.table)!);
  return { order, deferred };
}

/** The leaf partitions of a partitioned source table, with the bound to create each with. */
async function sourcePartitions(source: PGlite, table: string): Promise<{ name: string; bound: string }[]> {
  const result = await source.query<{ name: string; bound: string }>(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_partition_tree($1::regclass) t join pg_class c on c.oid = t.relid
     where t.isleaf order by c.relname`,
    [`public.${ident(table)}`],
  );
  return result.rows;
}

/**
 * Copies `from` (a table with storage, in PGlite) into `to` on the target within `tx`.
 * @returns the number of rows copied
 */
async function copyRelation(source: PGlite, tx: postgres.TransactionSql, from: string, to: string, columns: string[]): Promise<number> {
  const pages = (
    await source.query<{ n: number }>(`select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as n`, [`public.${ident(from)}`])
  ).rows[0]!.n;
  const list = columns.map(ident).join(', ');
  let rows = 0;
  for (let first = 0; first < pages; first += PAGES_PER_BATCH) {
    const last = first + PAGES_PER_BATCH;
    const result = await source.query(
      `copy (select ${list} from only public.${ident(from)} where ctid >= '(${first},0)'::tid and ctid < '(${last},0)'::tid) to '/dev/blob'`,
    );
    // no blob at all when the pages hold no live row
    if (!result.blob) continue;
    const bytes = Buffer.from(await result.blob.arrayBuffer());
    if (bytes.length === 0) continue;
    // text format: one line per row, line breaks inside values written as \n
    for (const byte of bytes) if (byte === 0x0a) rows += 1;
    const writable = await tx.unsafe(`copy public.${ident(to)} (${list}) from stdin`).writable();
    await pipeline(Readable.from([bytes]), writable);
  }
  return rows;
}

/** The target's tables that hold rows, as "name (n rows)". */
async function nonEmpty(sql: postgres.Sql, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`);
    if (row!.n > 0) found.push(`${table} (${row!.n} rows)`);
  }
  return found;
}

/**
 * Moves the PGlite database in `sourceDir` to the empty PostgreSQL database at `targetUrl`.
 * @throws CliError (one line) when the folder is missing or in use, the target is unreachable or
 *   holds portal rows, or the copy fails (the target's transaction is then rolled back)
 */
export async function moveDatabase(sourceDir: string, targetUrl: string, log: (line: string) => void = () => {}): Promise<MoveResult> {
  if (isEmptyDir(sourceDir)) throw new CliError(`there is no PGlite data folder at ${sourceDir} (PGLITE_DIR): nothing to move`);
  const where = describeUrl(targetUrl);
  const existing = (await portalTables(targetUrl, '--to')).filter((t) => t.startsWith('public.'));
  const filled = await withTarget(targetUrl, (sql) => nonEmpty(sql, existing));
  if (filled.length > 0) {
    throw new CliError(
      `PostgreSQL database ${where} holds portal data already (${filled.slice(0, 3).join(', ').replaceAll('public.', '')}${filled.length > 3 ? ', …' : ''}): db:move needs an empty database`,
    );
  }

  let sourceHandle: DatabaseHandle;
  try {
    // PostGIS is not needed to read the rows (the portal keeps geometry as GeoJSON in jsonb)
    sourceHandle = await openDatabase({ kind: 'pglite', dir: sourceDir, postgis: false }, log);
  } catch (error) {
    if (error instanceof DataFolderLockedError)
      throw new CliError(`the PGlite data folder ${sourceDir} is in use by a running portal: stop the server and run this again`);
    throw error;
  }
  try {
    try {
      await (await openDatabase({ kind: 'postgres', url: targetUrl }, log)).close();
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) throw new CliError(error.message.replace(' (DATABASE_URL)', ''));
      throw error;
    }
    // drizzle's pglite driver keeps its client here; the Db type erases the driver (db/client.ts)
    const source = (sourceHandle.db as unknown as { $client: PGlite }).$client;
    await source.exec(`set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 3`);
    return await withTarget(targetUrl, (sql) => copyAll(source, sql, log));
  } finally {
    await sourceHandle.close();
  }
}

async function withTarget<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = connect(url);
  try {
    return await work(sql);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`moving into PostgreSQL database ${describeUrl(url)} failed, nothing was written: ${(error as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function copyAll(source: PGlite, sql: postgres.Sql, log: (line: string) => void): Promise<MoveResult> {
  const sourceMigrations = (await source.query<{ n: number }>(MIGRATION_COUNT_SQL)).rows[0]!.n;
  const targetMigrations = (await sql.unsafe<{ n: number }[]>(MIGRATION_COUNT_SQL))[0]!.n;
  if (sourceMigrations !== targetMigrations) {
    throw new CliError(
      `the two databases have different schemas (${sourceMigrations} and ${targetMigrations} migrations): run this with the portal version of the target`,
    );
  }
  const tables = await targetTables(sql);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const { order, deferred } = dependencyOrder(
    tables.map((t) => t.name),
    await foreignKeys(sql),
  );
  const sequences = (
    await source.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public' order by 1`,
    )
  ).rows;

  const moved: MovedTable[] = [];
  await sql.begin(async (tx) => {
    for (const t of order) await tx.unsafe(`alter table public.${ident(t)} disable trigger user`);
    await tx.unsafe(`truncate ${order.map((t) => `public.${ident(t)}`).join(', ')}`);
    for (const k of deferred.filter((d) => !d.deferrable)) {
      await tx.unsafe(`alter table public.${ident(k.table)} alter constraint ${ident(k.constraint)} deferrable initially deferred`);
    }
    for (const name of order) {
      const table = byName.get(name)!;
      let rows = 0;
      if (table.partitioned) {
        for (const part of await sourcePartitions(source, name)) {
          const [present] = await tx<{ p: string | null }[]>`select to_regclass(${`public.${ident(part.name)}`})::text as p`;
          if (!present?.p) await tx.unsafe(`create table public.${ident(part.name)} partition of public.${ident(name)} ${part.bound}`);
          rows += await copyRelation(source, tx, part.name, part.name, table.columns);
        }
      } else {
        rows = await copyRelation(source, tx, name, name, table.columns);
      }
      moved.push({ table: name, rows });
      log(`${name}: ${rows} rows`);
    }
    for (const { name } of sequences) {
      const [position] = (
        await source.query<{ last: string; called: boolean }>(`select last_value::text as last, is_called as called from public.${ident(name)}`)
      ).rows;
      const [present] = await tx<{ p: string | null }[]>`select to_regclass(${`public.${ident(name)}`})::text as p`;
      if (position && present?.p) await tx`select setval(${`public.${ident(name)}`}::regclass, ${position.last}::bigint, ${position.called})`;
    }
    // the keys checked at the end: check now, then make them as they were
    await tx.unsafe('set constraints all immediate');
    for (const k of deferred.filter((d) => !d.deferrable)) {
      await tx.unsafe(`alter table public.${ident(k.table)} alter constraint ${ident(k.constraint)} not deferrable`);
    }
    for (const t of order) await tx.unsafe(`alter table public.${ident(t)} enable trigger user`);
  });
  // fresh statistics, or the planner takes the big tables for empty until autovacuum comes by
  await sql.unsafe('analyze');
  return { tables: moved, sequences: sequences.length };
}

/** `postgres://user:***@host:5432/db`: the URL to set, its password not echoed. */
function maskedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

if (isMain(import.meta.url)) {
  runCli('db:move', async () => {
    const usage = 'usage: npm run db:move -- --to postgres://user:password@host:5432/database';
    let to: string | undefined;
    try {
      to = parseArgs({ options: { to: { type: 'string' } }, strict: true }).values.to;
    } catch (error) {
      throw new CliError(`${(error as Error).message}; ${usage}`);
    }
    if (!to || !/^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(to)) throw new CliError(`give the target database with --to; ${usage}`);
    const config = loadConfig();
    if (config.database.kind !== 'pglite') {
      throw new CliError(
        'DATABASE_URL is set, so this installation uses PostgreSQL already: db:move moves the embedded PGlite folder (PGLITE_DIR); unset DATABASE_URL',
      );
    }
    const result = await moveDatabase(config.database.dir, to, (line) => process.stderr.write(`${line}\n`));
    const total = result.tables.reduce((sum, t) => sum + t.rows, 0);
    return [
      `moved ${total} rows in ${result.tables.length} tables from ${config.database.dir} to ${describeUrl(to)}:`,
      ...result.tables.filter((t) => t.rows > 0).map((t) => `  ${t.table.padEnd(28)} ${t.rows}`),
      `Start the portal with DATABASE_URL=${maskedUrl(to)} (the password as you gave it) and the same UPLOADS_DIR (${config.uploadsDir});`,
      `the PGlite folder ${config.database.dir} is left as it was.`,
    ].join('\n');
  });
}
