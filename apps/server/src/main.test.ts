/**
 * `main.ts` as an operator runs it (a child process): a start-up failure prints one line and exits 1;
 * ADMIN_ACCOUNT / ADMIN_PASSWORD create the first administrator, who can then sign in.
 * A second main.ts on a folder in use: db/pglite-lock.test.ts. A good start (listen, serve, SIGTERM)
 * is what e2e/global-setup.ts does for every end-to-end run.
 */
import path from 'node:path';
import { describe, it } from 'vitest';
import { runTsx, stop, type Running } from './test/child-process';
import { DATA_DIR, makeTempDir, removeTempDir } from './test/test-database';

const MAIN = 'apps/server/src/main.ts';

function startMain(env: Record<string, string>, onTestFinished: (fn: () => Promise<void>) => void): Running {
  const running = runTsx(MAIN, [], { HOST: '127.0.0.1', PORT: '0', DATA_DIR, LOG_LEVEL: 'silent', ...env });
  onTestFinished(async () => void (await stop(running, 'SIGKILL')));
  return running;
}

function tempDataFolder(onTestFinished: (fn: () => Promise<void>) => void): string {
  const tmp = makeTempDir();
  onTestFinished(async () => removeTempDir(tmp));
  return path.join(tmp, 'db');
}

const stderrLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() !== '');

/** The cookies of a fetch response, as a Cookie header value. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.concurrent('main.ts', () => {
  it('exits 1 with one "Cannot start the portal:" line naming PORT when PORT=abc', async ({ expect, onTestFinished }) => {
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), PORT: 'abc' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    // every ConfigError takes this path; config.test.ts covers each bad value
    expect(stderrLines(stderr)).toEqual([expect.stringMatching(/^Cannot start the portal: PORT .*"abc"/)]);
  });

  it('exits 1 with one line naming DATABASE_URL when PostgreSQL cannot be reached', async ({ expect, onTestFinished }) => {
    // port 1 on the loopback: nothing listens there, the connection is refused at once
    const main = startMain({ DATABASE_URL: 'postgres://eco@127.0.0.1:1/eco' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual([
      expect.stringMatching(/^Cannot start the portal: cannot use PostgreSQL database eco at 127\.0\.0\.1:1 \(DATABASE_URL\)/),
    ]);
  });

  it('exits 1 with one line naming the missing file when DATA_DIR has no bundled data', async ({ expect, onTestFinished }) => {
    const empty = makeTempDir();
    onTestFinished(async () => removeTempDir(empty));
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), DATA_DIR: empty }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual([
      expect.stringMatching(/^Cannot start the portal: shaanxi-divisions\.json: missing from the data folder .* \(DATA_DIR\)$/),
    ]);
  });

  it('exits 1 with one line naming ADMIN_PASSWORD when it breaks the password policy', async ({ expect, onTestFinished }) => {
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: 'password123' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual(['Cannot start the portal: ADMIN_PASSWORD does not meet the password policy: it is a commonly used password']);
  });

  it('creates the first administrator from ADMIN_ACCOUNT and ADMIN_PASSWORD, who can sign in', async ({ expect, onTestFinished }) => {
    const password = 'first light over Qinling';
    const main = startMain(
      { PGLITE_DIR: tempDataFolder(onTestFinished), ADMIN_ACCOUNT: 'Root.Admin', ADMIN_PASSWORD: password, ADMIN_NAME: '省级管理员', LOG_LEVEL: 'warn' },
      onTestFinished,
    );
    await main.waitForLine(/^created the first administrator root\.admin \(ADMIN_ACCOUNT\)$/);
    const ready = await main.waitForLine(/^portal ready at /);
    const base = /(http:\/\/\S+?) /.exec(ready)![1]!.replace('localhost', '127.0.0.1');
    const visit = await fetch(`${base}/api/session`);
    const { data } = (await visit.json()) as { data: { csrfToken: string } };
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookiesOf(visit), 'x-csrf-token': data.csrfToken, origin: base },
      body: JSON.stringify({ account: 'root.admin', password }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({
      success: true,
      data: { user: { account: 'root.admin', displayName: '省级管理员', role: 'admin', mustChangePassword: false } },
    });
    expect(cookiesOf(signIn)).toMatch(/^eco_session=/);
  });
});
