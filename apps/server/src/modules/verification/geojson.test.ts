/**
 * The polygon checks of uploaded GeoJSON (geojson.ts, docs/verification.md §County boundaries):
 * real boundaries pass, rings that cross or touch themselves do not, and a ring of survey detail
 * is checked in well under a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../test/test-database';
import { crossingOf, isProblem, polygonOf } from './geojson';

const circle = (n: number): Position[] => {
  const ring = Array.from({ length: n }, (_, i): Position => [110 + Math.cos((2 * Math.PI * i) / n), 38 + Math.sin((2 * Math.PI * i) / n)]);
  return [...ring, ring[0]!];
};

describe('polygon checks', () => {
  it('accept every bundled city boundary, whose rings repeat positions one after the other', () => {
    const cities = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'shaanxi-cities.geojson'), 'utf8')) as FeatureCollection<Polygon | MultiPolygon>;
    for (const city of cities.features) expect(isProblem(polygonOf(city.geometry) as object), JSON.stringify(city.properties)).toBe(false);
  });

  it('find a ring crossing or touching itself, and no crossing in a square', () => {
    expect(
      crossingOf([
        [109, 37],
        [110, 38.5],
        [110, 37],
        [109, 38],
        [109, 37],
      ]),
    ).toEqual([109.4, 37.6]);
    // a figure of eight meeting at (1, 0)
    expect(
      crossingOf([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0],
        [0, 2],
        [0, 0],
      ]),
    ).toEqual([1, 0]);
    expect(
      crossingOf([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('check a ring of 100 000 positions in well under a second', () => {
    const started = performance.now();
    expect(polygonOf({ type: 'Polygon', coordinates: [circle(100_000)] })).toMatchObject({ type: 'Polygon' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('name what is wrong: the type, too few positions, an open ring, metres for degrees', () => {
    expect(
      polygonOf({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toMatchObject({ en: 'the geometry is a LineString, not a Polygon or MultiPolygon' });
    expect(
      polygonOf({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
            [0, 0],
          ],
        ],
      }),
    ).toMatchObject({ en: 'the outer ring of the polygon has fewer than 4 distinct positions' });
    expect(
      polygonOf({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      }),
    ).toMatchObject({ en: 'the outer ring of the polygon does not end where it starts' });
    expect(
      polygonOf({
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
              [5e5, 4e6],
              [6e5, 4e6],
              [6e5, 5e6],
              [5e5, 4e6],
            ],
          ],
        ],
      }),
    ).toMatchObject({
      en: expect.stringMatching(/^the outer ring of polygon 2 has \[500000, 4000000\], which is not longitude and latitude/),
    });
  });
});
