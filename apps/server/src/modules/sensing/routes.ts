import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { sensingApi as api } from '@eco/contracts/api/sensing';
import { MAP_LIMIT, MAX_BATCH, type SensingEvent } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { checkSilence, publicAlert, publishAlertChanges } from '../alerts/service';
import { positionReaderOf } from '../things/geoprivacy';
import { allThings } from '../things/service';
import type { FileStore } from '../../uploads/file-store';
import type { AppMetrics } from '../../http/metrics';
import type { SensingBus } from './events';
import { applyImageCacheControl, attachDetectionImage, IMAGE_MAX_BYTES, sendDetectionImage } from './detection-image';
import { assertCameraTrap, ingestDetections, ingestObservations } from './ingest';
import { aggregatedSeries, divisionSummaries, latestObservations, overview, recentDetections } from './read';

/**
 * Route options of the pushes: bodies of 10 000 observations of ~120 bytes each, with room to
 * spare; answers uncompressed (docs/api.md §Compression).
 */
const INGEST = { bodyLimit: 4 * 1024 * 1024, compress: false } as const;
/** How often the silence rules are checked, ms. */
const SILENCE_CHECK_MS = 60_000;
/** A comment line on the event stream this often, so proxies keep it open, ms. */
const HEARTBEAT_MS = 25_000;
/**
 * The most event streams one client address (`request.ip`) may hold open at once. Each open stream
 * holds a socket and a listener on the bus for as long as the client likes, so without a cap one
 * client could exhaust the server. The cap is per address, not per browser, because one office
 * behind one NAT address may have a few control-room walls and many browsers on /stgz open at the
 * same time; twenty leaves room for that and refuses a runaway script.
 */
export const MAX_STREAMS_PER_ADDRESS = 20;

/**
 * The bus events the stream sends: those of `SensingEvent` (its wire contract), each type named
 * once (a type added to the contract and not here fails the typecheck). The bus's own events
 * (events.ts `ObservationsStored`) never reach browsers.
 */
const STREAM_EVENT_TYPES = Object.keys({ observations: true, alert: true, detection: true, verification: true } satisfies Record<
  SensingEvent['type'],
  true
>) as SensingEvent['type'][];

/** 413 BATCH_TOO_LARGE over MAX_BATCH items. */
function assertBatchSize(items: readonly unknown[]): void {
  if (items.length > MAX_BATCH) throw new AppError('BATCH_TOO_LARGE', { zh: `收到 ${items.length} 条`, en: `got ${items.length}` });
}

/**
 * The sensing hub under `/api/sensing`: the handlers of the declarations in
 * @eco/contracts/api/sensing.ts — ingestion with device keys (ingest.ts; `request.thing` is the
 * key's Thing, set before the body is read), the public reads (read.ts), detection images
 * (detection-image.ts) and the event stream (events.ts). Also checks the silence rules every
 * minute while the app runs.
 */
export async function sensingRoutes(
  app: FastifyInstance,
  {
    db,
    now,
    bus,
    uploads,
    silenceTimer = true,
    metrics,
  }: { db: Db; now: () => Date; bus: SensingBus; uploads: { store: FileStore; maxBytes: number }; silenceTimer?: boolean; metrics?: AppMetrics },
): Promise<void> {
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

  route(
    app,
    api.pushObservations,
    async (request) => {
      assertBatchSize(request.body.observations);
      return ingestObservations(db, bus, request.thing!, request.body.observations, now());
    },
    INGEST,
  );
  route(
    app,
    api.pushDetections,
    async (request) => {
      assertCameraTrap(request.thing!);
      assertBatchSize(request.body.detections);
      return ingestDetections(db, bus, request.thing!, request.body.detections, now());
    },
    INGEST,
  );
  route(app, api.attachDetectionImage, async (request) =>
    attachDetectionImage(db, { store: uploads.store, maxBytes: imageMaxBytes }, request.thing!, request.params.id, request),
  );

  // the public reads of /home and /stgz come from the public figures' cache (http/public-cache.ts)
  const figures = app.publicCache;
  route(app, api.getSensingOverview, async (request, reply) => figures.answer(request, reply, 'sensing', () => overview(db, now())));
  route(app, api.listMapThings, async (request, reply) =>
    // signed-in users may see exact positions (things/geoprivacy.ts): only the anonymous answer is shared
    request.user
      ? allThings(db, now(), await positionReaderOf(db, request.user), MAP_LIMIT)
      : figures.answer(request, reply, 'sensing', async () => allThings(db, now(), await positionReaderOf(db, null), MAP_LIMIT)),
  );
  route(app, api.listLatestObservations, async (request, reply) =>
    figures.answer(request, reply, 'sensing', () => latestObservations(db, { datastreamIds: request.query.datastreamId, limit: request.query.limit ?? 20 })),
  );
  route(app, api.getDatastreamSeries, async ({ params, query }) =>
    aggregatedSeries(db, params.id, { interval: query.interval ?? 'hour', from: query.from, to: query.to }),
  );
  route(app, api.listDivisionSummaries, async (request, reply) =>
    figures.answer(request, reply, 'sensing', () => divisionSummaries(db, now(), request.query.by ?? 'city', request.query.property ?? 'aqi')),
  );
  route(app, api.listRecentDetections, async (request, reply) =>
    figures.answer(request, reply, 'sensing', () => recentDetections(db, request.query.limit ?? 10)),
  );
  route(
    app,
    api.getDetectionImage,
    async (request, reply) =>
      sendDetectionImage(db, uploads.store, request, reply, { id: request.params.id, size: request.query.size ?? 'thumb', v: request.query.v }),
    { onSend: applyImageCacheControl },
  );

  /** open event streams, ended when the app closes */
  const streams = new Set<(last?: string) => void>();
  /** open event streams per client address */
  const openByAddress = new Map<string, number>();
  metrics?.countEventStreams(() => streams.size);
  // Closing (SIGTERM, main.ts) waits for every open response, so the streams end first, before the
  // server stops: each is told to come back soon (`retry`, spread over 1–3 s so the clients of a
  // stopped process do not all arrive at once) and closed, and EventSource reconnects — behind a
  // load balancer, to another process.
  app.addHook('preClose', async () => {
    for (const end of streams) end(`: server shutting down, reconnect\nretry: ${1000 + Math.floor(Math.random() * 2000)}\n\n`);
  });
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  route(app, api.streamSensingEvents, async (request, reply) => {
    const address = request.ip;
    const open = openByAddress.get(address) ?? 0;
    // refused before the stream starts, so the answer is the ordinary JSON envelope
    if (open >= MAX_STREAMS_PER_ADDRESS)
      throw new AppError('TOO_MANY_STREAMS', { zh: `最多 ${MAX_STREAMS_PER_ADDRESS} 个`, en: `at most ${MAX_STREAMS_PER_ADDRESS}` });
    openByAddress.set(address, open + 1);
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
    const unsubscribe = bus.subscribe(STREAM_EVENT_TYPES, (event) => {
      // the stream is public: no account names (publicAlert)
      const data = event.type === 'alert' ? publicAlert(event.data) : event.data;
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    let ended = false;
    /** ends the stream, sending `last` first (a goodbye) when given */
    const end = (last?: string) => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
      if (!raw.writableEnded) raw.end(last);
    };
    streams.add(end);
    // the response closes when the client goes away (or the stream is ended here)
    raw.on('close', () => end());
    return reply;
  });
}
