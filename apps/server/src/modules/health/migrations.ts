/**
 * Whether the database's schema is the one this server was built for: every migration in
 * apps/server/drizzle (its journal, meta/_journal.json) recorded as applied in Drizzle's own table
 * `drizzle.__drizzle_migrations`. The comparison is the migrator's own (drizzle-orm
 * pg-core/dialect.js `migrate`): a migration is pending when its journal time (`when`, ms) is after
 * the newest `created_at` recorded, so "ready" means "start-up would apply nothing".
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

/** One migration the server ships: its tag (the SQL file's name without `.sql`) and journal time, ms since 1970. */
export interface ShippedMigration {
  tag: string;
  when: number;
}

/** The folder of the migrations (db/client.ts applies the same at start-up). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** The migrations in `dir`'s journal, oldest first. */
export function shippedMigrations(dir: string = MIGRATIONS_DIR): ShippedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** PostgreSQL's codes for a table or schema that does not exist: no migration ever ran. */
const NOTHING_MIGRATED = new Set(['42P01', '3F000']);

function codeOf(error: unknown): string | undefined {
  // Drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * The migrations of `shipped` not applied to `db`, oldest first (empty: the schema is current).
 * Throws what the driver throws when the database does not answer.
 */
export async function pendingMigrations(db: Db, shipped: readonly ShippedMigration[]): Promise<ShippedMigration[]> {
  let newest = -Infinity;
  try {
    const [row] = rowsOf<{ created_at: string | number | null }>(await db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`));
    if (row?.created_at !== null && row?.created_at !== undefined) newest = Number(row.created_at);
  } catch (error) {
    if (!NOTHING_MIGRATED.has(codeOf(error) ?? '')) throw error;
  }
  return shipped.filter((m) => m.when > newest);
}
