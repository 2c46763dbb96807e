/**
 * The static geography of the province (docs/product.md §Screens): the divisions tree and the
 * city boundaries of the map. Both come from the bundled data and change only with a new data
 * release.
 */
import { CityBoundariesSchema, DivisionTreeSchema } from '../divisions';
import { defineEndpoints, PUBLIC } from './endpoint';

const tags = ['geography'] as const;

export const geographyApi = defineEndpoints({
  getDivisions: {
    method: 'GET',
    path: '/api/divisions',
    summary: 'Province → city → county divisions (统计用区划代码)',
    description:
      'For everyone: the province with its cities and their counties, with the National Bureau of Statistics codes (2, 4 and 6 digits), in the published order.',
    tags,
    access: PUBLIC,
    response: DivisionTreeSchema,
    errors: [],
  },
  getCityBoundaries: {
    method: 'GET',
    path: '/api/city-boundaries',
    summary: 'City boundaries, GeoJSON FeatureCollection, WGS-84',
    description:
      'For everyone, for the province map: one feature per city (`properties.code` the 4-digit division code, `properties.name` as in the divisions), polygons of [longitude, latitude] (RFC 7946), simplified for drawing: borders two cities share stay identical, positions are rounded to 10⁻⁴° (about 11 m), and which city a point lies in is decided on the full outlines the database keeps. Browsers may keep it for an hour (`Cache-Control: public, max-age=3600`).',
    tags,
    access: PUBLIC,
    response: CityBoundariesSchema,
    errors: [],
  },
});
