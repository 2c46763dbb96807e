/**
 * The read side of the sensing hub: latest values, aggregated series, per-division summaries,
 * the key figures of /home and /stgz, recent detections. Every answer is bounded.
 *
 * Queries lean on the Observations primary key (datastream_id, phenomenon_time): the newest value
 * of a Datastream is one index probe (`order by phenomenon_time desc limit 1` in a lateral join),
 * and a count over a time window is one range scan per Datastream. Series read whole hours from
 * the hourly roll-up `observation_hours` (kept by triggers, schema.ts), so a 7-day hourly series
 * reads 168 rows rather than every raw Observation.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import {
  AQI_FRESH_MINUTES,
  DEFAULT_REPORTING_INTERVAL_SECONDS,
  ONLINE_INTERVALS,
  THING_KINDS,
  type AggregatedSeries,
  type Detection,
  type DivisionSummary,
  type LatestObservation,
  type Overview,
} from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import {
  alerts,
  datastreams,
  detections,
  divisions,
  locations,
  observationHours,
  observations,
  observedProperties,
  protectedSpecies,
  things,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';
import { expectedIntervalSql, onlineSql } from '../things/online';

/**
 * Buckets are cut by `date_bin` from a midnight of the province (UTC+08:00), which is the same as
 * cutting at each hour and at 00:00 Asia/Shanghai (China has kept +08:00 without daylight saving
 * since 1991), whatever the database session's time zone, and cheaper than a zone-aware date_trunc.
 */
const BUCKET_ORIGIN = '2000-01-01T00:00:00+08:00';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** the longest series per interval: 31 days of hours (744 buckets), 366 days of days */
export const MAX_SERIES_SPAN = { hour: 31 * DAY_MS, day: 366 * DAY_MS } as const;
/** the default series: 7 days up to the Datastream's newest observation */
const DEFAULT_SERIES_SPAN = 7 * DAY_MS;

/**
 * The newest Observation of Datastreams, newest first, at most `limit`: of `datastreamIds`, or
 * else of every Datastream of the (at most 200) most recently heard Things and the stations.
 */
