import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// apps/server/src → the repository root, found independently of config.ts
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('loadConfig', () => {
  it('defaults to port 8000 on localhost with PGlite (and PostGIS) in <repo>/data/db', () => {
    expect(JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).workspaces).toBeDefined();
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8000,
      host: 'localhost',
      mqttPort: 1883,
      mqttHost: 'localhost',
      database: { kind: 'pglite', dir: path.join(repo, 'data/db'), postgis: true },
      dataDir: path.join(repo, 'data'),
      uploadsDir: path.join(repo, 'data/uploads'),
      uploadMaxBytes: 50 * 1024 * 1024,
      webDist: path.join(repo, 'apps/web/dist'),
      logLevel: 'info',
      sessionIdleMinutes: 30,
      cookieSecure: 'auto',
      trustProxy: false,
      sessionSecret: null,
      firstAdmin: null,
      oidcIssuer: 'http://localhost:8000/api/oidc',
      metricsAllow: ['127.0.0.0/8', '::1'],
      shutdownTimeoutMs: 10_000,
      observationsRetentionMonths: null,
    });
  });

  it('takes who may read the metrics and how long a shutdown may take', () => {
    expect(loadConfig({ METRICS_ALLOW: '10.1.2.0/24, 192.0.2.7,fd00::/8' }).metricsAllow).toEqual(['10.1.2.0/24', '192.0.2.7', 'fd00::/8']);
    expect(loadConfig({ METRICS_ALLOW: 'loopback,10.0.0.5' }).metricsAllow).toEqual(['127.0.0.0/8', '::1', '10.0.0.5']);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
  });

  it('keeps every Observation unless a retention in months is set', () => {
    expect(loadConfig({}).observationsRetentionMonths).toBeNull();
    expect(loadConfig({ OBSERVATIONS_RETENTION_MONTHS: '24' }).observationsRetentionMonths).toBe(24);
  });

  it('takes the OpenID issuer, refusing one the provider is not mounted at', () => {
    expect(loadConfig({ OIDC_ISSUER: 'https://portal.example.gov.cn/api/oidc' }).oidcIssuer).toBe('https://portal.example.gov.cn/api/oidc');
    expect(loadConfig({ PORT: '0' }).oidcIssuer).toBeNull();
    for (const bad of ['portal.example.gov.cn/api/oidc', 'ftp://x/api/oidc', 'https://x/oidc', 'https://x/api/oidc?a=1']) {
      expect(() => loadConfig({ OIDC_ISSUER: bad })).toThrow(/OIDC_ISSUER must be/);
    }
  });

  it('takes the upload folder and limit, refusing a limit that is not a whole number of bytes', () => {
    expect(loadConfig({ UPLOADS_DIR: '/srv/eco/uploads', UPLOAD_MAX_BYTES: '1048576' })).toMatchObject({
      uploadsDir: '/srv/eco/uploads',
      uploadMaxBytes: 1048576,
    });
    for (const bad of ['0', '-1', '1.5', '50MB', '99999999999999999999']) {
      expect(() => loadConfig({ UPLOAD_MAX_BYTES: bad })).toThrow(/UPLOAD_MAX_BYTES must be a whole number of bytes/);
    }
  });

  it('treats empty variables as unset', () => {
    const empty = {
      PORT: '',
      DATABASE_URL: '',
      LOG_LEVEL: '',
      HOST: '',
      MQTT_PORT: '',
      MQTT_HOST: '',
      SESSION_IDLE_MINUTES: '',
      COOKIE_SECURE: '',
      TRUST_PROXY: '',
      SESSION_SECRET: '',
      ADMIN_ACCOUNT: '',
      ADMIN_PASSWORD: '',
      METRICS_ALLOW: '',
      SHUTDOWN_TIMEOUT_MS: '',
      OBSERVATIONS_RETENTION_MONTHS: '',
    };
    expect(loadConfig(empty)).toEqual(loadConfig({}));
  });

  it('takes the session and proxy settings', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '15', COOKIE_SECURE: 'true', TRUST_PROXY: '1', SESSION_SECRET: 's'.repeat(32) });
    expect([config.sessionIdleMinutes, config.cookieSecure, config.trustProxy, config.sessionSecret]).toEqual([15, true, 1, 's'.repeat(32)]);
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'auto' }).cookieSecure).toBe('auto');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
  });

  it('takes the first administrator, with a default name', () => {
    expect(loadConfig({ ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: 'a long passphrase' }).firstAdmin).toEqual({
      account: 'root.admin',
      password: 'a long passphrase',
      displayName: '系统管理员',
    });
    expect(loadConfig({ ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: 'a long passphrase', ADMIN_NAME: '张伟' }).firstAdmin?.displayName).toBe('张伟');
  });

  it.each([
    ['ADMIN_PASSWORD', { ADMIN_ACCOUNT: 'root.admin' }],
    ['ADMIN_ACCOUNT', { ADMIN_PASSWORD: 'a long passphrase' }],
    ['ADMIN_NAME', { ADMIN_NAME: '张伟' }],
  ])('refuses an incomplete first administrator, naming %s', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('never quotes SESSION_SECRET back', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'too-short-secret' })).toThrow(/SESSION_SECRET must be at least 32 characters, got 16$/);
  });

  it('takes PORT, HOST and LOG_LEVEL from the environment', () => {
    const config = loadConfig({ PORT: '9123', HOST: '0.0.0.0', LOG_LEVEL: 'silent' });
    expect(config.port).toBe(9123);
    expect(config.host).toBe('0.0.0.0');
    expect(config.logLevel).toBe('silent');
  });

  it('accepts PORT=0 (pick a free port) and PORT=65535', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
  });

  it('takes MQTT_PORT (0: no broker) and MQTT_HOST, which defaults to HOST', () => {
    expect(loadConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
    expect(loadConfig({ MQTT_PORT: '18830', MQTT_HOST: '0.0.0.0' })).toMatchObject({ mqttPort: 18830, mqttHost: '0.0.0.0' });
    expect(loadConfig({ HOST: '127.0.0.1' }).mqttHost).toBe('127.0.0.1');
    expect(() => loadConfig({ MQTT_PORT: 'mqtt' })).toThrow('MQTT_PORT must be a whole number from 0 to 65535 (0: no broker), got "mqtt"');
  });

  it('selects PostgreSQL when DATABASE_URL is set, with postgres:// or postgresql://', () => {
    for (const url of ['postgres://eco:secret@db.example:5432/eco', 'postgresql://localhost/eco']) {
      expect(loadConfig({ DATABASE_URL: url, PGLITE_DIR: '/ignored' }).database).toEqual({ kind: 'postgres', url });
    }
  });

  it('opens PGlite with PostGIS unless PGLITE_POSTGIS is off', () => {
    expect(loadConfig({ PGLITE_POSTGIS: 'off' }).database).toMatchObject({ kind: 'pglite', postgis: false });
    expect(loadConfig({ PGLITE_POSTGIS: 'on' }).database).toMatchObject({ kind: 'pglite', postgis: true });
    expect(() => loadConfig({ PGLITE_POSTGIS: 'no' })).toThrow('PGLITE_POSTGIS must be on or off, got "no"');
  });

  it('resolves PGLITE_DIR, DATA_DIR and WEB_DIST to absolute folders', () => {
    const config = loadConfig({ PGLITE_DIR: 'some/db', DATA_DIR: 'some/data', WEB_DIST: 'some/dist' });
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('some/db'), postgis: true });
    expect(config.dataDir).toBe(path.resolve('some/data'));
    expect(config.webDist).toBe(path.resolve('some/dist'));
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['MQTT_PORT', { MQTT_PORT: '65536' }],
    ['MQTT_PORT', { MQTT_PORT: '1883.0' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost:3306/eco' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://localhost:5432' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://localhost:5432/' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '1441' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '30m' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'nginx' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,' }],
    ['METRICS_ALLOW', { METRICS_ALLOW: 'prometheus.local' }],
    ['METRICS_ALLOW', { METRICS_ALLOW: '10.0.0.0/33' }],
    ['METRICS_ALLOW', { METRICS_ALLOW: '::1,' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: '10s' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: '50' }],
    ['OBSERVATIONS_RETENTION_MONTHS', { OBSERVATIONS_RETENTION_MONTHS: '0' }],
    ['OBSERVATIONS_RETENTION_MONTHS', { OBSERVATIONS_RETENTION_MONTHS: '1y' }],
  ])('refuses a bad %s (%o) with one ConfigError line naming it', (variable, env) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
    // the offending value is quoted back where it is safe to show (not for DATABASE_URL, which may hold a password)
    const value = Object.values(env)[0]!;
    if (variable !== 'DATABASE_URL') expect(message).toContain(value);
  });
});
