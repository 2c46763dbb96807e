/**
 * The sensing hub's figures through the HTTP API of a running server:
 * - ingestion throughput: observations per second of `POST /api/sensing/observations` in batches
 *   of 1000 (sequential requests, one device key), of full batches of 10 000, and of batches of 1000
 *   from DEVICES stations pushing at the same time (each its own key, requests in parallel);
 * - the latency of a 7-day hourly series query (`GET /api/sensing/datastreams/:id/series`) for one
 *   station once the observations table holds `totalRows` (default 1 million; pushed through the
 *   API as 1-minute values of the station's 15 Datastreams).
 * An administrator (ADMIN_ACCOUNT/ADMIN_PASSWORD of the server) signs in to create the key.
 */
import { performance } from 'node:perf_hooks';
import { getJson } from './get-json';

export interface Session {
  cookie: string;
  csrf: string;
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
}

export async function signIn(baseUrl: string, account: string, password: string): Promise<Session> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${baseUrl}/api/session`);
  cookiesOf(first, jar);
  const csrf = ((await first.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const signedIn = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-csrf-token': csrf, origin: baseUrl },
    body: JSON.stringify({ account, password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  cookiesOf(signedIn, jar);
  const again = await fetch(`${baseUrl}/api/session`, { headers: { cookie: header() } });
  cookiesOf(again, jar);
  return { cookie: header(), csrf: ((await again.json()) as { data: { csrfToken: string } }).data.csrfToken };
}

export async function api<T>(baseUrl: string, session: Session, method: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: baseUrl } });
  const body = (await response.json()) as { success: boolean; data: T };
  if (!body.success) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data;
}

async function push(baseUrl: string, key: string, observations: unknown[]): Promise<number> {
  const response = await fetch(`${baseUrl}/api/sensing/observations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ observations }),
  });
  const body = (await response.json()) as { success: boolean; data: { accepted: number } };
  if (!body.success) throw new Error(`push failed: ${JSON.stringify(body)}`);
  return body.data.accepted;
}

/** stations pushing at once in the parallel measurement */
export const DEVICES = 4;

export interface SensingFigures {
  batch1000PerSecond: number;
  parallel1000PerSecond: number;
  batch10000PerSecond: number;
  totalRows: number;
  seriesP50Ms: number;
  seriesMaxMs: number;
  buckets: number;
  /** SensorThings: a page of 1000 of one Datastream's Observations with $filter and $orderby */
  staPageP50Ms: number;
  staPageP99Ms: number;
  staPageRows: number;
}

/** The p50 and p99 (of `times`, sorted here), ms. */
function percentiles(times: number[]): { p50: number; p99: number; max: number } {
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!, max: times.at(-1)! };
}

export async function measureSensing(baseUrl: string, admin: { account: string; password: string }, totalRows = 1_000_000): Promise<SensingFigures> {
  const session = await signIn(baseUrl, admin.account, admin.password);
  const page = await api<{ items: { id: number }[] }>(baseUrl, session, 'GET', '/api/things?keyword=1462A');
  const thingId = page.items[0]!.id;
  const detail = await api<{ datastreams: { id: number; observedProperty: string }[] }>(baseUrl, session, 'GET', `/api/things/${thingId}`);
  const { key } = await api<{ key: string }>(baseUrl, session, 'POST', `/api/things/${thingId}/keys`);
  const streams = detail.datastreams.filter((d) => d.observedProperty !== 'aqi').map((d) => d.id);
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;

  // 1-minute values going back from `end`, stream by stream: item i of the whole run
  let next = 0;
  const perStream = Math.ceil(totalRows / streams.length);
  const items = (n: number) =>
    Array.from({ length: n }, () => {
      const i = next++;
      const stream = streams[Math.floor(i / perStream) % streams.length]!;
      return { datastreamId: stream, phenomenonTime: new Date(end - (i % perStream) * 60_000).toISOString(), result: 20 + (i % 97) };
    });

  for (let b = 0; b < 5; b++) await push(baseUrl, key, items(1000)); // warm-up: the server's first requests compile its code
  let started = performance.now();
  let accepted = 0;
  for (let b = 0; b < 20; b++) accepted += await push(baseUrl, key, items(1000));
  const batch1000PerSecond = accepted / ((performance.now() - started) / 1000);

  const parallel1000PerSecond = await measureParallel(baseUrl, session, end);

  started = performance.now();
  accepted = 0;
  for (let b = 0; b < 3; b++) accepted += await push(baseUrl, key, items(10_000));
  const batch10000PerSecond = accepted / ((performance.now() - started) / 1000);

  while (next < totalRows) await push(baseUrl, key, items(Math.min(10_000, totalRows - next)));

  const stream = streams[0]!;
  const to = new Date(end).toISOString();
  const from = new Date(end - 7 * 24 * 3_600_000).toISOString();
  const url = `${baseUrl}/api/sensing/datastreams/${stream}/series?interval=hour&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const times: number[] = [];
  let buckets = 0;
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    const body = (await getJson(url)) as { data: { buckets: unknown[] } };
    times.push(performance.now() - t0);
    buckets = body.data.buckets.length;
  }
  const series = percentiles(times);

  // the same Datastream through SensorThings: newest first, a filter on the result, 1000 a page
  const staPage = `${baseUrl}/api/v1.1/Datastreams(${stream})/Observations?$filter=${encodeURIComponent('result gt 50')}&$orderby=${encodeURIComponent('phenomenonTime desc')}&$top=1000`;
  const pageTimes: number[] = [];
  let pageRows = 0;
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const body = (await (await fetch(staPage)).json()) as { value: unknown[] };
    pageTimes.push(performance.now() - t0);
    pageRows = body.value.length;
  }
  const sta = percentiles(pageTimes);
  return {
    batch1000PerSecond,
    parallel1000PerSecond,
    batch10000PerSecond,
    totalRows: next,
    seriesP50Ms: series.p50,
    seriesMaxMs: series.max,
    buckets,
    staPageP50Ms: sta.p50,
    staPageP99Ms: sta.p99,
    staPageRows: pageRows,
  };
}

/**
 * Observations per second while DEVICES other stations push batches of 1000 at the same time, 10
 * batches each (1-minute instants going back from `end`, dealt round their pollutant Datastreams).
 */
async function measureParallel(baseUrl: string, session: Session, end: number): Promise<number> {
  const page = await api<{ items: { id: number; code: string }[] }>(baseUrl, session, 'GET', '/api/things?kind=air_quality_station&pageSize=20');
  const devices = await Promise.all(
    page.items
      .filter((t) => t.code !== '1462A')
      .slice(0, DEVICES)
      .map(async (thing) => {
        const detail = await api<{ datastreams: { id: number; observedProperty: string }[] }>(baseUrl, session, 'GET', `/api/things/${thing.id}`);
        const { key } = await api<{ key: string }>(baseUrl, session, 'POST', `/api/things/${thing.id}/keys`);
        return { key, streams: detail.datastreams.filter((d) => d.observedProperty !== 'aqi').map((d) => d.id) };
      }),
  );
  const batch = (streams: number[], b: number) =>
    Array.from({ length: 1000 }, (_, i) => ({
      datastreamId: streams[i % streams.length]!,
      phenomenonTime: new Date(end - (b * 1000 + i) * 60_000).toISOString(),
      result: 20 + (i % 97),
    }));
  const started = performance.now();
  const accepted = await Promise.all(
    devices.map(async ({ key, streams }) => {
      let n = 0;
      for (let b = 0; b < 10; b++) n += await push(baseUrl, key, batch(streams, b));
      return n;
    }),
  );
  return accepted.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}
