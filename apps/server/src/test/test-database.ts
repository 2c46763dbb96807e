/**
 * Real databases for the server tests (CONVENTIONS.md, "Tests": a real database, never mocks).
 *
 * `TEST_DB` unset → embedded PGlite in a fresh temp folder (removed afterwards);
 * `TEST_DB=postgres` → a fresh database `eco_test_<random>` on the server named by
 * `TEST_DATABASE_URL` (else `DATABASE_URL`, else the local default scripts/test.mjs uses), created
 * through that admin URL and dropped afterwards. Either way `openDatabase` migrates it.
 *
 * Opening, migrating and loading the bundled data takes a few seconds on PGlite: share one loaded
 * database per test file where tests only read.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import postgres from 'postgres';
import { REPO_ROOT, type Database } from '../config';
import { openDatabase, type Db, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { loadBundledData } from '../seed/load-bundled-data';

/** The bundled real data (`<repo>/data`). */
export const DATA_DIR = path.join(REPO_ROOT, 'data');

/** Which database the suite runs on this time. */
export const TEST_DB_KIND: Database['kind'] = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL URL used to create and drop test databases. */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
}

export interface TestDatabase extends DatabaseHandle {
  /** where it lives: pass to `openDatabase` to open it again (after `close()`) */
  location: Database;
  /** closes the handle if still open (closing twice is fine) and deletes the database */
  dispose(): Promise<void>;
}

/** A temp folder under the OS temp dir; the caller removes it (`removeTempDir`). */
export function makeTempDir(prefix = 'eco-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function createLocation(): Promise<{ location: Database; remove: () => Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    // the folder lock (`<dir>.lock`) sits beside the data folder, so both live in the temp folder
    const tmp = makeTempDir();
    return { location: { kind: 'pglite', dir: path.join(tmp, 'db') }, remove: async () => removeTempDir(tmp) };
  }
  const name = `eco_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    location: { kind: 'postgres', url: url.toString() },
    remove: () => withAdmin(async (sql) => void (await sql.unsafe(`drop database if exists ${name} with (force)`))),
  };
}

/** A fresh, migrated, empty database of the kind `TEST_DB` asks for. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { location, remove } = await createLocation();
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(location);
  } catch (error) {
    await remove();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= handle.close());
  return {
    ...handle,
    location,
    close,
    dispose: async () => {
      await close().catch(() => {});
      await remove();
    },
  };
}

/** A fresh database with the bundled data loaded (`loadBundledData(db, <repo>/data)`). */
export async function createLoadedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  try {
    await loadBundledData(database.db, DATA_DIR);
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

/** Every table of the schema, by its SQL name. */
export const TABLES = {
  site_settings: schema.siteSettings,
  divisions: schema.divisions,
  city_boundaries: schema.cityBoundaries,
  technical_regulations: schema.technicalRegulations,
  things: schema.things,
  locations: schema.locations,
  observed_properties: schema.observedProperties,
  datastreams: schema.datastreams,
  observations: schema.observations,
  data_loads: schema.dataLoads,
  organisations: schema.organisations,
  users: schema.users,
  sessions: schema.sessions,
  sign_in_failures: schema.signInFailures,
  audit_log: schema.auditLog,
  app_secrets: schema.appSecrets,
} as const;

/** The number of rows in every table of the schema. */
export async function countRows(db: Db): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}
