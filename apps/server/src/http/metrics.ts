/**
 * Prometheus metrics (prom-client) at `GET /metrics`, in the text exposition format, for the
 * addresses METRICS_ALLOW names (config.ts; default loopback). Everyone else gets the 404 any unknown
 * path gets, so the portal's public face does not show the endpoint exists (README §Operations).
 *
 * Two registries, neither of them prom-client's global default (tests build many apps in one process):
 * - the process's ({@link processRegistry}): Node's default metrics (event-loop lag
 *   `nodejs_eventloop_lag_seconds`, heap, GC, CPU, open file descriptors) and
 *   `eco_observations_ingested_total`, which belong to the process whatever app runs in it;
 * - the app's ({@link AppMetrics}): HTTP request durations by method, route pattern and status;
 *   the database (up, the time a trivial query takes through the pool, and on PostgreSQL the
 *   portal's connections by state); event-stream and MQTT clients.
 *
 * The database pool: postgres.js does not tell how many of its connections are open or idle, so
 * the pool is seen from both ends instead: `eco_db_ping_seconds` (a `select 1` through the pool at
 * scrape time: it includes the wait for a free connection, so it climbs when the pool is
 * saturated) and, on PostgreSQL, `eco_db_connections{state}` from `pg_stat_activity` (every
 * connection of this portal to its database, all processes together, by state).
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../lib/sql-rows';

/** The process-wide observations counter; see {@link recordIngestion}. */
const observationsIngested = new Counter({
  name: 'eco_observations_ingested_total',
  help: 'Observation items received by ingestion (HTTP pushes, SensorThings, MQTT) and committed, by result: accepted (stored), duplicate (already stored), rejected (implausible, not the device’s Datastream …)',
  labelNames: ['result'] as const,
  registers: [],
});

let processRegistry: Registry | null = null;

/** The registry of what belongs to the process: Node's default metrics and the ingestion counter. Made on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    processRegistry.registerMetric(observationsIngested);
  }
  return processRegistry;
}

/**
 * Counts the items of one committed ingestion (sensing/ingest.ts, after the commit), by result.
 * Process-wide: a server process runs one app.
 */
export function recordIngestion(result: { accepted: number; duplicate: number; rejected: number }): void {
  if (result.accepted > 0) observationsIngested.inc({ result: 'accepted' }, result.accepted);
  if (result.duplicate > 0) observationsIngested.inc({ result: 'duplicate' }, result.duplicate);
  if (result.rejected > 0) observationsIngested.inc({ result: 'rejected' }, result.rejected);
}

/** How long the database figures may take at scrape time before they count as down, ms. */
const DATABASE_SCRAPE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `pg_stat_activity.state` values a connection of ours can be in; each is always reported, 0 when none. */
const CONNECTION_STATES = ['active', 'idle', 'idle in transaction', 'idle in transaction (aborted)'];

