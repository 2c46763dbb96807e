/**
 * Reading the camera-trap review queue (docs/camera-trap.md): the detections of the camera traps
 * within the user's organisation scope (docs/access.md §Organisation scope), newest frame first;
 * the species reviewers found per site; the national list (2021) searched by name.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CameraTrapItem, ProtectedSpecies, ReviewStatus, SiteSpecies } from '@eco/contracts/camera-trap';
import type { Page } from '@eco/contracts/envelope';
import type { SignedInUser } from '../../auth/current-user';
import { type Scope, scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { detections as d, divisions, locations, protectedSpecies, things, users, verificationTasks } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import { toIsoCst } from '../../lib/time';

/** The kind of verification task a review creates (docs/verification.md §Kinds). */
export const TASK_KIND = 'camera_trap';

/** The `source_id` of the verification task of detection `id`. */
export function taskSourceId(id: number): string {
  return `detection:${id}`;
}

const labelSpecies = alias(protectedSpecies, 'label_species');
const reviewedSpecies = alias(protectedSpecies, 'reviewed_species');
const city = alias(divisions, 'city');

/** The condition limiting Things (`things`) to `scope` (undefined: province-wide). */
export function thingScope(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.organisationIds.size > 0 ? inArray(things.organisationId, [...scope.organisationIds]) : sql`false`;
}

function selectItems(db: Db) {
  return db
    .select({
      id: d.id,
      thingId: things.id,
      thingCode: things.code,
      thingName: things.name,
      cityName: city.name,
      phenomenonTime: d.phenomenonTime,
      source: d.source,
      scientificName: d.scientificName,
      labelZh: labelSpecies.nameZh,
      labelLevel: labelSpecies.level,
      confidence: d.confidence,
      count: d.count,
      imageSha256: d.imageSha256,
      damaged: d.imageDamaged,
      status: d.reviewStatus,
      reviewedName: d.reviewedName,
      reviewedZh: reviewedSpecies.nameZh,
      reviewedLevel: reviewedSpecies.level,
      reviewedCount: d.reviewedCount,
      reviewer: sql<string | null>`coalesce(${users.displayName}, ${users.account})`,
      reviewedAt: d.reviewedAt,
      taskId: verificationTasks.id,
      longitude: locations.longitude,
      latitude: locations.latitude,
    })
    .from(d)
    .innerJoin(things, eq(things.id, d.thingId))
    .leftJoin(locations, eq(locations.thingId, things.id))
    .leftJoin(city, eq(city.code, locations.cityCode))
    .leftJoin(labelSpecies, eq(labelSpecies.scientificName, d.scientificName))
    .leftJoin(reviewedSpecies, eq(reviewedSpecies.scientificName, d.reviewedName))
    .leftJoin(users, eq(users.id, d.reviewedBy))
    .leftJoin(verificationTasks, and(eq(verificationTasks.kind, TASK_KIND), eq(verificationTasks.sourceId, sql`'detection:' || ${d.id}`)));
}

type Row = Awaited<ReturnType<typeof selectItems>>[number];

function itemOf(row: Row): CameraTrapItem {
  const id = Number(row.id);
  const image = `/api/sensing/detections/${id}/image`;
  return {
    id,
    site: { id: row.thingId, code: row.thingCode, name: row.thingName, cityName: row.cityName ?? null },
    phenomenonTime: toIsoCst(row.phenomenonTime),
    source: row.source,
    label: { scientificName: row.scientificName, nameZh: row.labelZh ?? null, level: row.labelLevel ?? null },
    confidence: row.confidence,
    count: row.count,
    imageSha256: row.imageSha256,
    // the thumbnail names its version, so the browser keeps it (sensing/detection-image.ts)
    thumbnailUrl: row.imageSha256 && !row.damaged ? `${image}?size=thumb&v=${row.imageSha256.slice(0, 16)}` : null,
    imageUrl: row.imageSha256 ? `${image}?size=full` : null,
    damaged: row.imageSha256 !== null && row.damaged,
    review: {
      status: row.status,
      species: row.reviewedName ? { scientificName: row.reviewedName, nameZh: row.reviewedZh ?? null, level: row.reviewedLevel ?? null } : null,
      count: row.reviewedCount,
      reviewedBy: row.reviewer,
      reviewedAt: row.reviewedAt ? toIsoCst(row.reviewedAt) : null,
    },
    verificationTaskId: row.taskId ?? null,
  };
}

export interface QueueQuery {
  status?: ReviewStatus;
  thingId?: number;
  page: number;
  pageSize: number;
}

/** The condition of `filters` within `user`'s scope. */
async function queueCondition(db: Db, user: SignedInUser, filters: Pick<QueueQuery, 'status' | 'thingId'>) {
  return and(
    thingScope(await scopeOf(db, user)),
    filters.status ? eq(d.reviewStatus, filters.status) : undefined,
    filters.thingId ? eq(d.thingId, filters.thingId) : undefined,
  );
}

