/**
 * Global setup of the `e2e` project: the real server (support/server.ts: built web app, fresh
 * PGlite folder, free port) with a first administrator (ADMIN_ACCOUNT / ADMIN_PASSWORD, a fresh
 * strong password each run), its base URL and that administrator handed to the specs as
 * `inject('baseUrl')` and `inject('admin')`, and stopped again at the end.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { firstAdminEnv, startTestServer, type AdminCredentials } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server under test, e.g. `http://127.0.0.1:41234` (no trailing slash). */
    baseUrl: string;
    /** The first administrator of that server. */
    admin: AdminCredentials;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin: AdminCredentials = { account: 'e2e-admin', password: `Qinling-${randomBytes(9).toString('base64url')}` };
  const server = await startTestServer({ env: firstAdminEnv(admin) });
  // A crash mid-run would otherwise surface only as connection errors in the specs.
  server.onCrash((how) => console.error(`\nthe server under test exited (${how}) during the run. Its output:\n${server.output()}`));
  project.provide('baseUrl', server.baseUrl);
  project.provide('admin', admin);
  return server.stop;
}
