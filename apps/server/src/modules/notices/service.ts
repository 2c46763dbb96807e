/**
 * Notices (通知公告): reading, and the editors' workflow draft → published → withdrawn.
 *
 * Readers see a notice when it is published and its publish time has come: the condition is
 * evaluated at query time against the clock (`now`), so a notice scheduled for 09:00 appears at
 * 09:00 by itself, with no timer and no restart. Editors and administrators see every notice.
 *
 * Keyword search is a plain `ILIKE` substring match over the title and the body's text (a trigram
 * index needs three characters, and two-character Chinese words such as 防火 must be found).
 * Each write runs in one transaction with its audit row.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@eco/contracts/envelope';
import type { NoticeCategory, NoticeDetail, NoticeInput, NoticePatch, NoticeRef, NoticeStatus, NoticeSummary } from '@eco/contracts/notices';
import type { UserActing } from '../../auth/acting';
import type { SignedInUser } from '../../auth/current-user';
import { assertInScope } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { files, noticeAttachments, notices as n, organisations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { PROVINCE_TIME_ZONE, provinceDate, toIsoCst } from '../../lib/time';
import { audit, changes } from '../audit/service';
import { documentOf, type SavedUpload } from '../documents/service';
import { sanitiseNoticeHtml } from './sanitise-html';

export interface NoticeQuery {
  /** substring of the title or the body's text, ignoring case */
  keyword?: string;
  category?: NoticeCategory;
  /** first day (YYYY-MM-DD, the province's calendar) of the publish time, inclusive */
  from?: string;
  /** last day (YYYY-MM-DD, the province's calendar) of the publish time, inclusive */
  to?: string;
  /** editors only: one status */
  status?: NoticeStatus;
  page: number;
  pageSize: number;
}

/** Visible to readers at `now`: published, and its publish time has come. */
function visibleAt(now: Date): SQL {
  return and(eq(n.status, 'published'), lte(n.publishAt, now))!;
}

const attachmentCount = sql<number>`(select count(*)::int from ${noticeAttachments} where ${noticeAttachments.noticeId} = ${n.id})`;

const summaryColumns = {
  id: n.id,
  title: n.title,
  category: n.category,
  organisationName: organisations.name,
  authorName: n.authorName,
  pinned: n.pinned,
  status: n.status,
  publishAt: n.publishAt,
  viewCount: n.viewCount,
  attachmentCount,
  updatedAt: n.updatedAt,
};

interface SummaryRow {
  id: number;
  title: string;
  category: NoticeCategory;
  organisationName: string | null;
  authorName: string;
  pinned: boolean;
  status: NoticeStatus;
  publishAt: Date | null;
  viewCount: number;
  attachmentCount: number;
  updatedAt: Date;
}

function summaryOf(row: SummaryRow, now: Date): NoticeSummary {
  return {
    ...row,
    scheduled: row.status === 'published' && row.publishAt !== null && row.publishAt > now,
    publishAt: row.publishAt ? toIsoCst(row.publishAt) : null,
    updatedAt: toIsoCst(row.updatedAt),
  };
}

