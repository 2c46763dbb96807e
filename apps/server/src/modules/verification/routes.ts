import { announceTaskWrites } from './announce';
import type { SensingBus } from '../sensing/events';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verificationApi as api } from '@eco/contracts/api/verification';
import { verificationFiguresApi as figuresApi } from '@eco/contracts/api/verification-figures';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { requestLocale } from '../../http/locale';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { sendCsv } from '../../lib/csv';
import { fileStamp } from '../../lib/time';
import type { FileStore } from '../../uploads/file-store';
import { EXPORT_MAX, namer, STATISTICS_COLUMNS, TASK_COLUMNS, taskCollection, taskRecord } from './exports';
import { publicTasks, statistics, summary } from './figures';
import { importHotspots } from './import-hotspots';
import { listKinds, updateKind } from './kinds';
import { PHOTO_MAX_BYTES, sendPhoto, uploadPhoto } from './photos';
import { allTasks, getTask, listTasks } from './tasks';
import { dispatchAll, type Step, type StepInput, takeStep } from './transitions';

/** The bundled FIRMS sample (data/README.md), imported by `POST /api/verification/hotspots/sample`. */
export const FIRMS_SAMPLE = 'firms-modis-c61-global-24h-2022-02-27.csv';

/** The largest FIRMS file accepted (bytes): a global VIIRS 7-day file is about 40 MB. */
const FIRMS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Field verification under `/api/verification`: the handlers of @eco/contracts/api/verification.ts
 * (docs/verification.md). Every step answers the task as `GET /api/verification/tasks/{id}`.
 */
export async function verificationRoutes(
  app: FastifyInstance,
  { db, now, dataDir, uploads, bus }: { db: Db; now: () => Date; dataDir: string; uploads: { store: FileStore; maxBytes: number }; bus: SensingBus },
): Promise<void> {
  announceTaskWrites(app, bus, now);
  const photoMaxBytes = Math.min(uploads.maxBytes, PHOTO_MAX_BYTES);
  await app.register(multipart, { limits: { files: 1, fileSize: photoMaxBytes, fields: 0, parts: 1, fieldSize: 0 }, throwFileSizeLimit: false });
  route(app, api.listVerificationKinds, async () => listKinds(db));
  route(app, api.updateVerificationKind, async (request) => updateKind(db, actingOf(request), request.params.code, request.body));
  route(app, api.importHotspots, async (request) => importHotspots(db, now(), actingOf(request), request.body, 'POST /api/verification/hotspots'), {
    bodyLimit: FIRMS_MAX_BYTES,
  });
  route(app, api.importSampleHotspots, async (request) =>
    importHotspots(db, now(), actingOf(request), await fs.promises.readFile(path.join(dataDir, FIRMS_SAMPLE), 'utf8'), FIRMS_SAMPLE),
  );
  route(app, api.listVerificationTasks, async (request) => listTasks(db, now(), actingOf(request).user, paged(request.query)));
  route(app, api.getVerificationTask, async (request) => getTask(db, now(), actingOf(request).user, request.params.id));

  /** Takes step `name` as the signed-in user and answers the task as they now see it. */
  const step = async (request: FastifyRequest<{ Params: { id: number }; Body: StepInput }>, name: Step) => {
    const acting = actingOf(request);
    await takeStep(db, now(), acting, request.params.id, name, request.body);
    return getTask(db, now(), acting.user, request.params.id);
  };
  route(app, api.dispatchVerificationTask, (request) => step(request, 'dispatch'));
  route(app, api.startVerificationTask, (request) => step(request, 'start'));
  route(app, api.feedBackVerificationTask, (request) => step(request, 'feedback'));
  route(app, api.returnVerificationTask, (request) => step(request, 'return'));
  route(app, api.closeVerificationTask, (request) => step(request, 'close'));
  route(app, api.dispatchVerificationTasks, async (request) => ({ dispatched: await dispatchAll(db, now(), actingOf(request), request.body.ids) }));

  route(app, api.uploadTaskPhoto, async (request) => {
    const { photo } = await uploadPhoto(db, now(), { store: uploads.store, maxBytes: photoMaxBytes }, actingOf(request), request.params.id, request);
    return photo;
  });
  route(app, api.getTaskPhoto, async (request, reply) =>
    sendPhoto(db, uploads.store, actingOf(request).user, reply, { id: request.params.id, size: request.query.size ?? 'thumb' }),
  );

  route(app, figuresApi.getVerificationStatistics, async (request) => statistics(db, now(), actingOf(request).user, request.query));
  // the headline and map tasks of /home and /stgz: from the public figures' cache (http/public-cache.ts),
  // read again after any write under /api/verification in this process
  route(app, figuresApi.getVerificationSummary, async (request, reply) => app.publicCache.answer(request, reply, 'verification', () => summary(db, now())));
  route(app, figuresApi.listPublicTasks, async (request, reply) => app.publicCache.answer(request, reply, 'verification', () => publicTasks(db, now())));

  /** The tasks of an export: what the list shows with these filters, up to EXPORT_MAX. */
  const exported = async (request: FastifyRequest<{ Querystring: Parameters<typeof allTasks>[3] }>) =>
    allTasks(db, now(), actingOf(request).user, request.query, EXPORT_MAX);
  route(app, figuresApi.exportVerificationTasksCsv, async (request, reply) => {
    const names = namer(await listKinds(db), requestLocale(request));
    return sendCsv(
      request,
      reply,
      { name: 'verification-tasks', at: now() },
      TASK_COLUMNS,
      (await exported(request)).map((task) => taskRecord(task, names)),
    );
  });
  route(app, figuresApi.exportVerificationStatisticsCsv, async (request, reply) => {
    const names = namer(await listKinds(db), requestLocale(request));
    const { rows } = await statistics(db, now(), actingOf(request).user, request.query);
    return sendCsv(
      request,
      reply,
      { name: 'verification-statistics', at: now() },
      STATISTICS_COLUMNS,
      rows.map((row) => ({ ...row, kind: names.kind(row.kind) })),
    );
  });
  route(app, figuresApi.exportVerificationTasksGeoJson, async (request, reply) =>
    reply
      .header('content-type', 'application/geo+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="verification-tasks-${fileStamp(now())}.geojson"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(taskCollection(await exported(request)))),
  );
}
