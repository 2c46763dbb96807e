/** Air-quality monitoring stations (SensorThings Things of kind `air_quality_station`) and their observations. */
import { Type, type Static } from 'typebox';
import { AIR_QUALITY_PROPERTY_CODES } from './air-quality';
import { IsoTime } from './common';

/** Values by ObservedProperty code (`pm2_5`, `aqi`, …); µg/m³ except `co` (mg/m³); absent = not published. */
export const AirValuesSchema = Type.Partial(Type.Record(Type.Enum(AIR_QUALITY_PROPERTY_CODES), Type.Number()));
export type AirValues = Static<typeof AirValuesSchema>;

/** A CNEMC station code: four digits and `A`, e.g. `1462A`. */
export const StationCode = Type.String({ pattern: '^[0-9]{4}A$', description: 'CNEMC station code, e.g. 1462A', examples: ['1462A'] });

/** The longest series one request may ask for, days. */
export const MAX_SERIES_DAYS = 31;
/** The default series: the hours up to the station's newest observation. */
export const DEFAULT_SERIES_HOURS = 48;

export const StationSchema = Type.Object(
  {
    code: Type.String({ description: 'CNEMC station code, e.g. 1462A' }),
    name: Type.String(),
    /** the area the network files it under (may be a new district such as 西咸新区) */
    area: Type.String(),
    /** the city the point falls in, by the bundled boundaries; null outside them */
    cityCode: Type.Union([Type.String(), Type.Null()]),
    cityName: Type.Union([Type.String(), Type.Null()]),
    longitude: Type.Number({ description: 'WGS-84 degrees' }),
    latitude: Type.Number({ description: 'WGS-84 degrees' }),
    /** the newest hour with any value, and the values published for that hour */
    latest: Type.Union([Type.Object({ time: IsoTime, values: AirValuesSchema }), Type.Null()]),
  },
  { $id: 'Station' },
);
export type Station = Static<typeof StationSchema>;

export const SeriesSchema = Type.Object(
  {
    station: Type.Object({ code: Type.String(), name: Type.String() }),
    from: IsoTime,
    to: IsoTime,
    /** one point per hour that has any value, oldest first */
    points: Type.Array(Type.Object({ time: IsoTime, values: AirValuesSchema })),
  },
  { $id: 'StationSeries' },
);
export type Series = Static<typeof SeriesSchema>;
