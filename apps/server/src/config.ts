/**
 * Environment → typed, validated configuration. Start-up fails fast with one clear line
 * (`ConfigError`) naming the variable and what is wrong with it.
 *
 * | variable      | default                    | meaning                                            |
 * |---------------|----------------------------|----------------------------------------------------|
 * | PORT          | 8000                       | HTTP port (0 picks a free one)                      |
 * | HOST          | localhost                  | interface to listen on (`0.0.0.0` for all)          |
 * | MQTT_PORT     | 1883                       | the SensorThings MQTT broker's port; 0: no broker   |
 * | MQTT_HOST     | HOST                       | interface the MQTT broker listens on                |
 * | DATABASE_URL  | (unset)                    | a PostgreSQL server; unset → embedded PGlite        |
 * | PGLITE_DIR    | <repo>/data/db             | PGlite data folder (one process per folder)         |
 * | DATA_DIR      | <repo>/data                | bundled real data (CSV/JSON) loaded on first start  |
 * | UPLOADS_DIR   | <repo>/data/uploads        | uploaded documents, stored by SHA-256               |
 * | UPLOAD_MAX_BYTES | 52428800 (50 MiB)       | the largest accepted upload, bytes                  |
 * | WEB_DIST      | <repo>/apps/web/dist       | the built web app served at `/`                     |
 * | LOG_LEVEL     | info                       | fatal, error, warn, info, debug, trace or silent    |
 * | SESSION_IDLE_MINUTES | 30                  | a session unused this long has ended (1–1440)       |
 * | COOKIE_SECURE | auto                       | auto (Secure when the request came over HTTPS), true, false |
 * | TRUST_PROXY   | false                      | true, a hop count, or addresses/CIDRs of the proxies whose X-Forwarded-* to believe |
 * | SESSION_SECRET| (generated, in app_secrets)| ≥ 32 characters: signs the session and CSRF cookies instead of the stored secret |
 * | OIDC_ISSUER   | http://localhost:<PORT>/api/oidc | the OpenID provider's issuer: this server's public origin + `/api/oidc` (set it behind a proxy) |
 * | ADMIN_ACCOUNT, ADMIN_PASSWORD, ADMIN_NAME | (unset) | the first administrator, created at start while none exists |
 * | METRICS_ALLOW | loopback                   | addresses/CIDRs that may read `GET /metrics` (http/metrics.ts); others get 404 |
 * | SHUTDOWN_TIMEOUT_MS | 10000                | on SIGTERM/SIGINT, how long in-flight work may take before the process exits 1 |
 * | OBSERVATIONS_RETENTION_MONTHS | (unset: keep all) | whole months of raw Observations kept before the current one; older monthly partitions are dropped (db/partitions.ts) |
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The database: embedded PGlite in a data folder, or a PostgreSQL server. `postgis: false` opens
 * PGlite without PostGIS (default: with it, db/postgis.ts): loading it adds seconds to every open,
 * which the tests spare themselves where they need no geometry.
 */
export type Database = { kind: 'pglite'; dir: string; postgis?: boolean } | { kind: 'postgres'; url: string };

/** Fastify's `trustProxy`: off, everything, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface FirstAdmin {
  account: string;
  password: string;
  displayName: string;
}

export interface Config {
  port: number;
  host: string;
  /** the SensorThings MQTT broker's port (modules/sensorthings/mqtt); 0 = no broker */
  mqttPort: number;
  mqttHost: string;
  database: Database;
  dataDir: string;
  /** uploaded documents (uploads/file-store.ts) */
  uploadsDir: string;
  /** the largest accepted upload, bytes */
  uploadMaxBytes: number;
  webDist: string;
  logLevel: string;
  /** idle time after which a session has ended, minutes */
  sessionIdleMinutes: number;
  /** the Secure attribute of the cookies: 'auto' = when the request came over HTTPS */
  cookieSecure: 'auto' | boolean;
  trustProxy: TrustProxy;
  /** signs the session and CSRF cookies; null = the secret generated on first start (app_secrets) */
  sessionSecret: string | null;
  /** ADMIN_ACCOUNT/ADMIN_PASSWORD/ADMIN_NAME: created at start while no administrator exists */
  firstAdmin: FirstAdmin | null;
  /** the OpenID provider's issuer (modules/oidc); null with PORT=0 and no OIDC_ISSUER (provider off) */
  oidcIssuer: string | null;
  /** addresses and CIDRs (`10.0.0.0/8`, `::1`) that may read `GET /metrics` (http/metrics.ts) */
  metricsAllow: string[];
  /** on SIGTERM/SIGINT, the time in-flight work may take before the process gives up and exits 1, ms (main.ts) */
  shutdownTimeoutMs: number;
  /**
   * whole months of raw Observations kept before the current month (db/partitions.ts drops older
   * monthly partitions; the hourly roll-up keeps its history); null = keep all
   */
  observationsRetentionMonths: number | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `what` says what 0 means for this variable. */
function port(variable: string, value: string | undefined, fallback: number, what: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new ConfigError(`${variable} must be a whole number from 0 to 65535 (0: ${what}), got "${value}"`);
  }
  return Number(value);
}

const httpPort = (value: string | undefined) => port('PORT', value, 8000, 'any free port');
/** 1883: the port IANA assigns to MQTT (OASIS MQTT 3.1.1 §4.2) */
const mqttPort = (value: string | undefined) => port('MQTT_PORT', value, 1883, 'no broker');

