/**
 * The real server for end-to-end tests and benchmarks, started exactly as `npm start` runs it
 * (`node --import tsx apps/server/src/main.ts` from the repo root, after building the web app if
 * it is stale) on a free port of 127.0.0.1 with a fresh PGlite folder (or one the caller gives),
 * never a configured DATABASE_URL. `stop()` ends it (SIGTERM, SIGKILL after 5 s) and removes the
 * folder it created.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild, ROOT } from '../../scripts/web-build.mjs';

/** How long a starting server may take to answer its health check (ms): generous, for a loaded machine. */
const START_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 5_000;

export interface TestServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash) */
  baseUrl: string;
  /** the last 20 000 characters the server printed */
  output(): string;
  /** called once if the server exits before `stop()` */
  onCrash(listener: (how: string) => void): void;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `url` until it answers 2xx; rejects with the server's output if it exits first or time runs out. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `code ${code}`));
  while (Date.now() < deadline) {
    if (exit) throw new Error(`the server exited (${exit}) before ${url} answered. Its output:\n${output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s. Its output:\n${output()}`);
}

export interface TestServerOptions {
  /**
   * Extra environment of the server, e.g. `{ ADMIN_ACCOUNT, ADMIN_PASSWORD }` for a first
   * administrator. HOST, PORT, PGLITE_DIR and UPLOADS_DIR are the helper's own and cannot be set here.
   */
  env?: Record<string, string>;
  /**
   * An existing PGlite folder to serve (e.g. one `npm run admin:create` has written); the caller
   * owns it and `stop()` leaves it in place. Default: a fresh temporary folder, removed by `stop()`.
   */
  dataDir?: string;
}

/** The administrator every end-to-end spec can sign in as (global-setup.ts creates it). */
export interface AdminCredentials {
  account: string;
  password: string;
}

/** The environment that makes the server create `admin` as its first administrator. */
export function firstAdminEnv(admin: AdminCredentials, displayName = '系统管理员'): Record<string, string> {
  return { ADMIN_ACCOUNT: admin.account, ADMIN_PASSWORD: admin.password, ADMIN_NAME: displayName };
}

/** Starts the server (see the module docs); rejects with its output when it does not come up within 60 s. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  ensureWebBuild();
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'eco-test-pglite-')));
  // uploaded files of the run: never in the repository's ./data/uploads
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eco-test-uploads-'));
  const { DATABASE_URL: _unused, ...env } = process.env; // always the embedded PGlite
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    // no MQTT broker unless asked for: the default port, 1883, may be another broker's (or another run's);
    // no PostGIS unless asked for: creating it makes a first start take many seconds more (README)
    env: {
      ...env,
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      PGLITE_POSTGIS: 'off',
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000); // the tail is what explains a failure
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => printed;

  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited(child);
      clearTimeout(killer);
    }
    if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    await fs.rm(uploadsDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    output,
    onCrash: (listener) => child.once('exit', (code, signal) => stopping || listener(signal ?? `code ${code}`)),
    stop,
  };
}
