/**
 * The eight SensorThings entity types over the portal's own tables (OGC 18-088 §8.2; docs/
 * sensorthings.md §Model): for each, a SQL source whose columns are the standard's properties
 * (plus the hidden link columns its navigation uses), the type of each property for `$filter`,
 * and its navigation properties. No copy of the data: every read goes to the same rows the
 * portal's screens read.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { UNITS_BY_SYMBOL } from '@eco/contracts/sensorthings';
import { generalisedGeometrySql, generalisedSql, type PositionReader } from '../things/geoprivacy';
import { datastreams, featuresOfInterest, historicalLocations, locations, observations, observedProperties, sensors, things } from '../../db/schema';

/**
 * How a property reads in `$filter` and `$orderby`: `result` is a number when it is one and JSON
 * otherwise; `json` (properties, parameters, unitOfMeasurement) and `geometry` (GeoJSON) are jsonb;
 * `interval` (a Datastream's phenomenonTime, `start/end`) is served but not filtered on.
 */
export type PropertyType = 'id' | 'string' | 'datetime' | 'interval' | 'json' | 'geometry' | 'result';

/**
 * A navigation property: the related entities are those of `target` whose `childColumn` equals
 * the parent's `parentColumn` (both columns of the sources below).
 */
export interface Navigation {
  readonly target: EntitySet;
  /** true: an entity set (`Things(1)/Datastreams`); false: one entity (`Datastreams(1)/Thing`) */
  readonly many: boolean;
  readonly parentColumn: string;
  readonly childColumn: string;
}

export interface EntityType {
  readonly set: EntitySet;
  /** the singular name used by navigation to one (`Thing`) */
  readonly singular: string;
  /**
   * a parenthesised SELECT as `reader` may see it (Locations and FeaturesOfInterest of camera
   * traps are generalised: things/geoprivacy.ts); its columns are named as below
   */
  readonly source: (reader: PositionReader) => SQL;
  /** the standard's properties in the order they are served, each a column of `source` */
  readonly properties: Readonly<Record<string, PropertyType>>;
  /** properties only v1.1 has (OGC 18-088 added `properties` to several entity types) */
  readonly v11Only?: readonly string[];
  readonly navigation: Readonly<Record<string, Navigation>>;
}

const many = (target: EntitySet, parentColumn: string, childColumn: string): Navigation => ({ target, many: true, parentColumn, childColumn });
const one = (target: EntitySet, parentColumn: string, childColumn = 'id'): Navigation => ({ target, many: false, parentColumn, childColumn });

/** The point of a Location as GeoJSON when it has no other geometry. */
const pointOf = (alias: string) =>
  sql.raw(`coalesce(${alias}.geometry, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(${alias}.longitude, ${alias}.latitude)))`);

/**
 * SQL: true when the Location row `alias` is, or once was, the Location of a Thing whose position
 * `reader` sees generalised (things/geoprivacy.ts; a Thing's old Locations are reached through its
 * HistoricalLocations).
 */
const generalisedLocation = (reader: PositionReader, alias: string) =>
  sql`exists (select 1 from ${things} gt where ${generalisedSql(reader, sql`gt.kind`, sql`gt.organisation_id`)}
    and (gt.id = ${sql.raw(alias)}.thing_id or gt.id in (select gh.thing_id from ${historicalLocations} gh where gh.location_id = ${sql.raw(alias)}.id)))`;