function database(env: NodeJS.ProcessEnv): Database {
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL is not a URL; expected postgres://user:password@host:5432/database');
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${parsed.protocol}//"`);
    }
    if (parsed.pathname.length <= 1) {
      throw new ConfigError('DATABASE_URL names no database; expected postgres://user:password@host:5432/database');
    }
    return { kind: 'postgres', url };
  }
  const postgis = env.PGLITE_POSTGIS || 'on';
  if (postgis !== 'on' && postgis !== 'off') throw new ConfigError(`PGLITE_POSTGIS must be on or off, got "${postgis}"`);
  return { kind: 'pglite', dir: path.resolve(env.PGLITE_DIR || path.join(REPO_ROOT, 'data/db')), postgis: postgis === 'on' };
}

function sessionIdleMinutes(value: string | undefined): number {
  if (value === undefined || value === '') return 30;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1440) {
    throw new ConfigError(`SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 1440, got "${value}"`);
  }
  return Number(value);
}

function cookieSecure(value: string | undefined): 'auto' | boolean {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`COOKIE_SECURE must be auto, true or false, got "${value}"`);
}

/** proxy-addr's names for address ranges, accepted besides addresses and CIDRs */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGES.includes(entry) && !(family !== 0 && prefixOk && extra === undefined)) {
      throw new ConfigError(
        `TRUST_PROXY must be false, true, a number of proxy hops, or comma-separated proxy addresses/CIDRs (or ${PROXY_RANGES.join(', ')}), got "${value}"`,
      );
    }
  }
  return entries;
}

function sessionSecret(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  // the value itself is never echoed: it is a secret
  if (value.length < 32) throw new ConfigError(`SESSION_SECRET must be at least 32 characters, got ${value.length}`);
  return value;
}

/** The default upload limit: 50 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

function uploadMaxBytes(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_UPLOAD_MAX_BYTES;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new ConfigError(`UPLOAD_MAX_BYTES must be a whole number of bytes (at least 1), got "${value}"`);
  }
  return Number(value);
}

/** Loopback, IPv4 and IPv6: the default of METRICS_ALLOW (Prometheus scraping from the same host). */
export const METRICS_ALLOW_LOOPBACK = ['127.0.0.0/8', '::1'];

/** METRICS_ALLOW: comma-separated addresses or CIDRs (IPv4 or IPv6), or `loopback`. */
function metricsAllow(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return METRICS_ALLOW_LOOPBACK;
  const entries: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (entry === 'loopback') {
      entries.push(...METRICS_ALLOW_LOOPBACK);
      continue;
    }
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(`METRICS_ALLOW must be comma-separated addresses or CIDRs (10.0.0.0/8, ::1) or loopback, got "${value}"`);
    }
    entries.push(entry);
  }
  return entries;
}

/** The default of SHUTDOWN_TIMEOUT_MS: 10 s, under the 30 s Kubernetes and systemd wait before SIGKILL. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

function shutdownTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  if (!/^\d+$/.test(value) || Number(value) < 100 || Number(value) > 600_000) {
    throw new ConfigError(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${value}"`);
  }
  return Number(value);
}

function observationsRetentionMonths(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1200) {
    throw new ConfigError(`OBSERVATIONS_RETENTION_MONTHS must be a whole number of months from 1 to 1200 (unset: keep all), got "${value}"`);
  }
  return Number(value);
}

/** OIDC_ISSUER: an absolute http(s) URL ending in `/api/oidc`, where this server mounts the provider. */
function oidcIssuer(value: string | undefined, listenPort: number): string | null {
  if (value === undefined || value === '') return listenPort === 0 ? null : `http://localhost:${listenPort}/api/oidc`;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.pathname.endsWith('/api/oidc') || url.search || url.hash) {
    throw new ConfigError(`OIDC_ISSUER must be this server's public http(s) origin followed by /api/oidc, got "${value}"`);
  }
  return value.replace(/\/$/, '');
}

function firstAdmin(env: NodeJS.ProcessEnv): FirstAdmin | null {
  const account = env.ADMIN_ACCOUNT ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (account === '' && password === '') {
    if (env.ADMIN_NAME) throw new ConfigError('ADMIN_NAME is set without ADMIN_ACCOUNT and ADMIN_PASSWORD');
    return null;
  }
  if (account === '') throw new ConfigError('ADMIN_PASSWORD is set without ADMIN_ACCOUNT');
  if (password === '') throw new ConfigError('ADMIN_ACCOUNT is set without ADMIN_PASSWORD (there is no default password)');
  // the account rules and the password policy are applied when the administrator is created
  return { account, password, displayName: env.ADMIN_NAME || '系统管理员' };
}

/** Reads and validates the configuration; throws `ConfigError` with one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    port: httpPort(env.PORT),
    host: env.HOST || 'localhost',
    mqttPort: mqttPort(env.MQTT_PORT),
    mqttHost: env.MQTT_HOST || env.HOST || 'localhost',
    database: database(env),
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(REPO_ROOT, 'data/uploads')),
    uploadMaxBytes: uploadMaxBytes(env.UPLOAD_MAX_BYTES),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    logLevel,
    sessionIdleMinutes: sessionIdleMinutes(env.SESSION_IDLE_MINUTES),
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
    trustProxy: trustProxy(env.TRUST_PROXY),
    sessionSecret: sessionSecret(env.SESSION_SECRET),
    firstAdmin: firstAdmin(env),
    oidcIssuer: oidcIssuer(env.OIDC_ISSUER, httpPort(env.PORT)),
    metricsAllow: metricsAllow(env.METRICS_ALLOW),
    shutdownTimeoutMs: shutdownTimeoutMs(env.SHUTDOWN_TIMEOUT_MS),
    observationsRetentionMonths: observationsRetentionMonths(env.OBSERVATIONS_RETENTION_MONTHS),
  };
}
