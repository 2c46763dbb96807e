/**
 * The sensing hub on the wire, in OGC SensorThings API terms (OGC 18-088): Things, their
 * Datastreams and Observations, camera-trap detections, alerts, and the figures of /home and /stgz.
 * The endpoints are declared in api/things.ts, api/sensing.ts and api/alerts.ts.
 *
 * The device payloads (`ObservationItemSchema`, `DetectionItemSchema`) are the items of the
 * ingestion bodies, so the server refuses a malformed item with 400 naming it
 * (`body/observations/3/result`) before anything is stored, and the payload validator on
 * /application-tools checks the same schemas item by item: the two can never disagree.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoTime } from './common';
import { OneLine } from './text';

// schema-free, so a screen that needs only these does not load TypeBox (docs/web.md §First load)
export { AQI_FRESH_MINUTES, isAqiFresh, MAX_FUTURE_MINUTES } from './freshness';

export const THING_KINDS = ['air_quality_station', 'video_camera', 'infrared_camera', 'sensor_mast'] as const;
export type ThingKind = (typeof THING_KINDS)[number];

/** The kind of Thing that posts camera-trap detections and their images (红外相机): only its keys may. */
export const CAMERA_TRAP_KIND = 'infrared_camera' satisfies ThingKind;

export const THING_STATUSES = ['active', 'maintenance', 'retired'] as const;
export type ThingStatus = (typeof THING_STATUSES)[number];

/** A detection or alert id (`bigserial`): 1 to 2^53 − 1, what a JSON number carries exactly. */
export const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** Path parameters `{ id }` of a detection or an alert. */
export const ByBigId = Type.Object({ id: BigId });

/** The most observations (or detections) one request may carry; more is 413 BATCH_TOO_LARGE. */
export const MAX_BATCH = 10_000;

/** The most Things `GET /api/sensing/things` answers (the province's whole registry, bounded). */
export const MAP_LIMIT = 5000;

/** The long side of a detection's thumbnail, px (a 4:3 camera-trap frame becomes 320 × 240). */
export const THUMB_LONG_SIDE = 320;

/**
 * How often a Thing of each kind is expected to report when its own `reportingIntervalSeconds` is
 * not set, seconds (docs/sensing.md §Freshness):
 * - `air_quality_station` 3600: hourly, as the national network publishes (HJ 633-2012 hourly AQI);
 * - `video_camera` 300: the smoke and fire recognition reports its state every few minutes;
 * - `infrared_camera` 86 400: camera traps send at least a daily heartbeat (the default silence
 *   rule waits 24 h, modules/sensing/defaults.ts);
 * - `sensor_mast` 600: 10-minute means (wind speed, temperature, fire danger).
 */
export const DEFAULT_REPORTING_INTERVAL_SECONDS: Record<ThingKind, number> = {
  air_quality_station: 3600,
  video_camera: 300,
  infrared_camera: 86_400,
  sensor_mast: 600,
};

/** A Thing's own reporting interval, seconds: from one minute to seven days. */
export const REPORTING_INTERVAL_RANGE = { min: 60, max: 7 * 86_400 } as const;

/**
 * "Online" = heard (newest phenomenonTime) within one and a half expected intervals: the interval
 * itself and half of one more for a report that is late (an hourly station's value arrives some
 * minutes after the hour). Hourly stations: 90 minutes.
 */
export const ONLINE_INTERVALS = 1.5;

/** The online window of a Thing, seconds: its expected interval (or its kind's default) × ONLINE_INTERVALS. */
export function onlineWindowSeconds(kind: ThingKind, reportingIntervalSeconds: number | null | undefined): number {
  return (reportingIntervalSeconds ?? DEFAULT_REPORTING_INTERVAL_SECONDS[kind]) * ONLINE_INTERVALS;
}

/** The earliest phenomenonTime accepted (older is a device clock that was never set). */
export const EARLIEST_PHENOMENON_TIME = '2000-01-01T00:00:00+08:00';

