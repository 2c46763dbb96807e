import { describe, expect, it } from 'vitest';
import { type Literal, QueryOptionError } from './ast';
import { quote, tokenize } from './lexer';

const CTX = { param: '$filter', label: '$filter', offset: 0 };
const tokens = (text: string) => tokenize(text, CTX).map(({ kind, text }) => [kind, text]);

/** the literal `text` is read as (the text must be exactly one token) */
function literalOf(text: string): Literal {
  const [token, end] = tokenize(text, CTX);
  if (token?.kind !== 'literal' || end?.kind !== 'end') throw new Error(`${text} is not one literal`);
  return token.value;
}

/** the message of the QueryOptionError tokenizing `text` throws (anything else fails the test) */
function errorOf(text: string): string {
  try {
    tokenize(text, CTX);
  } catch (error) {
    if (error instanceof QueryOptionError) return error.message;
    throw error;
  }
  throw new Error('expected a QueryOptionError, but nothing was thrown');
}

describe('tokens of $filter and $orderby (OGC 18-088 §9.3.3.5)', () => {
  it('splits names, punctuation and literals, with spaces and + as white space outside strings', () => {
    expect(tokens("geo.intersects(Datastream/location,+'a+b')+and+-x")).toEqual([
      ['name', 'geo.intersects'],
      ['punct', '('],
      ['name', 'Datastream'],
      ['punct', '/'],
      ['name', 'location'],
      ['punct', ','],
      ['literal', "'a+b'"],
      ['punct', ')'],
      ['name', 'and'],
      ['punct', '-'],
      ['name', 'x'],
      ['end', ''],
    ]);
  });

  it('reads @iot.id and non-ASCII names as names', () => {
    expect(tokens('@iot.id properties/区域')).toEqual([
      ['name', '@iot.id'],
      ['name', 'properties'],
      ['punct', '/'],
      ['name', '区域'],
      ['end', ''],
    ]);
  });
});

