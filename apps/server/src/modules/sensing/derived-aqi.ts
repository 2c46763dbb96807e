/**
 * The AQI a station did not send, derived by HJ 633-2012 (modules/aqi/hj633.ts, real-time mode)
 * as its 1-hour means arrive, so the AQI alert rule and the AQI level on /stgz work for stations
 * that push pollutants only.
 *
 * - Only instants on the full hour (xx:00:00): the real-time AQI indexes 1-hour means, which the
 *   network reports at the hour.
 * - Only where the station has an `aqi` Datastream and no `aqi` Observation for that instant
 *   (sent in the same batch or stored before): a published value is never replaced. A derived value
 *   is stored with quality `hj633`; a published value sent later is then a duplicate.
 * - Reads every value the station has for those instants (this batch and before), so a pollutant
 *   sent in an earlier batch counts.
 * Runs inside the ingesting transaction, given the station's `aqi` Datastream; returns the ids of
 * the AQI Observations it stored (none: an empty array).
 */
import { sql } from 'drizzle-orm';
import type { AirQualityPropertyCode } from '@eco/contracts/air-quality';
import type { Db } from '../../db/client';
import { datastreams, observations } from '../../db/schema';
import { rowsOf } from '../../lib/sql-rows';
import { aqiFields, computeAqi } from '../aqi/hj633';

const HOURLY_FIELDS = new Set<string>(aqiFields('hourly'));
const HOUR_MS = 3_600_000;

/** A PostgreSQL array literal of ISO times. */
function timesLiteral(ms: number[]): string {
  return `{${ms.map((m) => `"${new Date(m).toISOString()}"`).join(',')}}`;
}

export async function deriveStationAqi(tx: Db, thingId: number, aqiStreamId: number, accepted: { property: string; ms: number }[]): Promise<number[]> {
  const instants = [...new Set(accepted.filter((a) => HOURLY_FIELDS.has(a.property) && a.ms % HOUR_MS === 0).map((a) => a.ms))];
  if (instants.length === 0) return [];
  const rows = rowsOf<{ property: string; ms: string | number; result: number }>(
    await tx.execute(sql`
      select d.observed_property_code as property, (extract(epoch from o.phenomenon_time) * 1000)::bigint as ms, o.result
      from ${observations} o join ${datastreams} d on d.id = o.datastream_id
      where d.thing_id = ${thingId} and o.phenomenon_time = any(${timesLiteral(instants)}::timestamptz[])`),
  );
  const records = new Map<number, Partial<Record<AirQualityPropertyCode, number>> & { hasAqi?: boolean }>();
  for (const row of rows) {
    const ms = Number(row.ms);
    const record = records.get(ms) ?? {};
    if (row.property === 'aqi') record.hasAqi = true;
    else record[row.property as AirQualityPropertyCode] = Number(row.result);
    records.set(ms, record);
  }
  const derived: { ms: number; aqi: number }[] = [];
  for (const [ms, { hasAqi, ...record }] of records) {
    if (hasAqi) continue;
    const { aqi } = computeAqi(record, 'hourly');
    if (aqi !== null) derived.push({ ms, aqi });
  }
  if (derived.length === 0) return [];
  const stored = rowsOf<{ id: string | number }>(
    await tx.execute(sql`
    insert into ${observations} (datastream_id, phenomenon_time, result_time, result, quality)
    select ${aqiStreamId}, t, t, r, 'hj633' from unnest(${timesLiteral(derived.map((d) => d.ms))}::timestamptz[], ${`{${derived.map((d) => d.aqi).join(',')}}`}::float8[]) as x(t, r)
    on conflict do nothing
    returning id`),
  );
  return stored.map((row) => Number(row.id));
}
