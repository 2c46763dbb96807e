import { describe, expect, it } from 'vitest';
import type { CityBoundaries, DivisionTree } from '@eco/contracts/divisions';
import { divisionTree } from '../../test/bundled-data';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';

describe('the geography: /api/divisions and /api/city-boundaries', () => {
  const ctx = useTestApp({ loaded: true });

  it('answers the province → city → county tree as the file has it, in its order', async () => {
    const tree = dataOf(await getJson<DivisionTree>(ctx.app, '/api/divisions'));
    const strip = (items: { code: string; name: string; children?: unknown[] }[]): unknown =>
      items.map(({ code, name, children }) => (children ? { code, name, children: strip(children as never) } : { code, name }));
    expect(tree).toEqual(strip(divisionTree()));
    const cities = tree.flatMap((p) => p.children);
    expect([tree.length, cities.length, cities.flatMap((c) => c.children).length]).toEqual([1, 10, 107]);
    expect(tree[0]).toMatchObject({ code: '61', name: '陕西省' });
  });

  it('answers the 10 city boundaries 6101–6110 as a GeoJSON FeatureCollection named as the divisions', async () => {
    const response = await getJson<CityBoundaries>(ctx.app, '/api/city-boundaries');
    const boundaries = dataOf(response);
    expect(boundaries.type).toBe('FeatureCollection');
    expect(boundaries.features.map((f) => f.properties.code)).toEqual(Array.from({ length: 10 }, (_, i) => `61${String(i + 1).padStart(2, '0')}`));
    const cityNames = new Map(divisionTree()[0]!.children!.map((c) => [c.code, c.name]));
    for (const feature of boundaries.features) {
      expect(feature.type).toBe('Feature');
      expect(feature.properties.name).toBe(cityNames.get(feature.properties.code));
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type);
      expect(feature.geometry.coordinates.length).toBeGreaterThan(0);
    }
  });

  it('lets browsers cache the boundaries', async () => {
    const response = await getJson(ctx.app, '/api/city-boundaries');
    expect(response.headers['cache-control']).toMatch(/public/);
    expect(Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1])).toBeGreaterThan(0);
  });

  it.each(['/api/divisions?level=city', '/api/city-boundaries?code=6101'])('refuses a parameter it does not take (%s) with 400 naming it', async (url) => {
    const response = await getJson(ctx.app, url);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: `querystring/${url.split('?')[1]!.split('=')[0]}` }] });
  });
});