describe('literals', () => {
  it.each([
    ['42', 42],
    ['0', 0],
    ['3.25', 3.25],
    ['1.5e3', 1500],
    ['2E-2', 0.02],
    ['1e+2', 100],
  ])('reads the number %s (the sign is the parser’s)', (text, value) => {
    expect(literalOf(text)).toEqual({ kind: 'literal', type: 'number', value });
  });

  it.each([
    ["'O''Brien'", "O'Brien"],
    ["''", ''],
    ["''''", "'"],
    ["'a (b), c; d eq 1'", 'a (b), c; d eq 1'],
    ["'PM2.5 µg/m³ 细颗粒物'", 'PM2.5 µg/m³ 细颗粒物'],
  ])("reads the string %s, '' being one quote", (text, value) => {
    expect(literalOf(text)).toEqual({ kind: 'literal', type: 'string', value });
  });

  it('reads true, false and null', () => {
    expect(literalOf('true')).toEqual({ kind: 'literal', type: 'boolean', value: true });
    expect(literalOf('false')).toEqual({ kind: 'literal', type: 'boolean', value: false });
    expect(literalOf('null')).toEqual({ kind: 'literal', type: 'null', value: null });
  });

  it.each([
    ['2024-01-08T00:00:00+08:00', Date.UTC(2024, 0, 7, 16)],
    ['2024-01-08T00:00:00.000+08:00', Date.UTC(2024, 0, 7, 16)],
    ['2024-01-08T00:00:00Z', Date.UTC(2024, 0, 8)],
    ['2024-01-08T10:20Z', Date.UTC(2024, 0, 8, 10, 20)],
    ['2024-01-08T00:00:00.123456-05:30', Date.UTC(2024, 0, 8, 5, 30, 0, 123)],
    ['2024-02-29T23:59:59Z', Date.UTC(2024, 1, 29, 23, 59, 59)],
    ['0050-06-01T00:00:00Z', Date.parse('0050-06-01T00:00:00Z')],
  ])('reads the date-time %s with its epoch milliseconds', (text, ms) => {
    expect(literalOf(text)).toEqual({ kind: 'literal', type: 'datetime', value: text, ms });
  });

  it.each([
    ["duration'P1D'", 'P1D', 86_400_000],
    ['PT1H30M', 'PT1H30M', 5_400_000],
    ["duration'P1DT2H3M4.5S'", 'P1DT2H3M4.5S', 93_784_500],
    ["duration'-PT1S'", '-PT1S', -1000],
    ['PT0.25S', 'PT0.25S', 250],
  ])('reads the duration %s', (text, value, ms) => {
    expect(literalOf(text)).toEqual({ kind: 'literal', type: 'duration', value, ms });
  });

  it('reads a name that only looks like a duration as a name', () => {
    expect(tokens('PT100 P')).toEqual([
      ['name', 'PT100'],
      ['name', 'P'],
      ['end', ''],
    ]);
  });

  it.each([
    ["geography'POINT(108.9 34.2)'", { type: 'Point', coordinates: [108.9, 34.2] }],
    ["geometry'POINT (108.9 34.2)'", { type: 'Point', coordinates: [108.9, 34.2] }],
    ["geography'point(108.9 34.2)'", { type: 'Point', coordinates: [108.9, 34.2] }],
    ["geography'SRID=4326;POINT(108.9 34.2)'", { type: 'Point', coordinates: [108.9, 34.2] }],
    [
      "geography'LINESTRING(108 34, 109 35)'",
      {
        type: 'LineString',
        coordinates: [
          [108, 34],
          [109, 35],
        ],
      },
    ],
    [
      "geography'POLYGON((108 34, 109 34, 109 35, 108 35, 108 34))'",
      {
        type: 'Polygon',
        coordinates: [
          [
            [108, 34],
            [109, 34],
            [109, 35],
            [108, 35],
            [108, 34],
          ],
        ],
      },
    ],
    [
      "geography'MULTIPOINT((108 34), (109 35))'",
      {
        type: 'MultiPoint',
        coordinates: [
          [108, 34],
          [109, 35],
        ],
      },
    ],
    [
      "geography'MULTILINESTRING((108 34, 109 35), (1 2, 3 4))'",
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [108, 34],
            [109, 35],
          ],
          [
            [1, 2],
            [3, 4],
          ],
        ],
      },
    ],
    [
      "geography'MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((2 2, 3 2, 3 3, 2 2)))'",
      {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [2, 2],
              [3, 2],
              [3, 3],
              [2, 2],
            ],
          ],
        ],
      },
    ],
  ])('reads the WKT %s as GeoJSON', (text, geometry) => {
    expect(literalOf(text)).toEqual({ kind: 'literal', type: 'geometry', value: geometry });
  });
});

