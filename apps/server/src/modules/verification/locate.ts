/**
 * Which division a WGS-84 point lies in (docs/verification.md §Divisions, §County boundaries):
 * the county whose uploaded boundary (`county_boundaries`) contains it, else the city by the
 * bundled city boundaries (`city_boundaries`); a point in neither is outside the province. A
 * point on a shared border counts for the first county or city in code order (turf counts the
 * boundary as inside). Each boundary's bounding box is checked first, so a global FIRMS file
 * (about 20 000 rows, nearly all far away) costs a few comparisons per row and boundary.
 */
import { bbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { asc } from 'drizzle-orm';
import type { MultiPolygon, Polygon } from 'geojson';
import type { Db } from '../../db/client';
import { cityBoundaries, countyBoundaries } from '../../db/schema';

interface Area {
  /** the division code as stored: 4 digits for a city, 6 for a county */
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

const areaOf = (row: { code: string; geometry: Polygon | MultiPolygon }): Area => ({ ...row, box: bbox(row.geometry) as Area['box'] });

/** The first of `areas` containing the point. */
function find(areas: readonly Area[], longitude: number, latitude: number): Area | undefined {
  return areas.find(
    (area) =>
      longitude >= area.box[0] &&
      longitude <= area.box[2] &&
      latitude >= area.box[1] &&
      latitude <= area.box[3] &&
      booleanPointInPolygon([longitude, latitude], area.geometry),
  );
}

export class DivisionLocator {
  private constructor(
    private readonly counties: readonly Area[],
    private readonly cities: readonly Area[],
  ) {}

  /** The locator over the county and city boundaries in the database (`db` may be a transaction: it then sees what that wrote). */
  static async load(db: Db): Promise<DivisionLocator> {
    const counties = await db
      .select({ code: countyBoundaries.divisionCode, geometry: countyBoundaries.geometry })
      .from(countyBoundaries)
      .orderBy(asc(countyBoundaries.divisionCode));
    const cities = await db
      .select({ code: cityBoundaries.divisionCode, geometry: cityBoundaries.geometry })
      .from(cityBoundaries)
      .orderBy(asc(cityBoundaries.divisionCode));
    return new DivisionLocator(counties.map(areaOf), cities.map(areaOf));
  }

  /** The division of the point (degrees), or null outside the province. */
  locate(longitude: number, latitude: number): Located | null {
    const county = find(this.counties, longitude, latitude);
    if (county) return { divisionCode: county.code, cityCode: county.code.slice(0, 4) };
    const city = find(this.cities, longitude, latitude);
    return city ? { divisionCode: city.code, cityCode: city.code } : null;
  }
}
