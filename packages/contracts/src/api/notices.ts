/**
 * Notices (通知公告), docs/product.md §Notices: published ones for everyone; drafts, publishing
 * and attachments for editors and administrators.
 */
import { Type } from 'typebox';
import { ById, Id, IsoDate, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import {
  NOTICE_CATEGORIES,
  NOTICE_STATUSES,
  NoticeDetailSchema,
  NoticeInputSchema,
  NoticePatchSchema,
  NoticeSummarySchema,
  PublishNoticeSchema,
} from '../notices';
import { Keyword } from '../text';
import { DOCUMENT_KINDS, mimeTypesOf } from '../file-kinds';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['notices'] as const;
const editors = signedIn('admin', 'editor');

const ByAttachment = Type.Object({ id: Id, attachmentId: Id });

const listFilters = {
  keyword: Type.Optional({ ...Keyword, description: 'Substring of the title or the body text, ignoring case' }),
  category: Type.Optional(Type.Enum(NOTICE_CATEGORIES)),
  from: Type.Optional({ ...IsoDate, description: 'Published on or after this day (province calendar, UTC+08:00)' }),
  to: Type.Optional({ ...IsoDate, description: 'Published on or before this day (province calendar, UTC+08:00)' }),
  ...paging(100, 10),
};

export const noticesApi = defineEndpoints({
  listNotices: {
    method: 'GET',
    path: '/api/notices',
    summary: 'Published notices: search, filter, pinned first then newest',
    description:
      'Notices readers can see (published, publish time reached). `keyword` matches the title and the body text ignoring case; pinned first, then newest; pages of at most 100.',
    tags,
    access: PUBLIC,
    query: Type.Object(listFilters, { additionalProperties: false }),
    response: PageOf(NoticeSummarySchema),
    errors: [],
  },
  listManagedNotices: {
    method: 'GET',
    path: '/api/manage/notices',
    summary: 'Every notice, any status, most recently changed first (editors)',
    description: 'For 门户管理 → 通知公告: drafts, scheduled, published and withdrawn notices.',
    tags,
    access: editors,
    query: Type.Object({ ...listFilters, status: Type.Optional(Type.Enum(NOTICE_STATUSES)) }, { additionalProperties: false }),
    response: PageOf(NoticeSummarySchema),
    errors: [],
  },
  getManagedNotice: {
    method: 'GET',
    path: '/api/manage/notices/{id}',
    summary: 'One notice in any status (editors)',
    description: 'As `GET /api/notices/{id}`, for a notice in any status; counts no view.',
    tags,
    access: editors,
    params: ById,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND'],
  },
  getNotice: {
    method: 'GET',
    path: '/api/notices/{id}',
    summary: 'One published notice in full; counts a view',
    description:
      'The notice with its sanitised body, attachments and the newer and older ones readers can see. 404 for a notice readers cannot see (draft, withdrawn, scheduled).',
    tags,
    access: PUBLIC,
    params: ById,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND'],
  },
  downloadNoticeAttachment: {
    method: 'GET',
    path: '/api/notices/{id}/attachments/{attachmentId}',
    summary: 'Download an attachment with its original name',
    description: '`disposition=inline` previews a PDF or an image in the page. Editors may download those of notices readers cannot see yet.',
    tags,
    access: PUBLIC,
    params: ByAttachment,
    query: Type.Object({ disposition: Type.Optional(Type.Enum(['attachment', 'inline'])) }, { additionalProperties: false }),
    raw: { mediaTypes: mimeTypesOf(DOCUMENT_KINDS), description: 'The file as uploaded, with `Content-Disposition` carrying its original name' },
    errors: ['NOTICE_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
  },
  createNotice: {
    method: 'POST',
    path: '/api/notices',
    summary: 'Create a draft (editors)',
    description:
      'The body HTML is sanitised (allow-list of the editor’s own elements). `organisationId: null` publishes in the author’s own organisation’s name.',
    tags,
    access: editors,
    body: NoticeInputSchema,
    response: NoticeDetailSchema,
    status: 201,
    errors: ['ORGANISATION_NOT_FOUND', 'NOTICE_WRITTEN_ON_IN_FUTURE'],
  },
  updateNotice: {
    method: 'PATCH',
    path: '/api/notices/{id}',
    summary: 'Change a notice (editors)',
    description: 'Any of the fields of `POST /api/notices`; the others stay.',
    tags,
    access: editors,
    params: ById,
    body: NoticePatchSchema,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND', 'ORGANISATION_NOT_FOUND', 'NOTICE_WRITTEN_ON_IN_FUTURE'],
  },
  publishNotice: {
    method: 'POST',
    path: '/api/notices/{id}/publish',
    summary: 'Publish now or at a time (editors)',
    description:
      'A draft or withdrawn notice becomes published; a future `publishAt` schedules it (readers see it from then on). A `publishAt` already past is refused with 400 NOTICE_SCHEDULE_IN_PAST rather than published backdated: `publishAt: null` publishes now.',
    tags,
    access: editors,
    params: ById,
    body: PublishNoticeSchema,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND', 'NOTICE_STATE_CONFLICT', 'NOTICE_SCHEDULE_IN_PAST'],
  },
  unscheduleNotice: {
    method: 'POST',
    path: '/api/notices/{id}/unschedule',
    summary: 'Cancel a scheduled publication: back to draft (editors)',
    description:
      'A notice published for a time still to come becomes a draft again, without a publish time. 409 NOTICE_STATE_CONFLICT when it is not scheduled (a draft, withdrawn, or its time has come: withdraw it instead).',
    tags,
    access: editors,
    params: ById,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND', 'NOTICE_STATE_CONFLICT'],
  },
  withdrawNotice: {
    method: 'POST',
    path: '/api/notices/{id}/withdraw',
    summary: 'Withdraw a published notice (editors)',
    description: 'Readers no longer see it; it can be published again.',
    tags,
    access: editors,
    params: ById,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND', 'NOTICE_STATE_CONFLICT'],
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/notices/{id}',
    summary: 'Delete a draft (editors)',
    description: 'Only a draft that was never published can be deleted; withdraw a published one instead.',
    tags,
    access: editors,
    params: ById,
    response: Type.Null(),
    errors: ['NOTICE_NOT_FOUND', 'NOTICE_STATE_CONFLICT'],
  },
  attachToNotice: {
    method: 'POST',
    path: '/api/notices/{id}/attachments',
    summary: 'Attach one file (editors)',
    description: 'multipart/form-data with one file: PDF, Office document, image or zip, recognised from its content, at most `UPLOAD_MAX_BYTES`.',
    tags,
    access: editors,
    params: ById,
    upload: { description: 'The file to attach' },
    response: NoticeDetailSchema,
    status: 201,
    errors: ['NOTICE_NOT_FOUND'],
  },
  detachFromNotice: {
    method: 'DELETE',
    path: '/api/notices/{id}/attachments/{attachmentId}',
    summary: 'Remove an attachment (editors)',
    description: 'The file stays stored while another notice or regulation uses it.',
    tags,
    access: editors,
    params: ByAttachment,
    response: NoticeDetailSchema,
    errors: ['NOTICE_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
  },
});
