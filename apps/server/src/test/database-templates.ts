/**
 * Template databases for the server tests: migrated (and, for `loaded`, with the bundled data)
 * once per test run in the project's global setup, then copied for every test file, which is
 * much quicker than migrating and loading each time (PGlite: a copy of the closed data folder;
 * PostgreSQL: `create database … template …`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { REPO_ROOT, type Database } from '../config';
import { openDatabase } from '../db/client';
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

export interface DatabaseTemplates {
  /** migrated, no data */
  empty: Database;
  /** migrated, with the bundled data loaded */
  loaded: Database;
}

/** Runs `fn` on a one-connection client of the administrative PostgreSQL URL. */
export async function withAdmin<T>(adminUrl: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function fill(location: Database, loaded: boolean, dataDir: string): Promise<void> {
  const handle = await openDatabase(location);
  try {
    if (loaded) await loadBundledData(handle.db, dataDir);
  } finally {
    await handle.close();
  }
}

/**
 * Creates both templates of `kind` (PGlite folders under `tempDir`, or databases on the server
 * of `adminUrl`) and returns them with a function removing them again.
 */
export async function createTemplates(
  kind: Database['kind'],
  { tempDir, adminUrl, dataDir }: { tempDir: string; adminUrl: string; dataDir: string },
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  if (kind === 'pglite') {
    // without PostGIS, which adds seconds to every open: a test that needs it asks (test-database.ts)
    const templates: DatabaseTemplates = {
      empty: { kind: 'pglite', dir: path.join(tempDir, 'empty', 'db'), postgis: false },
      loaded: { kind: 'pglite', dir: path.join(tempDir, 'loaded', 'db'), postgis: false },
    };
    // one after the other: each PGlite instance takes a few hundred MB while it runs
    await fill(templates.empty, false, dataDir);
    await fill(templates.loaded, true, dataDir);
    return { templates, remove: async () => fs.rmSync(tempDir, { recursive: true, force: true }) };
  }
  const suffix = crypto.randomBytes(6).toString('hex');
  const names = { empty: `eco_tpl_${suffix}_empty`, loaded: `eco_tpl_${suffix}_loaded` };
  const remove = () =>
    withAdmin(adminUrl, async (sql) => {
      for (const name of Object.values(names)) await sql.unsafe(`drop database if exists ${name} with (force)`);
    });
  try {
    await withAdmin(adminUrl, async (sql) => {
      for (const name of Object.values(names)) await sql.unsafe(`create database ${name}`);
    });
    const templates: DatabaseTemplates = {
      empty: { kind: 'postgres', url: databaseUrl(adminUrl, names.empty) },
      loaded: { kind: 'postgres', url: databaseUrl(adminUrl, names.loaded) },
    };
    await Promise.all([fill(templates.empty, false, dataDir), fill(templates.loaded, true, dataDir)]);
    return { templates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The name of the PostgreSQL database a template URL points at. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
