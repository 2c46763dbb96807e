/**
 * Notices (通知公告): 通知 (`notice`), 公告 (`announcement`), 工作动态 (`news`).
 * Workflow: draft → published → withdrawn (and withdrawn → published again). A published notice
 * whose `publishAt` is in the future is scheduled: readers see it from that time on.
 */
import { Type, type Static } from 'typebox';
import { IsoDate, IsoTime } from './common';
import { MultiLine, OneLine } from './text';
import { DocumentSchema } from './documents';
import { NOTICE_CATEGORIES } from './notice-categories';

export { NOTICE_CATEGORIES, type NoticeCategory } from './notice-categories';

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** The longest title, characters. */
export const NOTICE_TITLE_MAX = 200;
/** The longest body as sent by the editor, characters of HTML. */
export const NOTICE_BODY_MAX = 200_000;
/**
 * The longest 文号 (e.g. `陕林草发〔2025〕12号`), 索引号 (e.g. `11610000MB2976543X/2025-00012`) and
 * 发布机构, characters: room for the longest forms GB/T 9704-2012 (党政机关公文格式) and the
 * government information disclosure catalogues use, with margin.
 */
export const NOTICE_METADATA_MAX = { documentNumber: 100, indexNumber: 100, issuingBody: 200 } as const;

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
    /** 文号, e.g. 陕林草发〔2025〕12号; '' when it has none */
    documentNumber: Type.String(),
    /** 索引号 of the government information disclosure catalogue; '' when it has none */
    indexNumber: Type.String(),
    /** 发布机构 as written by the editor; '' = the publishing organisation (`organisationName`) */
    issuingBody: Type.String(),
    /** 成文日期, YYYY-MM-DD (the date the document was signed); null when not given */
    writtenOn: Type.Union([Type.String(), Type.Null()]),
    attachments: Type.Array(DocumentSchema),
    /** the next newer and next older notice readers can see (by publish time), when there is one */
    newer: Type.Union([NoticeRef, Type.Null()]),
    older: Type.Union([NoticeRef, Type.Null()]),
  },
  { $id: 'NoticeDetail' },
);
export type NoticeDetail = Static<typeof NoticeDetailSchema>;

const OrganisationId = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()], {
  description: 'The publishing organisation; null = the author’s own',
});

/** What an editor writes: `POST /api/notices` (all fields) and `PATCH /api/notices/{id}` (any of them). */
export const NoticeInputSchema = Type.Object(
  {
    title: OneLine({ maxLength: NOTICE_TITLE_MAX, required: true, description: `1–${NOTICE_TITLE_MAX} characters, one line` }),
    category: Type.Enum(NOTICE_CATEGORIES, { description: 'notice 通知, announcement 公告, news 工作动态' }),
    bodyHtml: MultiLine({ maxLength: NOTICE_BODY_MAX, description: 'HTML from the editor; sanitised by the server (allow-list) before it is stored' }),
    pinned: Type.Boolean(),
    organisationId: OrganisationId,
    documentNumber: Type.Optional(
      OneLine({ maxLength: NOTICE_METADATA_MAX.documentNumber, description: `文号, e.g. 陕林草发〔2025〕12号; '' (the default) for none` }),
    ),
    indexNumber: Type.Optional(OneLine({ maxLength: NOTICE_METADATA_MAX.indexNumber, description: "索引号; '' (the default) for none" })),
    issuingBody: Type.Optional(
      OneLine({ maxLength: NOTICE_METADATA_MAX.issuingBody, description: "发布机构; '' (the default) = the publishing organisation's name" }),
    ),
    writtenOn: Type.Optional(
      Type.Union([IsoDate, Type.Null()], {
        description: '成文日期, YYYY-MM-DD, not after today in the province (UTC+08:00; else 400 NOTICE_WRITTEN_ON_IN_FUTURE); null (the default) for none',
      }),
    ),
  },
  { additionalProperties: false },
);
export type NoticeInput = Static<typeof NoticeInputSchema>;

/** `PATCH /api/notices/{id}`: any of the fields. */
export const NoticePatchSchema = Type.Partial(NoticeInputSchema, { additionalProperties: false });
export type NoticePatch = Static<typeof NoticePatchSchema>;

/** `POST /api/notices/{id}/publish`. */
export const PublishNoticeSchema = Type.Object(
  {
    publishAt: Type.Union([IsoTime, Type.Null()], {
      description:
        'ISO 8601 with offset; a future time schedules it; null = now. A time already past is refused (400 NOTICE_SCHEDULE_IN_PAST): send null to publish now',
    }),
  },
  { additionalProperties: false },
);