/** The UCUM unit of an ObservedProperty's unit symbol (contracts/sensorthings.ts), as a SQL CASE. */
const unitOf = (symbol: string) =>
  sql.raw(
    `case ${symbol} ${Object.entries(UNITS_BY_SYMBOL)
      .map(([from, unit]) => `when '${from}' then '${JSON.stringify(unit).replace(/'/g, "''")}'::jsonb`)
      .join(' ')} else jsonb_build_object('name', ${symbol}, 'symbol', ${symbol}, 'definition', '') end`,
  );

export const ENTITY_TYPES: Readonly<Record<EntitySet, EntityType>> = {
  Things: {
    set: 'Things',
    singular: 'Thing',
    // the portal's own fields ride in `properties` beside the free-form ones
    source: () => sql`(select t.id, t.name, t.description,
        t.properties || jsonb_build_object('code', t.code, 'kind', t.kind, 'status', t.status, 'organisationId', t.organisation_id) as properties,
        t.organisation_id, t.kind
      from ${things} t)`,
    properties: { id: 'id', name: 'string', description: 'string', properties: 'json' },
    navigation: {
      Locations: many('Locations', 'id', 'thing_id'),
      HistoricalLocations: many('HistoricalLocations', 'id', 'thing_id'),
      Datastreams: many('Datastreams', 'id', 'thing_id'),
    },
  },
  Locations: {
    set: 'Locations',
    singular: 'Location',
    source: (reader) => sql`(select l.id, l.name, l.description, l.encoding_type as "encodingType",
        case when ${generalisedLocation(reader, 'l')} then ${generalisedGeometrySql(pointOf('l'))} else ${pointOf('l')} end as location, l.thing_id
      from ${locations} l)`,
    properties: { id: 'id', name: 'string', description: 'string', encodingType: 'string', location: 'geometry' },
    navigation: {
      Things: many('Things', 'thing_id', 'id'),
      HistoricalLocations: many('HistoricalLocations', 'id', 'location_id'),
    },
  },
  HistoricalLocations: {
    set: 'HistoricalLocations',
    singular: 'HistoricalLocation',
    source: () => sql`(select h.id, h.time, h.thing_id, h.location_id from ${historicalLocations} h)`,
    properties: { id: 'id', time: 'datetime' },
    navigation: {
      Thing: one('Things', 'thing_id'),
      Locations: many('Locations', 'location_id', 'id'),
    },
  },
  Datastreams: {
    set: 'Datastreams',
    singular: 'Datastream',
    source: () => sql`(select d.id, coalesce(d.name, t.name || ' · ' || p.name_zh) as name,
        coalesce(d.description, p.description) as description,
        coalesce(d.unit_of_measurement, ${unitOf('p.unit')}) as "unitOfMeasurement",
        d.observation_type as "observationType",
        (select min(o.phenomenon_time) from ${observations} o where o.datastream_id = d.id) as phenomenon_start,
        (select max(o.phenomenon_time) from ${observations} o where o.datastream_id = d.id) as phenomenon_end,
        coalesce(d.properties, '{}'::jsonb) || jsonb_build_object('observedPropertyCode', d.observed_property_code) as properties,
        d.thing_id, d.sensor_id, p.id as observed_property_id
      from ${datastreams} d join ${things} t on t.id = d.thing_id join ${observedProperties} p on p.code = d.observed_property_code)`,
    properties: {
      id: 'id',
      name: 'string',
      description: 'string',
      unitOfMeasurement: 'json',
      observationType: 'string',
      phenomenonTime: 'interval',
      properties: 'json',
    },
    v11Only: ['properties'],
    navigation: {
      Thing: one('Things', 'thing_id'),
      Sensor: one('Sensors', 'sensor_id'),
      ObservedProperty: one('ObservedProperties', 'observed_property_id'),
      Observations: many('Observations', 'id', 'datastream_id'),
    },
  },
  Sensors: {
    set: 'Sensors',
    singular: 'Sensor',
    source: () => sql`(select s.id, s.name, s.description, s.encoding_type as "encodingType", s.metadata, coalesce(s.properties, '{}'::jsonb) as properties
      from ${sensors} s)`,
    properties: { id: 'id', name: 'string', description: 'string', encodingType: 'string', metadata: 'string', properties: 'json' },
    v11Only: ['properties'],
    navigation: { Datastreams: many('Datastreams', 'id', 'sensor_id') },
  },
  ObservedProperties: {
    set: 'ObservedProperties',
    singular: 'ObservedProperty',
    source: () => sql`(select p.id, p.name_zh as name, p.definition, p.description,
        coalesce(p.properties, '{}'::jsonb) || jsonb_build_object('code', p.code, 'nameEn', p.name_en, 'unit', p.unit) as properties
      from ${observedProperties} p)`,
    properties: { id: 'id', name: 'string', definition: 'string', description: 'string', properties: 'json' },
    v11Only: ['properties'],
    navigation: { Datastreams: many('Datastreams', 'id', 'observed_property_id') },
  },
  Observations: {
    set: 'Observations',
    singular: 'Observation',
    // an Observation that names no FeatureOfInterest observes the one of its Thing's current Location
    source: () => sql`(select o.id, o.phenomenon_time as "phenomenonTime", o.result_time as "resultTime",
        coalesce(o.result_json, to_jsonb(o.result)) as result, o.result as result_number,
        o.quality as "resultQuality", o.parameters, o.datastream_id,
        coalesce(o.feature_of_interest_id, (select f.id from ${featuresOfInterest} f join ${locations} l on l.id = f.location_id
          join ${datastreams} d on d.thing_id = l.thing_id where d.id = o.datastream_id)) as feature_of_interest_id
      from ${observations} o)`,
    properties: { id: 'id', phenomenonTime: 'datetime', resultTime: 'datetime', result: 'result', resultQuality: 'string', parameters: 'json' },
    navigation: {
      Datastream: one('Datastreams', 'datastream_id'),
      FeatureOfInterest: one('FeaturesOfInterest', 'feature_of_interest_id'),
    },
  },
  FeaturesOfInterest: {
    set: 'FeaturesOfInterest',
    singular: 'FeatureOfInterest',
    // a FeatureOfInterest made from a Location is generalised with it
    source: (reader) => sql`(select f.id, f.name, f.description, f.encoding_type as "encodingType",
        case when f.location_id is not null and exists (select 1 from ${locations} l where l.id = f.location_id and ${generalisedLocation(reader, 'l')})
          then ${generalisedGeometrySql(sql`f.feature`)} else f.feature end as feature,
        coalesce(f.properties, '{}'::jsonb) as properties
      from ${featuresOfInterest} f)`,
    properties: { id: 'id', name: 'string', description: 'string', encodingType: 'string', feature: 'geometry', properties: 'json' },
    v11Only: ['properties'],
    navigation: { Observations: many('Observations', 'id', 'feature_of_interest_id') },
  },
};

/** The entity type of an entity-set name, or undefined. */
export function entityTypeOf(name: string): EntityType | undefined {
  return Object.hasOwn(ENTITY_TYPES, name) ? ENTITY_TYPES[name as EntitySet] : undefined;
}
