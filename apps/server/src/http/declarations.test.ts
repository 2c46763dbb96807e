/**
 * Every endpoint declaration, checked as a whole (docs/api.md §Endpoints, §Input): each is
 * registered and well formed, and each refuses hostile input with a clear 400 as every role —
 * never a 5xx, never a change. The cases are generated from the declarations, so an endpoint
 * added later is tried the same way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@eco/contracts/api/all-endpoints';
import type { Endpoint } from '@eco/contracts/api/endpoint';
import { API_TAGS } from '@eco/contracts/api/tags';
import { ERROR_CODES } from '@eco/contracts/error-codes';
import { thingKeys, things } from '../db/schema';
import { hashKey, KEY_PREFIX_LENGTH, newKey } from '../modules/things/device-keys';
import { Browser, signedInAs } from '../test/browser';
import { useTestApp } from '../test/test-app';
import { countRows } from '../test/test-database';

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
}

/** Every object schema inside `schema` (itself included), with where it sits. */
function objectsIn(schema: Schema, at = ''): { at: string; schema: Schema }[] {
  const found: { at: string; schema: Schema }[] = [];
  if (schema.properties) found.push({ at: at || '/', schema });
  for (const [name, child] of Object.entries(schema.properties ?? {})) found.push(...objectsIn(child, `${at}/${name}`));
  if (schema.items) found.push(...objectsIn(schema.items, `${at}/[]`));
  for (const branch of schema.anyOf ?? []) found.push(...objectsIn(branch, at));
  return found;
}

function typesOf(schema: Schema): string[] {
  return [schema.type, ...(schema.anyOf ?? []).map((branch) => branch.type), schema.items?.type].flat().filter((t): t is string => typeof t === 'string');
}

/** The URL of `endpoint` with every path parameter valid (its first example, or `1`) except `override`. */
function urlOf(endpoint: Endpoint, override: Record<string, string> = {}, query = ''): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = endpoint.params?.properties[name] as Schema & { examples?: unknown[] };
    return override[name] ?? (schema.examples?.[0] !== undefined ? String(schema.examples[0]) : '1');
  });
  return query ? `${path}?${query}` : path;
}

/** The event stream: a GET that never ends under `app.inject` (its own tests: modules/sensing/read.test.ts). */
function isStream(endpoint: Endpoint): boolean {
  return endpoint.raw?.mediaTypes.includes('text/event-stream') === true;
}

/** A write with neither parameters nor body: signing out, which would end the session the sweep uses. */
function endsSession(endpoint: Endpoint): boolean {
  return endpoint.method !== 'GET' && !endpoint.params && !endpoint.body && !endpoint.upload;
}

describe('endpoint declarations', () => {
  it('have unique operationIds and known tags, and name only catalogued error codes', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const endpoint of ALL_ENDPOINTS) {
      for (const tag of endpoint.tags) expect(Object.keys(API_TAGS), endpoint.operationId).toContain(tag);
      for (const code of endpoint.errors) expect(Object.keys(ERROR_CODES), endpoint.operationId).toContain(code);
      expect(endpoint.summary.length, endpoint.operationId).toBeGreaterThan(0);
      expect(endpoint.description.length, endpoint.operationId).toBeGreaterThan(0);
      expect(Boolean(endpoint.response) !== Boolean(endpoint.raw), `${endpoint.operationId}: one of response or raw`).toBe(true);
    }
  });

  it('declare exactly the parameters of their paths', () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(endpoint.params?.properties ?? {}).sort(), endpoint.operationId).toEqual(inPath);
    }
  });

  it('close every object of their queries and bodies, so unknown names are refused', () => {
    for (const endpoint of ALL_ENDPOINTS) {
      for (const part of [endpoint.query, endpoint.body]) {
        if (!part) continue;
        for (const { at, schema } of objectsIn(part as Schema)) expect(schema.additionalProperties, `${endpoint.operationId} ${at}`).toBe(false);
      }
    }
  });
});