/**
 * One Observation as a device sends it:
 * - `datastreamId`: the Datastream (`@iot.id`) it belongs to; must be one of the key's Thing;
 * - `phenomenonTime`: when it was observed, ISO 8601 with offset;
 * - `result`: a finite number in the ObservedProperty's unit (µg/m³; `co` mg/m³; `aqi` none),
 *   within the property's plausible range;
 * - `resultTime` (optional, default = phenomenonTime) and `quality` (optional flag, ≤ 32 chars).
 */
export const ObservationItemSchema = Type.Object(
  {
    datastreamId: { ...Id, description: 'Datastream @iot.id' },
    phenomenonTime: IsoTime,
    result: Type.Number({ description: 'In the unit of the ObservedProperty' }),
    resultTime: Type.Optional(IsoTime),
    quality: Type.Optional(Type.String({ maxLength: 32, pattern: '^[A-Za-z0-9_.-]*$', description: 'Quality flag, e.g. `valid`, `calibrating`' })),
  },
  { additionalProperties: false },
);
export type ObservationItem = Static<typeof ObservationItemSchema>;

/**
 * `POST /api/sensing/observations`: `{ observations: [...] }`, at least one and at most
 * `MAX_BATCH` items (more is 413 BATCH_TOO_LARGE). The example is one hour of a national
 * air-quality station (HJ 633-2012 units: µg/m³, `co` mg/m³, `aqi` none).
 */
export const ObservationBatchSchema = Type.Object(
  { observations: Type.Array(ObservationItemSchema, { minItems: 1, description: `1–${MAX_BATCH} observations` }) },
  {
    additionalProperties: false,
    examples: [
      {
        observations: [
          { datastreamId: 101, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 120, quality: 'valid' },
          { datastreamId: 102, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 160, quality: 'valid' },
          { datastreamId: 103, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 9, quality: 'valid' },
          { datastreamId: 104, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 55, quality: 'valid' },
          { datastreamId: 105, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 1.3, quality: 'valid' },
          { datastreamId: 106, phenomenonTime: '2023-01-21T23:00:00+08:00', result: 12, quality: 'valid' },
          { datastreamId: 107, phenomenonTime: '2023-01-21T23:00:00+08:00', resultTime: '2023-01-21T23:20:00+08:00', result: 158 },
        ],
      },
    ],
  },
);
export type ObservationBatch = Static<typeof ObservationBatchSchema>;

/**
 * One camera-trap detection: `scientificName` (binomial, e.g. `Ailuropoda melanoleuca`) is checked
 * against the national list of key protected wild animals (2021); a name not on it must say
 * `unlisted: true`. `count` ≥ 1 animals, `confidence` 0–1 of the identification.
 */
export const DetectionItemSchema = Type.Object(
  {
    phenomenonTime: IsoTime,
    scientificName: Type.String({
      minLength: 3,
      maxLength: 120,
      pattern: '^[A-Z][a-z]+( [a-z.-]+){0,3}$',
      description: 'Scientific name, e.g. Ailuropoda melanoleuca',
    }),
    unlisted: Type.Optional(Type.Boolean({ description: 'true: the species is not on the protected list (stored as unlisted)' })),
    count: Type.Integer({ minimum: 1, maximum: 10_000 }),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);
export type DetectionItem = Static<typeof DetectionItemSchema>;

/**
 * `POST /api/sensing/detections`: `{ detections: [...] }`, at least one and at most `MAX_BATCH`
 * items. The example is one night of a camera trap in the Qinling: a giant panda and a takin
 * (national list, level I) and wild boar, which is not on the list and so says `unlisted`.
 */
export const DetectionBatchSchema = Type.Object(
  { detections: Type.Array(DetectionItemSchema, { minItems: 1, description: `1–${MAX_BATCH} detections` }) },
  {
    additionalProperties: false,
    examples: [
      {
        detections: [
          { phenomenonTime: '2023-01-21T03:12:40+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.96 },
          { phenomenonTime: '2023-01-21T05:47:05+08:00', scientificName: 'Budorcas bedfordi', count: 2, confidence: 0.91 },
          { phenomenonTime: '2023-01-21T22:03:18+08:00', scientificName: 'Sus scrofa', unlisted: true, count: 3, confidence: 0.88 },
        ],
      },
    ],
  },
);
export type DetectionBatch = Static<typeof DetectionBatchSchema>;

/**
 * Why a well-formed item was rejected: a stable code, and words for people. (A malformed item is
 * not answered item by item: the body's schema refuses the whole request with 400.)
 */
export const REJECT_REASONS = ['DATASTREAM_NOT_OF_THING', 'TIME_IN_FUTURE', 'TIME_TOO_OLD', 'RESULT_OUT_OF_RANGE', 'SPECIES_NOT_LISTED'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const ItemResultSchema = Type.Object({
  /** position in the batch, from 0 */
  index: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('duplicate'), Type.Literal('rejected')]),
  reason: Type.Optional(Type.Enum(REJECT_REASONS)),
  /** the detail for people (en-US), e.g. `result 5200 is outside 0…3000` */
  message: Type.Optional(Type.String()),
});
export type ItemResult = Static<typeof ItemResultSchema>;

export const IngestResultSchema = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  duplicate: Type.Integer({ minimum: 0 }),
  rejected: Type.Integer({ minimum: 0 }),
  items: Type.Array(ItemResultSchema),
});
export type IngestResult = Static<typeof IngestResultSchema>;

