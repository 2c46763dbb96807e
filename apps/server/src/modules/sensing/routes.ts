import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IsoTime } from '@eco/contracts/common';
import { Ok } from '@eco/contracts/envelope-schemas';
import {
  AggregatedSeriesSchema,
  DetectionBatchSchema,
  DetectionSchema,
  DivisionSummarySchema,
  IngestResultSchema,
  LatestObservationSchema,
  MAX_BATCH,
  ObservationBatchSchema,
  OverviewSchema,
  ThingSchema,
} from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { checkSilence, publicAlert, publishAlertChanges } from '../alerts/service';
import { authenticateThing } from '../things/device-keys';
import { allThings } from '../things/service';
import type { FileStore } from '../../uploads/file-store';
import type { SensingBus } from './events';
import { applyImageCacheControl, attachDetectionImage, sendDetectionImage, THUMB_LONG_SIDE } from './detection-image';
import { ingestDetections, ingestObservations } from './ingest';
import { aggregatedSeries, divisionSummaries, latestObservations, overview, recentDetections } from './read';

/** Bodies of ingestion: 10 000 observations of ~120 bytes each, with room to spare. */
const INGEST_BODY_LIMIT = 4 * 1024 * 1024;
/** The most Things the map endpoint answers (the province's whole registry, bounded). */
const MAP_LIMIT = 5000;
/** The largest camera-trap image accepted (or UPLOAD_MAX_BYTES if smaller), bytes. */
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** How often the silence rules are checked, ms. */
const SILENCE_CHECK_MS = 60_000;
/** A comment line on the event stream this often, so proxies keep it open, ms. */
const HEARTBEAT_MS = 25_000;

const DEVICE_AUTH = 'Device key: `Authorization: Bearer <key>` or `X-Thing-Key: <key>` (no session, no CSRF token). ';

function tooLarge(items: unknown[]): void {
  if (items.length > MAX_BATCH) throw new AppError('BATCH_TOO_LARGE', { zh: `收到 ${items.length} 条`, en: `got ${items.length}` });
}

/**
 * The sensing hub under `/api/sensing`:
 * - ingestion (device key): `POST /observations`, `POST /detections` — per item accepted /
 *   duplicate / rejected (see ingest.ts); 401 THING_KEY_INVALID, 413 BATCH_TOO_LARGE over 10 000
 *   items (or PAYLOAD_TOO_LARGE over 4 MiB);
 * - reading (public): `GET /overview` (key figures), `/things` (every Thing for the map),
 *   `/latest` (newest Observation per Datastream), `/datastreams/:id/series` (hourly or daily
 *   buckets), `/summary` (per city or county), `/detections` (newest), `/detections/:id/image`
 *   (thumbnail for everyone, the original for signed-in users; see detection-image.ts);
 * - `GET /stream`: server-sent events `observations`, `alert`, `detection` (events.ts).
 * Also checks the silence rules every minute while the app runs.
 */