describe('every declared endpoint, with hostile input', () => {
  const ctx = useTestApp({ loaded: true });
  let admin: Browser;
  let deviceKey: string;

  /**
   * A browser of the role the endpoint needs (an administrator passes every role check; signing
   * out gets an administrator of its own), or a device's headers.
   */
  async function caller(endpoint: Endpoint): Promise<{ browser: Browser; headers: Record<string, string> }> {
    if (endpoint.access.kind === 'device') return { browser: new Browser(ctx.app), headers: { authorization: `Bearer ${deviceKey}` } };
    if (endsSession(endpoint)) return { browser: (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser, headers: {} };
    return { browser: admin, headers: {} };
  }

  async function send(endpoint: Endpoint, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const who = await caller(endpoint);
    return who.browser.request(endpoint.method, url, body, { headers: { ...who.headers, ...headers } });
  }

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser;
    // a camera trap with a key, for the device endpoints
    const [thing] = await ctx.database.db
      .insert(things)
      .values({ code: 'SWEEP-CAM-1', kind: 'infrared_camera', name: '扫描测试红外相机' })
      .returning({ id: things.id });
    deviceKey = newKey();
    await ctx.database.db.insert(thingKeys).values({ thingId: thing!.id, keyHash: hashKey(deviceKey), prefix: deviceKey.slice(0, KEY_PREFIX_LENGTH) });
  });

  it('is registered: no declaration answers 404 NOT_FOUND (no such route)', async () => {
    for (const endpoint of ALL_ENDPOINTS.filter((e) => !isStream(e))) {
      const response = await send(endpoint, urlOf(endpoint));
      expect(response.body?.success === false ? response.body.errorCode : 'ok', `${endpoint.method} ${endpoint.path}`).not.toBe('NOT_FOUND');
    }
  });

  it('answers every read only signed-in users or devices may make with Cache-Control: no-store', async () => {
    let checked = 0;
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.method === 'GET' && e.access.kind !== 'public' && !isStream(e))) {
      const response = await send(endpoint, urlOf(endpoint));
      if (response.status !== 200) continue; // a row `1` that does not exist: nothing private answered
      expect(response.headers['cache-control'], endpoint.operationId).toBe('no-store');
      checked++;
    }
    // the user list, the audit log, the device registry, the management lists…
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('refuses non-finite and non-decimal numbers in the path and the query with 400', async () => {
    const bad = ['1e309', 'Infinity', '-Infinity', 'NaN', '0x10', '1e3', '99999999999999999999'];
    for (const endpoint of ALL_ENDPOINTS) {
      const params = Object.entries((endpoint.params?.properties ?? {}) as Record<string, Schema>).filter(([, s]) =>
        typesOf(s).some((t) => t === 'integer' || t === 'number'),
      );
      const query = Object.entries((endpoint.query?.properties ?? {}) as Record<string, Schema>).filter(([, s]) =>
        typesOf(s).some((t) => t === 'integer' || t === 'number'),
      );
      for (const value of bad) {
        for (const [name] of params) {
          const response = await send(endpoint, urlOf(endpoint, { [name]: value }));
          expect([response.status, response.body?.success === false && response.body.errorCode], `${endpoint.operationId} ${name}=${value}`).toEqual([
            400,
            'VALIDATION_FAILED',
          ]);
        }
        for (const [name] of query) {
          const response = await send(endpoint, urlOf(endpoint, {}, `${name}=${encodeURIComponent(value)}`));
          expect([response.status, response.body?.success === false && response.body.errorCode], `${endpoint.operationId} ?${name}=${value}`).toEqual([
            400,
            'VALIDATION_FAILED',
          ]);
        }
      }
    }
  });

  it('refuses dates and times outside 1900–2099 in the query with 400', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      for (const [name, schema] of Object.entries((endpoint.query?.properties ?? {}) as Record<string, Schema>)) {
        const format = schema.format ?? schema.anyOf?.find((b) => b.format)?.format;
        if (format !== 'date' && format !== 'date-time') continue;
        for (const value of format === 'date' ? ['0000-01-01', '2100-01-01', '1899-12-31'] : ['0000-01-01T00:00:00Z', '2100-01-01T00:00:00+08:00']) {
          const response = await send(endpoint, urlOf(endpoint, {}, `${name}=${encodeURIComponent(value)}`));
          expect([response.status, response.body?.success === false && response.body.errorCode], `${endpoint.operationId} ?${name}=${value}`).toEqual([
            400,
            'VALIDATION_FAILED',
          ]);
        }
      }
    }
  });

  it('refuses an unknown query parameter, naming it', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const response = await send(endpoint, urlOf(endpoint, {}, 'pagesize=5'));
      expect(response.status, endpoint.operationId).toBe(400);
      expect(response.body?.success === false && response.body.details?.map((d) => d.field), endpoint.operationId).toContain('querystring/pagesize');
    }
  });

  it('refuses an unknown body property with 400 naming it, and changes nothing', async () => {
    const before = await countRows(ctx.database.db);
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.method !== 'GET' && !e.upload && !endsSession(e))) {
      const response = await send(endpoint, urlOf(endpoint), { unknownProperty: 1 });
      if (endpoint.bodyMediaType) {
        // a text body (CSV) has no properties: JSON is the wrong media type there
        expect([response.status, response.body?.success === false && response.body.errorCode], endpoint.operationId).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
        continue;
      }
      expect(response.status, endpoint.operationId).toBe(400);
      expect(response.body?.success === false && response.body.details?.map((d) => d.field), endpoint.operationId).toContain('body/unknownProperty');
    }
    const after = await countRows(ctx.database.db);
    // refused requests write nothing, not even to the audit log
    expect(after).toEqual(before);
  });

  it('refuses a body that is not UTF-8 with 400 INVALID_ENCODING, and stores nothing', async () => {
    const before = await countRows(ctx.database.db);
    // "名称" in GBK: D7 BC B3 C6, not a UTF-8 sequence
    const gbk = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0xfb, 0xb3, 0xc6]), Buffer.from('"}')]);
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.body)) {
      const response = await send(endpoint, urlOf(endpoint), gbk, { 'content-type': 'application/json' });
      expect([response.status, response.body?.success === false && response.body.errorCode], endpoint.operationId).toEqual([400, 'INVALID_ENCODING']);
    }
    expect(await countRows(ctx.database.db)).toEqual(before);
  });

  it('answers no request of any role with a 5xx', async () => {
    const hostile = ['', '%00', '%E4%B8', "'; drop table users; --", '<script>alert(1)</script>', 'a'.repeat(5000), '-1', '0', '2147483648', 'null', '[]'];
    const roles = await Promise.all((['staff', 'editor'] as const).map(async (role) => (await signedInAs(ctx.app, ctx.database.db, role)).browser));
    // the administrator first: a request its schema refuses (400 with field `details`, which only
    // Fastify's validation gives) is refused the same to every role, as the schema is the same, so
    // the others are sent only what gets past it: the handlers, where roles take different paths
    const others = [new Browser(ctx.app), ...roles];
    for (const endpoint of ALL_ENDPOINTS.filter((e) => !endsSession(e) && !isStream(e))) {
      for (const value of hostile) {
        const params = Object.fromEntries(Object.keys(endpoint.params?.properties ?? {}).map((name) => [name, value]));
        const query = Object.keys(endpoint.query?.properties ?? {})
          .map((name) => `${name}=${value}`)
          .join('&');
        const headers: Record<string, string> = endpoint.access.kind === 'device' ? { authorization: `Bearer ${deviceKey}` } : {};
        const body = endpoint.body ? (value === '' ? undefined : { value }) : undefined;
        const send = (browser: Browser) => browser.request(endpoint.method, urlOf(endpoint, params, query), body, { headers });
        const answer = await send(admin);
        expect(answer.status, `admin ${endpoint.operationId} ${value.slice(0, 20)}`).toBeLessThan(500);
        if (answer.status === 400 && answer.body?.success === false && answer.body.details) continue;
        for (const browser of others) {
          const response = await send(browser);
          expect(response.status, `other ${endpoint.operationId} ${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
  });
});