export const DatastreamSchema = Type.Object({
  id: Type.Integer(),
  observedProperty: Type.String({ description: 'ObservedProperty code, e.g. pm2_5' }),
  name: Type.String(),
  unit: Type.String({ description: 'Unit of measurement symbol; empty for an index' }),
  /** plausible range of a result, inclusive; null = unbounded */
  minValue: Type.Union([Type.Number(), Type.Null()]),
  maxValue: Type.Union([Type.Number(), Type.Null()]),
  latest: Type.Union([Type.Object({ phenomenonTime: IsoTime, result: Type.Number() }), Type.Null()]),
  /** the Sensor (instrument) name, or null when none was given */
  sensor: Type.Union([Type.String(), Type.Null()]),
});
export type Datastream = Static<typeof DatastreamSchema>;

export const ThingKeySchema = Type.Object({
  id: Type.Integer(),
  /** the key's first characters, to tell keys apart */
  prefix: Type.String(),
  createdAt: IsoTime,
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
  revokedAt: Type.Union([IsoTime, Type.Null()]),
});
export type ThingKey = Static<typeof ThingKeySchema>;

/** A new key: `key` is shown this once and never again (only its SHA-256 is kept). */
export const NewThingKeySchema = Type.Object({ key: Type.String(), info: ThingKeySchema });
export type NewThingKey = Static<typeof NewThingKeySchema>;

/** A Thing with its Location, for the map and the registry. */
export const ThingSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  kind: Type.Enum(THING_KINDS),
  name: Type.String(),
  status: Type.Enum(THING_STATUSES),
  /** the owning agency; null = a province-wide network (e.g. the CNEMC stations) */
  organisation: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /** WGS-84 degrees; generalised for some readers (see positionGeneralised) */
  longitude: Type.Union([Type.Number(), Type.Null()]),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  /**
   * true: longitude and latitude are rounded to 0.1° (about 10 km) because this reader may not
   * see where a camera trap stands (docs/geoprivacy.md)
   */
  positionGeneralised: Type.Boolean(),
  cityCode: Type.Union([Type.String(), Type.Null()]),
  cityName: Type.Union([Type.String(), Type.Null()]),
  countyCode: Type.Union([Type.String(), Type.Null()]),
  lastSeenAt: Type.Union([IsoTime, Type.Null()]),
  /** how often it is expected to report, seconds; null = its kind's default (DEFAULT_REPORTING_INTERVAL_SECONDS) */
  reportingIntervalSeconds: Type.Union([Type.Integer(), Type.Null()]),
  /** heard within its online window (onlineWindowSeconds: 1.5 expected intervals); never when retired */
  online: Type.Boolean(),
  /** stations: the newest AQI (published or posted) and its time */
  aqi: Type.Union([Type.Object({ value: Type.Number(), time: IsoTime }), Type.Null()]),
  /** keys not revoked */
  activeKeys: Type.Integer({ minimum: 0 }),
  openAlerts: Type.Integer({ minimum: 0 }),
});
export type Thing = Static<typeof ThingSchema>;

