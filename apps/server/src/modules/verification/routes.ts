import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verificationApi as api } from '@eco/contracts/api/verification';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { importHotspots } from './import-hotspots';
import { listKinds, updateKind } from './kinds';
import { getTask, listTasks } from './tasks';
import { dispatchAll, type Step, type StepInput, takeStep } from './transitions';

/** The bundled FIRMS sample (data/README.md), imported by `POST /api/verification/hotspots/sample`. */
export const FIRMS_SAMPLE = 'firms-modis-c61-global-24h-2022-02-27.csv';

/** The largest FIRMS file accepted (bytes): a global VIIRS 7-day file is about 40 MB. */
const FIRMS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Field verification under `/api/verification`: the handlers of @eco/contracts/api/verification.ts
 * (docs/verification.md). Every step answers the task as `GET /api/verification/tasks/{id}`.
 */
export async function verificationRoutes(app: FastifyInstance, { db, now, dataDir }: { db: Db; now: () => Date; dataDir: string }): Promise<void> {
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
}
