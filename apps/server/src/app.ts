/**
 * buildApp(options): the Fastify application with every module registered. It never listens;
 * `main.ts` does (and tests use `app.inject`).
 */
import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerAuth } from './auth/register-auth';
import { appSecret, COOKIE_SIGNING } from './auth/secrets';
import { type Config, METRICS_ALLOW_LOOPBACK } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling, replyWithError } from './http/error-handler';
import { buildValidator } from './http/body-validator';
import { registerJsonBodies } from './http/json-body';
import { AppMetrics, registerMetrics } from './http/metrics';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { registerOpenApi } from './http/openapi';
import { registerPublicCache } from './http/public-cache';
import { type FastPathTarget, serverWithFastPath } from './http/public-fast-path';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStrictInput } from './http/strict-input';
import { registerWebApp } from './http/web-app';
import { MqttEndpoint } from './modules/sensorthings/mqtt/endpoint';
import { sensorThingsBatchRoutes } from './modules/sensorthings/batch-routes';
import { sensorThingsRoutes } from './modules/sensorthings/routes';
import { sensorThingsWriteRoutes } from './modules/sensorthings/write-routes';
import { alertsRoutes } from './modules/alerts/routes';
import { alertRulesRoutes } from './modules/alerts/rules-routes';
import { aqiToolRoutes } from './modules/aqi/routes';
import { applicationsManagementRoutes, applicationsRoutes } from './modules/applications/routes';
import { toolDownloadsRoutes, toolsManagementRoutes } from './modules/tools/routes';
import { oidcClientsRoutes } from './modules/oidc/clients-routes';
import { createProvider } from './modules/oidc/provider';
import { oidcRoutes } from './modules/oidc/routes';
import { auditRoutes } from './modules/audit/routes';
import { cameraTrapRoutes } from './modules/camera-trap/routes';
import { divisionsRoutes } from './modules/divisions/routes';
import { healthRoutes } from './modules/health/routes';
import { noticesRoutes } from './modules/notices/routes';
import { organisationsRoutes } from './modules/organisations/routes';
import { regulationsRoutes } from './modules/regulations/routes';
import { rolesRoutes } from './modules/roles/routes';
import { searchRoutes } from './modules/search/routes';
import { sessionRoutes } from './modules/session/routes';
import { siteRoutes } from './modules/site/routes';
import { createSiteSettingsCache } from './modules/site/service';
import { SensingBus } from './modules/sensing/events';
import { sensingRoutes } from './modules/sensing/routes';
import { stationsRoutes } from './modules/stations/routes';
import { authenticateThing } from './modules/things/device-keys';
import { thingsRoutes } from './modules/things/routes';
import { usersRoutes } from './modules/users/routes';
import { verificationRoutes } from './modules/verification/routes';
import { verificationSourcesRoutes } from './modules/verification/sources-routes';
import { FileStore } from './uploads/file-store';

/** What the app reads of the configuration. */
export type AppConfig = Pick<
  Config,
  'logLevel' | 'webDist' | 'sessionIdleMinutes' | 'cookieSecure' | 'trustProxy' | 'sessionSecret' | 'uploadsDir' | 'uploadMaxBytes' | 'dataDir'
> &
  Partial<Pick<Config, 'oidcIssuer' | 'metricsAllow'>>;

export interface AppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
  /** the sensing hub's in-process event bus (modules/sensing/events.ts); default a new one per app */
  sensingBus?: SensingBus;
  /** where this process's MQTT broker listens, for the SensorThings service root; default none */
  mqttEndpoint?: MqttEndpoint;
  /** the app's Prometheus metrics (http/metrics.ts), to feed from outside (main.ts: MQTT clients); default a new one */
  metrics?: AppMetrics;
  /** where the log goes (tests read it); default standard output */
  logStream?: NodeJS.WritableStream;
}

