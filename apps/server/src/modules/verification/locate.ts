/**
 * Which division a WGS-84 point lies in (docs/verification.md §Divisions): the city by the
 * bundled city boundaries (`city_boundaries`); a point in no city is outside the province. A
 * point on a shared border counts for the first city in code order (turf counts the boundary as
 * inside). Each boundary's bounding box is checked first, so a global FIRMS file (about 20 000
 * rows, nearly all far away) costs one comparison per row and city.
 */
import { bbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { asc } from 'drizzle-orm';
import type { MultiPolygon, Polygon } from 'geojson';
import type { Db } from '../../db/client';
import { cityBoundaries } from '../../db/schema';

interface Area {
  /** the division code as stored: 4 digits for a city */
  code: string;
  geometry: Polygon | MultiPolygon;
  box: [number, number, number, number];
}

export interface Located {
  /** the division the task belongs to (as stored in `divisions`) */
  divisionCode: string;
  /** its city (4 digits) */
  cityCode: string;
}

/** 6-digit form (GB/T 2260) of a stored division code: `6108` → `610800`, `610802` stays. */
export function sixDigit(code: string): string {
  return code.padEnd(6, '0');
}

/** Stored form of a 6-digit code: `610800` → `6108` (a city), `610802` stays (a county), `610000` → `61`. */
export function storedCode(code: string): string {
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

export class DivisionLocator {
  private constructor(private readonly cities: readonly Area[]) {}

  /** The locator over the city boundaries in the database. */
  static async load(db: Db): Promise<DivisionLocator> {
    const rows = await db
      .select({ code: cityBoundaries.divisionCode, geometry: cityBoundaries.geometry })
      .from(cityBoundaries)
      .orderBy(asc(cityBoundaries.divisionCode));
    return new DivisionLocator(rows.map((row) => ({ ...row, box: bbox(row.geometry) as Area['box'] })));
  }

  /** The division of the point (degrees), or null outside the province. */
  locate(longitude: number, latitude: number): Located | null {
    const city = this.cities.find(
      (area) =>
        longitude >= area.box[0] &&
        longitude <= area.box[2] &&
        latitude >= area.box[1] &&
        latitude <= area.box[3] &&
        booleanPointInPolygon([longitude, latitude], area.geometry),
    );
    return city ? { divisionCode: city.code, cityCode: city.code } : null;
  }
}
