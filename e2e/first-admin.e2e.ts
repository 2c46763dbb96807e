/**
 * The first administrator as README's operator creates it: `npm run admin:create -- --account …
 * --name … --password-stdin` against a fresh data folder, then the server started on that folder,
 * and the administrator signing in in Chromium.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/web-build.mjs';
import { useBrowser } from './support/browser';
import { headerIdentity, sectionNames, submitSignIn } from './support/portal';
import { startTestServer, type TestServer } from './support/server';

const browser = useBrowser();

/** Runs `npm run admin:create` with `args`, the password on stdin; resolves with its exit code and output. */
function adminCreate(dataDir: string, args: string[], password: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _unused, ...env } = process.env; // the folder, never a configured PostgreSQL
    const child = spawn('npm', ['run', '-s', 'admin:create', '--', ...args], {
      cwd: ROOT,
      env: { ...env, PGLITE_DIR: dataDir, PGLITE_POSTGIS: 'off' }, // as the test server opens it (support/server.ts)
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(`${password}\n`);
  });
}

describe('the first administrator from the command line (README)', () => {
  let dataDir: string | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('creates the administrator in a fresh data folder, and the server started on it lets them sign in', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eco-e2e-first-admin-'));
    const password = 'Huashan-West-Peak-2026';

    // a weak password is refused with one line, and nothing is created
    const weak = await adminCreate(dataDir, ['--account', 'chief', '--name', '张伟', '--password-stdin'], 'chief12345');
    expect(weak.code).toBe(1);
    expect(weak.output.trim().split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(1);

    const created = await adminCreate(dataDir, ['--account', 'chief', '--name', '张伟', '--password-stdin'], password);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('chief');

    server = await startTestServer({ dataDir });
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/#/portal-management`);
    await submitSignIn(page, 'CHIEF', password); // accounts ignore case
    await page.locator('.main-header .user-button').waitFor();
    expect(await headerIdentity(page)).toEqual({ name: '张伟', role: '管理员' });
    expect(await sectionNames(page)).toContain('用户管理');
  });
});
