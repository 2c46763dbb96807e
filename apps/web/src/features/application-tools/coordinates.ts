/**
 * Coordinate conversion between WGS-84 (GPS; CGCS2000 agrees with it to centimetres), GCJ-02
 * (China's obfuscated datum: AMap, Tencent, Google in China) and BD-09 (Baidu), with the
 * `gcoord` library. Longitude and latitude in decimal degrees. GCJ-02 and BD-09 only differ from
 * WGS-84 inside China: gcoord leaves points outside China's bounding area unchanged.
 *
 * CSV in and out with Papa Parse: the first row is the header; the longitude and latitude columns
 * are found by name (lng/lon/longitude/经度/x, lat/latitude/纬度/y) or chosen; the result keeps
 * every column and appends `<crs>_lng` and `<crs>_lat`, rounded to 7 decimals (about 1 cm).
 */
import gcoord from 'gcoord';
import Papa from 'papaparse';

export const CRS_LIST = ['WGS84', 'GCJ02', 'BD09'] as const;
export type Crs = (typeof CRS_LIST)[number];

const CRS_OF: Record<Crs, Parameters<typeof gcoord.transform>[1]> = { WGS84: gcoord.WGS84, GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 };

/** Decimal places kept: 1e-7° is about 1.1 cm. */
export const DECIMALS = 7;

const round = (value: number) => Number(value.toFixed(DECIMALS));

/** Why a coordinate cannot be converted. */
export type CoordinateProblem = 'not_a_number' | 'longitude_range' | 'latitude_range';

/** The problem with `lng`, `lat` (degrees), or null when both are valid (−180…180, −90…90). */
export function problemOf(lng: number, lat: number): CoordinateProblem | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return 'not_a_number';
  if (lng < -180 || lng > 180) return 'longitude_range';
  if (lat < -90 || lat > 90) return 'latitude_range';
  return null;
}

/** [lng, lat] in `from` → [lng, lat] in `to`, rounded to {@link DECIMALS}. Throws on invalid input (check {@link problemOf} first). */
export function convertPoint(lng: number, lat: number, from: Crs, to: Crs): [number, number] {
  const problem = problemOf(lng, lat);
  if (problem) throw new RangeError(problem);
  if (from === to) return [round(lng), round(lat)];
  const [x, y] = gcoord.transform([lng, lat], CRS_OF[from], CRS_OF[to]);
  return [round(x), round(y)];
}

const LNG_NAMES = ['lng', 'lon', 'long', 'longitude', 'x', '经度', 'wgs84_lng', 'gcj02_lng', 'bd09_lng'];
const LAT_NAMES = ['lat', 'latitude', 'y', '纬度', 'wgs84_lat', 'gcj02_lat', 'bd09_lat'];

/** The index of the first header whose name (trimmed, ignoring case) is one of `names`, or −1. */
function findColumn(header: string[], names: string[]): number {
  return header.findIndex((name) => names.includes(name.trim().toLowerCase()));
}

export interface ParsedCsv {
  header: string[];
  rows: string[][];
  /** guessed longitude and latitude columns (−1 when none matched) */
  lngColumn: number;
  latColumn: number;
}

/** Parses CSV text (a leading byte-order mark is dropped; blank lines skipped). Throws `Error('empty')` when there is no header. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = result.data;
  if (!header || header.length === 0) throw new Error('empty');
  return { header, rows, lngColumn: findColumn(header, LNG_NAMES), latColumn: findColumn(header, LAT_NAMES) };
}

export interface RowProblem {
  /** the line in the file, counting the header as line 1 */
  line: number;
  problem: CoordinateProblem;
}

export interface ConvertedCsv {
  header: string[];
  rows: string[][];
  /** rows converted */
  converted: number;
  /** rows left without a result, and why */
  problems: RowProblem[];
  /** the result as CSV text (RFC 4180, CRLF line ends) */
  csv: string;
}

/**
 * Converts every row of `parsed` from `from` to `to`, reading degrees from the chosen columns
 * (`'.'` as the decimal point; surrounding spaces ignored). Every row is kept; a row that cannot be
 * converted gets empty result cells and is listed in `problems`.
 */
export function convertCsv(parsed: ParsedCsv, lngColumn: number, latColumn: number, from: Crs, to: Crs): ConvertedCsv {
  const prefix = to.toLowerCase();
  const header = [...parsed.header, `${prefix}_lng`, `${prefix}_lat`];
  const problems: RowProblem[] = [];
  let converted = 0;
  const rows = parsed.rows.map((row, index) => {
    const lngText = (row[lngColumn] ?? '').trim();
    const latText = (row[latColumn] ?? '').trim();
    const lng = lngText === '' ? NaN : Number(lngText);
    const lat = latText === '' ? NaN : Number(latText);
    const problem = problemOf(lng, lat);
    if (problem) {
      problems.push({ line: index + 2, problem });
      return [...row, '', ''];
    }
    converted += 1;
    const [x, y] = convertPoint(lng, lat, from, to);
    return [...row, String(x), String(y)];
  });
  return { header, rows, converted, problems, csv: Papa.unparse([header, ...rows], { newline: '\r\n' }) };
}
