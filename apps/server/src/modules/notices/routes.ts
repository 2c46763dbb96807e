import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IsoDate, IsoTime } from '@eco/contracts/common';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { NOTICE_BODY_MAX, NOTICE_CATEGORIES, NOTICE_STATUSES, NOTICE_TITLE_MAX, NoticeDetailSchema, NoticeSummarySchema } from '@eco/contracts/notices';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { MULTI_LINE, SINGLE_LINE, SINGLE_LINE_NOT_BLANK } from '../../http/text';
import { sendStoredFile } from '../../uploads/send-file';
import { registerUploads, storeUpload, type Uploads } from '../documents/service';
import {
  attachToNotice,
  createNotice,
  deleteNotice,
  detachFromNotice,
  getAttachment,
  getNotice,
  listAllNotices,
  listPublicNotices,
  publishNotice,
  updateNotice,
  withdrawNotice,
  type Acting,
} from './service';

const pages = paging(100, 10);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ById = Type.Object({ id: Id });
const ByAttachment = Type.Object({ id: Id, attachmentId: Id });

/** Editors and administrators manage notices (roles: @eco/contracts/roles). */
const editors = signedIn({ roles: ['admin', 'editor'] });

const Title = Type.String({ minLength: 1, maxLength: NOTICE_TITLE_MAX, pattern: SINGLE_LINE_NOT_BLANK, description: `1–${NOTICE_TITLE_MAX} characters, one line` });
const Body = Type.String({ maxLength: NOTICE_BODY_MAX, pattern: MULTI_LINE, description: 'HTML from the editor; sanitised by the server (allow-list) before it is stored' });
const OrganisationId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, description: 'The publishing organisation; null = the author’s own' });

const CreateBody = Type.Object(
  {
    title: Title,
    category: Type.Enum(NOTICE_CATEGORIES, { description: 'notice 通知, announcement 公告, news 工作动态' }),
    bodyHtml: Body,
    pinned: Type.Boolean(),
    organisationId: OrganisationId,
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Partial(CreateBody, { additionalProperties: false });
const PublishBody = Type.Object(
  { publishAt: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description: 'ISO 8601 with offset; a future time schedules it; null = now' }) },
  { additionalProperties: false },
);

const ListQuery = {
  keyword: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE, description: 'Substring of the title or the body text, ignoring case' })),
  category: Type.Optional(Type.Enum(NOTICE_CATEGORIES)),
  from: Type.Optional({ ...IsoDate, description: 'Published on or after this day (province calendar)' }),
  to: Type.Optional({ ...IsoDate, description: 'Published on or before this day (province calendar)' }),
  ...pages.schema,
};

function acting(request: FastifyRequest): Acting {
  const user = request.user!;
  return {
    actor: { id: user.id, account: user.account, displayName: user.displayName, organisationId: user.organisation?.id ?? null },
    ip: request.ip,
  };
}

const tags = ['notices'];

/**
 * Notices (通知公告). Anyone: `GET /api/notices` (published and due: keyword over title and body,
 * category, date range; pinned first, newest first; pages), `GET /api/notices/:id` (counts a
 * view), `GET /api/notices/:id/attachments/:attachmentId` (download; `?disposition=inline`
 * previews a PDF or image). Editors and administrators: `GET /api/notices/manage` and
 * `…/manage/:id` (every status), `POST /api/notices`, `PATCH /api/notices/:id`,
 * `POST …/:id/publish` (`publishAt`: a future time schedules it), `POST …/:id/withdraw`,
 * `DELETE …/:id` (drafts), `POST …/:id/attachments` (multipart, one file),
 * `DELETE …/:id/attachments/:attachmentId`. Errors: 404 NOTICE_NOT_FOUND, 409
 * NOTICE_STATE_CONFLICT, 404 DOCUMENT_NOT_FOUND, the UPLOAD_* codes.
 */
