/**
 * Reads the CNEMC national air-quality stations (`cnemc-shaanxi-stations.csv`) and their hourly
 * observations (`cnemc-shaanxi-hourly-*.csv`, one row per station and hour, `timepoint` in ISO 8601
 * with offset, empty = not published). Concentrations µg/m³, `co` mg/m³, `aqi` as published.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { AIR_QUALITY_PROPERTY_CODES, type AirQualityPropertyCode } from '@eco/contracts/air-quality';
import { atLine, DataFileError, RowProblem } from './data-file-error';
import { matching, numberIn, text } from './fields';

export interface StationRow {
  code: string;
  name: string;
  area: string;
  longitude: number;
  latitude: number;
}

export interface HourlyRow {
  stationCode: string;
  time: Date;
  values: Partial<Record<AirQualityPropertyCode, number>>;
}

/** Parses a CSV with a header into records with their 1-based line numbers. */
function readCsv(file: string, required: readonly string[]): { line: number; record: Record<string, string> }[] {
  const rows = parse(fs.readFileSync(file, 'utf8'), { columns: true, info: true, skip_empty_lines: true, bom: true }) as {
    record: Record<string, string>;
    info: { lines: number };
  }[];
  const header = rows[0] ? Object.keys(rows[0].record) : [];
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new DataFileError(file, 1, `header lacks column(s) ${missing.join(', ')}`);
  return rows.map((r) => ({ line: r.info.lines, record: r.record }));
}

const STATION_CODE = /^\d{4}A$/;

export function readStations(file: string): StationRow[] {
  const seen = new Set<string>();
  return readCsv(file, ['stationcode', 'positionname', 'area', 'longitude', 'latitude']).map(({ line, record }) =>
    atLine(file, line, () => {
      const code = matching(record.stationcode, 'stationcode', STATION_CODE, 'a station code such as 1462A');
      if (seen.has(code)) throw new RowProblem(`stationcode ${code} appears twice`);
      seen.add(code);
      return {
        code,
        name: text(record.positionname, 'positionname'),
        area: text(record.area, 'area'),
        // China's extent, so a swapped or mistyped coordinate is caught
        longitude: numberIn(record.longitude, 'longitude', 73, 136),
        latitude: numberIn(record.latitude, 'latitude', 3, 54),
      };
    }),
  );
}

const TIMEPOINT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;
/** upper bounds far above anything measured (AQI tops out at 500; CO mg/m³) */
const MAX = (code: AirQualityPropertyCode) => (code === 'aqi' ? 500 : code.startsWith('co') ? 1000 : 10000);

export function readHourly(file: string, stationCodes: ReadonlySet<string>): HourlyRow[] {
  const seen = new Set<string>();
  return readCsv(file, ['timepoint', 'stationcode', ...AIR_QUALITY_PROPERTY_CODES]).map(({ line, record }) =>
    atLine(file, line, () => {
      const stationCode = matching(record.stationcode, 'stationcode', STATION_CODE, 'a station code such as 1462A');
      if (!stationCodes.has(stationCode)) throw new RowProblem(`stationcode ${stationCode} is not in the stations file`);
      const timepoint = matching(record.timepoint, 'timepoint', TIMEPOINT, 'an ISO 8601 time with offset');
      const time = new Date(timepoint);
      if (Number.isNaN(time.getTime())) throw new RowProblem(`timepoint "${timepoint}" is not a real time`);
      const key = `${stationCode}@${time.toISOString()}`;
      if (seen.has(key)) throw new RowProblem(`${stationCode} at ${timepoint} appears twice`);
      seen.add(key);
      const values: HourlyRow['values'] = {};
      for (const code of AIR_QUALITY_PROPERTY_CODES) {
        const raw = record[code]?.trim() ?? '';
        if (raw === '') continue; // not published this hour
        values[code] = numberIn(raw, code, 0, MAX(code));
        if (code === 'aqi' && !Number.isInteger(values[code])) throw new RowProblem(`aqi ${raw} is not a whole number`);
      }
      return { stationCode, time, values };
    }),
  );
}
