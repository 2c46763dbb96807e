import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { verificationApi as api } from '@eco/contracts/api/verification';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { importHotspots } from './import-hotspots';
import { listKinds, updateKind } from './kinds';
import { getTask, listTasks } from './tasks';
import { dispatchAll, type Step, takeStep } from './transitions';

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

  const step = (name: Step) => async (request: { params: { id: number }; body: { note?: string; verdict?: string } }, acting: ReturnType<typeof actingOf>) => {
    await takeStep(db, now(), acting, request.params.id, name, request.body);
    return getTask(db, now(), acting.user, request.params.id);
  };
  route(app, api.dispatchVerificationTask, async (request) => step('dispatch')(request, actingOf(request)));
  route(app, api.startVerificationTask, async (request) => step('start')(request, actingOf(request)));
  route(app, api.feedBackVerificationTask, async (request) => step('feedback')(request, actingOf(request)));
  route(app, api.returnVerificationTask, async (request) => step('return')(request, actingOf(request)));
  route(app, api.closeVerificationTask, async (request) => step('close')(request, actingOf(request)));
  route(app, api.dispatchVerificationTasks, async (request) => ({ dispatched: await dispatchAll(db, now(), actingOf(request), request.body.ids) }));
}