/** A page of the queue as `user` sees it (their scope), newest frame first. */
export async function listQueue(db: Db, user: SignedInUser, query: QueueQuery): Promise<Page<CameraTrapItem>> {
  const where = await queueCondition(db, user, query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(desc(d.phenomenonTime), desc(d.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(d).innerJoin(things, eq(things.id, d.thingId)).where(where),
  ]);
  return { items: rows.map(itemOf), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Up to `limit` items of the queue matching `filters` in `user`'s scope, newest frame first, each
 * with its camera trap's position (WGS-84 degrees; null without a Location), for the exports.
 */
export async function allQueue(
  db: Db,
  user: SignedInUser,
  filters: Pick<QueueQuery, 'status' | 'thingId'>,
  limit: number,
): Promise<{ item: CameraTrapItem; position: [number, number] | null }[]> {
  const rows = await selectItems(db)
    .where(await queueCondition(db, user, filters))
    .orderBy(desc(d.phenomenonTime), desc(d.id))
    .limit(limit);
  return rows.map((row) => ({ item: itemOf(row), position: row.longitude === null || row.latitude === null ? null : [row.longitude, row.latitude] }));
}

/** Detection `id` as the queue shows it, or null when there is none. */
export async function queueItem(db: Db, id: number): Promise<CameraTrapItem | null> {
  const [row] = await selectItems(db).where(eq(d.id, id));
  return row ? itemOf(row) : null;
}

/**
 * The entry of the national list that lists `name`: its own (a species), or its genus's rule, as
 * ingestion recognises a listed species (sensing/ingest.ts). Null when it is not listed.
 */
export async function listEntryOf(db: Db, name: string): Promise<{ nameZh: string; level: 'I' | 'II' } | null> {
  const genus = name.split(' ')[0]!;
  const s = protectedSpecies;
  const rows = await db
    .select({ name: s.scientificName, nameZh: s.nameZh, level: s.level })
    .from(s)
    .where(or(and(eq(s.scientificName, name), eq(s.taxon, '')), and(eq(s.scientificName, genus), eq(s.taxon, 'genus'))));
  return rows.find((r) => r.name === name) ?? rows[0] ?? null;
}

/**
 * Up to `limit` species of the national list whose Chinese or scientific name contains `q`
 * (ILIKE: two-character Chinese names need no trigram index, docs: CONVENTIONS pitfalls), exact
 * matches first, then prefixes, then level I before II, then by scientific name. Taxon rules
 * (whole genera, orders, families) are left out: a review names a species.
 */
export async function searchSpecies(db: Db, q: string | undefined, limit: number): Promise<ProtectedSpecies[]> {
  const text = (q ?? '').trim();
  const s = protectedSpecies;
  const columns = { scientificName: s.scientificName, nameZh: s.nameZh, level: s.level, taxon: s.taxon };
  if (text === '') return db.select(columns).from(s).where(eq(s.taxon, '')).orderBy(asc(s.level), asc(s.scientificName)).limit(limit);
  const like = likePattern(text);
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(columns)
    .from(s)
    .where(and(eq(s.taxon, ''), sql`(${s.nameZh} ilike ${like} or ${s.scientificName} ilike ${like})`))
    .orderBy(
      sql`case when ${s.nameZh} = ${text} or lower(${s.scientificName}) = lower(${text}) then 0
               when ${s.nameZh} ilike ${prefix} or ${s.scientificName} ilike ${prefix} then 1 else 2 end`,
      asc(s.level),
      asc(s.scientificName),
    )
    .limit(limit);
}

/**
 * Per camera trap in `user`'s scope (or just `thingId`), the species of its detections reviewed
 * confirmed or corrected: detections, the sum of the reviewed counts, the newest frame. Level I
 * first, then II, then unlisted species, then by scientific name; sites by code.
 */
export async function siteSpecies(db: Db, user: SignedInUser, thingId: number | undefined): Promise<SiteSpecies[]> {
  const rows = await db
    .select({
      thingId: things.id,
      code: things.code,
      name: things.name,
      cityName: city.name,
      scientificName: sql<string>`${d.reviewedName}`,
      nameZh: reviewedSpecies.nameZh,
      level: reviewedSpecies.level,
      detections: count(),
      individuals: sql<number>`coalesce(sum(${d.reviewedCount}), 0)::int`,
      lastSeen: sql<Date | string>`max(${d.phenomenonTime})`,
    })
    .from(d)
    .innerJoin(things, eq(things.id, d.thingId))
    .leftJoin(locations, eq(locations.thingId, things.id))
    .leftJoin(city, eq(city.code, locations.cityCode))
    .leftJoin(reviewedSpecies, eq(reviewedSpecies.scientificName, d.reviewedName))
    .where(
      and(
        inArray(d.reviewStatus, ['confirmed', 'corrected']),
        isNotNull(d.reviewedName),
        thingId ? eq(things.id, thingId) : undefined,
        thingScope(await scopeOf(db, user)),
      ),
    )
    .groupBy(things.id, city.name, d.reviewedName, reviewedSpecies.nameZh, reviewedSpecies.level)
    .orderBy(asc(things.code), sql`coalesce(${reviewedSpecies.level}, 'III')`, asc(d.reviewedName));
  const sites = new Map<number, SiteSpecies>();
  for (const row of rows) {
    let site = sites.get(row.thingId);
    if (!site) {
      site = { site: { id: row.thingId, code: row.code, name: row.name, cityName: row.cityName ?? null }, species: [] };
      sites.set(row.thingId, site);
    }
    site.species.push({
      scientificName: row.scientificName,
      nameZh: row.nameZh ?? null,
      level: row.level ?? null,
      detections: row.detections,
      individuals: Number(row.individuals),
      lastSeenAt: toIsoCst(new Date(row.lastSeen)),
    });
  }
  return [...sites.values()];
}
