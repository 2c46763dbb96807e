/**
 * The national air-quality stations of the province and their hourly observations (as the
 * national network published them, CNEMC), for everyone: the home map and the sensing wall.
 * Values are µg/m³ except `co` (mg/m³); `aqi` is the published AQI (HJ 633-2012), not recomputed.
 */
import { Type } from 'typebox';
import { AIR_QUALITY_PROPERTY_CODES } from '../air-quality';
import { IsoTime, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import { DEFAULT_SERIES_HOURS, MAX_SERIES_DAYS, SeriesSchema, StationCode, StationSchema } from '../stations';
import { defineEndpoints, PUBLIC } from './endpoint';

const tags = ['air quality'] as const;
const ByCode = Type.Object({ code: StationCode });

export const stationsApi = defineEndpoints({
  listStations: {
    method: 'GET',
    path: '/api/stations',
    summary: 'Air-quality stations with their latest published values',
    description:
      'For everyone: each station with its place (WGS-84), the city it falls in by the bundled boundaries, and its newest hour with any value and the values of that hour (times ISO 8601, +08:00). By city code, then station code; pages of at most 200.',
    tags,
    access: PUBLIC,
    query: Type.Object(
      {
        city: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: 'Only stations in this city: its 4-digit division code, e.g. 6101' })),
        ...paging(200, 100),
      },
      { additionalProperties: false },
    ),
    response: PageOf(StationSchema),
    errors: [],
  },
  getStation: {
    method: 'GET',
    path: '/api/stations/{code}',
    summary: 'One station with its latest published values',
    description: 'For everyone: as an item of `GET /api/stations`.',
    tags,
    access: PUBLIC,
    params: ByCode,
    response: StationSchema,
    errors: ['STATION_NOT_FOUND'],
  },
  getStationSeries: {
    method: 'GET',
    path: '/api/stations/{code}/series',
    summary: `Hourly values of one station (at most ${MAX_SERIES_DAYS} days)`,
    description: [
      'For everyone: one point per hour that has any value, oldest first, between `from` and `to` (both included; any offset, answered in +08:00).',
      `Without \`from\` and \`to\`: the ${DEFAULT_SERIES_HOURS} hours up to the station's newest observation; with only \`from\`: the ${DEFAULT_SERIES_HOURS} hours from it; with only \`to\`: the ${DEFAULT_SERIES_HOURS} hours up to it.`,
      `\`from\` after \`to\` is 400 \`VALIDATION_FAILED\`; more than ${MAX_SERIES_DAYS} days is 400 \`SERIES_RANGE_TOO_LONG\`.`,
    ].join(' '),
    tags,
    access: PUBLIC,
    params: ByCode,
    query: Type.Object(
      {
        from: Type.Optional({ ...IsoTime, description: 'From this hour (ISO 8601 with offset, years 1900–2099)' }),
        to: Type.Optional({ ...IsoTime, description: 'Up to this hour (ISO 8601 with offset, years 1900–2099)' }),
        properties: Type.Optional(
          Type.Array(Type.Enum(AIR_QUALITY_PROPERTY_CODES), {
            maxItems: AIR_QUALITY_PROPERTY_CODES.length,
            description: 'Only these ObservedProperties; repeat the key: properties=pm2_5&properties=aqi. All when absent.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    response: SeriesSchema,
    errors: ['STATION_NOT_FOUND', 'SERIES_RANGE_TOO_LONG'],
  },
});