export const ThingDetailSchema = Type.Object({
  thing: ThingSchema,
  datastreams: Type.Array(DatastreamSchema),
  keys: Type.Array(ThingKeySchema),
});
export type ThingDetail = Static<typeof ThingDetailSchema>;

/** One bucket of an aggregated series: avg/min/max of the observations in it, and how many. */
export const SeriesBucketSchema = Type.Object({
  /** start of the bucket: the hour, or 00:00 Asia/Shanghai of the day */
  time: IsoTime,
  avg: Type.Number(),
  min: Type.Number(),
  max: Type.Number(),
  count: Type.Integer({ minimum: 1 }),
});
export const AggregatedSeriesSchema = Type.Object({
  datastreamId: Type.Integer(),
  interval: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  from: IsoTime,
  to: IsoTime,
  buckets: Type.Array(SeriesBucketSchema),
});
export type AggregatedSeries = Static<typeof AggregatedSeriesSchema>;

/** Per city or county: Things, online, and the mean of the newest value of a property. */
export const DivisionSummarySchema = Type.Object({
  code: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  things: Type.Integer(),
  online: Type.Integer(),
  /** mean of each Thing's newest value of the property asked for; null when none has one */
  meanLatest: Type.Union([Type.Number(), Type.Null()]),
  openAlerts: Type.Integer(),
});
export type DivisionSummary = Static<typeof DivisionSummarySchema>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const AlertSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(ALERT_STATUSES),
  severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('critical')]),
  rule: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    kind: Type.Union([Type.Literal('threshold'), Type.Literal('silence')]),
    observedProperty: Type.Union([Type.String(), Type.Null()]),
    comparator: Type.Union([Type.String(), Type.Null()]),
    threshold: Type.Union([Type.Number(), Type.Null()]),
    silentMinutes: Type.Union([Type.Integer(), Type.Null()]),
  }),
  thing: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), kind: Type.Enum(THING_KINDS) }),
  /** the value that opened it (threshold rules) */
  value: Type.Union([Type.Number(), Type.Null()]),
  openedAt: IsoTime,
  acknowledgedAt: Type.Union([IsoTime, Type.Null()]),
  acknowledgedBy: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([IsoTime, Type.Null()]),
  /** null when closed by the data (value back in range, device heard again) */
  closedBy: Type.Union([Type.String(), Type.Null()]),
});
export type Alert = Static<typeof AlertSchema>;

export const DetectionSchema = Type.Object({
  id: Type.Integer(),
  thing: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  phenomenonTime: IsoTime,
  scientificName: Type.String(),
  /** from the protected list; null when unlisted */
  nameZh: Type.Union([Type.String(), Type.Null()]),
  /** 'I' 国家一级, 'II' 国家二级, null unlisted */
  level: Type.Union([Type.Literal('I'), Type.Literal('II'), Type.Null()]),
  count: Type.Integer(),
  /** 0–1; null when the label came without one (a photo uploaded without an AI label) */
  confidence: Type.Union([Type.Number(), Type.Null()]),
  /** the SHA-256 of the image the device attached (hex); null when none */
  imageSha256: Type.Union([Type.String(), Type.Null()]),
  /** true when the image could not be decoded in full (e.g. a truncated file): kept, without a thumbnail (docs/camera-trap.md) */
  imageDamaged: Type.Boolean(),
  /**
   * true when the detection has an image that is not damaged: `GET /api/sensing/detections/{id}/image?size=thumb`
   * (anyone: a small WebP without metadata) or `size=full` (signed-in users: the original, which may
   * carry the EXIF position). Add `&v=` and the first 16 digits of imageSha256 for a URL that caches for a year.
   */
  hasImage: Type.Boolean(),
});
export type Detection = Static<typeof DetectionSchema>;

