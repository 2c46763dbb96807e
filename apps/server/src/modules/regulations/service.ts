/**
 * The technical regulations library. Status is derived at query time from the province's date
 * "today" (Asia/Shanghai) and from replacements, never stored (see `RegulationStatus`).
 */
import { and, asc, count, desc, eq, getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@eco/contracts/envelope';
import type { Regulation, RegulationDetail, RegulationRef, RegulationStatus } from '@eco/contracts/regulations';
import type { Db } from '../../db/client';
import { files, regulationDocuments as d, technicalRegulations as r } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { documentOf } from '../documents/service';

export interface RegulationQuery {
  /** substring of the code (spaces ignored) or title; case-insensitive; two-character Chinese words work */
  keyword?: string;
  category?: string;
  status?: RegulationStatus;
  page: number;
  pageSize: number;
}

/**
 * The outer row's code, always table-qualified: in a select list Drizzle writes a bare `"code"`,
 * which inside the subquery below would mean the successor's own code.
 */
const outerCode = sql`${sql.identifier(getTableName(r))}.${sql.identifier(r.code.name)}`;

/**
 * repealed: an editor retired it and that date has come, or a regulation replacing it is in effect
 * (its effective date has come, or is unknown); upcoming: its own effective date is after today;
 * current: otherwise.
 */
function statusOf(today: string): SQL<RegulationStatus> {
  return sql<RegulationStatus>`case
    when ${r.abolishedOn} <= ${today}::date then 'repealed'
    when exists (select 1 from ${r} as successor
                 where successor.replaces_code = ${outerCode}
                   and (successor.effective_on is null or successor.effective_on <= ${today}::date)) then 'repealed'
    when ${r.effectiveOn} > ${today}::date then 'upcoming'
    else 'current' end`;
}

const columns = (today: string) => ({
  id: r.id,
  code: r.code,
  title: r.title,
  issuer: r.issuer,
  category: r.category,
  issuedOn: r.issuedOn,
  effectiveOn: r.effectiveOn,
  status: statusOf(today),
  replacesCode: r.replacesCode,
  abolishedOn: r.abolishedOn,
});

/** One page of regulations matching the query, newest issued first (unknown dates last). */
export async function listRegulations(db: Db, query: RegulationQuery, today: string): Promise<Page<Regulation>> {
  const conditions: SQL[] = [];
  // input arrives trimmed (docs/api.md §Text); an empty keyword is no filter
  const { keyword } = query;
  if (keyword) {
    conditions.push(or(ilike(r.title, likePattern(keyword)), ilike(sql`replace(${r.code}, ' ', '')`, likePattern(keyword.replace(/\s+/g, ''))))!);
  }
  if (query.category) conditions.push(eq(r.category, query.category));
  if (query.status) conditions.push(sql`${statusOf(today)} = ${query.status}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns(today))
      .from(r)
      .where(where)
      .orderBy(sql`${r.issuedOn} desc nulls last`, asc(r.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** The categories in use, most regulations first. */
export async function listRegulationCategories(db: Db): Promise<string[]> {
  const rows = await db.select({ category: r.category, n: count() }).from(r).groupBy(r.category).orderBy(desc(count()), asc(r.category));
  return rows.map((row) => row.category);
}

const refColumns = { id: r.id, code: r.code, title: r.title, effectiveOn: r.effectiveOn };

/** Where document `documentId` of regulation `regulationId` downloads from (`downloadRegulationDocument`). */
export function documentUrl(regulationId: number, documentId: number): string {
  return `/api/technical-regulations/${regulationId}/documents/${documentId}`;
}

/**
 * A regulation with what it replaces, what replaces it, and its documents;
 * `REGULATION_NOT_FOUND` when no such id.
 */
export async function getRegulation(db: Db, id: number, today: string): Promise<RegulationDetail> {
  const [row] = await db.select(columns(today)).from(r).where(eq(r.id, id));
  if (!row) throw new AppError('REGULATION_NOT_FOUND', String(id));
  const [replaces, replacedBy, documents] = await Promise.all([
    row.replacesCode ? db.select(refColumns).from(r).where(eq(r.code, row.replacesCode)) : Promise.resolve([] as RegulationRef[]),
    db.select(refColumns).from(r).where(eq(r.replacesCode, row.code)).orderBy(asc(r.code)),
    db
      .select({ id: d.id, fileName: d.fileName, fileSha256: d.fileSha256, size: files.size, mime: files.mime })
      .from(d)
      .innerJoin(files, eq(files.sha256, d.fileSha256))
      .where(eq(d.regulationId, id))
      .orderBy(asc(d.id)),
  ]);
  return { ...row, replaces: replaces[0] ?? null, replacedBy, documents: documents.map((doc) => documentOf(doc, documentUrl(id, doc.id))) };
}

/** Document `documentId` of regulation `regulationId`, to send; 404 DOCUMENT_NOT_FOUND. */
export async function getRegulationDocument(db: Db, regulationId: number, documentId: number) {
  const [row] = await db
    .select({ sha256: d.fileSha256, fileName: d.fileName, size: files.size, mime: files.mime })
    .from(d)
    .innerJoin(files, eq(files.sha256, d.fileSha256))
    .where(and(eq(d.id, documentId), eq(d.regulationId, regulationId)));
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND', String(documentId));
  return row;
}
