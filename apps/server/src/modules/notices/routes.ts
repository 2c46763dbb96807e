import type { FastifyInstance } from 'fastify';
import { noticesApi as api } from '@eco/contracts/api/notices';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { sendStoredFile } from '../../uploads/send-file';
import { registerUploads, storeUpload, type Uploads } from '../documents/service';
import {
  assertNoticeInScope,
  attachToNotice,
  createNotice,
  deleteNotice,
  detachFromNotice,
  getAttachment,
  getNotice,
  listAllNotices,
  listPublicNotices,
  publishNotice,
  unscheduleNotice,
  updateNotice,
  withdrawNotice,
} from './service';

/** Notices (通知公告): the handlers of the declarations in @eco/contracts/api/notices.ts. */
export async function noticesRoutes(app: FastifyInstance, { db, now, uploads }: { db: Db; now: () => Date; uploads: Uploads }): Promise<void> {
  await registerUploads(app, uploads);

  // /home's latest notices: from the public figures' cache (http/public-cache.ts)
  route(app, api.listNotices, async (request, reply) =>
    app.publicCache.answer(request, reply, 'notices', () => listPublicNotices(db, paged(request.query), now())),
  );
  route(app, api.listManagedNotices, async ({ query }) => listAllNotices(db, paged(query), now()));
  route(app, api.getManagedNotice, async ({ params }) => getNotice(db, params.id, now(), 'editor'));
  route(app, api.getNotice, async ({ params }, reply) => {
    // every read counts a view: never from a cache
    reply.header('cache-control', 'no-store');
    return getNotice(db, params.id, now(), 'reader');
  });

  route(app, api.downloadNoticeAttachment, async (request, reply) => {
    const as = request.user && ['admin', 'editor'].includes(request.user.role) ? 'editor' : 'reader';
    const file = await getAttachment(db, request.params.id, request.params.attachmentId, now(), as);
    return sendStoredFile(reply, uploads.store, file, { inline: request.query.disposition === 'inline' });
  });

  route(app, api.createNotice, async (request) => {
    const id = await createNotice(db, now, actingOf(request), request.body);
    return getNotice(db, id, now(), 'editor');
  });
  route(app, api.updateNotice, async (request) => {
    await updateNotice(db, now, actingOf(request), request.params.id, request.body);
    return getNotice(db, request.params.id, now(), 'editor');
  });
  route(app, api.publishNotice, async (request) => {
    const at = request.body.publishAt === null ? null : new Date(request.body.publishAt);
    await publishNotice(db, now, actingOf(request), request.params.id, at);
    return getNotice(db, request.params.id, now(), 'editor');
  });
  route(app, api.unscheduleNotice, async (request) => {
    await unscheduleNotice(db, now, actingOf(request), request.params.id);
    return getNotice(db, request.params.id, now(), 'editor');
  });
  route(app, api.withdrawNotice, async (request) => {
    await withdrawNotice(db, now, actingOf(request), request.params.id);
    return getNotice(db, request.params.id, now(), 'editor');
  });
  route(app, api.deleteNotice, async (request) => {
    await deleteNotice(db, actingOf(request), request.params.id);
    return null;
  });
  route(app, api.attachToNotice, async (request) => {
    const { id } = request.params;
    const acting = actingOf(request);
    // an unknown notice, or one of another organisation, is refused before its upload is read
    await assertNoticeInScope(db, acting.user, id);
    await storeUpload(db, uploads, request, (tx, file) => attachToNotice(tx, now, acting, id, file));
    return getNotice(db, id, now(), 'editor');
  });
  route(app, api.detachFromNotice, async (request) => {
    await detachFromNotice(db, now, actingOf(request), request.params.id, request.params.attachmentId);
    return getNotice(db, request.params.id, now(), 'editor');
  });
}
