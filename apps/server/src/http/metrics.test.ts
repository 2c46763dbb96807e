/**
 * `GET /metrics` as Prometheus and an operator see it (README §Operations): the text exposition
 * format from an allowed address, the 404 of an unknown path from any other (also when a proxy on
 * this host forwards for a visitor), request durations by route pattern, observations ingested,
 * open event streams, the database and Node's event-loop lag.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datastreams, thingKeys, things } from '../db/schema';
import { hashKey, KEY_PREFIX_LENGTH, newKey } from '../modules/things/device-keys';
import { Browser } from '../test/browser';
import { buildTestApp, getJson, useTestApp } from '../test/test-app';
import { TEST_DB_KIND } from '../test/test-database';

/** The value of the sample `name{labels}` (labels as Prometheus writes them), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  const ctx = useTestApp({ loaded: true });

  async function scrape(app = ctx.app): Promise<string> {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('answers loopback in the Prometheus text format, with the event-loop lag and the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sample(response.body, 'eco_db_up')).toBe(1);
    expect(sample(response.body, 'eco_db_ping_seconds')).toBeGreaterThan(0);
    // postgres.js keeps its pool to itself: PostgreSQL tells how many connections the portal holds
    if (TEST_DB_KIND === 'postgres') expect(sample(response.body, 'eco_db_connections', 'state="active"')).toBeGreaterThanOrEqual(1);
  });

  it('answers any other address, and a proxy forwarding for one, as it answers an unknown path', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no-such-path', remoteAddress: '203.0.113.9' });
    for (const request of [
      { remoteAddress: '203.0.113.9' },
      { remoteAddress: '::ffff:198.51.100.4' },
      // nginx on this host: the peer is loopback, the visitor is in X-Forwarded-For
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', ...request });
      expect(response.statusCode, JSON.stringify(request)).toBe(404);
      expect(response.json(), JSON.stringify(request)).toEqual({ ...unknown.json(), errorMessage: expect.stringContaining('/metrics') });
    }
  });

  it('answers the addresses METRICS_ALLOW names, and only those', async () => {
    const app = await buildTestApp(ctx.database, undefined, { metricsAllow: ['10.20.0.0/16', '2001:db8::7'] });
    try {
      for (const remoteAddress of ['10.20.3.4', '::ffff:10.20.0.1', '2001:db8::7'])
        expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
      for (const remoteAddress of ['10.21.0.1', '127.0.0.1', '2001:db8::8'])
        expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('times requests by route pattern and status, never by the raw URL', async () => {
    await getJson(ctx.app, '/api/notices/987654');
    await getJson(ctx.app, '/api/notices/987655');
    await getJson(ctx.app, '/wp-login.php?probe=1');
    const text = await scrape();
    expect(sample(text, 'eco_http_request_duration_seconds_count', 'method="GET",route="/api/notices/:id",status="404"')).toBe(2);
    expect(sample(text, 'eco_http_request_duration_seconds_count', 'method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('wp-login');
  });

  it('counts the observations ingested, by result', async () => {
    const db = ctx.database.db;
    const [station] = await db.select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
    const [pm] = await db
      .select({ id: datastreams.id })
      .from(datastreams)
      .where(and(eq(datastreams.thingId, station!.id), eq(datastreams.observedPropertyCode, 'pm2_5')));
    const key = newKey();
    await db.insert(thingKeys).values({ thingId: station!.id, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH) });
    const before = await scrape();
    const accepted = (text: string) => sample(text, 'eco_observations_ingested_total', 'result="accepted"') ?? 0;
    const duplicate = (text: string) => sample(text, 'eco_observations_ingested_total', 'result="duplicate"') ?? 0;
    const hour = new Date(Date.now() - 3_600_000).toISOString();
    const response = await new Browser(ctx.app).request(
      'POST',
      '/api/sensing/observations',
      {
        observations: [
          { datastreamId: pm!.id, phenomenonTime: hour, result: 41 },
          { datastreamId: pm!.id, phenomenonTime: hour, result: 41 },
        ],
      },
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(response.status).toBe(200);
    const after = await scrape();
    expect([accepted(after) - accepted(before), duplicate(after) - duplicate(before)]).toEqual([1, 1]);
  });

  it('counts the open event streams', async () => {
    const app = await buildTestApp(ctx.database);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const streams = () => scrape(app).then((text) => sample(text, 'eco_event_stream_clients'));
      expect(await streams()).toBe(0);
      const request = http.get({ host: '127.0.0.1', port, path: '/api/sensing/stream' });
      await new Promise<void>((resolve) => request.once('response', () => resolve()));
      await expect.poll(streams).toBe(1);
      request.destroy();
      await expect.poll(streams).toBe(0);
    } finally {
      await app.close();
    }
  });
});
