/**
 * The tokens of a `$filter` or `$orderby` expression (OGC 18-088 §9.3.3.1 and §9.3.3.5, which adopt
 * the expression syntax of OData 4.0 URL Conventions §5.1.1). Literals are converted here, so the
 * parser sees them as finished AST values: numbers, strings, `true`/`false`/`null`, date-times with
 * offset, durations and WKT geometries (as GeoJSON, by `@terraformer/wkt`).
 */
import { wktToGeoJSON } from '@terraformer/wkt';
import type { Geometry } from 'geojson';
import { type Literal, QueryOptionError } from './ast';

/** The longest option value accepted (characters), so that a hostile query costs little to refuse. */
export const MAX_OPTION_LENGTH = 8000;
/** The deepest nesting accepted (parentheses, `not`, unary minus, `$expand` inside `$expand`). */
export const MAX_NESTING_DEPTH = 100;

/**
 * Where a text being parsed sits in the request: `param` is the query parameter (what
 * `QueryOptionError.option` names), `label` what messages call the text (`$filter`, or `$filter in
 * $expand item Datastreams` for a nested option), `offset` where the text starts in the parameter's value.
 */
export interface OptionContext {
  readonly param: string;
  readonly label: string;
  readonly offset: number;
}

export type Token =
  /** an identifier: a property, a function name (`geo.intersects`), a keyword (`eq`, `asc`) */
  | { readonly kind: 'name'; readonly text: string; readonly start: number }
  | { readonly kind: 'literal'; readonly text: string; readonly start: number; readonly value: Literal }
  | { readonly kind: 'punct'; readonly text: '(' | ')' | ',' | '/' | '-'; readonly start: number }
  | { readonly kind: 'end'; readonly text: ''; readonly start: number };

/**
 * A QueryOptionError at `index` of the text in `ctx`, the position counted from 0 in the parameter's
 * value. The message names the option only when it is not the parameter itself (`error.option` does
 * that): `expected … but found "2" at position 12`, `$top in $expand item Datastreams: … at position 17`;
 * position 0, the start of the value, goes without saying.
 */
export function optionError(ctx: OptionContext, message: string, index: number): QueryOptionError {
  const position = ctx.offset + index;
  const label = ctx.label === ctx.param ? '' : `${ctx.label}: `;
  return new QueryOptionError(ctx.param, `${label}${message}${position === 0 ? '' : ` at position ${position}`}`, position);
}

/** `text` in double quotes for a message (OData strings have single quotes of their own), cut to 40 characters. */
export function quote(text: string): string {
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

// space, and `+`, which form encoding (application/x-www-form-urlencoded) uses for a space
const SPACE = /[ \t\r\n+]/;
const NAME = /[\p{L}_@][\p{L}\p{N}_.@]*/uy;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// a character that may not follow a number or a date-time directly (`12abc`, `1.`, `1e`, `…Z:`)
const LITERAL_TAIL = /[\p{L}\p{N}_.@:]/u;
const DATE_START = /\d{4}-\d{2}-\d{2}/y;
// OData 4.0 ABNF dateTimeOffsetValue: seconds and the fraction optional, the offset required
const DATE_TIME = /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12}))?)?(Z|[+-]\d{2}:\d{2})?/y;
// OData 4.0 ABNF durationValue: days to seconds (edm:Duration has no years, months or weeks)
const DURATION = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const ISO_DURATION = /^-?P(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;
const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

/**
 * Splits an expression into tokens, the last one `end`.
 * @param text the option's value, already URL-decoded; `+` and spaces outside strings are both white space
 * @param ctx where the text sits in the request, for errors
 * @returns the tokens with their 0-based start in `text`; literals carry their ast.ts `Literal`
 * @throws QueryOptionError on an unterminated string, a malformed number, date-time, duration or
 *   WKT literal, or a character that starts no token (`>`, `=`, `"`, …)
 */
export function tokenize(text: string, ctx: OptionContext): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (SPACE.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')' || c === ',' || c === '/' || c === '-') {
      tokens.push({ kind: 'punct', text: c, start: i });
      i += 1;
    } else if (c === "'") {
      const [value, end] = readString(text, i, ctx);
      tokens.push({ kind: 'literal', text: text.slice(i, end), start: i, value: { kind: 'literal', type: 'string', value } });
      i = end;
    } else if (c >= '0' && c <= '9') {
      const [value, end] = readNumberOrDate(text, i, ctx);
      tokens.push({ kind: 'literal', text: text.slice(i, end), start: i, value });
      i = end;
    } else {
      NAME.lastIndex = i;
      const name = NAME.exec(text)?.[0];
      if (name === undefined) {
        const char = String.fromCodePoint(text.codePointAt(i)!);
        throw optionError(ctx, `unexpected character ${quote(char)}${hintFor(char)}`, i);
      }
      const end = i + name.length;
      if (text[end] === "'") {
        const [body, after] = readString(text, end, ctx);
        tokens.push({ kind: 'literal', text: text.slice(i, after), start: i, value: typedLiteral(name, body, i, ctx) });
        i = after;
        continue;
      }
      const value = keywordLiteral(name) ?? (/\d/.test(name) && ISO_DURATION.test(name) ? durationLiteral(name, i, ctx) : undefined);
      tokens.push(value ? { kind: 'literal', text: name, start: i, value } : { kind: 'name', text: name, start: i });
      i = end;
    }
  }
  tokens.push({ kind: 'end', text: '', start: text.length });
  return tokens;
}