/** The latest Observation of one Datastream, with its Thing, for the wall's ticker. */
export const LatestObservationSchema = Type.Object({
  datastreamId: Type.Integer(),
  thing: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  observedProperty: Type.String(),
  /** the ObservedProperty's name for people, e.g. 森林火险等级 / Forest fire danger level */
  propertyNameZh: Type.String(),
  propertyNameEn: Type.String(),
  unit: Type.String(),
  phenomenonTime: IsoTime,
  result: Type.Number(),
});
export type LatestObservation = Static<typeof LatestObservationSchema>;

/**
 * The key figures of /home and /stgz, honest about time (docs/sensing.md §Freshness): "online"
 * is heard within each Thing's expected interval, and the AQI figures count only stations whose
 * newest AQI is at most `aqiFreshMinutes` old; the others are `stationsWithoutRecentAqi`.
 */
export const OverviewSchema = Type.Object({
  /** when the figures were computed (the server's clock) */
  at: IsoTime,
  things: Type.Object({
    total: Type.Integer(),
    /** heard within their online window (onlineWindowSeconds), not retired */
    online: Type.Integer(),
    byKind: Type.Array(
      Type.Object({
        kind: Type.Enum(THING_KINDS),
        total: Type.Integer(),
        online: Type.Integer(),
        /** the kind's default expected interval, seconds (a Thing may set its own) */
        defaultIntervalSeconds: Type.Integer(),
      }),
    ),
  }),
  /** the newest phenomenonTime heard from any Thing, not after `at`; null when none was ever heard */
  dataTime: Type.Union([IsoTime, Type.Null()]),
  /** observations whose phenomenonTime is in the 24 hours up to `at` */
  observationsLast24h: Type.Integer(),
  /** stations whose newest AQI is fresh (at most `aqiFreshMinutes` before `at`), by that AQI's HJ 633-2012 level 1–6 */
  stationsByAqiLevel: Type.Array(Type.Object({ level: Type.Integer({ minimum: 1, maximum: 6 }), stations: Type.Integer() })),
  /** stations (not retired) with no fresh AQI: their newest is older than the window, or they never had one (无最新数据) */
  stationsWithoutRecentAqi: Type.Integer(),
  /** the freshness window of the AQI figures, minutes (AQI_FRESH_MINUTES) */
  aqiFreshMinutes: Type.Integer(),
  /** the newest hour of the fresh AQIs counted; null when no station has a fresh one */
  aqiTime: Type.Union([IsoTime, Type.Null()]),
  /** the newest AQI hour of any station, fresh or not (to say how old the data is); null when none has one */
  latestAqiTime: Type.Union([IsoTime, Type.Null()]),
  /** open or acknowledged */
  activeAlerts: Type.Integer(),
  /** detections in the 24 hours up to `at` */
  detectionsLast24h: Type.Integer(),
});
export type Overview = Static<typeof OverviewSchema>;

/** Events of `GET /api/sensing/stream` (server-sent events, `event:` is the type). */
export type SensingEvent =
  | { type: 'observations'; data: { thingId: number; thingCode: string; count: number; latest: LatestObservation[] } }
  | { type: 'alert'; data: Alert }
  | { type: 'detection'; data: Detection }
  /**
   * Field-verification tasks changed (found, dispatched, fed back, returned, closed, imported):
   * screens re-read the task figures and pins. Carries no task (the stream is public), only when
   * (ISO 8601 with +08:00).
   */
  | { type: 'verification'; data: { at: string } };

/**
 * Device codes: 1–32 ASCII letters, digits, `_`, `.` or `-`, starting with a letter or digit
 * (CNEMC station codes such as `1462A` fit). Unique; compared exactly.
 */
export const THING_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$';
export const THING_NAME_MAX = 100;
export const SENSOR_NAME_MAX = 100;

/**
 * The accepted extent of a Location, WGS-84 degrees: the bounding box of China's territory
 * (73°33′E–135°05′E, 3°51′N–53°33′N, rounded outward). A point outside it is a typing error
 * (swapped longitude and latitude, a missing minus, projected metres), not a device of this portal.
 */
