/**
 * `openDatabase` migrates at start-up (README.md, "Schema changes"): the committed migrations must
 * describe the schema, and opening a database again must apply nothing twice and keep its data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql-rows';
import { runTsx } from '../test/child-process';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { technicalRegulations } from './schema';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await handle.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`));
  return Number(row?.n);
}

describe('openDatabase', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it(`answers on ${TEST_DB_KIND} with every committed migration applied once`, async () => {
    expect(database.kind).toBe(TEST_DB_KIND);
    await expect(database.ping()).resolves.toBeUndefined();
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
  });

  it('applies nothing twice and keeps the data when the database is opened again', async () => {
    const row = {
      code: 'HJ 633-2012',
      title: '环境空气质量指数（AQI）技术规定（试行）',
      issuer: '环境保护部',
      category: '环境监测',
      issuedOn: '2012-02-29',
      effectiveOn: '2016-01-01',
    };
    await database.db.insert(technicalRegulations).values(row);
    await database.close();

    for (let time = 0; time < 2; time++) {
      const reopened = await openDatabase(database.location);
      try {
        expect(await appliedMigrations(reopened)).toBe(journal.entries.length);
        const rows = await reopened.db.select().from(technicalRegulations);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject(row);
      } finally {
        await reopened.close();
      }
    }
  });
});

describe('the committed migrations (apps/server/drizzle)', () => {
  it('describe the schema in db/schema.ts: generating from it would produce no new migration', async () => {
    // drizzle-kit's programmatic diff, the same one `npm run db:generate` runs, in its own process
    const run = await runTsx('apps/server/src/test/fixtures/pending-migration.ts', [], {}).exited;
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it('has one SQL file per journal entry', () => {
    const files = fs
      .readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
  });
});
