/**
 * Reads `shaanxi-cities.geojson`: a FeatureCollection of the province's cities, each with
 * `properties.adcode` (6 digits ending 00, e.g. 610100) and `name`, and a Polygon or MultiPolygon
 * geometry in WGS-84 longitude/latitude (RFC 7946). Returns the 4-digit division code per city.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { findNodeAtLocation } from 'jsonc-parser';
import { atLine, RowProblem } from './data-file-error';
import { matching, text } from './fields';
import { arrayItems, readJsonFile } from './json-file';

export interface CityBoundaryRow {
  divisionCode: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

function checkRing(ring: unknown, where: string): void {
  if (!Array.isArray(ring) || ring.length < 4) throw new RowProblem(`${where} has fewer than 4 positions`);
  for (const p of ring as unknown[]) {
    const [lon, lat] = Array.isArray(p) ? (p as unknown[]) : [];
    if (typeof lon !== 'number' || typeof lat !== 'number' || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
      throw new RowProblem(`${where} has a position that is not [longitude, latitude]: ${JSON.stringify(p)}`);
    }
  }
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  if (first[0] !== last[0] || first[1] !== last[1]) throw new RowProblem(`${where} is not closed`);
}

function checkGeometry(geometry: unknown): Polygon | MultiPolygon {
  const g = geometry as { type?: unknown; coordinates?: unknown };
  if (g?.type === 'Polygon' && Array.isArray(g.coordinates)) {
    for (const [i, ring] of g.coordinates.entries()) checkRing(ring, `ring ${i}`);
    return g as Polygon;
  }
  if (g?.type === 'MultiPolygon' && Array.isArray(g.coordinates)) {
    for (const [p, polygon] of g.coordinates.entries()) {
      if (!Array.isArray(polygon)) throw new RowProblem(`polygon ${p} is not an array of rings`);
      for (const [i, ring] of polygon.entries()) checkRing(ring, `polygon ${p} ring ${i}`);
    }
    return g as MultiPolygon;
  }
  throw new RowProblem(`geometry type ${JSON.stringify(g?.type)} is not Polygon or MultiPolygon`);
}

export function readCityBoundaries(file: string): CityBoundaryRow[] {
  const json = readJsonFile(file);
  const features = arrayItems(json, findNodeAtLocation(json.root, ['features']), 'features');
  return features.map((node) =>
    atLine(file, json.lineOf(node), () => {
      const feature = json.valueOf(node) as { type?: unknown; properties?: Record<string, unknown>; geometry?: unknown };
      if (feature.type !== 'Feature') throw new RowProblem('item is not a GeoJSON Feature');
      const adcode = matching(feature.properties?.adcode, 'adcode', /^\d{4}00$/, 'a 6-digit city adcode ending in 00');
      return { divisionCode: adcode.slice(0, 4), name: text(feature.properties?.name, 'name'), geometry: checkGeometry(feature.geometry) };
    }),
  );
}