/** Midnight at the start of `day` in the province. */
function provinceMidnight(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${PROVINCE_TIME_ZONE})`;
}

function conditions(query: NoticeQuery): SQL[] {
  const where: SQL[] = [];
  const keyword = query.keyword?.trim();
  if (keyword) where.push(or(ilike(n.title, likePattern(keyword)), ilike(n.bodyText, likePattern(keyword)))!);
  if (query.category) where.push(eq(n.category, query.category));
  if (query.from) where.push(gte(n.publishAt, provinceMidnight(query.from)));
  if (query.to) where.push(lt(n.publishAt, sql`${provinceMidnight(query.to)} + interval '1 day'`));
  if (query.status) where.push(eq(n.status, query.status));
  return where;
}

async function page(db: Db, where: SQL | undefined, order: SQL[], query: NoticeQuery, now: Date): Promise<Page<NoticeSummary>> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(n)
      .leftJoin(organisations, eq(organisations.id, n.organisationId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(n).where(where),
  ]);
  return { items: rows.map((row) => summaryOf(row, now)), total, page: query.page, pageSize: query.pageSize };
}

/** One page of what readers see at `now`: pinned first, then newest published first. */
export function listPublicNotices(db: Db, query: Omit<NoticeQuery, 'status'>, now: Date): Promise<Page<NoticeSummary>> {
  return page(db, and(visibleAt(now), ...conditions(query)), [desc(n.pinned), desc(n.publishAt), desc(n.id)], query, now);
}

/** One page of every notice (editors), most recently changed first. */
export function listAllNotices(db: Db, query: NoticeQuery, now: Date): Promise<Page<NoticeSummary>> {
  const where = conditions(query);
  return page(db, where.length > 0 ? and(...where) : undefined, [desc(n.updatedAt), desc(n.id)], query, now);
}

/** Where an attachment of notice `noticeId` downloads from. */
export function attachmentUrl(noticeId: number, attachmentId: number): string {
  return `/api/notices/${noticeId}/attachments/${attachmentId}`;
}

async function attachmentsOf(db: Db, noticeId: number) {
  const rows = await db
    .select({ id: noticeAttachments.id, fileName: noticeAttachments.fileName, fileSha256: noticeAttachments.fileSha256, size: files.size, mime: files.mime })
    .from(noticeAttachments)
    .innerJoin(files, eq(files.sha256, noticeAttachments.fileSha256))
    .where(eq(noticeAttachments.noticeId, noticeId))
    .orderBy(asc(noticeAttachments.sortOrder), asc(noticeAttachments.id));
  return rows.map((row) => documentOf(row, attachmentUrl(noticeId, row.id)));
}

/** The visible notices just newer and just older than `publishAt` (by publish time, then id). */
async function neighbours(db: Db, id: number, publishAt: Date, now: Date): Promise<{ newer: NoticeRef | null; older: NoticeRef | null }> {
  const ref = { id: n.id, title: n.title, publishAt: n.publishAt };
  const position = sql`(${n.publishAt}, ${n.id})`;
  const here = sql`(${publishAt.toISOString()}::timestamptz, ${id}::int)`;
  const [[newer], [older]] = await Promise.all([
    db
      .select(ref)
      .from(n)
      .where(and(visibleAt(now), sql`${position} > ${here}`))
      .orderBy(asc(n.publishAt), asc(n.id))
      .limit(1),
    db
      .select(ref)
      .from(n)
      .where(and(visibleAt(now), sql`${position} < ${here}`))
      .orderBy(desc(n.publishAt), desc(n.id))
      .limit(1),
  ]);
  const refOf = (row: typeof newer) => (row ? { ...row, publishAt: row.publishAt ? toIsoCst(row.publishAt) : null } : null);
  return { newer: refOf(newer), older: refOf(older) };
}

/**
 * A notice in full. `reader`: only a notice visible at `now` (else 404 NOTICE_NOT_FOUND, the same
 * as for an id that does not exist, so drafts do not show they exist), counting one view;
 * `editor`: any notice, counting nothing.
 */
export async function getNotice(db: Db, id: number, now: Date, as: 'reader' | 'editor'): Promise<NoticeDetail> {
  const where = as === 'reader' ? and(eq(n.id, id), visibleAt(now)) : eq(n.id, id);
  const [row] = await db
    .select({
      ...summaryColumns,
      bodyHtml: n.bodyHtml,
      organisationId: n.organisationId,
      documentNumber: n.documentNumber,
      indexNumber: n.indexNumber,
      issuingBody: n.issuingBody,
      writtenOn: n.writtenOn,
    })
    .from(n)
    .leftJoin(organisations, eq(organisations.id, n.organisationId))
    .where(where);
  if (!row) throw new AppError('NOTICE_NOT_FOUND', String(id));
  if (as === 'reader') {
    await db
      .update(n)
      .set({ viewCount: sql`${n.viewCount} + 1` })
      .where(eq(n.id, id));
    row.viewCount += 1;
  }
  const [attachments, around] = await Promise.all([
    attachmentsOf(db, id),
    row.status === 'published' && row.publishAt ? neighbours(db, id, row.publishAt, now) : Promise.resolve({ newer: null, older: null }),
  ]);
  const { bodyHtml, organisationId, documentNumber, indexNumber, issuingBody, writtenOn, ...summary } = row;
  return { ...summaryOf(summary, now), bodyHtml, organisationId, documentNumber, indexNumber, issuingBody, writtenOn, attachments, ...around };
}

/** The attachment `attachmentId` of notice `noticeId` when the caller may see the notice; 404 DOCUMENT_NOT_FOUND otherwise. */
export async function getAttachment(db: Db, noticeId: number, attachmentId: number, now: Date, as: 'reader' | 'editor') {
  const [row] = await db
    .select({ sha256: noticeAttachments.fileSha256, fileName: noticeAttachments.fileName, size: files.size, mime: files.mime })
    .from(noticeAttachments)
    .innerJoin(n, eq(n.id, noticeAttachments.noticeId))
    .innerJoin(files, eq(files.sha256, noticeAttachments.fileSha256))
    .where(and(eq(noticeAttachments.id, attachmentId), eq(noticeAttachments.noticeId, noticeId), as === 'reader' ? visibleAt(now) : undefined));
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND', String(attachmentId));
  return row;
}

// ---- writes (editors and administrators) ----

type NoticeRow = typeof n.$inferSelect;

/**
 * The row of notice `id`, locked until the transaction ends, when `user` may act for the
 * organisation it is published in (docs/access.md §Organisation scope). 404 NOTICE_NOT_FOUND,
 * 403 FORBIDDEN.
 */
async function lockNotice(tx: Db, id: number, user: SignedInUser): Promise<NoticeRow> {
  const [row] = await tx.select().from(n).where(eq(n.id, id)).for('update');
  if (!row) throw new AppError('NOTICE_NOT_FOUND', String(id));
  await assertInScope(tx, user, row.organisationId);
  return row;
}

/**
 * Refuses before anything is read or stored unless notice `id` exists (404 NOTICE_NOT_FOUND) and
 * `user` may act for its organisation (403 FORBIDDEN): for uploads, checked before the file is read.
 */
export async function assertNoticeInScope(db: Db, user: SignedInUser, id: number): Promise<void> {
  const [row] = await db.select({ organisationId: n.organisationId }).from(n).where(eq(n.id, id));
  if (!row) throw new AppError('NOTICE_NOT_FOUND', String(id));
  await assertInScope(db, user, row.organisationId);
}

/** What the audit log keeps of a notice: its fields, with a fingerprint of the body instead of the body. */
function summary(
  row: Pick<NoticeRow, 'title' | 'category' | 'bodyHtml' | 'pinned' | 'organisationId' | 'documentNumber' | 'indexNumber' | 'issuingBody' | 'writtenOn'>,
) {
  return {
    title: row.title,
    category: row.category,
    pinned: row.pinned,
    organisationId: row.organisationId,
    documentNumber: row.documentNumber,
    indexNumber: row.indexNumber,
    issuingBody: row.issuingBody,
    writtenOn: row.writtenOn,
    body: crypto.createHash('sha256').update(row.bodyHtml).digest('hex').slice(0, 16),
  };
}

async function assertOrganisation(tx: Db, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND', String(id));
}

/**
 * 成文日期 is the day a document was signed: it cannot be after today in the province (UTC+08:00).
 * 400 NOTICE_WRITTEN_ON_IN_FUTURE names the latest day allowed.
 */
function assertWrittenOn(writtenOn: string | null | undefined, now: Date): void {
  if (!writtenOn) return;
  const today = provinceDate(now);
  if (writtenOn > today) throw new AppError('NOTICE_WRITTEN_ON_IN_FUTURE', { zh: `${writtenOn}（今天是 ${today}）`, en: `${writtenOn} (today is ${today})` });
}

/** Creates a draft by the acting editor (their organisation unless one is given). Answers its id. */
export async function createNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, input: NoticeInput): Promise<number> {
  const body = sanitiseNoticeHtml(input.bodyHtml);
  assertWrittenOn(input.writtenOn, now());
  return inTransaction(db, async (tx) => {
    const organisationId = input.organisationId ?? user.organisation?.id ?? null;
    await assertOrganisation(tx, organisationId);
    await assertInScope(tx, user, organisationId);
    const [row] = await tx
      .insert(n)
      .values({
        title: input.title,
        category: input.category,
        bodyHtml: body.html,
        bodyText: body.text,
        pinned: input.pinned,
        organisationId,
        documentNumber: input.documentNumber ?? '',
        indexNumber: input.indexNumber ?? '',
        issuingBody: input.issuingBody ?? '',
        writtenOn: input.writtenOn ?? null,
        authorId: actor.id,
        authorName: user.displayName,
        status: 'draft',
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    await audit(tx, { actor, ip, action: 'notice.create', entityType: 'notice', entityId: row!.id, after: summary(row!) });
    return row!.id;
  });
}

/** Changes the fields given, in any status; audits what changed. */
export async function updateNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number, input: NoticePatch): Promise<void> {
  const body = input.bodyHtml === undefined ? undefined : sanitiseNoticeHtml(input.bodyHtml);
  assertWrittenOn(input.writtenOn, now());
  await inTransaction(db, async (tx) => {
    const row = await lockNotice(tx, id, user);
    if (input.organisationId !== undefined) {
      await assertOrganisation(tx, input.organisationId);
      await assertInScope(tx, user, input.organisationId);
    }
    const next = {
      title: input.title,
      category: input.category,
      pinned: input.pinned,
      organisationId: input.organisationId,
      bodyHtml: body?.html,
      bodyText: body?.text,
      documentNumber: input.documentNumber,
      indexNumber: input.indexNumber,
      issuingBody: input.issuingBody,
      writtenOn: input.writtenOn,
    };
    const diff = changes(summary(row), summary({ ...row, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) }));
    if (!diff) return;
    await tx
      .update(n)
      .set({ ...next, updatedAt: now() })
      .where(eq(n.id, id));
    await audit(tx, { actor, ip, action: 'notice.update', entityType: 'notice', entityId: id, ...diff });
  });
}

/**
 * Publishes a draft or a withdrawn notice, at `publishAt` (a future time schedules it) or now.
 * A time already past is refused (400 NOTICE_SCHEDULE_IN_PAST, naming it) rather than published
 * backdated, which would put the notice below ones published before it and misstate when it went
 * out; the editor sends null to publish now. 409 NOTICE_STATE_CONFLICT when it is already published.
 */
export async function publishNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number, publishAt: Date | null): Promise<void> {
  const asked = now();
  if (publishAt !== null && publishAt < asked)
    throw new AppError('NOTICE_SCHEDULE_IN_PAST', {
      zh: `${toIsoCst(publishAt)} 早于现在 ${toIsoCst(asked)}`,
      en: `${toIsoCst(publishAt)} is before now, ${toIsoCst(asked)}`,
    });
  await inTransaction(db, async (tx) => {
    const row = await lockNotice(tx, id, user);
    if (row.status === 'published') throw new AppError('NOTICE_STATE_CONFLICT', { zh: '已经发布', en: 'already published' });
    const at = publishAt ?? now();
    await tx.update(n).set({ status: 'published', publishAt: at, updatedAt: now() }).where(eq(n.id, id));
    await audit(tx, {
      actor,
      ip,
      action: 'notice.publish',
      entityType: 'notice',
      entityId: id,
      before: { status: row.status, publishAt: row.publishAt ? toIsoCst(row.publishAt) : null },
      after: { status: 'published', publishAt: toIsoCst(at) },
    });
  });
}

/**
 * 取消定时: a notice scheduled for a time still to come goes back to draft, without a publish time.
 * 409 NOTICE_STATE_CONFLICT otherwise (a draft, withdrawn, or its time has come: readers may
 * already have seen it, so it must be withdrawn instead).
 */
export async function unscheduleNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockNotice(tx, id, user);
    if (row.status !== 'published' || row.publishAt === null || row.publishAt <= now())
      throw new AppError('NOTICE_STATE_CONFLICT', {
        zh: '只能取消尚未到发布时间的定时发布；已发布的请撤回',
        en: 'only a publication still scheduled can be cancelled; withdraw a published notice instead',
      });
    await tx.update(n).set({ status: 'draft', publishAt: null, updatedAt: now() }).where(eq(n.id, id));
    await audit(tx, {
      actor,
      ip,
      action: 'notice.unschedule',
      entityType: 'notice',
      entityId: id,
      before: { status: 'published', publishAt: toIsoCst(row.publishAt) },
      after: { status: 'draft', publishAt: null },
    });
  });
}

/** Withdraws a published (or scheduled) notice; 409 NOTICE_STATE_CONFLICT otherwise. */
export async function withdrawNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockNotice(tx, id, user);
    if (row.status !== 'published')
      throw new AppError('NOTICE_STATE_CONFLICT', { zh: '只能撤回已发布的通知公告', en: 'only a published notice can be withdrawn' });
    await tx.update(n).set({ status: 'withdrawn', updatedAt: now() }).where(eq(n.id, id));
    await audit(tx, {
      actor,
      ip,
      action: 'notice.withdraw',
      entityType: 'notice',
      entityId: id,
      before: { status: 'published' },
      after: { status: 'withdrawn' },
    });
  });
}

/** Deletes a draft and its attachment rows (stored files stay: others may use them); 409 otherwise. */
export async function deleteNotice(db: Db, { actor, ip, user }: UserActing, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockNotice(tx, id, user);
    if (row.status !== 'draft')
      throw new AppError('NOTICE_STATE_CONFLICT', { zh: '只能删除草稿，已发布的请撤回', en: 'only a draft can be deleted; withdraw a published one' });
    await tx.delete(n).where(eq(n.id, id));
    await audit(tx, { actor, ip, action: 'notice.delete', entityType: 'notice', entityId: id, before: summary(row) });
  });
}

/** Attaches an uploaded file to notice `id` (inside `storeUpload`'s transaction); answers the attachment id. */
export async function attachToNotice(tx: Db, now: () => Date, { actor, ip, user }: UserActing, id: number, file: SavedUpload): Promise<number> {
  await lockNotice(tx, id, user);
  const [{ last } = { last: null }] = await tx
    .select({ last: sql<number | null>`max(${noticeAttachments.sortOrder})` })
    .from(noticeAttachments)
    .where(eq(noticeAttachments.noticeId, id));
  const [row] = await tx
    .insert(noticeAttachments)
    .values({ noticeId: id, fileSha256: file.sha256, fileName: file.fileName, sortOrder: (last ?? -1) + 1 })
    .returning({ id: noticeAttachments.id });
  await tx.update(n).set({ updatedAt: now() }).where(eq(n.id, id));
  await audit(tx, {
    actor,
    ip,
    action: 'notice.attachment.add',
    entityType: 'notice',
    entityId: id,
    after: { attachmentId: row!.id, fileName: file.fileName, sha256: file.sha256, size: file.size, mime: file.mime },
  });
  return row!.id;
}

/** Removes attachment `attachmentId` from notice `id` (the stored file stays); 404 DOCUMENT_NOT_FOUND. */
export async function detachFromNotice(db: Db, now: () => Date, { actor, ip, user }: UserActing, id: number, attachmentId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockNotice(tx, id, user);
    const [row] = await tx
      .delete(noticeAttachments)
      .where(and(eq(noticeAttachments.id, attachmentId), eq(noticeAttachments.noticeId, id)))
      .returning();
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND', String(attachmentId));
    await tx.update(n).set({ updatedAt: now() }).where(eq(n.id, id));
    await audit(tx, {
      actor,
      ip,
      action: 'notice.attachment.remove',
      entityType: 'notice',
      entityId: id,
      before: { attachmentId, fileName: row.fileName, sha256: row.fileSha256 },
    });
  });
}
