import { asc, eq } from 'drizzle-orm';
import type { CityBoundaries, DivisionTree } from '@eco/contracts/divisions';
import type { Db } from '../../db/client';
import { cityBoundaries, divisions } from '../../db/schema';
import { outlinesForDisplayCached } from './display-geometry';

/** The province → city → county tree, in the published order. */
export async function getDivisionTree(db: Db): Promise<DivisionTree> {
  const rows = await db.select().from(divisions).orderBy(asc(divisions.sortOrder), asc(divisions.code));
  const childrenOf = (code: string) => rows.filter((r) => r.parentCode === code);
  return rows
    .filter((r) => r.level === 'province')
    .map((p) => ({
      code: p.code,
      name: p.name,
      children: childrenOf(p.code).map((c) => ({
        code: c.code,
        name: c.name,
        children: childrenOf(c.code).map((k) => ({ code: k.code, name: k.name })),
      })),
    }));
}

/**
 * City boundaries as one GeoJSON FeatureCollection (WGS-84), `properties.code` = 4-digit city code,
 * simplified for drawing (./display-geometry.ts).
 */
export async function getCityBoundaries(db: Db): Promise<CityBoundaries> {
  const rows = await db
    .select({ code: cityBoundaries.divisionCode, name: divisions.name, geometry: cityBoundaries.geometry })
    .from(cityBoundaries)
    .innerJoin(divisions, eq(divisions.code, cityBoundaries.divisionCode))
    .orderBy(asc(cityBoundaries.divisionCode));
  return {
    type: 'FeatureCollection',
    features: outlinesForDisplayCached(rows).map((r) => ({ type: 'Feature' as const, properties: { code: r.code, name: r.name }, geometry: r.geometry })),
  };
}
