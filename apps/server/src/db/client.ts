/**
 * The database client: embedded PGlite (a data folder on disk) by default, a PostgreSQL server
 * when DATABASE_URL is set. Both get the same schema and the same migration history, applied here
 * at start-up.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Database } from '../config';
import { lockDataFolder } from './pglite-lock';
import { oneQueryPerTurn } from './pglite-turns';
import { createPostgis } from './postgis';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `work` in one transaction of `db` (a savepoint when `db` is already a transaction), with the
 * transaction typed as a plain {@link Db} so the helpers it calls take it as they take `db`.
 * Commits when `work` resolves, rolls back when it throws (and rethrows).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/** PostgreSQL's NOTIFY/LISTEN on a server (modules/sensing/relay.ts); PGlite has no other process to tell. */
export interface NotificationChannel {
  /** Sends `payloads` (each under 8000 bytes) on `channel` in one transaction: they arrive together, in order. */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  /**
   * Listens on `channel` on a connection of its own (postgres.js reconnects it); resolves once it
   * listens. Notifications sent while it was reconnecting are not heard.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
}

export interface DatabaseHandle {
  db: Db;
  kind: Database['kind'];
  /** on PostgreSQL: NOTIFY/LISTEN between server processes */
  notifications?: NotificationChannel;
  /** resolves when the database answers a trivial query; rejects otherwise */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** pg_advisory_lock key serialising migrations of several server processes on one PostgreSQL */
const MIGRATION_LOCK_KEY = 7_320_2601;

/**
 * Opens the configured database, applies pending migrations and creates the PostGIS extension
 * where it can be had (db/postgis.ts; PGlite: from @electric-sql/pglite-postgis unless
 * `database.postgis` is false). Throws `DataFolderLockedError` (PGlite folder in use) or
 * `DatabaseUnavailableError` (PostgreSQL unreachable or refusing us), each with one line saying
 * what to do; a database without PostGIS is no error (one line through `log`).
 */
export async function openDatabase(database: Database, log: (line: string) => void = () => {}): Promise<DatabaseHandle> {
  return database.kind === 'pglite' ? openPglite(database.dir, database.postgis !== false, log) : openPostgres(database.url, log);
}

async function openPglite(dir: string, withPostgis: boolean, log: (line: string) => void): Promise<DatabaseHandle> {
  const lock = await lockDataFolder(dir, { log });
  try {
    const client = await PGlite.create(dir, withPostgis ? { extensions: { postgis } } : {});
    oneQueryPerTurn(client);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    if (withPostgis) await createPostgis(async (statement) => (await client.query(statement)).rows, log);
    return {
      db: db as unknown as Db, // same PgDatabase, driver-specific result type erased
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        await client.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function describe(url: string, error: unknown): string {
  const { hostname, port, pathname } = new URL(url);
  const reason = error instanceof Error ? error.message : String(error);
  return `cannot use PostgreSQL database ${pathname.slice(1)} at ${hostname}:${port || 5432} (DATABASE_URL): ${reason}`;
}

async function openPostgres(url: string, log: (line: string) => void): Promise<DatabaseHandle> {
  // Migrations on one dedicated connection holding an advisory lock, so several server processes
  // starting at once migrate one after another instead of racing.
  const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
  } catch (error) {
    await single.end({ timeout: 1 });
    throw new DatabaseUnavailableError(describe(url, error));
  }
  try {
    await migratePostgres(drizzlePostgres(single, { schema }), { migrationsFolder: MIGRATIONS });
    // under the same lock: two processes creating the extension at once would collide
    await createPostgis((statement) => single.unsafe(statement), log);
  } finally {
    await single`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    await single.end({ timeout: 5 });
  }
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    notifications: {
      notify: async (channel, payloads) => {
        await client.begin(async (tx) => {
          for (const payload of payloads) await tx`select pg_notify(${channel}, ${payload})`;
        });
      },
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return { unlisten };
      },
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.end({ timeout: 5 }),
  };
}