export const noticesRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; uploads: Uploads }> = async (app, { db, now, uploads }) => {
  await registerUploads(app, uploads);

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Published notices: search, filter, pinned first then newest',
        querystring: Type.Object(ListQuery),
        response: { 200: Ok(PageOf(NoticeSummarySchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listPublicNotices(db, { ...request.query, ...pages.of(request.query) }, now()) }),
  );

  app.get(
    '/manage',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Every notice, any status, most recently changed first (editors)',
        querystring: Type.Object({ ...ListQuery, status: Type.Optional(Type.Enum(NOTICE_STATUSES)) }),
        response: { 200: Ok(PageOf(NoticeSummarySchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listAllNotices(db, { ...request.query, ...pages.of(request.query) }, now()) }),
  );

  app.get(
    '/manage/:id',
    { onRequest: editors, schema: { tags, summary: 'One notice in any status (editors)', params: ById, response: { 200: Ok(NoticeDetailSchema) } } },
    async (request) => ({ success: true as const, data: await getNotice(db, request.params.id, now(), 'editor') }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One published notice in full, with attachments and the newer and older ones; counts a view',
        params: ById,
        response: { 200: Ok(NoticeDetailSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await getNotice(db, request.params.id, now(), 'reader') };
    },
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Download an attachment with its original name (inline for a PDF or image preview)',
        params: ByAttachment,
        querystring: Type.Object({ disposition: Type.Optional(Type.Enum(['attachment', 'inline'])) }),
      },
    },
    async (request, reply) => {
      const as = request.user && ['admin', 'editor'].includes(request.user.role) ? 'editor' : 'reader';
      const file = await getAttachment(db, request.params.id, request.params.attachmentId, now(), as);
      return sendStoredFile(reply, uploads.store, file, { inline: request.query.disposition === 'inline' });
    },
  );

  app.post(
    '',
    { onRequest: editors, schema: { tags, summary: 'Create a draft (editors)', body: CreateBody, response: { 201: Ok(NoticeDetailSchema) } } },
    async (request, reply) => {
      const id = await createNotice(db, now, acting(request), request.body);
      reply.status(201);
      return { success: true as const, data: await getNotice(db, id, now(), 'editor') };
    },
  );

  app.patch(
    '/:id',
    { onRequest: editors, schema: { tags, summary: 'Change a notice (editors)', params: ById, body: UpdateBody, response: { 200: Ok(NoticeDetailSchema) } } },
    async (request) => {
      await updateNotice(db, now, acting(request), request.params.id, request.body);
      return { success: true as const, data: await getNotice(db, request.params.id, now(), 'editor') };
    },
  );

  app.post(
    '/:id/publish',
    {
      onRequest: editors,
      schema: { tags, summary: 'Publish now or at a time (editors)', params: ById, body: PublishBody, response: { 200: Ok(NoticeDetailSchema) } },
    },
    async (request) => {
      const at = request.body.publishAt === null ? null : new Date(request.body.publishAt);
      await publishNotice(db, now, acting(request), request.params.id, at);
      return { success: true as const, data: await getNotice(db, request.params.id, now(), 'editor') };
    },
  );

  app.post(
    '/:id/withdraw',
    { onRequest: editors, schema: { tags, summary: 'Withdraw a published notice (editors)', params: ById, response: { 200: Ok(NoticeDetailSchema) } } },
    async (request) => {
      await withdrawNotice(db, now, acting(request), request.params.id);
      return { success: true as const, data: await getNotice(db, request.params.id, now(), 'editor') };
    },
  );

  app.delete(
    '/:id',
    { onRequest: editors, schema: { tags, summary: 'Delete a draft (editors)', params: ById, response: { 200: Ok(Type.Null()) } } },
    async (request) => {
      await deleteNotice(db, acting(request), request.params.id);
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/:id/attachments',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Attach one file (multipart/form-data; PDF, Office, image or zip, recognised from the content) (editors)',
        consumes: ['multipart/form-data'],
        params: ById,
        response: { 201: Ok(NoticeDetailSchema) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      // an unknown notice is refused before its upload is read
      await getNotice(db, id, now(), 'editor');
      await storeUpload(db, uploads, request, (tx, file) => attachToNotice(tx, now, acting(request), id, file));
      reply.status(201);
      return { success: true as const, data: await getNotice(db, id, now(), 'editor') };
    },
  );

  app.delete(
    '/:id/attachments/:attachmentId',
    { onRequest: editors, schema: { tags, summary: 'Remove an attachment (editors)', params: ByAttachment, response: { 200: Ok(NoticeDetailSchema) } } },
    async (request) => {
      await detachFromNotice(db, now, acting(request), request.params.id, request.params.attachmentId);
      return { success: true as const, data: await getNotice(db, request.params.id, now(), 'editor') };
    },
  );
};
