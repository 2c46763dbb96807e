/**
 * Global setup of the `server` test project: the template databases (test/database-templates.ts)
 * for the run, handed to the test files as `inject('databaseTemplates')` and removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminUrl, createTemplates, DATA_DIR, TEST_DB_KIND, type DatabaseTemplates } from './database-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** migrated (and loaded) databases each test file copies */
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eco-templates-'));
  const { templates, remove } = await createTemplates(TEST_DB_KIND, { tempDir, adminUrl: adminUrl(), dataDir: DATA_DIR });
  project.provide('databaseTemplates', templates);
  return remove;
}
