import type { FastifyInstance } from 'fastify';
import { regulationsApi as api } from '@eco/contracts/api/regulations';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { provinceDate } from '../../lib/time';
import { sendStoredFile } from '../../uploads/send-file';
import { registerUploads, storeUpload, type Uploads } from '../documents/service';
import { attachToRegulation, createRegulation, detachFromRegulation, updateRegulation } from './editing';
import { getRegulation, getRegulationDocument, listRegulationCategories, listRegulations } from './service';

/**
 * Technical regulations (技术规范): the handlers of the declarations in
 * @eco/contracts/api/regulations.ts. Status is derived from the date today in the province
 * (`now` is injectable for tests); every write answers the regulation as it now is.
 */
export async function regulationsRoutes(app: FastifyInstance, { db, now, uploads }: { db: Db; now: () => Date; uploads: Uploads }): Promise<void> {
  await registerUploads(app, uploads);
  const detail = (id: number) => getRegulation(db, id, provinceDate(now()));

  // /home's latest regulations: from the public figures' cache (http/public-cache.ts)
  route(app, api.listRegulations, async (request, reply) =>
    app.publicCache.answer(request, reply, 'regulations', () => listRegulations(db, paged(request.query), provinceDate(now()))),
  );
  route(app, api.listRegulationCategories, async () => listRegulationCategories(db));
  route(app, api.getRegulation, async ({ params }) => detail(params.id));

  route(app, api.downloadRegulationDocument, async (request, reply) => {
    const file = await getRegulationDocument(db, request.params.id, request.params.documentId);
    return sendStoredFile(reply, uploads.store, file, { inline: request.query.disposition === 'inline' });
  });

  route(app, api.createRegulation, async (request) => detail(await createRegulation(db, now, actingOf(request), request.body)));
  route(app, api.updateRegulation, async (request) => {
    await updateRegulation(db, now, actingOf(request), request.params.id, request.body);
    return detail(request.params.id);
  });
  route(app, api.attachToRegulation, async (request) => {
    const { id } = request.params;
    const acting = actingOf(request);
    // an unknown regulation is refused before its upload is read
    await detail(id);
    await storeUpload(db, uploads, request, (tx, file) => attachToRegulation(tx, now, acting, id, file));
    return detail(id);
  });
  route(app, api.detachFromRegulation, async (request) => {
    await detachFromRegulation(db, now, actingOf(request), request.params.id, request.params.documentId);
    return detail(request.params.id);
  });
}
