import path from 'node:path';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { planarRingArea } from 'topojson-simplify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { readCityBoundaries } from '../../seed/read-city-boundaries';
import { type CityOutline, outlinesForDisplay, outlinesForDisplayCached } from './display-geometry';

const bundled: CityOutline[] = readCityBoundaries(path.join(REPO_ROOT, 'data/shaanxi-cities.geojson')).map((r) => ({
  code: r.divisionCode,
  name: r.name,
  geometry: r.geometry,
}));

const ringsOf = (g: Polygon | MultiPolygon): Position[][] => (g.type === 'Polygon' ? g.coordinates : g.coordinates.flat());
const positionsOf = (g: Polygon | MultiPolygon) => ringsOf(g).flat();
/** a position as a key, to 10⁻³° (the rounding of the display outlines) */
const key = (p: Position) => `${p[0]!.toFixed(3)},${p[1]!.toFixed(3)}`;
/** outer rings minus holes, square degrees */
const area = (g: Polygon | MultiPolygon) =>
  (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).reduce(
    (sum, [outer, ...holes]) => sum + planarRingArea(outer as [number, number][]) - holes.reduce((h, r) => h + planarRingArea(r as [number, number][]), 0),
    0,
  );

describe('the city outlines the map draws', () => {
  const display = outlinesForDisplay(bundled);

  it('keep every city, in order, with its code and name, in far fewer positions', () => {
    expect(display.map((c) => [c.code, c.name])).toEqual(bundled.map((c) => [c.code, c.name]));
    const before = bundled.reduce((n, c) => n + positionsOf(c.geometry).length, 0);
    const after = display.reduce((n, c) => n + positionsOf(c.geometry).length, 0);
    expect(after).toBeLessThan(before * 0.4);
  });

  it('keep each city’s area and extent as drawn (area within 0.5 %, extent within 0.01°)', () => {
    for (const [i, city] of display.entries()) {
      const original = bundled[i]!.geometry;
      expect(Math.abs(area(city.geometry) / area(original) - 1)).toBeLessThan(0.005);
      for (const axis of [0, 1]) {
        const values = (g: Polygon | MultiPolygon) => positionsOf(g).map((p) => p[axis]!);
        expect(Math.abs(Math.min(...values(city.geometry)) - Math.min(...values(original)))).toBeLessThan(0.01);
        expect(Math.abs(Math.max(...values(city.geometry)) - Math.max(...values(original)))).toBeLessThan(0.01);
      }
    }
  });

  it('keep a border two cities share identical in both, so neighbours neither overlap nor leave a gap', () => {
    let sharedChecked = 0;
    const keysOf = bundled.map((c) => new Set(positionsOf(c.geometry).map(key)));
    for (const [i, a] of keysOf.entries()) {
      for (const [j, b] of keysOf.entries()) {
        if (j <= i) continue;
        const onBorder = new Set([...a].filter((k) => b.has(k)));
        if (onBorder.size === 0) continue;
        const keptInA = positionsOf(display[i]!.geometry)
          .map(key)
          .filter((k) => onBorder.has(k));
        const keptInB = new Set(positionsOf(display[j]!.geometry).map(key));
        expect(keptInA.length).toBeGreaterThan(1);
        for (const k of keptInA) expect(keptInB.has(k)).toBe(true);
        sharedChecked++;
      }
    }
    // Xi'an alone borders four other cities; the province's cities share many borders
    expect(sharedChecked).toBeGreaterThanOrEqual(10);
  });

  it('are worked out again only when the outlines change', () => {
    const first = outlinesForDisplayCached(bundled);
    expect(outlinesForDisplayCached(structuredClone(bundled))).toBe(first);
    const oneLess = outlinesForDisplayCached(bundled.slice(1));
    expect(oneLess.map((c) => c.code)).toEqual(bundled.slice(1).map((c) => c.code));
  });
});
