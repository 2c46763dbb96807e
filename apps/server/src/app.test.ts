/**
 * The whole API as a client sees it: every body is the envelope, the OpenAPI document lists every
 * route with its parameters, the docs page answers, large bodies are compressed, and every
 * response carries the security headers (http/security-headers.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShowType } from '@eco/contracts/envelope';
import { buildTestApp, useTestApp } from './test/test-app';
import { makeTempDir, removeTempDir } from './test/test-database';

/** Every public `/api` GET route, with a URL that reaches it. */
const ROUTES: { route: string; url: string; query?: string[] }[] = [
  { route: '/api/health', url: '/api/health' },
  { route: '/api/site', url: '/api/site' },
  { route: '/api/session', url: '/api/session' },
  { route: '/api/divisions', url: '/api/divisions' },
  { route: '/api/city-boundaries', url: '/api/city-boundaries' },
  { route: '/api/technical-regulations', url: '/api/technical-regulations', query: ['keyword', 'category', 'status', 'page', 'pageSize'] },
  { route: '/api/technical-regulations/categories', url: '/api/technical-regulations/categories' },
  { route: '/api/technical-regulations/{id}', url: '/api/technical-regulations/1' },
  { route: '/api/stations', url: '/api/stations', query: ['city', 'page', 'pageSize'] },
  { route: '/api/stations/{code}', url: '/api/stations/1462A' },
  { route: '/api/stations/{code}/series', url: '/api/stations/1462A/series', query: ['from', 'to', 'properties'] },
  { route: '/api/sensing/overview', url: '/api/sensing/overview' },
  { route: '/api/sensing/things', url: '/api/sensing/things' },
  { route: '/api/sensing/latest', url: '/api/sensing/latest', query: ['datastreamId', 'limit'] },
  { route: '/api/sensing/datastreams/{id}/series', url: '/api/sensing/datastreams/1/series', query: ['interval', 'from', 'to'] },
  { route: '/api/sensing/summary', url: '/api/sensing/summary', query: ['by', 'property'] },
  { route: '/api/sensing/detections', url: '/api/sensing/detections', query: ['limit'] },
  { route: '/api/sensing/alerts', url: '/api/sensing/alerts', query: ['status', 'severity', 'page', 'pageSize'] },
  { route: '/api/applications', url: '/api/applications', query: ['keyword', 'category'] },
  { route: '/api/tools/downloads', url: '/api/tools/downloads' },
  { route: '/api/notices', url: '/api/notices', query: ['keyword', 'category', 'from', 'to', 'page', 'pageSize'] },
];

/** Requests that fail, one per kind of failure. */
const FAILURES = [
  '/api/technical-regulations?pageSize=1000',
  '/api/technical-regulations/999999',
  '/api/technical-regulations/abc',
  '/api/stations/9999A',
  '/api/stations/XYZ',
  '/api/stations/1462A/series?from=2023-01-01T00:00:00%2B08:00&to=2023-03-01T00:00:00%2B08:00',
  '/api/no-such-route',
  '/api/stations/%E0%A4%A',
];

/**
 * Every route behind sign-in, with its methods: anonymously each answers 401 with the envelope
 * (writes need the CSRF token first; auth/access.test.ts has every role).
 */