/** The metrics of one app: its registry, and the sources of the figures it reads at scrape time. */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'eco_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern (/api/notices/:id; "unmatched" for unknown paths) and status; the event stream is left out (it lasts as long as the client stays)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private eventStreams: () => number = () => 0;
  private mqttClients: () => number = () => 0;

  constructor() {
    const self = this;
    new Gauge({
      name: 'eco_event_stream_clients',
      help: 'Open event streams (GET /api/sensing/stream) of this process',
      registers: [this.registry],
      collect() {
        this.set(self.eventStreams());
      },
    });
    new Gauge({
      name: 'eco_mqtt_clients',
      help: 'Clients connected to this process’s SensorThings MQTT broker (0 when it is off)',
      registers: [this.registry],
      collect() {
        this.set(self.mqttClients());
      },
    });
  }

  /** Where the number of open event streams comes from (sensing/routes.ts). */
  countEventStreams(source: () => number): void {
    this.eventStreams = source;
  }

  /** Where the number of MQTT clients comes from (main.ts, once the broker listens). */
  countMqttClients(source: () => number): void {
    this.mqttClients = source;
  }

  /** Records one answered request: `seconds` from its arrival to the last byte sent. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** The database figures, read at scrape time (see the module's comment). */
  trackDatabase(database: DatabaseHandle): void {
    let figures = { up: 0, pingSeconds: Number.NaN, connections: [] as { state: string; n: number }[] };
    /** the probe of the scrape under way: the gauges are collected at once (Registry.metrics), and share it */
    let probing: Promise<void> | null = null;
    const probe = async (): Promise<void> => {
      const started = process.hrtime.bigint();
      try {
        await withTimeout(database.ping(), DATABASE_SCRAPE_TIMEOUT_MS);
        const pingSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        let connections: { state: string; n: number }[] = [];
        if (database.kind === 'postgres') {
          const rows = rowsOf<{ state: string | null; n: number | string }>(
            await withTimeout(
              database.db.execute(sql`
                select state, count(*) as n from pg_stat_activity
                where datname = current_database() and application_name = current_setting('application_name')
                group by state`),
              DATABASE_SCRAPE_TIMEOUT_MS,
            ),
          );
          connections = rows.map((row) => ({ state: row.state ?? 'unknown', n: Number(row.n) }));
        }
        figures = { up: 1, pingSeconds, connections };
      } catch {
        figures = { up: 0, pingSeconds: Number.NaN, connections: [] };
      }
    };
    const probed = () => (probing ??= probe().finally(() => (probing = null)));
    new Gauge({
      name: 'eco_db_up',
      help: '1 when the database answered a trivial query at scrape time (within 2 s), else 0',
      registers: [this.registry],
      async collect() {
        await probed();
        this.set(figures.up);
      },
    });
    new Gauge({
      name: 'eco_db_ping_seconds',
      help: 'Time a trivial query took through the connection pool at scrape time, the wait for a free connection included (NaN when the database did not answer)',
      registers: [this.registry],
      async collect() {
        await probed();
        this.set(figures.pingSeconds);
      },
    });
    if (database.kind !== 'postgres') return;
    new Gauge({
      name: 'eco_db_connections',
      help: 'Connections of this portal (every process: same application_name) to its PostgreSQL database, by pg_stat_activity state',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        await probed();
        this.reset();
        for (const state of CONNECTION_STATES) this.set({ state }, 0);
        for (const { state, n } of figures.connections) this.set({ state }, n);
      },
    });
  }

  /** Everything to expose: the process's metrics and this app's. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }
}

/** `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) → `127.0.0.1`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** A check of addresses against METRICS_ALLOW's addresses and CIDRs. */
export function addressAllowList(entries: readonly string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address.trim());
    const family = net.isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The addresses a request came through: the peer of the socket and every address of
 * `X-Forwarded-For`. All must be allowed, whatever TRUST_PROXY says: behind a reverse proxy on
 * this host the peer is loopback, and the visitor it forwards for must not pass as local.
 */
function addressesOf(request: FastifyRequest): string[] {
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').filter((a) => a.trim() !== '');
  return [request.socket.remoteAddress ?? '', ...hops];
}

/**
 * Registers the request-duration hook on `app` (the root, before the modules, so it sees every
 * route) and `GET /metrics` for `allow` (addresses/CIDRs).
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, database, allow }: { metrics: AppMetrics; database: DatabaseHandle; allow: readonly string[] },
): void {
  metrics.trackDatabase(database);
  const allowed = addressAllowList(allow);

  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (endpoint?.raw?.mediaTypes.includes('text/event-stream')) return;
    // the pattern, never the raw URL: one series per route, not per notice id or per scanner's guess
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  // not an endpoint of the API (packages/contracts/src/api): Prometheus's format, not the envelope, and not under /api
  app.get('/metrics', async (request, reply) => {
    if (!addressesOf(request).every(allowed)) {
      request.log.info({ from: addressesOf(request) }, 'GET /metrics refused: not from an address METRICS_ALLOW names');
      return reply.callNotFound();
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
