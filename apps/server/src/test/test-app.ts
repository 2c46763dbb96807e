/**
 * The app as tests drive it: `buildApp` on a test database, silent, without the web app, and
 * `getJson` for `app.inject` with the body parsed.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import { buildApp, type AppConfig } from '../app';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import type { SensingBus } from '../modules/sensing/events';
import { createLoadedDatabase, createTestDatabase, DATA_DIR, type TestDatabase, type TestDatabaseOptions } from './test-database';

/** A folder without `index.html`, so the app serves the API only. */
export const NO_WEB_DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The configuration tests build the app with: the defaults of `loadConfig({})`, silent, no web app. */
export const TEST_CONFIG: AppConfig = {
  logLevel: 'silent',
  webDist: NO_WEB_DIST,
  sessionIdleMinutes: 30,
  cookieSecure: 'auto',
  trustProxy: false,
  sessionSecret: null,
  // content-addressed, so test files may share it; tests of what stays on disk give their own
  uploadsDir: path.join(os.tmpdir(), 'eco-test-uploads'),
  uploadMaxBytes: 50 * 1024 * 1024,
  dataDir: DATA_DIR,
};

/**
 * `buildApp` for tests; `now` pins the clock, `config` overrides `TEST_CONFIG`, `sensingBus` is
 * the app's event bus (to share it with what the test starts beside the app, e.g. the MQTT
 * broker). Close it with `app.close()`.
 */
export function buildTestApp(database: DatabaseHandle, now?: () => Date, config: Partial<AppConfig> = {}, sensingBus?: SensingBus): Promise<FastifyInstance> {
  return buildApp({ config: { ...TEST_CONFIG, ...config }, database, now, ...(sensingBus && { sensingBus }) });
}

export interface JsonResponse<T> {
  status: number;
  headers: OutgoingHttpHeaders;
  body: T;
}

/** What a client sees: an error body (`success: false`) or a success body with `data`. */
export type Body<T> =
  | { success: true; data: T }
  | { success: false; errorCode: string; errorMessage: string; showType: number; details?: { field: string; message: string }[] };

/** A log stream for `buildApp` that parses each JSON line the logger writes into `lines`. */
export function jsonLogLines(lines: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}

/** GET `url` through `app.inject` and parse the JSON body. */
export async function getJson<T = unknown>(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<JsonResponse<Body<T>>> {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Body<T> };
}

/** The `data` of a success body; fails the test with the body when it is an error. */
export function dataOf<T>(response: JsonResponse<Body<T>>): T {
  if (!response.body.success) throw new Error(`expected success, got ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** The error body; fails the test when the body is a success. */
export function errorOf(response: JsonResponse<Body<unknown>>): Extract<Body<unknown>, { success: false }> {
  if (response.body.success) throw new Error(`expected an error, got ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The app and database of a test file, set up once before its tests and closed after them. */
export interface TestAppContext {
  app: FastifyInstance;
  database: TestDatabase;
}

/**
 * Registers `beforeAll`/`afterAll` that build the app on a fresh database (`loaded`: with the
 * bundled data; `postgis`: with PostGIS on PGlite too, test-database.ts) and dispose of both; read
 * `ctx.app` and `ctx.database` inside tests.
 */
export function useTestApp(options: { loaded?: boolean; now?: () => Date; sensingBus?: SensingBus } & TestDatabaseOptions = {}): TestAppContext {
  const ctx = {} as TestAppContext;
  beforeAll(async () => {
    const database = { postgis: options.postgis };
    ctx.database = options.loaded ? await createLoadedDatabase(database) : await createTestDatabase(database);
    ctx.app = await buildTestApp(ctx.database, options.now, {}, options.sensingBus);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.dispose();
  });
  return ctx;
}