export const LONGITUDE_RANGE = { min: 73, max: 136 } as const;
export const LATITUDE_RANGE = { min: 3, max: 54 } as const;

const ThingFields = {
  code: Type.String({ pattern: THING_CODE_PATTERN, description: '1–32 ASCII letters, digits, `_`, `.`, `-`; unique' }),
  kind: Type.Enum(THING_KINDS),
  name: OneLine({ maxLength: THING_NAME_MAX, required: true, description: `1–${THING_NAME_MAX} characters, one line` }),
  organisationId: Type.Union([Id, Type.Null()], {
    description:
      'The owning organisation (from the organisations tree), or null for a province-wide network; editors below the province may choose only their own organisation or one under it',
  }),
  status: Type.Enum(THING_STATUSES),
  longitude: Type.Number({ minimum: LONGITUDE_RANGE.min, maximum: LONGITUDE_RANGE.max, description: 'WGS-84 longitude, degrees east' }),
  latitude: Type.Number({ minimum: LATITUDE_RANGE.min, maximum: LATITUDE_RANGE.max, description: 'WGS-84 latitude, degrees north' }),
  reportingIntervalSeconds: Type.Union([Type.Integer({ minimum: REPORTING_INTERVAL_RANGE.min, maximum: REPORTING_INTERVAL_RANGE.max }), Type.Null()], {
    description: `How often the device is expected to report, seconds (${REPORTING_INTERVAL_RANGE.min}–${REPORTING_INTERVAL_RANGE.max}); null = the default of its kind. It is online while heard within 1.5 intervals`,
  }),
};

/**
 * `POST /api/things`: a new device and its Location (the city is derived from the point), and
 * optionally its expected reporting interval (left out or null: its kind's default).
 */
export const CreateThingSchema = Type.Object(
  { ...ThingFields, reportingIntervalSeconds: Type.Optional(ThingFields.reportingIntervalSeconds) },
  { additionalProperties: false },
);
export type CreateThing = Static<typeof CreateThingSchema>;

/**
 * `PATCH /api/things/{id}`: any of the fields; longitude and latitude only together. Moving a
 * Thing to another organisation needs the scope of both (docs/access.md §Organisation scope).
 */
export const UpdateThingSchema = Type.Partial(Type.Object(ThingFields), {
  additionalProperties: false,
  minProperties: 1,
  // a Location is one point: half of it is a typing slip, not an edit (JSON Schema 2020-12
  // `dependentRequired`, what OpenAPI 3.1 documents; draft-07's `dependencies` is not OpenAPI 3.1)
  dependentRequired: { longitude: ['latitude'], latitude: ['longitude'] },
});
export type UpdateThing = Static<typeof UpdateThingSchema>;

/** `POST /api/things/{id}/datastreams`: one ObservedProperty on the Thing, optionally from a named Sensor. */
export const CreateDatastreamSchema = Type.Object(
  {
    observedProperty: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$', description: 'ObservedProperty code, e.g. air_temperature' }),
    sensor: Type.Optional(OneLine({ maxLength: SENSOR_NAME_MAX, required: true, description: 'Sensor (instrument) name, e.g. Vaisala HMP155' })),
  },
  { additionalProperties: false },
);
export type CreateDatastream = Static<typeof CreateDatastreamSchema>;

/** An ObservedProperty a Datastream may measure, with its unit and plausible range (inclusive; null = unbounded). */
export const ObservedPropertySchema = Type.Object({
  code: Type.String(),
  nameZh: Type.String(),
  nameEn: Type.String(),
  unit: Type.String(),
  minValue: Type.Union([Type.Number(), Type.Null()]),
  maxValue: Type.Union([Type.Number(), Type.Null()]),
});
export type ObservedProperty = Static<typeof ObservedPropertySchema>;

export const ALERT_RULE_KINDS = ['threshold', 'silence'] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];
export const ALERT_COMPARATORS = ['>', '>=', '<', '<='] as const;
export type AlertComparator = (typeof ALERT_COMPARATORS)[number];
export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_RULE_NAME_MAX = 100;
/** The longest silence a rule may wait for: 7 days, in minutes. */
export const MAX_SILENT_MINUTES = 7 * 24 * 60;