export const sensingRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  now: () => Date;
  bus: SensingBus;
  uploads: { store: FileStore; maxBytes: number };
  silenceTimer?: boolean;
}> = async (app, { db, now, bus, uploads, silenceTimer = true }) => {
  const imageMaxBytes = Math.min(uploads.maxBytes, IMAGE_MAX_BYTES);
  await app.register(multipart, { limits: { files: 1, fileSize: imageMaxBytes, fields: 0, parts: 1, fieldSize: 0 }, throwFileSizeLimit: false });
  if (silenceTimer) {
    const timer = setInterval(() => {
      checkSilence(db, now())
        .then((opened) => publishAlertChanges(db, bus, { opened, closed: [] }))
        .catch((error: unknown) => app.log.error({ err: error }, 'silence check failed'));
    }, SILENCE_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  /** open event streams, ended when the app closes */
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.post(
    '/observations',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      config: { csrf: false },
      schema: {
        tags: ['sensing'],
        summary: `Push up to ${MAX_BATCH} Observations (device key)`,
        description: DEVICE_AUTH + 'Each item: `{ datastreamId, phenomenonTime, result, resultTime?, quality? }`. Valid items are stored in one transaction; the same datastream and phenomenonTime is a duplicate.',
        body: ObservationBatchSchema,
        response: { 200: Ok(IngestResultSchema) },
      },
    },
    async (request) => {
      const thing = await authenticateThing(db, request, now());
      tooLarge(request.body.observations);
      return { success: true as const, data: await ingestObservations(db, bus, thing, request.body.observations, now()) };
    },
  );

  app.post(
    '/detections',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      config: { csrf: false },
      schema: {
        tags: ['sensing'],
        summary: `Push up to ${MAX_BATCH} camera-trap detections (device key)`,
        description: DEVICE_AUTH + 'Each item: `{ phenomenonTime, scientificName, unlisted?, count, confidence }`; the species is checked against the national list of key protected wild animals (2021).',
        body: DetectionBatchSchema,
        response: { 200: Ok(IngestResultSchema) },
      },
    },
    async (request) => {
      const thing = await authenticateThing(db, request, now());
      tooLarge(request.body.detections);
      return { success: true as const, data: await ingestDetections(db, bus, thing, request.body.detections, now()) };
    },
  );

  app.post(
    '/detections/:id/image',
    {
      config: { csrf: false },
      schema: {
        tags: ['sensing'],
        summary: 'Attach the image of a detection (device key; multipart/form-data, one image, recognised from its content)',
        description: DEVICE_AUTH + 'The detection must be one of the key\'s Thing. 404 DETECTION_NOT_FOUND, 400 UPLOAD_MISSING / UPLOAD_EMPTY, 413 UPLOAD_TOO_LARGE, 415 UPLOAD_TYPE_NOT_ALLOWED (not an image, or an image that cannot be decoded or has over 100 megapixels). The thumbnail is made here.',
        consumes: ['multipart/form-data'],
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        response: { 200: Ok(DetectionSchema) },
      },
    },
    async (request) => {
      const thing = await authenticateThing(db, request, now());
      return { success: true as const, data: await attachDetectionImage(db, { store: uploads.store, maxBytes: imageMaxBytes }, thing.id, request.params.id, request) };
    },
  );

  app.get(
    '/overview',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Key figures of the sensing network (for /home and /stgz)',
        description: 'Live updates: `GET /api/sensing/stream` is a server-sent event stream (`text/event-stream`) with the events `observations` (a Thing pushed; its newest values), `alert` (opened or changed) and `detection`.',
        response: { 200: Ok(OverviewSchema) },
      },
    },
    async () => ({ success: true as const, data: await overview(db, now()) }),
  );

  app.get(
    '/things',
    { schema: { tags: ['sensing'], summary: `Every Thing with its location, status and newest AQI, for the map (at most ${MAP_LIMIT})`, response: { 200: Ok(Type.Array(ThingSchema)) } } },
    async () => ({ success: true as const, data: await allThings(db, now(), MAP_LIMIT) }),
  );

  app.get(
    '/latest',
    {
      schema: {
        tags: ['sensing'],
        summary: 'The newest Observation of Datastreams, newest first (of the ids given, else of the most recently heard Things)',
        querystring: Type.Object({
          datastreamId: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 200, description: 'Repeat the key' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
        }),
        response: { 200: Ok(Type.Array(LatestObservationSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await latestObservations(db, { datastreamIds: request.query.datastreamId, limit: request.query.limit ?? 20 }),
    }),
  );

  app.get(
    '/datastreams/:id/series',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Avg/min/max and count per hour or per day (Asia/Shanghai) of one Datastream (hour: ≤ 31 days; day: ≤ 366 days; default the 7 days up to its newest)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        querystring: Type.Object({
          interval: Type.Optional(Type.Union([Type.Literal('hour'), Type.Literal('day')], { default: 'hour' })),
          from: Type.Optional(IsoTime),
          to: Type.Optional(IsoTime),
        }),
        response: { 200: Ok(AggregatedSeriesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await aggregatedSeries(db, request.params.id, { interval: request.query.interval ?? 'hour', from: request.query.from, to: request.query.to }),
    }),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Per city or county: Things, online, open alerts, and the mean newest value of a property (default aqi)',
        querystring: Type.Object({
          by: Type.Optional(Type.Union([Type.Literal('city'), Type.Literal('county')], { default: 'city' })),
          property: Type.Optional(Type.String({ pattern: '^[a-z0-9_]{1,32}$', default: 'aqi' })),
        }),
        response: { 200: Ok(Type.Array(DivisionSummarySchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await divisionSummaries(db, now(), request.query.by ?? 'city', request.query.property ?? 'aqi') }),
  );

  app.get(
    '/detections',
    {
      schema: {
        tags: ['sensing'],
        summary: 'The newest camera-trap detections',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })) }),
        response: { 200: Ok(Type.Array(DetectionSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await recentDetections(db, request.query.limit ?? 10) }),
  );

  app.get(
    '/detections/:id/image',
    {
      onSend: applyImageCacheControl,
      schema: {
        tags: ['sensing'],
        summary: 'The image of a detection: a thumbnail for everyone, the original for signed-in users',
        description:
          `\`size=thumb\` (default): WebP, at most ${THUMB_LONG_SIDE} px on the long side, without metadata (no EXIF GPS position). ` +
          '`size=full`: the image as the device uploaded it, which may carry the position of a protected species: signed-in users only (401 NOT_SIGNED_IN). ' +
          'ETag from the SHA-256 (304 on If-None-Match). `v` (a prefix of the detection\'s `imageSha256`) makes a thumbnail URL cacheable for a year. ' +
          '404 DETECTION_IMAGE_NOT_FOUND: no such detection, or it has no image.',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        querystring: Type.Object({
          size: Type.Optional(Type.Union([Type.Literal('thumb'), Type.Literal('full')], { default: 'thumb' })),
          v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{8,64}$', description: 'the image version: a prefix of imageSha256 (8–64 hex digits)' })),
        }),
        produces: ['image/webp', 'image/jpeg', 'image/png', 'image/gif'],
      },
    },
    async (request, reply) =>
      sendDetectionImage(db, uploads.store, request, reply, { id: request.params.id, size: request.query.size ?? 'thumb', v: request.query.v }),
  );

  app.get(
    '/stream',
    {
      schema: {
        // an endless text/event-stream, not a JSON answer: left out of the OpenAPI document (which
        // describes JSON envelopes) and described in the README and in this module's docstring
        hide: true,
      },
    },
    (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx: do not buffer the stream
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\nretry: 3000\n\n');
      const unsubscribe = bus.subscribe((event) => {
        // the stream is public: no account names (publicAlert)
        const data = event.type === 'alert' ? publicAlert(event.data) : event.data;
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};
