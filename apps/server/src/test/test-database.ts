/**
 * Real databases for the server tests: a real database, never mocks.
 *
 * `TEST_DB` unset → embedded PGlite in a fresh temp folder (removed afterwards);
 * `TEST_DB=postgres` → a fresh database `eco_test_<random>` on the server named by
 * `TEST_DATABASE_URL` (else `DATABASE_URL`, else the local default scripts/test.mjs uses), created
 * through that admin URL and dropped afterwards. Either way `openDatabase` migrates it.
 *
 * Each is a copy of a template migrated (and loaded) once per run in the project's global setup
 * (test/global-setup.ts); opening one still takes a second or two on PGlite: share one database
 * per test file where tests only read.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '../config';
import { openDatabase, type Db, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { adminUrl, databaseName, databaseUrl, withAdmin } from './database-templates';

export { adminUrl, DATA_DIR, TEST_DB_KIND } from './database-templates';

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

/** What a test database needs beyond the schema. */
export interface TestDatabaseOptions {
  /**
   * PostGIS (db/postgis.ts), for the SensorThings geospatial functions. PGlite opens without it
   * unless asked, as loading it adds seconds to every open (and creating it, on the first open, many
   * more); on PostgreSQL the templates have it wherever the server offers it.
   */
  postgis?: boolean;
}

/**
 * A copy of `template` (test/database-templates.ts): a new PGlite folder in a temp folder, or a
 * new database `eco_test_<random>` created from the template on the same server.
 */
async function copyOf(template: Database, options: TestDatabaseOptions): Promise<{ location: Database; remove: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    // the folder lock (`<dir>.lock`) sits beside the data folder, so both live in the temp folder
    const tmp = makeTempDir();
    const dir = path.join(tmp, 'db');
    fs.cpSync(template.dir, dir, { recursive: true });
    return { location: { kind: 'pglite', dir, postgis: options.postgis === true }, remove: async () => removeTempDir(tmp) };
  }
  const name = `eco_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = adminUrl();
  await withAdmin(admin, (sql) => sql.unsafe(`create database ${name} template ${databaseName(template.url)}`));
  return {
    location: { kind: 'postgres', url: databaseUrl(admin, name) },
    remove: () => withAdmin(admin, async (sql) => void (await sql.unsafe(`drop database if exists ${name} with (force)`))),
  };
}

async function open(template: Database, options: TestDatabaseOptions): Promise<TestDatabase> {
  const { location, remove } = await copyOf(template, options);
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

/**
 * Fills the PGlite data folder `dir` (not there yet) with a copy of the run's template (`empty`:
 * migrated; `loaded`: with the bundled data too), for a child process to open as an installation
 * that has started before. When the run's templates are PostgreSQL (`TEST_DB=postgres`) it leaves
 * `dir` alone, and the child creates the folder itself, only slower.
 */
export function copyTemplateFolder(dir: string, template: 'empty' | 'loaded'): void {
  const source = inject('databaseTemplates')[template];
  if (source.kind === 'pglite') fs.cpSync(source.dir, dir, { recursive: true });
}

/** A fresh, migrated, empty database of the kind `TEST_DB` asks for. */
export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return open(inject('databaseTemplates').empty, options);
}

/** A fresh database with the bundled data loaded (as `loadBundledData(db, <repo>/data)` leaves it). */
export function createLoadedDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return open(inject('databaseTemplates').loaded, options);
}

/** Every table of the schema, by its SQL name. */
export const TABLES = {
  site_settings: schema.siteSettings,
  divisions: schema.divisions,
  city_boundaries: schema.cityBoundaries,
  county_boundaries: schema.countyBoundaries,
  technical_regulations: schema.technicalRegulations,
  things: schema.things,
  locations: schema.locations,
  historical_locations: schema.historicalLocations,
  features_of_interest: schema.featuresOfInterest,
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
  sensors: schema.sensors,
  thing_keys: schema.thingKeys,
  protected_species: schema.protectedSpecies,
  detections: schema.detections,
  alert_rules: schema.alertRules,
  alerts: schema.alerts,
  files: schema.files,
  notices: schema.notices,
  notice_attachments: schema.noticeAttachments,
  regulation_documents: schema.regulationDocuments,
  observation_hours: schema.observationHours,
  applications: schema.applications,
  application_favourites: schema.applicationFavourites,
  application_launches: schema.applicationLaunches,
  tools: schema.tools,
  tool_versions: schema.toolVersions,
  oidc_clients: schema.oidcClients,
  verification_tasks: schema.verificationTasks,
  verification_steps: schema.verificationSteps,
  verification_photos: schema.verificationPhotos,
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