function hintFor(c: string): string {
  if (c === '"') return ' (strings are in single quotes)';
  return '=<>!&|'.includes(c) ? ' (operators are words: eq, ne, gt, ge, lt, le, and, or, not)' : '';
}

/** A quoted string from `start` (at its `'`): its value (`''` is one quote) and the index after it. */
function readString(text: string, start: number, ctx: OptionContext): [string, number] {
  let value = '';
  let i = start + 1;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close < 0) throw optionError(ctx, `unterminated string ${quote(text.slice(start))}`, start);
    value += text.slice(i, close);
    if (text[close + 1] !== "'") return [value, close + 1];
    value += "'";
    i = close + 2;
  }
}

function readNumberOrDate(text: string, start: number, ctx: OptionContext): [Literal, number] {
  DATE_START.lastIndex = start;
  let literal: Literal;
  let end: number;
  if (DATE_START.test(text)) {
    [literal, end] = readDateTime(text, start, ctx);
  } else {
    NUMBER.lastIndex = start;
    const digits = NUMBER.exec(text)![0];
    end = start + digits.length;
    const value = Number(digits);
    if (!Number.isFinite(value)) throw optionError(ctx, `number ${quote(digits)} is out of range`, start);
    literal = { kind: 'literal', type: 'number', value };
  }
  if (end < text.length && LITERAL_TAIL.test(text[end]!)) {
    let tail = end;
    while (tail < text.length && LITERAL_TAIL.test(text[tail]!)) tail += 1;
    throw optionError(ctx, `malformed literal ${quote(text.slice(start, tail))}`, start);
  }
  return [literal, end];
}

function readDateTime(text: string, start: number, ctx: OptionContext): [Literal, number] {
  DATE_TIME.lastIndex = start;
  const m = DATE_TIME.exec(text);
  if (!m) throw optionError(ctx, `date ${quote(text.slice(start, start + 10))} needs a time and an offset, as in 2024-01-08T00:00:00Z`, start);
  const [whole, y, mo, d, h, mi, s = '0', fraction = '', offset] = m;
  if (!offset) {
    const spaced = / \d{2}:\d{2}/y;
    spaced.lastIndex = start + whole.length;
    const hint = spaced.test(text) ? " (a '+' in a URL means a space: write the offset's plus sign as %2B)" : ', as in 2024-01-08T00:00:00Z';
    throw optionError(ctx, `date-time ${quote(whole)} needs an offset${hint}`, start);
  }
  const offsetMinutes = offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const valid =
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60 &&
    (offset === 'Z' || (Number(offset.slice(1, 3)) < 24 && Number(offset.slice(4, 6)) < 60));
  if (!valid) throw optionError(ctx, `date-time ${quote(whole)} does not exist`, start);
  return [{ kind: 'literal', type: 'datetime', value: whole, ms: date.getTime() - offsetMinutes * 60_000 }, start + whole.length];
}

function keywordLiteral(name: string): Literal | undefined {
  if (name === 'true' || name === 'false') return { kind: 'literal', type: 'boolean', value: name === 'true' };
  if (name === 'null') return { kind: 'literal', type: 'null', value: null };
  return undefined;
}

/** `duration'…'`, `geography'…'`, `geometry'…'` (OData 4.0 ABNF primitiveLiteral). */
function typedLiteral(prefix: string, body: string, start: number, ctx: OptionContext): Literal {
  if (prefix === 'duration') return durationLiteral(body, start, ctx);
  if (prefix === 'geography' || prefix === 'geometry') return { kind: 'literal', type: 'geometry', value: toGeometry(prefix, body, start, ctx) };
  throw optionError(ctx, `unknown literal prefix ${quote(prefix)} (known: duration, geography, geometry)`, start);
}

