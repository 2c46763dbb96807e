/**
 * The geospatial functions of `$filter` and `$orderby` (OGC 18-088 §9.3.3.5.2, the table of
 * geospatial functions; the same in OGC 15-078r6) as PostGIS SQL, for filter-sql.ts.
 *
 * Geometries are GeoJSON (jsonb: a Location's `location`, a FeatureOfInterest's `feature`, a
 * `geography'…'` or `geometry'…'` literal read by odata/lexer.ts) turned into PostGIS `geometry`
 * with SRID 4326 (WGS-84). Everything is computed on the longitude/latitude plane, for both
 * prefixes: `geo.distance` and `geo.length` are in degrees, as OData gives them "in the
 * coordinate reference system signified by the points' SRIDs" (OData 4.01 URL Conventions
 * §5.1.1.11.1) and WGS-84's unit is the degree (docs/sensorthings.md §Reading).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import { type Expr, type QueryOptions, QueryOptionError } from './odata/ast';

/** The PostGIS function of each geospatial function, and whether it answers a number (else a boolean). */
interface GeoFunction {
  readonly postgis: string;
  readonly number?: true;
}
const FUNCTIONS: ReadonlyMap<string, GeoFunction> = new Map<string, GeoFunction>([
  ['geo.distance', { postgis: 'st_distance', number: true }],
  ['geo.length', { postgis: 'st_length', number: true }],
  ['geo.intersects', { postgis: 'st_intersects' }],
  ...['st_equals', 'st_disjoint', 'st_touches', 'st_within', 'st_overlaps', 'st_crosses', 'st_intersects', 'st_contains', 'st_relate'].map(
    (name) => [name, { postgis: name }] as const,
  ),
]);

/** An intersection pattern of the DE-9IM (OGC 06-103r4, Simple Features): nine of T, F, *, 0, 1, 2. */
const DE9IM_PATTERN = /^[TF*012]{9}$/i;

const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'];

/** Whether `name` (as the parser gives it, lower case) is a geospatial function. */
export function isGeoFunction(name: string): boolean {
  return FUNCTIONS.has(name);
}

/** A GeoJSON literal as a jsonb value. */
export function geoJsonLiteral(value: Geometry): SQL {
  return sql`${JSON.stringify(value)}::jsonb`;
}

/** A GeoJSON literal as a PostGIS geometry. */
export function geometryLiteral(value: Geometry): SQL {
  return sql`st_geomfromgeojson(${JSON.stringify(value)}::text)`;
}

/**
 * A stored GeoJSON value (jsonb) as a PostGIS geometry: a Feature gives its geometry; anything
 * that is no GeoJSON geometry (null, a string, an unknown type) gives null, so it matches nothing
 * instead of failing the query. Evaluates `json` once.
 */
export function geometryOf(json: SQL): SQL {
  const types = sql.raw(GEOMETRY_TYPES.map((t) => `'${t}'`).join(', '));
  return sql`(select st_geomfromgeojson(case when g.v ->> 'type' in (${types}) then g.v::text end)
    from (select case when j.v ->> 'type' = 'Feature' then j.v -> 'geometry' else j.v end as v from (select ${json} as v) j) g)`;
}

/**
 * A geospatial function call as SQL.
 * @param name a name for which isGeoFunction is true
 * @param args the call's arguments as parsed (the parser has checked their number)
 * @param geometry turns a geometry argument into a PostGIS geometry; throws QueryOptionError when
 *   it is not one
 * @returns the SQL and the kind of value it has
 * @throws QueryOptionError (`$filter`) when `st_relate`'s pattern is not a DE-9IM pattern literal
 */
export function geoCall(name: string, args: readonly Expr[], geometry: (arg: Expr) => SQL): { sql: SQL; kind: 'number' | 'boolean' } {
  const { postgis, number } = FUNCTIONS.get(name)!;
  const fn = sql.raw(postgis);
  if (name === 'st_relate') {
    const pattern = args[2]!;
    if (pattern.kind !== 'literal' || pattern.type !== 'string' || !DE9IM_PATTERN.test(pattern.value)) {
      throw new QueryOptionError('$filter', "st_relate() takes a DE-9IM pattern as its third argument: nine of T, F, *, 0, 1, 2 in quotes, as in 'T********'");
    }
    return { sql: sql`${fn}(${geometry(args[0]!)}, ${geometry(args[1]!)}, ${pattern.value.toUpperCase()}::text)`, kind: 'boolean' };
  }
  const operands = sql.join(
    args.map((arg) => geometry(arg)),
    sql`, `,
  );
  return { sql: number ? sql`${fn}(${operands})::float8` : sql`${fn}(${operands})`, kind: number ? 'number' : 'boolean' };
}

function callsGeo(expr: Expr): boolean {
  switch (expr.kind) {
    case 'literal':
    case 'property':
      return false;
    case 'not':
    case 'negate':
      return callsGeo(expr.operand);
    case 'binary':
      return callsGeo(expr.left) || callsGeo(expr.right);
    case 'call':
      return isGeoFunction(expr.name) || expr.args.some(callsGeo);
  }
}

/**
 * The query option that calls a geospatial function (`$filter`, `$orderby`, or `$expand` for one
 * inside an expanded item), or undefined: such a request needs PostGIS (db/postgis.ts).
 */
export function geoFunctionOption(options: QueryOptions): string | undefined {
  if (options.filter && callsGeo(options.filter)) return '$filter';
  if (options.orderby?.some((o) => callsGeo(o.expr))) return '$orderby';
  if (options.expand?.some((item) => geoFunctionOption(item.options) !== undefined)) return '$expand';
  return undefined;
}