export async function latestObservations(db: Db, options: { datastreamIds?: number[]; limit: number }): Promise<LatestObservation[]> {
  const filter = options.datastreamIds
    ? options.datastreamIds.length === 0
      ? sql`false`
      : sql`d.id in (${sql.join(
          options.datastreamIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
    : sql`d.thing_id in (select id from ${things} order by last_seen_at desc nulls last, id limit 200)`;
  const rows = rowsOf<{
    datastream_id: number;
    thing_id: number;
    code: string;
    name: string;
    property: string;
    name_zh: string;
    name_en: string;
    unit: string;
    time: Date | string;
    result: number;
  }>(
    await db.execute(sql`
      select d.id as datastream_id, t.id as thing_id, t.code, t.name, d.observed_property_code as property, p.name_zh, p.name_en, p.unit, o.phenomenon_time as time, o.result
      from ${datastreams} d
      join ${things} t on t.id = d.thing_id
      join ${observedProperties} p on p.code = d.observed_property_code
      cross join lateral (
        select phenomenon_time, result from ${observations} where datastream_id = d.id and result is not null order by phenomenon_time desc limit 1
      ) o
      where ${filter}
      order by o.phenomenon_time desc, d.id
      limit ${options.limit}`),
  );
  return rows.map((r) => ({
    datastreamId: Number(r.datastream_id),
    thing: { id: Number(r.thing_id), code: r.code, name: r.name },
    observedProperty: r.property,
    propertyNameZh: r.name_zh,
    propertyNameEn: r.name_en,
    unit: r.unit,
    phenomenonTime: toIsoCst(new Date(r.time)),
    result: Number(r.result),
  }));
}

/**
 * Avg/min/max and count of one Datastream's Observations per `interval` bucket between `from` and
 * `to` (inclusive), oldest first; empty buckets are left out. Buckets start on the hour, or at
 * 00:00 Asia/Shanghai for `day` (the province's calendar day, whatever the server's zone).
 * Default: the 7 days up to the Datastream's newest Observation. Units: the ObservedProperty's.
 * Errors: DATASTREAM_NOT_FOUND; VALIDATION_FAILED (from after to); SERIES_RANGE_TOO_LONG
 * (hour: over 31 days; day: over 366 days).
 */
export async function aggregatedSeries(
  db: Db,
  datastreamId: number,
  query: { interval: 'hour' | 'day'; from?: string; to?: string },
): Promise<AggregatedSeries> {
  const [stream] = await db
    .select({
      id: datastreams.id,
      // only when no end is given: it probes every monthly partition, where a range reads only its
      // own months. The id as a parameter: drizzle writes a column in a select list unqualified
      // ("id"), which inside this subquery would be observations.id
      newest:
        query.from || query.to
          ? sql<null>`null`
          : sql<Date | string | null>`(select max(phenomenon_time) from ${observations} where datastream_id = ${datastreamId})`,
    })
    .from(datastreams)
    .where(eq(datastreams.id, datastreamId));
  if (!stream) throw new AppError('DATASTREAM_NOT_FOUND', String(datastreamId));
  const newest = stream.newest ? new Date(stream.newest) : new Date();
  const to = query.to ? new Date(query.to) : query.from ? new Date(new Date(query.from).getTime() + DEFAULT_SERIES_SPAN) : newest;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_SERIES_SPAN);
  if (from > to) throw new AppError('VALIDATION_FAILED', 'from is after to');
  if (to.getTime() - from.getTime() > MAX_SERIES_SPAN[query.interval]) {
    throw new AppError('SERIES_RANGE_TOO_LONG', query.interval === 'day' ? { zh: '按天聚合最长 366 天', en: 'daily buckets: at most 366 days' } : undefined);
  }
  // whole hours inside [from, to] come from the hourly roll-up; the raw rows only for the partial
  // hours at the two ends (none when from and to fall within one hour: then all of it is raw)
  let wholeFrom = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS;
  let wholeTo = Math.floor(to.getTime() / HOUR_MS) * HOUR_MS;
  if (wholeFrom >= wholeTo) wholeFrom = wholeTo = from.getTime();
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const rows = rowsOf<{ bucket: Date | string; avg: number; min: number; max: number; count: number | string }>(
    await db.execute(sql`
      with parts as (
        select hour as h, count as n, sum as s, min as lo, max as hi from ${observationHours}
        where datastream_id = ${datastreamId} and hour >= ${at(wholeFrom)} and hour < ${at(wholeTo)}
        union all
        select date_bin('1 hour', phenomenon_time, ${BUCKET_ORIGIN}::timestamptz), 1, result, result, result from ${observations}
        where datastream_id = ${datastreamId}
          and ((phenomenon_time >= ${at(from.getTime())} and phenomenon_time < ${at(wholeFrom)})
            or (phenomenon_time >= ${at(wholeTo)} and phenomenon_time <= ${at(to.getTime())}))
      )
      select date_bin(${query.interval === 'hour' ? '1 hour' : '1 day'}::interval, h, ${BUCKET_ORIGIN}::timestamptz) as bucket,
             sum(s) / sum(n) as avg, min(lo) as min, max(hi) as max, sum(n) as count
      from parts group by 1 order by 1`),
  );
  return {
    datastreamId,
    interval: query.interval,
    from: toIsoCst(from),
    to: toIsoCst(to),
    buckets: rows.map((r) => ({ time: toIsoCst(new Date(r.bucket)), avg: Number(r.avg), min: Number(r.min), max: Number(r.max), count: Number(r.count) })),
  };
}

/**
 * Per city (4-digit code) or county (6-digit code): Things, how many online (onlineSql), open
 * alerts, and the mean of each Thing's newest value of `property` (default `aqi`) where that value
 * is fresh (docs/sensing.md §Freshness): an AQI at most AQI_FRESH_MINUTES old, any other value
 * within the Thing's online window; a stale value is left out of the mean. Things without a known division
 * are one row with code null. At most one row per division of the province (bounded).
 * Counties: the bundled data has no county boundaries, so the stations' counties are unknown (null).
 */
export async function divisionSummaries(db: Db, now: Date, by: 'city' | 'county', property: string): Promise<DivisionSummary[]> {
  const column = by === 'city' ? sql`l.city_code` : sql`l.county_code`;
  const nowIso = now.toISOString();
  const fresh =
    property === 'aqi'
      ? sql`${nowIso}::timestamptz - interval '${sql.raw(String(AQI_FRESH_MINUTES))} minutes'`
      : sql`${nowIso}::timestamptz - (${expectedIntervalSql('t')} * ${sql.raw(String(ONLINE_INTERVALS))}) * interval '1 second'`;
  const rows = rowsOf<{
    code: string | null;
    name: string | null;
    things: number | string;
    online: number | string;
    mean: number | null;
    open: number | string;
  }>(
    await db.execute(sql`
      select ${column} as code, dv.name, count(*) as things,
             count(*) filter (where ${onlineSql('t', now)}) as online,
             avg(v.result) filter (where v.phenomenon_time >= ${fresh} and v.phenomenon_time <= ${nowIso}::timestamptz) as mean,
             sum((select count(*) from ${alerts} a where a.thing_id = t.id and a.status <> 'closed')) as open
      from ${things} t
      left join ${locations} l on l.thing_id = t.id
      left join ${divisions} dv on dv.code = ${column}
      left join lateral (
        select o.result, o.phenomenon_time from ${datastreams} d join ${observations} o on o.datastream_id = d.id
        where d.thing_id = t.id and d.observed_property_code = ${property}
        order by o.phenomenon_time desc limit 1
      ) v on true
      group by 1, 2 order by 1 nulls last`),
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    things: Number(r.things),
    online: Number(r.online),
    meanLatest: r.mean === null ? null : Math.round(Number(r.mean) * 10) / 10,
    openAlerts: Number(r.open ?? 0),
  }));
}

/**
 * The key figures at `now` (docs/sensing.md §Freshness):
 * - Things total and online (heard within 1.5 of their expected intervals: onlineSql), by kind;
 * - `dataTime`: the newest phenomenonTime heard from any Thing, not after `now`;
 * - Observations with phenomenonTime in the 24 hours up to `now`;
 * - stations (not retired) by the HJ 633-2012 level (表2) of their newest AQI where it is fresh (at
 *   most AQI_FRESH_MINUTES before `now`); stations whose newest AQI is older, or who have none, are
 *   counted apart as without recent data, never by their old level; `aqiTime` is the newest fresh
 *   AQI hour, `latestAqiTime` the newest of any station (to say how old the data is);
 * - active (open or acknowledged) alerts; detections in the 24 hours up to `now`.
 */
export async function overview(db: Db, now: Date): Promise<Overview> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const [kinds, [obs], aqi, [active], [dets]] = await Promise.all([
    db.execute(sql`
      select t.kind, count(*) as total, count(*) filter (where ${onlineSql('t', now)}) as online,
             max(t.last_seen_at) filter (where t.last_seen_at <= ${nowIso}::timestamptz) as newest
      from ${things} t group by t.kind`),
    db
      .execute(sql`
        select coalesce(sum((select count(*) from ${observations} o
          where o.datastream_id = d.id and o.phenomenon_time > ${dayAgo}::timestamptz and o.phenomenon_time <= ${nowIso}::timestamptz)), 0) as n
        from ${datastreams} d`)
      .then((r) => rowsOf<{ n: number | string }>(r)),
    // every station that is not retired, with its newest AQI not after now (null when it has none)
    db.execute(sql`
      select o.result, o.phenomenon_time as time from ${things} t
      left join ${datastreams} d on d.thing_id = t.id and d.observed_property_code = 'aqi'
      left join lateral (
        select result, phenomenon_time from ${observations}
        where datastream_id = d.id and result is not null and phenomenon_time <= ${nowIso}::timestamptz
        order by phenomenon_time desc limit 1
      ) o on true
      where t.kind = 'air_quality_station' and t.status <> 'retired'`),
    db.select({ n: sql<number>`count(*)::int` }).from(alerts).where(sql`${alerts.status} <> 'closed'`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(detections)
      .where(and(gte(detections.phenomenonTime, new Date(dayAgo)), sql`${detections.phenomenonTime} <= ${nowIso}::timestamptz`)),
  ]);
  const byKindRows = rowsOf<{ kind: (typeof THING_KINDS)[number]; total: number | string; online: number | string; newest: Date | string | null }>(kinds);
  const byKind = THING_KINDS.map((kind) => {
    const row = byKindRows.find((r) => r.kind === kind);
    return { kind, total: Number(row?.total ?? 0), online: Number(row?.online ?? 0), defaultIntervalSeconds: DEFAULT_REPORTING_INTERVAL_SECONDS[kind] };
  });
  const dataTime = byKindRows.reduce<number | null>((a, r) => {
    const t = r.newest === null ? null : new Date(r.newest).getTime();
    return t !== null && (a === null || t > a) ? t : a;
  }, null);
  const freshSince = now.getTime() - AQI_FRESH_MINUTES * 60_000;
  const levels = new Map<number, number>();
  let stale = 0;
  let aqiTime: number | null = null;
  let latestAqiTime: number | null = null;
  for (const row of rowsOf<{ result: number | null; time: Date | string | null }>(aqi)) {
    const time = row.time === null ? null : new Date(row.time).getTime();
    if (time !== null && (latestAqiTime === null || time > latestAqiTime)) latestAqiTime = time;
    const level = row.result === null ? null : aqiLevelOf(Number(row.result));
    if (time === null || time < freshSince || !level) {
      stale += 1;
      continue;
    }
    levels.set(level.level, (levels.get(level.level) ?? 0) + 1);
    if (aqiTime === null || time > aqiTime) aqiTime = time;
  }
  const iso = (ms: number | null) => (ms === null ? null : toIsoCst(new Date(ms)));
  return {
    at: toIsoCst(now),
    things: { total: byKind.reduce((a, k) => a + k.total, 0), online: byKind.reduce((a, k) => a + k.online, 0), byKind },
    dataTime: iso(dataTime),
    observationsLast24h: Number(obs?.n ?? 0),
    stationsByAqiLevel: [1, 2, 3, 4, 5, 6].map((level) => ({ level, stations: levels.get(level) ?? 0 })),
    stationsWithoutRecentAqi: stale,
    aqiFreshMinutes: AQI_FRESH_MINUTES,
    aqiTime: iso(aqiTime),
    latestAqiTime: iso(latestAqiTime),
    activeAlerts: active?.n ?? 0,
    detectionsLast24h: dets?.n ?? 0,
  };
}

function detectionsQuery(db: Db) {
  return db
    .select({
      id: detections.id,
      thing: { id: things.id, code: things.code, name: things.name },
      phenomenonTime: detections.phenomenonTime,
      scientificName: detections.scientificName,
      nameZh: protectedSpecies.nameZh,
      level: protectedSpecies.level,
      count: detections.count,
      confidence: detections.confidence,
      imageSha256: detections.imageSha256,
      imageDamaged: detections.imageDamaged,
    })
    .from(detections)
    .innerJoin(things, eq(things.id, detections.thingId))
    .leftJoin(protectedSpecies, eq(protectedSpecies.scientificName, detections.scientificName));
}

function toDetection(row: Awaited<ReturnType<ReturnType<typeof detectionsQuery>['execute']>>[number]): Detection {
  return {
    ...row,
    id: Number(row.id),
    phenomenonTime: toIsoCst(row.phenomenonTime),
    nameZh: row.nameZh ?? null,
    level: row.level ?? null,
    imageDamaged: row.imageSha256 !== null && row.imageDamaged,
    hasImage: row.imageSha256 !== null && !row.imageDamaged,
  };
}

/** The detections `ids` (those that exist), newest first. */
export async function detectionsByIds(db: Db, ids: number[]): Promise<Detection[]> {
  if (ids.length === 0) return [];
  return (await detectionsQuery(db).where(inArray(detections.id, ids)).orderBy(desc(detections.phenomenonTime))).map(toDetection);
}

/** The newest `limit` detections. */
/**
 * Which detections the public sees (/home, /stgz, their thumbnails): not a frame a reviewer marked
 * as people, vehicles, empty or unidentifiable (docs/camera-trap.md), and not a photo uploaded from
 * an SD card that nobody has reviewed yet — people and vehicles are caught on camera traps too.
 */
export const PUBLIC_DETECTION = sql<boolean>`(${detections.reviewStatus} in ('new', 'confirmed', 'corrected') and not (${detections.source} = 'upload' and ${detections.reviewStatus} = 'new'))`;

/** The newest `limit` detections the public may see (PUBLIC_DETECTION), newest first. */
export async function recentDetections(db: Db, limit: number): Promise<Detection[]> {
  return (await detectionsQuery(db).where(PUBLIC_DETECTION).orderBy(desc(detections.phenomenonTime), desc(detections.id)).limit(limit)).map(toDetection);
}
