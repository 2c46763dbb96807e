/**
 * The public figures answered from memory before Fastify (http/public-fast-path.ts), over a real
 * socket as visitors reach them (`app.inject` never goes through the HTTP server): the same bytes
 * and headers as Fastify's own answer, a request id of their own, counted in the metrics and
 * logged; a signed-in user, a revalidation or a change always reaches Fastify.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewThingKey, Overview, Thing, ThingDetail } from '@eco/contracts/sensing';
import { buildApp } from '../app';
import { datastreams, things } from '../db/schema';
import { signedInAs } from '../test/browser';
import { organisationIdOf } from '../test/organisations';
import { dataOf, jsonLogLines, TEST_CONFIG } from '../test/test-app';
import { createLoadedDatabase, type TestDatabase } from '../test/test-database';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET `path` over a socket of its own, the body as sent (not decompressed). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The headers that differ between two answers of the same bytes by design. */
const withoutOwn = ({ date: _date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;

describe('public figures answered from memory, over HTTP', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createLoadedDatabase();
    app = await buildApp({ config: { ...TEST_CONFIG, logLevel: 'info' }, database, logStream: jsonLogLines(logged) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('sends the same bytes and headers as the first answer, in each encoding, each with its own request id', async () => {
    for (const [path, headers] of [
      ['/api/sensing/overview', {}],
      ['/api/city-boundaries', { 'accept-encoding': 'br' }],
      ['/api/city-boundaries', { 'accept-encoding': 'gzip, deflate' }],
      ['/api/city-boundaries', {}],
    ] as const) {
      const answers = [await get(base, path, headers), await get(base, path, headers), await get(base, path, headers)];
      for (const answer of answers) {
        expect(answer.status, path).toBe(200);
        expect(answer.body.equals(answers[0]!.body), path).toBe(true);
        expect(withoutOwn(answer.headers), path).toEqual(withoutOwn(answers[0]!.headers));
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
      }
      expect(answers[0]!.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answers[0]!.headers['content-encoding']).toBe(headers['accept-encoding']?.split(',')[0]);
      expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(3);
    }
    // a proxy's request id is kept, as Fastify keeps it (the answer read again first: the loop above
    // can take longer than the answer's maximum age on a busy machine)
    await get(base, '/api/sensing/overview');
    const viaNginx = await get(base, '/api/sensing/overview', { 'x-request-id': '0f6c2bd3a1e94c3f8d21b7e5a9c04f11' });
    expect(viaNginx.headers['x-request-id']).toBe('0f6c2bd3a1e94c3f8d21b7e5a9c04f11');
    const completed = logged.filter((l) => l.msg === 'request completed' && l.reqId === '0f6c2bd3a1e94c3f8d21b7e5a9c04f11');
    expect(completed).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ method: 'GET', url: '/api/sensing/overview' }), res: { statusCode: 200 } }),
    ]);
  });

  it('counts every answer in the metrics under its route', async () => {
    const count = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('eco_http_request_duration_seconds_count{method="GET",route="/api/sensing/overview",status="200"}'));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    for (let i = 0; i < 5; i++) expect((await get(base, '/api/sensing/overview')).status).toBe(200);
    expect(await count()).toBe(before + 5);
  });

  it('shows a pushed observation in the very next read', async () => {
    const { browser: admin } = await signedInAs(app, database.db, 'admin');
    const [station] = await database.db.select({ id: things.id }).from(things).where(eq(things.code, '1463A'));
    const [stream] = await database.db.select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.thingId, station!.id));
    const { key } = dataOf(await admin.post<NewThingKey>(`/api/things/${station!.id}/keys`));
    const figures = async () => (JSON.parse((await get(base, '/api/sensing/overview')).body.toString()) as { data: Overview }).data;
    const before = await figures();
    expect(await figures()).toEqual(before);
    const pushed = await fetch(`${base}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: stream!.id, phenomenonTime: new Date().toISOString(), result: 7 }] }),
    });
    expect(pushed.status).toBe(200);
    expect((await figures()).observationsLast24h).toBe(before.observationsLast24h + 1);
  });

  it("never gives a signed-in user the visitors' answer, nor a browser revalidating its copy a body", async () => {
    // a camera trap: visitors see where it stands within 0.1° only (things/geoprivacy.ts), its administrator exactly
    const { browser: admin } = await signedInAs(app, database.db, 'admin');
    const organisationId = await organisationIdOf(database.db, '610124');
    const trap = {
      code: 'IR-FAST-1',
      kind: 'infrared_camera',
      name: 'IR-FAST-1 周至',
      organisationId,
      status: 'active',
      longitude: 108.22234,
      latitude: 34.16338,
    };
    expect((await admin.post<ThingDetail>('/api/things', trap)).status).toBe(201);
    const visitors = await get(base, '/api/sensing/things');
    expect((await get(base, '/api/sensing/things')).body.equals(visitors.body)).toBe(true);
    expect(visitors.body.toString()).not.toContain('108.22234');
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const signedIn = await get(base, '/api/sensing/things', { cookie });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body.toString())).toEqual((await admin.get<Thing[]>('/api/sensing/things')).body);
    expect(signedIn.body.toString()).toContain('108.22234');

    const revalidated = await get(base, '/api/sensing/things', { 'if-none-match': visitors.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });
});
