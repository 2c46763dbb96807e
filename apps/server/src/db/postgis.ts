/**
 * PostGIS, which the SensorThings geospatial `$filter` functions run on (docs/sensorthings.md
 * §Reading). Optional: the portal starts and serves without it, and only a geospatial filter is
 * refused then. It is set up at start-up rather than by a migration because whether it can be
 * depends on the server (is the package installed? may this role create it?) and may change
 * between starts: installing PostGIS later and restarting turns the functions on.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/sql-rows';
import type { Db } from './client';

/**
 * Creates the `postgis` extension when the server offers it (`pg_available_extensions`) and it is
 * not there yet. Never throws: a server without the package, or a role that may not create
 * extensions, leaves the database without PostGIS and says so in one line through `log`.
 * @param run executes one SQL statement and resolves to its rows
 * @returns whether PostGIS is now installed in the database
 */
export async function createPostgis(run: (statement: string) => Promise<unknown[]>, log: (line: string) => void): Promise<boolean> {
  try {
    const installed = await run(`select 1 from pg_extension where extname = 'postgis'`);
    if (installed.length > 0) return true;
    const available = await run(`select 1 from pg_available_extensions where name = 'postgis'`);
    if (available.length === 0) {
      log('PostGIS is not installed on the database server: SensorThings geospatial filters are refused (docs/sensorthings.md §Reading)');
      return false;
    }
    await run('create extension if not exists postgis');
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`cannot create the PostGIS extension (${reason}): SensorThings geospatial filters are refused (docs/sensorthings.md §Reading)`);
    return false;
  }
}

/** Databases known to answer PostGIS calls; a database found without it is asked again next time. */
const withPostgis = new WeakSet<Db>();

/**
 * Whether `db` can run PostGIS functions now: the extension is created and its library loads (a
 * PGlite folder whose extension was created by an instance with PostGIS, opened by one without,
 * has the first but not the second).
 * @returns true once a call succeeded (remembered for `db`), false while none does
 */
export async function hasPostgis(db: Db): Promise<boolean> {
  if (withPostgis.has(db)) return true;
  try {
    const [row] = rowsOf<{ version: string }>(await db.execute(sql`select postgis_lib_version() as version`));
    if (!row?.version) return false;
  } catch {
    return false;
  }
  withPostgis.add(db);
  return true;
}
