/**
 * The city boundaries as the map draws them: the bundled outlines (data/shaanxi-cities.geojson,
 * 14 400 positions) simplified once, keeping the borders that two cities share identical, so
 * neighbours neither overlap nor leave a gap (TopoJSON: shared arcs are simplified once).
 *
 * The database keeps the full outlines: which city a station or a task lies in is decided on them
 * (seed/load-bundled-data.ts `cityOf`), never on these.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';

export interface CityOutline {
  code: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

/**
 * Triangles (Visvalingam's effective area) smaller than this are removed, in square degrees. The
 * largest map is the wall's at 3840×2160, where the province's 7.9° of latitude take about 1 470 of
 * the map's 1 635 px: 1 px ≈ 0.0054°, 1 px² ≈ 2.9 × 10⁻⁵ deg². Removing triangles under 3 × 10⁻⁵ deg²
 * (about 1 px² there, moving a border by well under a pixel; far less on /home, 677 × 640 px) leaves
 * about 5 450 of the 14 400 positions.
 */
export const MIN_TRIANGLE_DEG2 = 3e-5;

/**
 * Positions are rounded to 10⁻³° (about 110 m, 0.2 px on the wall): with the simplification above
 * the answer is 93 KB of JSON instead of 300 KB, 15 KB with brotli (http/public-cache.ts).
 */
const ROUND = 1e3;

const round = (p: Position): Position => [Math.round(p[0]! * ROUND) / ROUND, Math.round(p[1]! * ROUND) / ROUND];

function rounded(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(round)) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(round))) };
}

/**
 * `outlines` simplified for drawing ({@link MIN_TRIANGLE_DEG2}, shared borders kept shared),
 * in the same order, with the same codes and names; WGS-84 [longitude, latitude].
 */
export function outlinesForDisplay(outlines: readonly CityOutline[]): CityOutline[] {
  if (outlines.length === 0) return [];
  const collection = {
    type: 'FeatureCollection' as const,
    features: outlines.map((o) => ({ type: 'Feature' as const, properties: { code: o.code, name: o.name }, geometry: o.geometry })),
  };
  // topology() types every properties as GeoJSON's (possibly null); ours are always set
  const cityTopology = topology({ cities: collection }) as Topology<Objects<{ code: string; name: string }>>;
  const simplified = simplify(presimplify(cityTopology), MIN_TRIANGLE_DEG2);
  const cities = feature(simplified, simplified.objects.cities as GeometryCollection);
  return cities.features.map((f, i) => ({ ...outlines[i]!, geometry: rounded(f.geometry as Polygon | MultiPolygon) }));
}

let last: { source: string; outlines: CityOutline[] } | undefined;

/**
 * {@link outlinesForDisplay}, worked out again only when the outlines differ from the last call's
 * (a new data release): the public cache reads the boundaries every second under a crowd, and the
 * simplification takes 13–50 ms.
 */
export function outlinesForDisplayCached(outlines: readonly CityOutline[]): CityOutline[] {
  const source = JSON.stringify(outlines);
  if (last?.source !== source) last = { source, outlines: outlinesForDisplay(outlines) };
  return last.outlines;
}