const SIGNED_IN_ROUTES: { route: string; url: string; methods: string[]; query?: string[] }[] = [
  { route: '/api/session/password', url: '/api/session/password', methods: ['put'] },
  { route: '/api/users', url: '/api/users', methods: ['get', 'post'], query: ['keyword', 'role', 'status', 'organisationId', 'page', 'pageSize'] },
  { route: '/api/users/{id}', url: '/api/users/1', methods: ['get', 'patch'] },
  { route: '/api/users/{id}/disable', url: '/api/users/1/disable', methods: ['post'] },
  { route: '/api/users/{id}/enable', url: '/api/users/1/enable', methods: ['post'] },
  { route: '/api/users/{id}/reset-password', url: '/api/users/1/reset-password', methods: ['post'] },
  { route: '/api/organisations', url: '/api/organisations', methods: ['get'] },
  { route: '/api/organisations/{id}', url: '/api/organisations/1', methods: ['patch'] },
  { route: '/api/roles', url: '/api/roles', methods: ['get'] },
  { route: '/api/audit-log', url: '/api/audit-log', methods: ['get'], query: ['action', 'actorAccount', 'entityType', 'from', 'to', 'page', 'pageSize'] },
  { route: '/api/audit-log.csv', url: '/api/audit-log.csv', methods: ['get'], query: ['action', 'actorAccount', 'entityType', 'from', 'to'] },
  { route: '/api/things', url: '/api/things', methods: ['get', 'post'], query: ['kind', 'status', 'city', 'keyword', 'page', 'pageSize'] },
  { route: '/api/things/{id}', url: '/api/things/1', methods: ['get', 'patch'] },
  { route: '/api/things/observed-properties', url: '/api/things/observed-properties', methods: ['get'] },
  { route: '/api/things/{id}/datastreams', url: '/api/things/1/datastreams', methods: ['post'] },
  { route: '/api/things/{id}/datastreams/{datastreamId}', url: '/api/things/1/datastreams/1', methods: ['delete'] },
  { route: '/api/sensing/alert-rules', url: '/api/sensing/alert-rules', methods: ['get', 'post'] },
  { route: '/api/sensing/alert-rules/{id}', url: '/api/sensing/alert-rules/1', methods: ['patch'] },
  { route: '/api/sensing/alert-rules/{id}/enable', url: '/api/sensing/alert-rules/1/enable', methods: ['post'] },
  { route: '/api/sensing/alert-rules/{id}/disable', url: '/api/sensing/alert-rules/1/disable', methods: ['post'] },
  { route: '/api/things/{id}/keys', url: '/api/things/1/keys', methods: ['post'] },
  { route: '/api/things/{id}/keys/{keyId}/rotate', url: '/api/things/1/keys/1/rotate', methods: ['post'] },
  { route: '/api/things/{id}/keys/{keyId}/revoke', url: '/api/things/1/keys/1/revoke', methods: ['post'] },
  { route: '/api/sensing/alerts/{id}/acknowledge', url: '/api/sensing/alerts/1/acknowledge', methods: ['post'] },
  { route: '/api/sensing/alerts/{id}/close', url: '/api/sensing/alerts/1/close', methods: ['post'] },
  { route: '/api/verification/kinds', url: '/api/verification/kinds', methods: ['get'] },
  { route: '/api/verification/kinds/{code}', url: '/api/verification/kinds/hotspot', methods: ['patch'] },
  { route: '/api/verification/hotspots', url: '/api/verification/hotspots', methods: ['post'] },
  { route: '/api/verification/hotspots/sample', url: '/api/verification/hotspots/sample', methods: ['post'] },
  {
    route: '/api/verification/tasks',
    url: '/api/verification/tasks',
    methods: ['get'],
    query: ['kind', 'status', 'division', 'overdue', 'page', 'pageSize'],
  },
  { route: '/api/verification/tasks/{id}', url: '/api/verification/tasks/1', methods: ['get'] },
  { route: '/api/verification/tasks/dispatch', url: '/api/verification/tasks/dispatch', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/dispatch', url: '/api/verification/tasks/1/dispatch', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/start', url: '/api/verification/tasks/1/start', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/feedback', url: '/api/verification/tasks/1/feedback', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/return', url: '/api/verification/tasks/1/return', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/close', url: '/api/verification/tasks/1/close', methods: ['post'] },
  { route: '/api/verification/tasks/{id}/photos', url: '/api/verification/tasks/1/photos', methods: ['post'] },
  { route: '/api/verification/photos/{id}', url: '/api/verification/photos/1', methods: ['get'], query: ['size'] },
  { route: '/api/verification/statistics', url: '/api/verification/statistics', methods: ['get'], query: ['kind', 'from', 'to', 'level'] },
  { route: '/api/verification/statistics.csv', url: '/api/verification/statistics.csv', methods: ['get'], query: ['kind', 'from', 'to', 'level'] },
  { route: '/api/verification/tasks.csv', url: '/api/verification/tasks.csv', methods: ['get'], query: ['kind', 'status', 'division', 'overdue'] },
  {
    route: '/api/verification/tasks.geojson',
    url: '/api/verification/tasks.geojson',
    methods: ['get'],
    query: ['kind', 'status', 'division', 'overdue'],
  },
  { route: '/api/camera-trap/detections', url: '/api/camera-trap/detections', methods: ['get'], query: ['status', 'thingId', 'page', 'pageSize'] },
  { route: '/api/camera-trap/detections/{id}/review', url: '/api/camera-trap/detections/1/review', methods: ['post'] },
  { route: '/api/camera-trap/detections.csv', url: '/api/camera-trap/detections.csv', methods: ['get'], query: ['status', 'thingId'] },
  { route: '/api/camera-trap/detections.geojson', url: '/api/camera-trap/detections.geojson', methods: ['get'], query: ['status', 'thingId'] },
  { route: '/api/camera-trap/things/{id}/photos', url: '/api/camera-trap/things/1/photos', methods: ['post'] },
  { route: '/api/camera-trap/species', url: '/api/camera-trap/species', methods: ['get'], query: ['q', 'limit'] },
  { route: '/api/camera-trap/sites', url: '/api/camera-trap/sites', methods: ['get'], query: ['thingId'] },
  { route: '/api/verification/county-boundaries', url: '/api/verification/county-boundaries', methods: ['get', 'put', 'delete'] },
  { route: '/api/verification/change-patches', url: '/api/verification/change-patches', methods: ['post'] },
  // device pushes (a device key instead of a session) and the AQI calculator; listed here because they have no GET
  { route: '/api/sensing/observations', url: '/api/sensing/observations', methods: ['post'] },
  { route: '/api/tools/aqi', url: '/api/tools/aqi', methods: ['post'] },
  // launching is open to visitors too (a public system); listed here because it has no GET
  { route: '/api/applications/{id}/launch', url: '/api/applications/1/launch', methods: ['post'] },
  { route: '/api/applications/{id}/favourite', url: '/api/applications/1/favourite', methods: ['put', 'delete'] },
  { route: '/api/manage/applications', url: '/api/manage/applications', methods: ['get', 'post'] },
  { route: '/api/manage/applications/{id}', url: '/api/manage/applications/1', methods: ['patch'] },
  { route: '/api/manage/tools', url: '/api/manage/tools', methods: ['get', 'post'] },
  { route: '/api/manage/tools/{id}', url: '/api/manage/tools/1', methods: ['patch'] },
  { route: '/api/manage/tools/{id}/versions', url: '/api/manage/tools/1/versions', methods: ['post'] },
  { route: '/api/manage/oidc-clients', url: '/api/manage/oidc-clients', methods: ['get', 'post'] },
  { route: '/api/manage/oidc-clients/{clientId}', url: '/api/manage/oidc-clients/x', methods: ['patch'] },
  { route: '/api/manage/notices', url: '/api/manage/notices', methods: ['get'], query: ['keyword', 'category', 'from', 'to', 'status', 'page', 'pageSize'] },
  { route: '/api/manage/notices/{id}', url: '/api/manage/notices/1', methods: ['get'] },
  { route: '/api/notices/{id}/publish', url: '/api/notices/1/publish', methods: ['post'] },
  { route: '/api/notices/{id}/withdraw', url: '/api/notices/1/withdraw', methods: ['post'] },
  { route: '/api/notices/{id}/attachments', url: '/api/notices/1/attachments', methods: ['post'] },
  { route: '/api/technical-regulations/{id}/documents', url: '/api/technical-regulations/1/documents', methods: ['post'] },
  { route: '/api/manage/oidc-clients/{clientId}/rotate-secret', url: '/api/manage/oidc-clients/x/rotate-secret', methods: ['post'] },
];

/** Public downloads of stored files: a fresh database has none, so they answer 404 here. */
const FILE_ROUTES: { route: string; url: string }[] = [
  { route: '/api/tools/downloads/files/{id}', url: '/api/tools/downloads/files/1' },
  // a fresh database has no notices or documents either (editors write and delete them at the same paths)
  { route: '/api/notices/{id}', url: '/api/notices/1' },
  { route: '/api/notices/{id}/attachments/{attachmentId}', url: '/api/notices/1/attachments/1' },
  { route: '/api/technical-regulations/{id}/documents/{documentId}', url: '/api/technical-regulations/1/documents/1' },
  // a detection's image (devices attach it with POST and their key)
  { route: '/api/sensing/detections/{id}/image', url: '/api/sensing/detections/1/image' },
];

const SHOW_TYPES: number[] = Object.values(ShowType);

/** `Content-Security-Policy` → directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources];
      }),
  );
}

/** The success envelope `{ success: true, data }` or the error envelope, and nothing else. */
function expectEnvelope(status: number, contentType: unknown, body: Record<string, unknown>): void {
  expect(String(contentType)).toMatch(/^application\/json/);
  if (status < 400) {
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(body.success).toBe(true);
    return;
  }
  expect(body.success).toBe(false);
  expect(body.errorCode).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
  expect(typeof body.errorMessage).toBe('string');
  expect(body.errorMessage).not.toBe('');
  expect(SHOW_TYPES).toContain(body.showType);
  expect(Object.keys(body).every((k) => ['success', 'errorCode', 'errorMessage', 'showType', 'details'].includes(k))).toBe(true);
}

describe('the API', () => {
  const ctx = useTestApp({ loaded: true });

  it.each(ROUTES)('answers $url with the success envelope', async ({ url }) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expectEnvelope(response.statusCode, response.headers['content-type'], response.json());
  });

  it.each(SIGNED_IN_ROUTES.filter((r) => r.methods.includes('get')))('answers $url with 401 and the error envelope to a visitor', async ({ url }) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(401);
    expectEnvelope(response.statusCode, response.headers['content-type'], response.json());
  });

  it.each(FAILURES)('answers %s with the error envelope and a 4xx status', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectEnvelope(response.statusCode, response.headers['content-type'], response.json());
  });

  it('compresses large bodies for clients that accept gzip', async () => {
    const response = await ctx.app.inject({ url: '/api/city-boundaries', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.success).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)));
  });

  it('sends an answer of 8 to 64 KB compressed in one piece, with its length (docs/api.md §Compression)', async () => {
    const response = await ctx.app.inject({ url: '/api/v1.1/Things', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const plain = zlib.brotliDecompressSync(response.rawPayload);
    // above the compression plugin's own choice on a 2-core machine (8 KB), which streamed it
    expect(plain.length).toBeGreaterThan(8192);
    expect(plain.length).toBeLessThanOrEqual(65_536);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  describe('OpenAPI document', () => {
    interface Parameter {
      in: string;
      name: string;
      required?: boolean;
    }
    let document: { openapi: string; paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

    beforeAll(async () => {
      const response = await ctx.app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      document = response.json();
    });

    it('is OpenAPI 3', () => {
      expect(document.openapi).toMatch(/^3\./);
    });

    it.each([...ROUTES, ...SIGNED_IN_ROUTES].filter((r) => r.query))('lists the query parameters of $route', ({ route, query }) => {
      const operations = document.paths[route]!;
      const names = (operations.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names.sort()).toEqual([...query!].sort());
    });

    it('documents paging as optional: page and pageSize have defaults', () => {
      const paging = (route: string) =>
        (document.paths[route]!.get!.parameters ?? []).filter((p) => p.name === 'page' || p.name === 'pageSize').map((p) => p.required ?? false);
      expect(paging('/api/technical-regulations')).toEqual([false, false]);
      expect(paging('/api/stations')).toEqual([false, false]);
    });

    it('lists the path parameters of the detail routes', () => {
      const pathParams = (route: string) => (document.paths[route]!.get!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParams('/api/technical-regulations/{id}')).toEqual(['id']);
      expect(pathParams('/api/stations/{code}')).toEqual(['code']);
      expect(pathParams('/api/stations/{code}/series')).toEqual(['code']);
    });

    it('documents paths that answer as documented', async () => {
      const signedIn = new Set(SIGNED_IN_ROUTES.map((r) => r.route));
      for (const [documented, operations] of Object.entries(document.paths)) {
        // the event stream never ends under inject (modules/sensing/read.test.ts covers it)
        if (!('get' in operations) || documented === '/api/sensing/stream') continue;
        const url = documented.replace('{id}', '1').replace('{code}', '1462A').replace('{attachmentId}', '1').replace('{documentId}', '1');
        const response = await ctx.app.inject({ url });
        const expected = FILE_ROUTES.some((r) => r.route === documented) ? 404 : signedIn.has(documented) ? 401 : 200;
        expect(response.statusCode, url).toBe(expected);
      }
    });
  });

  it('serves the API docs page at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs' });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      const target = await ctx.app.inject({ url: new URL(response.headers.location as string, 'http://localhost').pathname });
      expect(target.statusCode).toBe(200);
      expect(target.headers['content-type']).toMatch(/^text\/html/);
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  describe('security headers', () => {
    // the policy itself was checked against the real built app in Chromium (security-headers.ts);
    // here: it is sent everywhere, and says what it must
    let withWeb: FastifyInstance;
    let dist: string;

    beforeAll(async () => {
      dist = makeTempDir('eco-dist-');
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>门户</title><script type="module" src="./assets/index.js"></script>');
      withWeb = await buildTestApp(ctx.database, undefined, { webDist: dist });
    });

    afterAll(async () => {
      await withWeb?.close();
      if (dist) removeTempDir(dist);
    });

    it.each(['/', '/api/site', '/api/users'])('%s: scripts only from the portal, no plugins, no framing, forms and base only to the portal', async (url) => {
      const response = await withWeb.inject({ url });
      expect(response.statusCode).toBeLessThan(500);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // plain HTTP inside an agency's network must keep working
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('gives the API docs a policy of their own that still allows only the portal’s scripts', async () => {
      const response = await withWeb.inject({ url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    });
  });
});
