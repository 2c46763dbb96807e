/**
 * The JSON bodies of SensorThings creates and updates (OGC 18-088 §10.2–10.3), checked before
 * anything is written: each entity type's properties with their types, the mandatory ones on
 * create (§8.2 tables), links to existing entities (`{ "@iot.id": 7 }`) and nested new entities
 * (deep insert). An unknown property is refused by name, never ignored. Every problem is 400
 * STA_BODY_INVALID naming where it is (`Datastreams[0]/unitOfMeasurement`).
 */
import type { Geometry } from 'geojson';
import { YEAR_RANGE } from '@eco/contracts/common';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { AppError } from '../../http/app-error';

type Json = Record<string, unknown>;

/** A link to an entity that exists, or a new one to create with it. */
export type Related<T> = { readonly ref: number } | { readonly create: T };

export interface LocationInput {
  name?: string;
  description?: string;
  encodingType?: string;
  location?: Geometry;
  properties?: Json;
  Things?: Related<ThingInput>[];
}
export interface ThingInput {
  name?: string;
  description?: string;
  properties?: Json;
  Locations?: Related<LocationInput>[];
  Datastreams?: Related<DatastreamInput>[];
}
export interface SensorInput {
  name?: string;
  description?: string;
  encodingType?: string;
  metadata?: string;
  properties?: Json;
}
export interface ObservedPropertyInput {
  name?: string;
  definition?: string;
  description?: string;
  properties?: Json;
}
export interface UnitInput {
  name: string | null;
  symbol: string | null;
  definition: string | null;
}
export interface DatastreamInput {
  name?: string;
  description?: string;
  unitOfMeasurement?: UnitInput;
  observationType?: string;
  properties?: Json;
  Thing?: Related<ThingInput>;
  Sensor?: Related<SensorInput>;
  ObservedProperty?: Related<ObservedPropertyInput>;
  Observations?: Related<ObservationInput>[];
}
export interface FeatureInput {
  name?: string;
  description?: string;
  encodingType?: string;
  feature?: Geometry;
  properties?: Json;
}
export interface ObservationInput {
  /** epoch ms; absent = the server's now (OGC 18-088 §10.2: a server may set it) */
  phenomenonTime?: number;
  result?: unknown;
  hasResult: boolean;
  resultTime?: number | null;
  resultQuality?: string | null;
  parameters?: Json | null;
  Datastream?: Related<DatastreamInput>;
  FeatureOfInterest?: Related<FeatureInput>;
}
export interface HistoricalLocationInput {
  time?: number;
  Thing?: Related<ThingInput>;
  Locations?: Related<LocationInput>[];
}

export type EntityInput =
  | { set: 'Things'; value: ThingInput }
  | { set: 'Locations'; value: LocationInput }
  | { set: 'HistoricalLocations'; value: HistoricalLocationInput }
  | { set: 'Datastreams'; value: DatastreamInput }
  | { set: 'Sensors'; value: SensorInput }
  | { set: 'ObservedProperties'; value: ObservedPropertyInput }
  | { set: 'Observations'; value: ObservationInput }
  | { set: 'FeaturesOfInterest'; value: FeatureInput };

