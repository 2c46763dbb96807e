/**
 * Reading a NASA FIRMS active-fire CSV as FIRMS publishes it (docs/verification.md §FIRMS import):
 * MODIS Collection 6.1 (`brightness`, `bright_t31`, numeric `confidence`) or VIIRS (`bright_ti4`,
 * `bright_ti5`, `confidence` l/n/h); global, regional and country files (country files add
 * `country_id`, API area files add `instrument`). Columns are found by name, in any order.
 *
 * `acq_date` (YYYY-MM-DD) and `acq_time` (HHMM, leading zeros sometimes dropped) are UTC.
 * Latitude and longitude are WGS-84 degrees, the centre of the detection's pixel.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from '../../http/app-error';

/** The columns every FIRMS active-fire file has, whatever the instrument. */
export const FIRMS_REQUIRED = ['latitude', 'longitude', 'acq_date', 'acq_time', 'satellite'] as const;

/** One readable detection. */
export interface FirmsDetection {
  /** `MODIS` or `VIIRS` */
  instrument: string;
  satellite: string;
  longitude: number;
  latitude: number;
  /** acq_date + acq_time, UTC */
  detectedAt: Date;
  /** identity of the detection: instrument, satellite, date, time, position (as numbers, so `34.10` = `34.1`) */
  sourceId: string;
  /** the row's other values, numbers where they are numbers */
  properties: Record<string, string | number | null>;
}

export type FirmsRow = { line: number; detection: FirmsDetection } | { line: number; reason: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function numberIn(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined || !NUMBER.test(value.trim())) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** `2022-02-27` + `520` → 2022-02-27T05:20:00Z; null when either is not a real date or time. */
function acquiredAt(date: string | undefined, time: string | undefined): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date?.trim() ?? '');
  const t = /^\d{1,4}$/.exec(time?.trim() ?? '');
  if (!d || !t) return null;
  const hhmm = t[0].padStart(4, '0');
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(hhmm.slice(0, 2)), Number(hhmm.slice(2))];
  if (year < 1990 || year > 2099 || hour > 23 || minute > 59) return null;
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // 2022-02-30 rolls over into March: not a date
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? at : null;
}

function instrumentOf(header: readonly string[], row: Record<string, string>): string {
  if (row.instrument?.trim()) return row.instrument.trim().toUpperCase();
  return header.includes('bright_ti4') ? 'VIIRS' : 'MODIS';
}

function detectionOf(header: readonly string[], row: Record<string, string>): FirmsDetection | string {
  const latitude = numberIn(row.latitude, -90, 90);
  if (latitude === null) return `latitude "${row.latitude ?? ''}" is not a number from -90 to 90`;
  const longitude = numberIn(row.longitude, -180, 180);
  if (longitude === null) return `longitude "${row.longitude ?? ''}" is not a number from -180 to 180`;
  const detectedAt = acquiredAt(row.acq_date, row.acq_time);
  if (!detectedAt) return `acq_date "${row.acq_date ?? ''}" / acq_time "${row.acq_time ?? ''}" is not a date (YYYY-MM-DD) and a time (HHMM, UTC)`;
  const satellite = row.satellite?.trim() ?? '';
  if (!/^[A-Za-z0-9 -]{1,20}$/.test(satellite)) return `satellite "${satellite}" is not a satellite code`;
  const instrument = instrumentOf(header, row);
  const hhmm = row.acq_time!.trim().padStart(4, '0');
  const properties: Record<string, string | number | null> = {};
  for (const name of header) {
    if ((FIRMS_REQUIRED as readonly string[]).includes(name) || name === '') continue;
    const value = (row[name] ?? '').trim();
    properties[name] = value === '' ? null : NUMBER.test(value) && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return {
    instrument,
    satellite,
    longitude,
    latitude,
    detectedAt,
    sourceId: [instrument, satellite, row.acq_date!.trim(), hhmm, latitude, longitude].join('|'),
    properties,
  };
}

/**
 * Reads `text` (the whole file). Refuses a file without the FIRMS columns (400
 * FIRMS_CSV_INVALID, naming those missing); otherwise answers every data row, readable or with
 * the reason it is not (a wrong number of fields, a bad number, date or time). `line` counts the
 * file's lines from 1 (the header).
 */
export function readFirmsCsv(text: string): FirmsRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // with `info: true` csv-parse answers `{ record, info }` per record, which its types do not follow
    records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof records;
  } catch (error) {
    throw new AppError('FIRMS_CSV_INVALID', `the file is not CSV: ${(error as Error).message}`);
  }
  const [head, ...rows] = records;
  const header = (head?.record ?? []).map((name) => name.trim().toLowerCase());
  const missing = FIRMS_REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new AppError('FIRMS_CSV_INVALID', `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return rows.map(({ record, info }) => {
    if (record.length !== header.length) return { line: info.lines, reason: `${record.length} fields where the header has ${header.length}` };
    const row = Object.fromEntries(header.map((name, i) => [name, record[i]!]));
    const detection = detectionOf(header, row);
    return typeof detection === 'string' ? { line: info.lines, reason: detection } : { line: info.lines, detection };
  });
}