describe('malformed literals and characters', () => {
  it.each([
    ["name eq 'O''Brien", "unterminated string \"'O''Brien\" at position 8"],
    ["'", 'unterminated string "\'"'],
    ['name eq "a"', 'unexpected character """ (strings are in single quotes) at position 8'],
    ['result > 1', 'unexpected character ">" (operators are words: eq, ne, gt, ge, lt, le, and, or, not) at position 7'],
    ['result == 1', 'unexpected character "=" (operators are words: eq, ne, gt, ge, lt, le, and, or, not) at position 7'],
    ['a ; b', 'unexpected character ";" at position 2'],
    ['result eq 12abc', 'malformed literal "12abc" at position 10'],
    ['result eq 1.', 'malformed literal "1." at position 10'],
    ['t eq 12:00:00', 'malformed literal "12:00:00" at position 5'],
    ['result eq 1e999', 'number "1e999" is out of range at position 10'],
    ['t eq 2024-02-30T00:00:00Z', 'date-time "2024-02-30T00:00:00Z" does not exist at position 5'],
    ['t eq 2024-01-08T24:00:00Z', 'date-time "2024-01-08T24:00:00Z" does not exist at position 5'],
    ['t eq 2024-01-08T00:00:00+24:00', 'date-time "2024-01-08T00:00:00+24:00" does not exist at position 5'],
    ['t eq 2024-01-08T00:00:00Zabc', 'malformed literal "2024-01-08T00:00:00Zabc" at position 5'],
    ['t eq 2024-01-08T00:00:00', 'date-time "2024-01-08T00:00:00" needs an offset, as in 2024-01-08T00:00:00Z at position 5'],
    ['t eq 2024-01-08', 'date "2024-01-08" needs a time and an offset, as in 2024-01-08T00:00:00Z at position 5'],
    ["t eq datetime'2024-01-08T00:00:00Z'", 'unknown literal prefix "datetime" (known: duration, geography, geometry) at position 5'],
    ["t eq duration'P1Y'", 'duration "P1Y" has years, months or weeks; give days, hours, minutes and seconds only at position 5'],
    ['t eq P1M', 'duration "P1M" has years, months or weeks; give days, hours, minutes and seconds only at position 5'],
    ["t eq duration'1 day'", 'duration "1 day" is not an ISO 8601 duration such as P1DT2H at position 5'],
    ["t eq duration'PT'", 'duration "PT" is not an ISO 8601 duration such as P1DT2H at position 5'],
    ["t eq duration'P1DT'", 'duration "P1DT" is not an ISO 8601 duration such as P1DT2H at position 5'],
    [
      "st_within(location, geography'POINT(200 10)')",
      '"geography\'POINT(200 10)\'" has a coordinate outside longitude −180…180, latitude −90…90 at position 20',
    ],
    [
      "st_within(location, geography'POINT(34.2 108.9)')",
      '"geography\'POINT(34.2 108.9)\'" has a coordinate outside longitude −180…180, latitude −90…90 at position 20',
    ],
    [
      "st_within(location, geography'SRID=3857;POINT(1 2)')",
      '"geography\'SRID=3857;POINT(1 2)\'" has SRID 3857; only 4326 (WGS-84) is supported at position 20',
    ],
  ])('refuses %j', (text, message) => {
    expect(errorOf(text)).toBe(message);
  });

  it('says why a date-time lost its + offset to URL decoding', () => {
    expect(errorOf('t ge 2024-01-08T00:00:00 08:00')).toBe(
      "date-time \"2024-01-08T00:00:00\" needs an offset (a '+' in a URL means a space: write the offset's plus sign as %2B) at position 5",
    );
  });

  it('refuses WKT the library cannot read, quoting the literal and the library’s reason', () => {
    expect(errorOf("geography'POINT(1'")).toBe(`"geography'POINT(1'" is not valid WKT (POINT, LINESTRING, POLYGON, MULTI…): Expecting 'DOUBLE_TOK', got 'EOF'`);
    for (const wkt of ['CIRCLE(1 2, 3)', 'POINT(1 2) junk', '', 'POINT(a b)']) {
      expect(errorOf(`geography'${wkt}'`)).toContain(`"geography'${wkt}'" is not valid WKT`);
    }
  });

  it.each([
    ['POINT EMPTY', 'is empty'],
    ['POLYGON EMPTY', 'is empty'],
    ['LINESTRING(108 34)', 'has a line of fewer than 2 positions'],
    ['MULTILINESTRING((108 34, 109 35), (1 2))', 'has a line of fewer than 2 positions'],
    ['POLYGON((108 34, 109 34, 109 35))', 'has a polygon ring of fewer than 4 positions'],
    ['POLYGON((108 34, 109 34, 109 35, 108 35))', 'has a polygon ring that does not close (its last position differs from its first)'],
    ['MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((2 2, 3 2, 3 3, 2 3)))', 'has a polygon ring that does not close (its last position differs from its first)'],
    ['GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(1 2))', 'has a line of fewer than 2 positions'],
  ])('refuses the WKT %s, which is no Simple Features geometry', (wkt, problem) => {
    // the message quotes the literal, cut to 40 characters
    expect(errorOf(`st_within(location, geography'${wkt}')`)).toBe(`${quote(`geography'${wkt}'`)} ${problem} at position 20`);
  });

  it('counts positions from the start of the parameter’s value when the text is part of it', () => {
    expect(() => tokenize('a > 1', { param: '$expand', label: '$filter in $expand item Things', offset: 15 })).toThrow(
      expect.objectContaining({ option: '$expand', position: 17 }),
    );
  });
});
