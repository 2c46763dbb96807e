/**
 * Air-quality stations: SensorThings Things of kind `air_quality_station` with their Location
 * and one Datastream per ObservedProperty. Values are µg/m³ except `co` (mg/m³); `aqi` is the
 * AQI the national network published.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AirQualityPropertyCode } from '@eco/contracts/air-quality';
import type { Page } from '@eco/contracts/envelope';
import { DEFAULT_SERIES_HOURS, MAX_SERIES_DAYS, type AirValues, type Series, type Station } from '@eco/contracts/stations';
import type { Db } from '../../db/client';
import { datastreams, divisions, locations, observations, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';

const HOUR_MS = 3_600_000;

const stationColumns = {
  id: things.id,
  code: things.code,
  name: things.name,
  area: sql<string>`coalesce(${things.properties}->>'area', '')`,
  cityCode: locations.cityCode,
  cityName: divisions.name,
  longitude: locations.longitude,
  latitude: locations.latitude,
};

function stationsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(stationColumns)
    .from(things)
    .innerJoin(locations, eq(locations.thingId, things.id))
    .leftJoin(divisions, eq(divisions.code, locations.cityCode))
    .where(and(eq(things.kind, 'air_quality_station'), where));
}

/**
 * The newest observation of every Datastream of these Things (one index probe each), folded into
 * one reading per Thing: the newest time with any value, and only the values of that time.
 */
async function latestReadings(db: Db, thingIds: number[]): Promise<Map<number, Station['latest']>> {
  const readings = new Map<number, { time: Date; values: AirValues }>();
  if (thingIds.length === 0) return new Map();
  const rows = rowsOf<{ thing_id: number; property: AirQualityPropertyCode; time: Date | string; result: number }>(
    await db.execute(sql`
      select d.thing_id, d.observed_property_code as property, o.phenomenon_time as time, o.result
      from ${datastreams} d
      cross join lateral (
        select phenomenon_time, result from ${observations}
        where datastream_id = d.id and result is not null order by phenomenon_time desc limit 1
      ) o
      where d.thing_id in (${sql.join(
        thingIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  for (const row of rows) {
    const time = new Date(row.time);
    const current = readings.get(row.thing_id);
    if (!current || time > current.time) readings.set(row.thing_id, { time, values: { [row.property]: Number(row.result) } });
    else if (time.getTime() === current.time.getTime()) current.values[row.property] = Number(row.result);
  }
  return new Map([...readings].map(([id, r]) => [id, { time: toIsoCst(r.time), values: r.values }]));
}

async function withLatest(db: Db, rows: Awaited<ReturnType<typeof stationsQuery>>): Promise<Station[]> {
  const latest = await latestReadings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ id, ...station }) => ({ ...station, latest: latest.get(id) ?? null }));
}

/** One page of stations, by city then code, each with its latest reading. */
export async function listStations(db: Db, query: { city?: string; page: number; pageSize: number }): Promise<Page<Station>> {
  const where = query.city ? eq(locations.cityCode, query.city) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    stationsQuery(db, where)
      .orderBy(asc(locations.cityCode), asc(things.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(things)
      .innerJoin(locations, eq(locations.thingId, things.id))
      .where(and(eq(things.kind, 'air_quality_station'), where)),
  ]);
  return { items: await withLatest(db, rows), total, page: query.page, pageSize: query.pageSize };
}

/** One station with its latest reading; `STATION_NOT_FOUND` when no such code. */
export async function getStation(db: Db, code: string): Promise<Station> {
  const rows = await stationsQuery(db, eq(things.code, code));
  if (rows.length === 0) throw new AppError('STATION_NOT_FOUND', code);
  return (await withLatest(db, rows))[0]!;
}

/**
 * Hourly values of one station between `from` and `to` (inclusive), one point per hour with any
 * value, oldest first. Without `from`/`to`: the 48 hours up to its newest observation.
 * Errors: `STATION_NOT_FOUND`; `VALIDATION_FAILED` when from > to; `SERIES_RANGE_TOO_LONG` over 31 days.
 */
export async function getSeries(db: Db, code: string, query: { from?: string; to?: string; properties?: AirQualityPropertyCode[] }): Promise<Series> {
  const station = await getStation(db, code);
  const newest = station.latest ? new Date(station.latest.time) : new Date();
  const to = query.to ? new Date(query.to) : query.from ? new Date(new Date(query.from).getTime() + DEFAULT_SERIES_HOURS * HOUR_MS) : newest;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - (DEFAULT_SERIES_HOURS - 1) * HOUR_MS);
  if (from > to) throw new AppError('VALIDATION_FAILED', 'from is after to');
  if (to.getTime() - from.getTime() > MAX_SERIES_DAYS * 24 * HOUR_MS) throw new AppError('SERIES_RANGE_TOO_LONG');
  const rows = await db
    .select({ time: observations.phenomenonTime, property: datastreams.observedPropertyCode, result: observations.result })
    .from(observations)
    .innerJoin(datastreams, eq(datastreams.id, observations.datastreamId))
    .innerJoin(things, eq(things.id, datastreams.thingId))
    .where(
      and(
        eq(things.code, code),
        gte(observations.phenomenonTime, from),
        lte(observations.phenomenonTime, to),
        isNotNull(observations.result),
        query.properties?.length ? inArray(datastreams.observedPropertyCode, query.properties) : undefined,
      ),
    )
    .orderBy(asc(observations.phenomenonTime));
  const points: Series['points'] = [];
  for (const row of rows) {
    const time = toIsoCst(row.time);
    if (points.at(-1)?.time !== time) points.push({ time, values: {} });
    points.at(-1)!.values[row.property as AirQualityPropertyCode] = row.result ?? undefined;
  }
  return { station: { code: station.code, name: station.name }, from: toIsoCst(from), to: toIsoCst(to), points };
}
