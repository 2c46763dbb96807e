/**
 * Notices (通知公告): 通知 (`notice`), 公告 (`announcement`), 工作动态 (`news`).
 * Workflow: draft → published → withdrawn (and withdrawn → published again). A published notice
 * whose `publishAt` is in the future is scheduled: readers see it from that time on.
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';
import { DocumentSchema } from './documents';

export const NOTICE_CATEGORIES = ['notice', 'announcement', 'news'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** The longest title, characters. */
export const NOTICE_TITLE_MAX = 200;
/** The longest body as sent by the editor, characters of HTML. */
export const NOTICE_BODY_MAX = 200_000;

const NullableTime = Type.Union([IsoTime, Type.Null()]);

export const NoticeSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    category: Type.Enum(NOTICE_CATEGORIES),
    organisationName: Type.Union([Type.String(), Type.Null()]),
    authorName: Type.String(),
    pinned: Type.Boolean(),
    status: Type.Enum(NOTICE_STATUSES),
    /** published with a publish time still to come */
    scheduled: Type.Boolean(),
    publishAt: NullableTime,
    viewCount: Type.Integer({ minimum: 0 }),
    attachmentCount: Type.Integer({ minimum: 0 }),
    updatedAt: IsoTime,
  },
  { $id: 'NoticeSummary' },
);
export type NoticeSummary = Static<typeof NoticeSummarySchema>;

const NoticeRef = Type.Object({ id: Type.Integer(), title: Type.String(), publishAt: NullableTime });
export type NoticeRef = Static<typeof NoticeRef>;

export const NoticeDetailSchema = Type.Object(
  {
    ...NoticeSummarySchema.properties,
    /** HTML sanitised by the server (allow-list): safe to render as it is */
    bodyHtml: Type.String(),
    organisationId: Type.Union([Type.Integer(), Type.Null()]),
    attachments: Type.Array(DocumentSchema),
    /** the next newer and next older notice readers can see (by publish time), when there is one */
    newer: Type.Union([NoticeRef, Type.Null()]),
    older: Type.Union([NoticeRef, Type.Null()]),
  },
  { $id: 'NoticeDetail' },
);
export type NoticeDetail = Static<typeof NoticeDetailSchema>;

/** What an editor writes: `POST /api/notices` (all fields) and `PATCH /api/notices/:id` (any of them). */
export interface NoticeInput {
  title: string;
  category: NoticeCategory;
  /** HTML from the editor; the server sanitises it */
  bodyHtml: string;
  pinned: boolean;
  /** null = the user's own organisation (on create) */
  organisationId: number | null;
}