/**
 * An alert rule. `threshold`: the newest value of a Datastream of `observedProperty` compared to
 * `threshold` (in the property's unit) by `comparator`; `silence`: a Thing not heard for
 * `silentMinutes`. `thingKind` null = Things of every kind. Fields of the other kind are null.
 * A rule of an organisation applies to the Things of that organisation and the organisations
 * under it; `organisationId` null = province-wide, every Thing.
 */
export const AlertRuleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum(ALERT_RULE_KINDS),
  observedProperty: Type.Union([Type.String(), Type.Null()]),
  comparator: Type.Union([Type.Enum(ALERT_COMPARATORS), Type.Null()]),
  threshold: Type.Union([Type.Number(), Type.Null()]),
  silentMinutes: Type.Union([Type.Integer(), Type.Null()]),
  thingKind: Type.Union([Type.Enum(THING_KINDS), Type.Null()]),
  severity: Type.Enum(ALERT_SEVERITIES),
  enabled: Type.Boolean(),
  /** the owning organisation; null = province-wide */
  organisationId: Type.Union([Type.Integer(), Type.Null()]),
  organisationName: Type.Union([Type.String(), Type.Null()]),
  /** alerts of this rule not yet closed */
  activeAlerts: Type.Integer({ minimum: 0 }),
  createdAt: IsoTime,
});
export type AlertRule = Static<typeof AlertRuleSchema>;

const AlertRuleFields = {
  name: OneLine({ maxLength: ALERT_RULE_NAME_MAX, required: true, description: `1–${ALERT_RULE_NAME_MAX} characters, one line` }),
  observedProperty: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$', description: 'threshold rules: ObservedProperty code' }),
  comparator: Type.Enum(ALERT_COMPARATORS, { description: 'threshold rules' }),
  threshold: Type.Number({ minimum: -1e9, maximum: 1e9, description: "threshold rules: in the ObservedProperty's unit" }),
  silentMinutes: Type.Integer({ minimum: 1, maximum: MAX_SILENT_MINUTES, description: `silence rules: 1–${MAX_SILENT_MINUTES} minutes` }),
  thingKind: Type.Union([Type.Enum(THING_KINDS), Type.Null()], { description: 'Things of this kind only; null = every kind' }),
  severity: Type.Enum(ALERT_SEVERITIES),
  organisationId: Type.Union([Id, Type.Null()], {
    description: 'The owning organisation: the rule applies to its Things and those of the organisations under it; null = province-wide',
  }),
};

/**
 * `POST /api/sensing/alert-rules`: a threshold rule needs `observedProperty`, `comparator` and
 * `threshold`; a silence rule needs `silentMinutes`; the other kind's fields are refused (400).
 * Without `organisationId` the rule belongs to the author's organisation when the author acts
 * below the province, and is province-wide otherwise.
 */
export const CreateAlertRuleSchema = Type.Object(
  {
    kind: Type.Enum(ALERT_RULE_KINDS),
    name: AlertRuleFields.name,
    observedProperty: Type.Optional(AlertRuleFields.observedProperty),
    comparator: Type.Optional(AlertRuleFields.comparator),
    threshold: Type.Optional(AlertRuleFields.threshold),
    silentMinutes: Type.Optional(AlertRuleFields.silentMinutes),
    thingKind: Type.Optional(AlertRuleFields.thingKind),
    severity: Type.Optional(AlertRuleFields.severity),
    organisationId: Type.Optional(AlertRuleFields.organisationId),
  },
  { additionalProperties: false },
);
export type CreateAlertRule = Static<typeof CreateAlertRuleSchema>;

/** `PATCH /api/sensing/alert-rules/{id}`: any field of the rule's kind (the kind itself is fixed). */
export const UpdateAlertRuleSchema = Type.Partial(Type.Object(AlertRuleFields), { additionalProperties: false, minProperties: 1 });
export type UpdateAlertRule = Static<typeof UpdateAlertRuleSchema>;