function durationLiteral(text: string, start: number, ctx: OptionContext): Literal {
  const m = DURATION.exec(text);
  if (!m || !/\d/.test(text) || text.endsWith('T')) {
    const why =
      ISO_DURATION.test(text) && /[YMW]/.test(text.split('T')[0]!)
        ? 'has years, months or weeks; give days, hours, minutes and seconds only'
        : 'is not an ISO 8601 duration such as P1DT2H';
    throw optionError(ctx, `duration ${quote(text)} ${why}`, start);
  }
  const [, minus, days = '0', hours = '0', minutes = '0', seconds = '0'] = m;
  const ms = ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Math.round(Number(seconds) * 1000);
  return { kind: 'literal', type: 'duration', value: text, ms: minus ? -ms : ms };
}

/**
 * WKT (optionally after `SRID=4326;`) as GeoJSON, WGS-84 longitude latitude. Keywords are upper-cased
 * first: OData's WKT is case-insensitive, the library's is not.
 */
function toGeometry(prefix: string, body: string, start: number, ctx: OptionContext): Geometry {
  const literal = quote(`${prefix}'${body}'`);
  let wkt = body.trim();
  const srid = /^SRID=(\d{1,5});/i.exec(wkt);
  if (srid) {
    if (srid[1] !== '4326') throw optionError(ctx, `${literal} has SRID ${srid[1]}; only 4326 (WGS-84) is supported`, start);
    wkt = wkt.slice(srid[0].length);
  }
  let geojson: ReturnType<typeof wktToGeoJSON>;
  try {
    geojson = wktToGeoJSON(wkt.toUpperCase());
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n').at(-1) ?? '') : '';
    throw optionError(ctx, `${literal} is not valid WKT (POINT, LINESTRING, POLYGON, MULTI…)${reason ? `: ${reason}` : ''}`, start);
  }
  if (!geojson || !GEOMETRY_TYPES.has(geojson.type)) throw optionError(ctx, `${literal} is not a WKT geometry`, start);
  const geometry = geojson as Geometry;
  if (!coordinatesInRange(geometry)) throw optionError(ctx, `${literal} has a coordinate outside longitude −180…180, latitude −90…90`, start);
  const problem = shapeProblem(geometry);
  if (problem) throw optionError(ctx, `${literal} ${problem}`, start);
  return geometry;
}

type Position = readonly number[];

/**
 * What makes `geometry` no Simple Features geometry, or undefined: the WKT grammar lets through
 * empty geometries, lines of one position and rings that do not close, which the geometry engine
 * (PostGIS) cannot evaluate. A LineString has two positions or more; a LinearRing is closed, so
 * it has four or more (OGC 06-103r4 §6.1.7.1).
 */
function shapeProblem(geometry: Geometry): string | undefined {
  const line = (positions: readonly Position[]) => (positions.length < 2 ? 'has a line of fewer than 2 positions' : undefined);
  const ring = (positions: readonly Position[]) => {
    if (positions.length < 4) return 'has a polygon ring of fewer than 4 positions';
    const [first, last] = [positions[0]!, positions.at(-1)!];
    return first[0] !== last[0] || first[1] !== last[1] ? 'has a polygon ring that does not close (its last position differs from its first)' : undefined;
  };
  const polygon = (rings: readonly (readonly Position[])[]) => (rings.length === 0 ? 'is empty' : rings.map(ring).find(Boolean));
  const some = <T>(parts: readonly T[], check: (part: T) => string | undefined) => (parts.length === 0 ? 'is empty' : parts.map(check).find(Boolean));
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates.length < 2 ? 'is empty' : undefined;
    case 'MultiPoint':
      return some(geometry.coordinates, (p) => (p.length < 2 ? 'is empty' : undefined));
    case 'LineString':
      return geometry.coordinates.length === 0 ? 'is empty' : line(geometry.coordinates);
    case 'MultiLineString':
      return some(geometry.coordinates, line);
    case 'Polygon':
      return polygon(geometry.coordinates);
    case 'MultiPolygon':
      return some(geometry.coordinates, polygon);
    case 'GeometryCollection':
      return some(geometry.geometries, shapeProblem);
  }
}

function coordinatesInRange(geometry: Geometry): boolean {
  if (geometry.type === 'GeometryCollection') return geometry.geometries.every(coordinatesInRange);
  return positionsOf(geometry.coordinates).every(([lon = 0, lat = 0]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90);
}

/** The positions (`[lon, lat]`) of a Point's to a MultiPolygon's coordinates. */
function positionsOf(coordinates: unknown): number[][] {
  if (!Array.isArray(coordinates)) return [];
  return typeof coordinates[0] === 'number' ? [coordinates as number[]] : coordinates.flatMap(positionsOf);
}
