/**
 * Reads the configuration, opens (and migrates) the database, loads the bundled data on first
 * start, creates the first administrator from ADMIN_ACCOUNT/ADMIN_PASSWORD while none exists, and
 * listens; then starts the SensorThings MQTT broker on MQTT_PORT (off with one line when that port
 * cannot be had: the portal serves without it). On PostgreSQL the sensing events are relayed to and
 * from the other server processes on the same database (modules/sensing/relay.ts). Any start-up
 * failure of the portal itself prints one line saying what is wrong and exits 1. SIGTERM/SIGINT
 * stop it gracefully within SHUTDOWN_TIMEOUT_MS (README §Operations): no new connections, event
 * streams told to reconnect, requests in flight finished, the MQTT broker, the relay and the
 * database closed, exit 0.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from './db/client';
import { startPartitionMaintenance } from './db/partitions';
import { DataFolderLockedError } from './db/pglite-lock';
import { AppMetrics } from './http/metrics';
import { SensingBus } from './modules/sensing/events';
import { observationsEvent } from './modules/sensing/observations-event';
import { type Relay, startRelay } from './modules/sensing/relay';
import type { MqttBroker } from './modules/sensorthings/mqtt/broker';
import { MqttEndpoint } from './modules/sensorthings/mqtt/endpoint';
import { startMqttBroker } from './modules/sensorthings/mqtt/start';
import { AdminSetupError, ensureFirstAdmin } from './modules/users/first-admin';
import { DataFileError } from './seed/data-file-error';
import { loadBundledData } from './seed/load-bundled-data';

const KNOWN = [ConfigError, DataFolderLockedError, DatabaseUnavailableError, DataFileError, AdminSetupError];

function fail(error: unknown): never {
  const known = KNOWN.some((k) => error instanceof k);
  const line = error instanceof Error ? error.message : String(error);
  console.error(`Cannot start the portal: ${line}`);
  if (!known && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}

/**
 * On SIGTERM or SIGINT: says so, runs `stop` and exits 0 — or, when `stop` takes longer than
 * `timeoutMs` (SHUTDOWN_TIMEOUT_MS) or fails, exits 1 with one line. A second signal exits 1 at once.
 */
function stopOnSignals(stop: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without finishing`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: shutting down (finishing the requests in flight, at most ${timeoutMs} ms: SHUTDOWN_TIMEOUT_MS)`);
    setTimeout(() => {
      console.error(`shutdown not finished within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting with work in flight`);
      process.exit(1);
    }, timeoutMs).unref();
    stop().then(
      () => {
        console.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const say = (line: string) => console.log(line);
  const where = config.database.kind === 'pglite' ? `PGlite in ${config.database.dir}` : 'PostgreSQL (DATABASE_URL)';
  say(`opening ${where}`);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(config.database, say);
    const loaded = await loadBundledData(database.db, config.dataDir);
    say(loaded.length > 0 ? `loaded bundled data: ${loaded.join(', ')}` : 'bundled data already loaded');
    await startPartitionMaintenance(database.db, config.observationsRetentionMonths, say);
    const admin = await ensureFirstAdmin(database.db, config.firstAdmin);
    if (admin === 'created') say(`created the first administrator ${config.firstAdmin!.account.toLowerCase()} (ADMIN_ACCOUNT)`);
    if (admin === 'admin exists' && config.firstAdmin) say('ADMIN_ACCOUNT ignored: an administrator exists (unset ADMIN_PASSWORD now)');
    if (admin === 'not configured') say('no administrator yet: run npm run admin:create, or start with ADMIN_ACCOUNT and ADMIN_PASSWORD set');
    const now = () => new Date();
    // one bus for the app and the MQTT broker, so what is pushed over HTTP reaches MQTT subscribers
    const bus = new SensingBus();
    const mqttEndpoint = new MqttEndpoint();
    const metrics = new AppMetrics();
    const app = await buildApp({ config, database, now, sensingBus: bus, mqttEndpoint, metrics });
    let mqtt: MqttBroker | null = null;
    let relay: Relay | null = null;
    metrics.countMqttClients(() => mqtt?.clients ?? 0);
    stopOnSignals(async () => {
      // HTTP: stop accepting, end the event streams (they reconnect elsewhere: sensing/routes.ts),
      // finish the requests in flight; MQTT: disconnect the clients (they reconnect) at the same time;
      // then what those requests published reaches the other processes, and the database closes
      await Promise.all([app.close(), mqtt?.close()]);
      await relay?.close();
      await database?.close();
    }, config.shutdownTimeoutMs);
    if (database.notifications) {
      const db = database.db;
      relay = await startRelay(
        bus,
        database.notifications,
        (line, error) => app.log.error({ err: error }, line),
        // the newest values for this process's screens, read only while one of them is open
        async (event) => (event.type === 'observations-stored' && bus.listenerCount('observations') > 0 ? observationsEvent(db, event.data) : undefined),
      );
      say('relaying sensing events to and from the other server processes on this database (LISTEN eco_sensing)');
    }
    const address = await app.listen({ port: config.port, host: config.host });
    say(`portal ready at ${address.replace('127.0.0.1', 'localhost')} (API docs: ${address}/api/docs)`);
    mqtt = await startMqttBroker(
      config,
      {
        db: database.db,
        bus,
        now,
        // links in MQTT messages: the public address OIDC_ISSUER names (config.ts), else where this process listens
        portalUrl: config.oidcIssuer?.replace(/\/api\/oidc$/, '') ?? address,
        log: { warn: (line) => app.log.warn(line), error: (line, error) => app.log.error({ err: error }, line) },
      },
      say,
      mqttEndpoint,
    );
  } catch (error) {
    await database?.close().catch(() => {});
    fail(error);
  }
}

main().catch(fail);