/** Trusts the `hops` addresses nearest to this server in X-Forwarded-For. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  sensingBus = new SensingBus(),
  mqttEndpoint = new MqttEndpoint(),
  metrics = new AppMetrics(),
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  let fastPath: FastPathTarget | undefined;
  const app = Fastify({
    // the public figures a crowd asks for are answered from memory before Fastify (http/public-fast-path.ts)
    serverFactory: serverWithFastPath(() => fastPath),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // every log line of a request carries its id (`reqId`): the caller's x-request-id when safe (http/request-id.ts)
    genReqId: requestIdOf,
    requestIdHeader: false,
    // repeated query keys become arrays (`properties=pm2_5&properties=aqi`); unknown properties
    // are refused, not dropped (declarations close their objects); `password` marks secrets
    // (never trimmed: @eco/contracts/text.ts) and checks nothing
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, formats: { password: true } } },
    // JSON bodies are checked as sent, without Ajv's coercion (http/body-validator.ts)
    schemaController: { compilersFactory: { buildValidator } },
    bodyLimit: 1024 * 1024,
    // a malformed URL (`/api/stations/%E0%A4%A`) or an over-long path parameter is answered by
    // Fastify before any error handler; send those as the envelope too
    frameworkErrors: replyWithError,
    // X-Forwarded-For/-Proto/-Host are believed only from the proxies TRUST_PROXY names
    // (a hop count as Fastify itself would read it; its types only take the function form)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  registerRequestIdHeader(app);
  // before the modules, so its hook sees every route (METRICS_ALLOW: config.ts)
  registerMetrics(app, { metrics, database, allow: config.metricsAllow ?? METRICS_ALLOW_LOOPBACK });
  await registerSecurityHeaders(app);
  registerJsonBodies(app);
  registerStrictInput(app);
  // the public figures of /home and /stgz from memory, kept current by writes and sensing events
  const publicCache = registerPublicCache(app, { bus: sensingBus, now });
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastPath = { cache: publicCache, metrics, log: app.log, open: () => !closing };
  // up to 64 KB in one call, not through a stream on the thread pool (docs/api.md §Compression)
  await app.register(compress, { threshold: 1024, syncThreshold: 65_536 });
  await registerOpenApi(app);

  const db = database.db;
  const secret = config.sessionSecret ?? (await appSecret(db, COOKIE_SIGNING));
  const uploads = { store: new FileStore(config.uploadsDir), maxBytes: config.uploadMaxBytes };
  const oidcIssuer = config.oidcIssuer ?? null;
  // device endpoints (access `device`, http/route.ts) check the key before the body is read
  app.decorateRequest('thing', null);
  app.decorate('authenticateDevice', async (request: FastifyRequest) => {
    request.thing = await authenticateThing(db, request, now());
  });
  // one cache for GET /api/site and the page's title (http/web-index.ts): a change shows in both at once
  const siteSettings = createSiteSettingsCache(db, now);
  const oidcProvider = oidcIssuer ? await createProvider(db, now, oidcIssuer, config.trustProxy !== false) : null;
  await app.register(
    async (api) => {
      await registerAuth(api, { db, now, secret, config });
      await api.register(healthRoutes, { database });
      await api.register(siteRoutes, { db, now, settings: siteSettings });
      await api.register(sessionRoutes, { db, now, uploadMaxBytes: config.uploadMaxBytes });
      await api.register(usersRoutes, { prefix: '/users', db, now });
      await api.register(organisationsRoutes, { prefix: '/organisations', db });
      await api.register(rolesRoutes);
      await api.register(auditRoutes, { db, now });
      await api.register(divisionsRoutes, { db });
      await api.register(regulationsRoutes, { prefix: '/technical-regulations', db, now, uploads });
      await api.register(noticesRoutes, { db, now, uploads });
      await api.register(searchRoutes, { db, now });
      await api.register(stationsRoutes, { prefix: '/stations', db });
      await api.register(applicationsRoutes, { prefix: '/applications', db, now, oidcIssuer });
      await api.register(applicationsManagementRoutes, { prefix: '/manage/applications', db, now });
      await api.register(toolDownloadsRoutes, { prefix: '/tools/downloads', db, uploads });
      await api.register(toolsManagementRoutes, { prefix: '/manage/tools', db, now, uploads });
      await api.register(oidcClientsRoutes, { prefix: '/manage/oidc-clients', db, now, issuer: oidcIssuer });
      if (oidcProvider) await api.register(oidcRoutes, { prefix: '/oidc', db, provider: oidcProvider, now });
      await api.register(aqiToolRoutes, { prefix: '/tools' });
      await api.register(thingsRoutes, { prefix: '/things', db, now, bus: sensingBus });
      await api.register(sensingRoutes, { prefix: '/sensing', db, now, bus: sensingBus, uploads, metrics });
      await api.register(alertsRoutes, { prefix: '/sensing/alerts', db, now, bus: sensingBus });
      await api.register(alertRulesRoutes, { prefix: '/sensing/alert-rules', db, now, bus: sensingBus });
      await api.register(verificationRoutes, { prefix: '/verification', db, now, dataDir: config.dataDir, uploads, bus: sensingBus });
      await api.register(cameraTrapRoutes, { prefix: '/camera-trap', db, now, uploads, bus: sensingBus });
      await api.register(verificationSourcesRoutes, { prefix: '/verification', db, now, bus: sensingBus });
      await api.register(sensorThingsRoutes, { db, now, bus: sensingBus, mqttEndpoint });
      await api.register(sensorThingsWriteRoutes, { db, now, bus: sensingBus, mqttEndpoint });
      await api.register(sensorThingsBatchRoutes, { db, now, bus: sensingBus, mqttEndpoint });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDist, async () => (await siteSettings.get()).title);
  return app;
}