const fail = (at: string, message: string): never => {
  throw new AppError('STA_BODY_INVALID', `${at ? `${at}: ` : ''}${message}`);
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How each property of an entity type is read, and which are mandatory on create. */
interface Shape {
  readonly strings: readonly string[];
  readonly mandatory: readonly string[];
  readonly one: Readonly<Record<string, EntitySet>>;
  readonly many: Readonly<Record<string, EntitySet>>;
}

const SHAPES: Record<EntitySet, Shape> = {
  Things: { strings: ['name', 'description'], mandatory: ['name', 'description'], one: {}, many: { Locations: 'Locations', Datastreams: 'Datastreams' } },
  Locations: {
    strings: ['name', 'description', 'encodingType'],
    mandatory: ['name', 'description', 'encodingType', 'location'],
    one: {},
    many: { Things: 'Things' },
  },
  HistoricalLocations: { strings: [], mandatory: ['time'], one: { Thing: 'Things' }, many: { Locations: 'Locations' } },
  Datastreams: {
    strings: ['name', 'description', 'observationType'],
    mandatory: ['name', 'description', 'unitOfMeasurement', 'observationType'],
    one: { Thing: 'Things', Sensor: 'Sensors', ObservedProperty: 'ObservedProperties' },
    many: { Observations: 'Observations' },
  },
  Sensors: { strings: ['name', 'description', 'encodingType', 'metadata'], mandatory: ['name', 'description', 'encodingType', 'metadata'], one: {}, many: {} },
  ObservedProperties: { strings: ['name', 'definition', 'description'], mandatory: ['name', 'definition', 'description'], one: {}, many: {} },
  Observations: { strings: [], mandatory: ['result'], one: { Datastream: 'Datastreams', FeatureOfInterest: 'FeaturesOfInterest' }, many: {} },
  FeaturesOfInterest: { strings: ['name', 'description', 'encodingType'], mandatory: ['name', 'description', 'encodingType', 'feature'], one: {}, many: {} },
};

/** The properties each type takes besides its strings and links. */
const OTHER: Record<EntitySet, readonly string[]> = {
  Things: ['properties'],
  Locations: ['location', 'properties'],
  HistoricalLocations: ['time'],
  Datastreams: ['unitOfMeasurement', 'properties'],
  Sensors: ['properties'],
  ObservedProperties: ['properties'],
  Observations: ['phenomenonTime', 'result', 'resultTime', 'resultQuality', 'parameters'],
  FeaturesOfInterest: ['feature', 'properties'],
};

/** Properties the server computes (OGC 18-088 §8.2): refused in a body rather than dropped. */
const COMPUTED: Partial<Record<EntitySet, readonly string[]>> = {
  Datastreams: ['phenomenonTime', 'resultTime', 'observedArea'],
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function instant(value: unknown, at: string): number {
  if (typeof value !== 'string') return fail(at, 'a time is an ISO 8601 string with an offset');
  if (value.includes('/')) return fail(at, 'time intervals are not stored here: give one instant');
  const ms = Date.parse(value);
  if (!INSTANT.test(value) || Number.isNaN(ms)) return fail(at, `${value} is not an ISO 8601 date-time with an offset`);
  const year = new Date(ms).getUTCFullYear();
  if (year < YEAR_RANGE.min || year > YEAR_RANGE.max) return fail(at, `${value} is outside ${YEAR_RANGE.min}–${YEAR_RANGE.max} (docs/api.md §Input)`);
  return ms;
}

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

function positionsOf(coordinates: unknown, depth: number, at: string): void {
  if (!Array.isArray(coordinates)) fail(at, 'coordinates must be arrays');
  const list = coordinates as unknown[];
  if (depth === 0) {
    const [lon, lat] = list as number[];
    if (list.length < 2 || list.length > 3 || !list.every((n) => typeof n === 'number' && Number.isFinite(n)))
      fail(at, 'a position is [longitude, latitude] in degrees');
    if (lon! < -180 || lon! > 180 || lat! < -90 || lat! > 90) fail(at, `[${lon}, ${lat}] is outside WGS-84 longitude −180…180, latitude −90…90`);
    return;
  }
  if (list.length === 0) fail(at, 'coordinates must not be empty');
  for (const child of list) positionsOf(child, depth - 1, at);
}

const DEPTH: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

/** A GeoJSON geometry (a Feature gives its geometry), WGS-84. */
function geometry(value: unknown, at: string): Geometry {
  const geo = isObject(value) && value.type === 'Feature' ? value.geometry : value;
  if (!isObject(geo) || typeof geo.type !== 'string' || !GEOMETRY_TYPES.has(geo.type))
    return fail(at, 'a GeoJSON Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon (or a Feature of one)');
  positionsOf(geo.coordinates, DEPTH[geo.type]!, at);
  return { type: geo.type, coordinates: geo.coordinates } as Geometry;
}

function unit(value: unknown, at: string): UnitInput {
  if (!isObject(value)) return fail(at, 'unitOfMeasurement is an object { name, symbol, definition }');
  for (const key of Object.keys(value)) if (!['name', 'symbol', 'definition'].includes(key)) fail(`${at}/${key}`, 'unknown member');
  const text = (key: string) => {
    const v = value[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.length > 1000) return fail(`${at}/${key}`, 'a string of at most 1000 characters');
    return v;
  };
  return { name: text('name'), symbol: text('symbol'), definition: text('definition') };
}

function related(set: EntitySet, value: unknown, at: string, create: boolean): Related<never> {
  if (!isObject(value)) return fail(at, `a ${set} entity or a link { "@iot.id": … }`);
  if (Object.hasOwn(value, '@iot.id')) {
    const id = value['@iot.id'];
    if (Object.keys(value).length > 1) fail(at, 'a link carries only @iot.id (a new entity carries no @iot.id)');
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) fail(`${at}/@iot.id`, 'a positive integer');
    return { ref: id as number };
  }
  return { create: entityBody(set, value, at, create) as never };
}

/**
 * Reads the body of entity set `set`. `create`: mandatory properties must be there; otherwise
 * (PATCH) any subset. Links and nested entities are read to any depth.
 */
export function entityBody(set: EntitySet, body: unknown, at = '', create = true): EntityInput['value'] {
  if (!isObject(body)) return fail(at, `the body is a JSON object: a ${set} entity`);
  const shape = SHAPES[set];
  const out: Json = {};
  for (const [key, value] of Object.entries(body)) {
    const where = at ? `${at}/${key}` : key;
    if (key === '@iot.id' || key === 'id') fail(where, 'the server gives @iot.id');
    if (key.endsWith('@iot.navigationLink') || key === '@iot.selfLink') continue; // what a client read back and sent again
    if (COMPUTED[set]?.includes(key)) fail(where, 'computed by the server from the Observations; it cannot be set');
    if (shape.strings.includes(key)) {
      if (typeof value !== 'string' || value.length > 10_000) fail(where, 'a string of at most 10 000 characters');
      out[key] = value;
    } else if (key === 'properties' || key === 'parameters') {
      if (value !== null && !isObject(value)) fail(where, 'a JSON object');
      out[key] = value;
    } else if (key === 'location' || key === 'feature') out[key] = geometry(value, where);
    else if (key === 'unitOfMeasurement') out[key] = unit(value, where);
    else if (key === 'time' || key === 'phenomenonTime') out[key] = value === null ? fail(where, 'a time is required') : instant(value, where);
    else if (key === 'resultTime') out[key] = value === null ? null : instant(value, where);
    else if (key === 'resultQuality') out[key] = value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
    else if (key === 'result') {
      out.result = value;
      out.hasResult = true;
    } else if (Object.hasOwn(shape.one, key)) out[key] = related(shape.one[key]!, value, where, create);
    else if (Object.hasOwn(shape.many, key)) {
      if (!Array.isArray(value)) fail(where, 'an array of entities or links');
      out[key] = (value as unknown[]).map((item, i) => related(shape.many[key]!, item, `${where}[${i}]`, create));
    } else if (!OTHER[set].includes(key)) fail(where, `${set} have no property ${key}`);
  }
  if (set === 'Observations') out.hasResult ??= false;
  if (create)
    for (const key of shape.mandatory) if (out[key] === undefined && !(key === 'result' && out.hasResult)) fail(at ? `${at}/${key}` : key, 'is mandatory');
  return out as EntityInput['value'];
}
