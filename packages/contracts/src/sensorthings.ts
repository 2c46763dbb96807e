/**
 * The OGC SensorThings API the portal serves (docs/sensorthings.md): versions, entity sets and
 * their navigation properties (OGC 18-088 §8.2, 15-078r6 §8.2), the paging limits, and the UCUM
 * units of the portal's ObservedProperties. Shared by the server and the API documentation.
 */

export const STA_VERSIONS = ['v1.0', 'v1.1'] as const;
export type StaVersion = (typeof STA_VERSIONS)[number];

export const ENTITY_SETS = [
  'Things',
  'Locations',
  'HistoricalLocations',
  'Datastreams',
  'Sensors',
  'ObservedProperties',
  'Observations',
  'FeaturesOfInterest',
] as const;
export type EntitySet = (typeof ENTITY_SETS)[number];

/** Entities answered per page when `$top` is not given, and the most `$top` may ask (a larger one is 400). */
export const STA_DEFAULT_TOP = 100;
export const STA_MAX_TOP = 10_000;

/** The conformance classes served (OGC 18-088 Annex A), listed in `serverSettings` of the v1.1 service root. */
export const STA_CONFORMANCE = [
  'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/data-array/data-array',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/batch-request/batch-request',
] as const;

/**
 * The MQTT conformance classes (OGC 18-088 §14), served while the broker listens; the v1.1 service
 * root lists them with the broker's `endpoints` under the class's own key in `serverSettings`.
 */
export const STA_MQTT_CONFORMANCE = [
  'http://www.opengis.net/spec/iot_sensing/1.1/req/create-observations-via-mqtt/observations-creation',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/receive-updates-via-mqtt/receive-updates',
] as const;

/**
 * Limits of `POST $batch` (OGC 18-088 §11; docs/sensorthings.md §Batch): the most requests one
 * batch may carry, the largest body it may be (bytes), and the most its answers may add up to
 * (bytes of JSON) before further requests of the batch are answered 400 instead.
 */
export const STA_BATCH_MAX_REQUESTS = 1000;
export const STA_BATCH_MAX_BODY_BYTES = 4 * 1024 * 1024;
export const STA_BATCH_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** A Datastream's `unitOfMeasurement` (OGC 18-088 Table 10): a UCUM code as `symbol`. */
export interface UnitOfMeasurement {
  name: string;
  symbol: string;
  definition: string;
}

const UCUM = 'http://unitsofmeasure.org/ucum.html';

/**
 * The UCUM unit of each unit symbol the portal's ObservedProperties use (`µg/m³` of the CNEMC
 * data, `m/s` of the masts, …); an empty symbol is a dimensionless index (AQI, a level).
 */
export const UNITS_BY_SYMBOL: Readonly<Record<string, UnitOfMeasurement>> = {
  'µg/m³': { name: 'microgram per cubic metre', symbol: 'ug/m3', definition: UCUM },
  'mg/m³': { name: 'milligram per cubic metre', symbol: 'mg/m3', definition: UCUM },
  '°C': { name: 'degree Celsius', symbol: 'Cel', definition: UCUM },
  '%': { name: 'percent', symbol: '%', definition: UCUM },
  'm/s': { name: 'metre per second', symbol: 'm/s', definition: UCUM },
  V: { name: 'volt', symbol: 'V', definition: UCUM },
  '': { name: 'dimensionless', symbol: '1', definition: UCUM },
};
