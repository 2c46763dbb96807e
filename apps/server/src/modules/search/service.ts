/**
 * Site-wide search (站内搜索, docs of @eco/contracts/api/search.ts): notices visible to everyone,
 * the regulations library, the application catalogue and the downloadable tools, in one answer.
 *
 * Matching: the query is split into words (`searchWords`); an item matches when every word is a
 * substring, ignoring case, of one of its searched columns (the words need not be in the same
 * column, nor in the order typed). A plain `ILIKE` per word and column, as notices and regulations
 * already search (a trigram index needs three characters; two-character Chinese words such as 防火
 * must be found). `%`, `_` and `\` in a word match themselves (lib/like-pattern.ts).
 */
import { and, asc, count, desc, eq, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SEARCH_KINDS, SEARCH_LIMITS, searchWords, type SearchGroup, type SearchHit, type SearchKind, type SearchResults } from '@eco/contracts/search';
import type { Db } from '../../db/client';
import { applications, notices, technicalRegulations, tools } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { provinceDate } from '../../lib/time';

/** Characters of text a snippet keeps around the first word found. */
const SNIPPET_LENGTH = 120;
/** Of those, how many come before the word. */
const SNIPPET_LEAD = 30;

/** Every word found in at least one of `columns` (a column may be an expression, e.g. a code without spaces). */
function everyWordIn(words: string[], columns: (AnyColumn | SQL)[]): SQL {
  return and(...words.map((word) => or(...columns.map((column) => ilike(column, likePattern(word))))!))!;
}

/**
 * Up to {@link SNIPPET_LENGTH} characters of `text` (white space runs made one space) starting a
 * little before the first of `words` found, with `…` where it was cut; the start of the text when
 * no word is in it (the words matched the title).
 */
export function snippetOf(text: string, words: string[]): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const lower = flat.toLowerCase();
  const positions = words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  const start = Math.max(0, Math.min(first - SNIPPET_LEAD, flat.length - SNIPPET_LENGTH));
  const end = Math.min(flat.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** The calendar day in the province of a time, `YYYY-MM-DD`. */
const dayOf = (time: Date | null) => (time ? provinceDate(time) : null);

async function searchNotices(db: Db, words: string[], now: Date): Promise<SearchGroup> {
  // docs/product.md §通知公告: the public sees a notice once published and its time has come
  const where = and(eq(notices.status, 'published'), lte(notices.publishAt, now), everyWordIn(words, [notices.title, notices.bodyText]));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: notices.id, title: notices.title, text: notices.bodyText, publishAt: notices.publishAt })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.publishAt), desc(notices.id))
      .limit(SEARCH_LIMITS.perKind),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  const items = rows.map(
    (row): SearchHit => ({ kind: 'notice', id: row.id, title: row.title, snippet: snippetOf(row.text, words), code: null, date: dayOf(row.publishAt) }),
  );
  return { kind: 'notice', total, items };
}

async function searchRegulations(db: Db, words: string[]): Promise<SearchGroup> {
  const r = technicalRegulations;
  // the code also without its spaces, as the library's own search (`GB3095` finds `GB 3095-2012`)
  const where = everyWordIn(words, [r.title, r.code, sql`replace(${r.code}, ' ', '')`, r.issuer, r.category]);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: r.id, title: r.title, code: r.code, issuer: r.issuer, category: r.category, issuedOn: r.issuedOn })
      .from(r)
      .where(where)
      .orderBy(sql`${r.issuedOn} desc nulls last`, asc(r.code))
      .limit(SEARCH_LIMITS.perKind),
    db.select({ total: count() }).from(r).where(where),
  ]);
  const items = rows.map(
    (row): SearchHit => ({
      kind: 'regulation',
      id: row.id,
      title: row.title,
      snippet: [row.issuer, row.category].filter(Boolean).join(' · '),
      code: row.code,
      date: row.issuedOn,
    }),
  );
  return { kind: 'regulation', total, items };
}

async function searchApplications(db: Db, words: string[]): Promise<SearchGroup> {
  const a = applications;
  // the catalogue lists every system to everyone (who may open one is shown on its tile)
  const where = everyWordIn(words, [a.name, a.code, a.description, a.category]);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: a.id, name: a.name, description: a.description, category: a.category })
      .from(a)
      .where(where)
      .orderBy(asc(a.sortOrder), asc(a.category), asc(a.name))
      .limit(SEARCH_LIMITS.perKind),
    db.select({ total: count() }).from(a).where(where),
  ]);
  const items = rows.map(
    (row): SearchHit => ({
      kind: 'application',
      id: row.id,
      title: row.name,
      snippet: snippetOf(row.description || row.category, words),
      code: null,
      date: null,
    }),
  );
  return { kind: 'application', total, items };
}

async function searchTools(db: Db, words: string[]): Promise<SearchGroup> {
  const where = everyWordIn(words, [tools.name, tools.description]);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: tools.id, name: tools.name, description: tools.description })
      .from(tools)
      .where(where)
      .orderBy(asc(tools.name))
      .limit(SEARCH_LIMITS.perKind),
    db.select({ total: count() }).from(tools).where(where),
  ]);
  const items = rows.map(
    (row): SearchHit => ({ kind: 'tool', id: row.id, title: row.name, snippet: snippetOf(row.description, words), code: null, date: null }),
  );
  return { kind: 'tool', total, items };
}

/**
 * Searches every kind for the words of `q` (arrives trimmed, at most 100 characters, checked by the
 * declaration) at `now` (which notices are visible); without words, every group is empty. 400
 * VALIDATION_FAILED naming `q` when it has more than {@link SEARCH_LIMITS}.words words.
 */
export async function search(db: Db, q: string, now: Date): Promise<SearchResults> {
  const words = searchWords(q);
  if (words.length > SEARCH_LIMITS.words) {
    throw new AppError('VALIDATION_FAILED', {
      zh: `querystring/q 最多 ${SEARCH_LIMITS.words} 个词，请减少关键词`,
      en: `querystring/q may have at most ${SEARCH_LIMITS.words} words`,
    });
  }
  if (words.length === 0) return { words, groups: SEARCH_KINDS.map((kind) => ({ kind, total: 0, items: [] })) };
  const byKind: Record<SearchKind, Promise<SearchGroup>> = {
    notice: searchNotices(db, words, now),
    regulation: searchRegulations(db, words),
    application: searchApplications(db, words),
    tool: searchTools(db, words),
  };
  const groups = await Promise.all([byKind.notice, byKind.regulation, byKind.application, byKind.tool]);
  return { words, groups };
}
