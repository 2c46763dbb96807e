/**
 * The database schema: the single source of truth. Migrations in `apps/server/drizzle` are
 * generated from it (`npm run db:generate -w @eco/server`) and applied by the app at start-up.
 *
 * Times are `timestamptz`. Units are named in the ObservedProperty rows (µg/m³, mg/m³ for CO).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Geometry, MultiPolygon, Polygon } from 'geojson';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Site settings (docs/routes.md §Initial state): exactly one row, id 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer().primaryKey().default(1),
    title: text().notNull(),
    provinceName: text('province_name').notNull(),
    footer: text().notNull(),
    /** ICP/公安 record number for the footer; '' when none */
    recordNumber: text('record_number').notNull().default(''),
    /** the operations platform opened by the /ywpt menu entry; null → the entry shows no screen */
    opsPlatformUrl: text('ops_platform_url'),
    /** 主办单位 shown in the footer; '' when none */
    sponsor: text().notNull().default(''),
    /** 承办单位 shown in the footer; '' when none */
    operator: text().notNull().default(''),
    /** 公安机关备案号 (e.g. 陕公网安备 61010302000001号); '' when none */
    publicSecurityRecordNumber: text('public_security_record_number').notNull().default(''),
    /** 网站标识码 of the government-website registry (10 characters, e.g. 6100000001); '' when none */
    siteCode: text('site_code').notNull().default(''),
    /** contact line for the footer (telephone, e-mail, address); '' when none */
    contact: text().notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** Administrative divisions (统计用区划代码): province (2 digits), city (4), county (6). */
export const divisions = pgTable(
  'divisions',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    level: text({ enum: ['province', 'city', 'county'] }).notNull(),
    parentCode: text('parent_code').references((): AnyPgColumn => divisions.code),
    /** order as published */
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('divisions_parent_idx').on(t.parentCode)],
);

/** City boundaries (GeoJSON geometry, WGS-84 lon/lat) keyed by the city's 4-digit division code. */
export const cityBoundaries = pgTable('city_boundaries', {
  divisionCode: text('division_code')
    .primaryKey()
    .references(() => divisions.code),
  name: text().notNull(),
  geometry: jsonb().$type<Polygon | MultiPolygon>().notNull(),
});

/**
 * County boundaries, uploaded by an administrator (docs/verification.md §Divisions): none are
 * bundled. Where a county's boundary is loaded, a task inside it belongs to the county.
 */
export const countyBoundaries = pgTable('county_boundaries', {
  divisionCode: text('division_code')
    .primaryKey()
    .references(() => divisions.code),
  geometry: jsonb().$type<Polygon | MultiPolygon>().notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id),
});

/** Technical regulations (standards). Status is derived from dates and replacement, never stored. */
export const technicalRegulations = pgTable(
  'technical_regulations',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    title: text().notNull(),
    issuer: text().notNull(),
    category: text().notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    effectiveOn: date('effective_on', { mode: 'string' }),
    /** the code of the regulation this one replaces, which need not be in the library */
    replacesCode: text('replaces_code'),
    /** set when an editor retires it without a replacement (废止); status then derives 废止 from this date */
    abolishedOn: date('abolished_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('technical_regulations_replaces_idx').on(t.replacesCode)],
);

/** OGC SensorThings Thing: a station, a camera, a camera trap, a sensor mast. */
export const things = pgTable('things', {
  id: serial().primaryKey(),
  /** the operator's own code, e.g. a CNEMC station code `1462A` */
  code: text().notNull().unique(),
  kind: text({ enum: ['air_quality_station', 'video_camera', 'infrared_camera', 'sensor_mast'] }).notNull(),
  name: text().notNull(),
  /** OGC SensorThings `description`; empty when none was given */
  description: text().notNull().default(''),
  /** free-form attributes from the source, e.g. `{ area: '西咸新区' }` (any JSON values through SensorThings) */
  properties: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** the agency that owns and answers for the device; null = province-wide network (e.g. CNEMC) */
  organisationId: integer('organisation_id').references((): AnyPgColumn => organisations.id),
  /** operator-set: in service, under maintenance, or retired (online/offline is derived from lastSeenAt) */
  status: text({ enum: ['active', 'maintenance', 'retired'] })
    .notNull()
    .default('active'),
  /** the latest phenomenonTime received from this Thing (observation or detection) */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** how often the Thing is expected to report, seconds; null → its kind's default (online = heard within it) */
  reportingIntervalSeconds: integer('reporting_interval_seconds'),
  createdAt: createdAt(),
});

/**
 * OGC SensorThings Location: a place given as GeoJSON, with a WGS-84 point that stands for it
 * (the point itself, or a point on the geometry) and the city it falls in. `thing_id` is the Thing
 * it is the current Location of — one Thing per Location and one current Location per Thing in
 * this portal; a Thing that moves gets a new Location and a HistoricalLocation, and its old one
 * keeps no Thing (docs/sensorthings.md §Model).
 */
export const locations = pgTable('locations', {
  id: serial().primaryKey(),
  thingId: integer('thing_id')
    .unique()
    // a deleted Thing leaves its Location (OGC 18-088 §10.4: deleting a Thing deletes its Datastreams and HistoricalLocations)
    .references(() => things.id, { onDelete: 'set null' }),
  name: text().notNull().default(''),
  description: text().notNull().default(''),
  /** `application/geo+json` (v1.1; v1.0 clients may send `application/vnd.geo+json`) */
  encodingType: text('encoding_type').notNull().default('application/geo+json'),
  /** the GeoJSON geometry when it is not simply the point below */
  geometry: jsonb().$type<Geometry>(),
  properties: jsonb().$type<Record<string, unknown>>(),
  longitude: doublePrecision().notNull(),
  latitude: doublePrecision().notNull(),
  cityCode: text('city_code').references(() => divisions.code),
  /** the county (6-digit division code) the point falls in, where the bundled data can tell */
  countyCode: text('county_code').references(() => divisions.code),
});

/**
 * OGC SensorThings HistoricalLocation: from `time` on, Thing `thing_id` was at Location
 * `location_id`. Written whenever a Thing gets a (new) current Location.
 */
export const historicalLocations = pgTable(
  'historical_locations',
  {
    id: serial().primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references(() => things.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    time: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('historical_locations_thing_time_idx').on(t.thingId, t.time), index('historical_locations_location_idx').on(t.locationId)],
);

/**
 * OGC SensorThings FeatureOfInterest. One is made from every Location when the Location is
 * stored (a trigger, migration 0010), so an Observation that names none observes the feature
 * of its Thing's Location (docs/sensorthings.md §Model).
 */
export const featuresOfInterest = pgTable('features_of_interest', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  encodingType: text('encoding_type').notNull().default('application/geo+json'),
  feature: jsonb().$type<Geometry>().notNull(),
  properties: jsonb().$type<Record<string, unknown>>(),
  /** the Location it was made from; null for one created on its own */
  locationId: integer('location_id')
    .unique()
    .references(() => locations.id, { onDelete: 'set null' }),
});

/** OGC SensorThings ObservedProperty, keyed by the bundled data's column name (`pm2_5`, `o3_8h`, …). */
export const observedProperties = pgTable('observed_properties', {
  code: text().primaryKey(),
  /** its SensorThings `@iot.id` */
  id: serial().notNull().unique(),
  /** the URI that defines it (OGC SensorThings `definition`); empty when none is known */
  definition: text().notNull().default(''),
  properties: jsonb().$type<Record<string, unknown>>(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** unit of measurement symbol, e.g. `µg/m³`; empty for a dimensionless index */
  unit: text().notNull(),
  description: text().notNull(),
  /** the physically plausible range of a result, inclusive; null = unbounded on that side */
  minValue: doublePrecision('min_value'),
  maxValue: doublePrecision('max_value'),
});

/** OGC SensorThings Sensor: the instrument (make, model, method) behind a Datastream. */
export const sensors = pgTable('sensors', {
  id: serial().primaryKey(),
  /** not unique: SensorThings clients name their Sensors as they like */
  name: text().notNull(),
  description: text().notNull().default(''),
  /** e.g. `text/html` for a datasheet link, `application/pdf` */
  encodingType: text('encoding_type').notNull().default('text/plain'),
  metadata: text().notNull().default(''),
  properties: jsonb().$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});

/** OGC SensorThings Datastream: one ObservedProperty measured on one Thing. */
export const datastreams = pgTable(
  'datastreams',
  {
    id: serial().primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references(() => things.id, { onDelete: 'cascade' }),
    observedPropertyCode: text('observed_property_code')
      .notNull()
      .references(() => observedProperties.code),
    sensorId: integer('sensor_id').references(() => sensors.id),
    /** OGC SensorThings `name` and `description`; null = made from the Thing and the ObservedProperty */
    name: text(),
    description: text(),
    /** an O&M observation type URI (OGC 18-088 Table 13) */
    observationType: text('observation_type').notNull().default('http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement'),
    /** `{ name, symbol, definition }` (UCUM); null = the ObservedProperty's unit (contracts/sensorthings-units.ts) */
    unitOfMeasurement: jsonb('unit_of_measurement').$type<{ name: string; symbol: string; definition: string }>(),
    properties: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [unique('datastreams_thing_property_key').on(t.thingId, t.observedPropertyCode)],
);

/**
 * OGC SensorThings Observation. One row per Datastream and phenomenonTime: a second value for the
 * same instant is a duplicate, not a new row.
 *
 * `datastream_id` has no foreign-key constraint, on purpose: its check runs once per inserted row
 * (a third of the cost of storing a batch of 1000). Ingestion instead locks the pushing Thing's
 * Datastreams `FOR KEY SHARE` in the writing transaction (modules/sensing/ingest.ts), which is what
 * the constraint's check does, once per batch; the only way to remove a Datastream refuses one that
 * has Observations under `FOR UPDATE` (things/registry.ts); and a trigger (migration 0005) deletes
 * the Observations of any Datastream deleted otherwise, as `on delete cascade` did.
 *
 * Partitioned by month of `phenomenon_time` (migration 0012; months of UTC+08:00, named
 * `observations_YYYY_MM`, plus `observations_default` for a month without its partition yet):
 * drizzle-kit cannot declare `partition by`, so the table is created by hand there and kept by
 * db/partitions.ts (months created ahead, rows moved out of the default partition, optional
 * retention). A partitioned table's unique indexes must contain the partition key, so `id` has a
 * plain index (one per partition): it stays unique because only its identity sequence gives ids,
 * and nothing references it by foreign key (lookups by id probe each partition's index).
 */
export const observations = pgTable(
  'observations',
  {
    /** its SensorThings `@iot.id`: stable, never reused */
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    datastreamId: integer('datastream_id').notNull(),
    phenomenonTime: timestamp('phenomenon_time', { withTimezone: true }).notNull(),
    resultTime: timestamp('result_time', { withTimezone: true }),
    /** a numeric result (what the roll-up, alerts and the HJ 633 derivation read) */
    result: doublePrecision(),
    /** a result that is not a number (string, boolean, object, array); exactly one of the two is set */
    resultJson: jsonb('result_json'),
    /** null = not assessed */
    quality: text(),
    /** SensorThings `parameters` */
    parameters: jsonb().$type<Record<string, unknown>>(),
    /** the FeatureOfInterest it names; null = the one made from its Thing's current Location (no foreign key: see above) */
    featureOfInterestId: integer('feature_of_interest_id'),
  },
  (t) => [
    primaryKey({ columns: [t.datastreamId, t.phenomenonTime] }),
    index('observations_id_idx').on(t.id),
    check('observations_one_result_check', sql`(${t.result} is null) <> (${t.resultJson} is null)`),
  ],
);

/**
 * The hourly roll-up of Observations: per Datastream and hour (UTC+08:00 hours, which are also UTC
 * hours), the count, sum, min and max of the results. Kept by triggers on `observations` (migration
 * 0005: added to on insert, recomputed for the hours an update or delete touches, emptied by a
 * truncate), so every way of writing Observations keeps it exact, in the writing transaction.
 * Series read whole hours from here instead of scanning the raw rows (modules/sensing/read.ts).
 */
export const observationHours = pgTable(
  'observation_hours',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    /** the start of the hour */
    hour: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
    sum: doublePrecision().notNull(),
    min: doublePrecision().notNull(),
    max: doublePrecision().notNull(),
  },
  (t) => [primaryKey({ columns: [t.datastreamId, t.hour] })],
);

/** Device keys: a Thing authenticates its pushes with one. Only the SHA-256 of the key is kept. */
export const thingKeys = pgTable(
  'thing_keys',
  {
    id: serial().primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references(() => things.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the whole key */
    keyHash: text('key_hash').notNull().unique(),
    /** the key's first characters, shown to tell keys apart */
    prefix: text().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('thing_keys_thing_idx').on(t.thingId)],
);

/** The national list of key protected wild animals (国家重点保护野生动物名录, 2021), from the bundled data. */
export const protectedSpecies = pgTable('protected_species', {
  scientificName: text('scientific_name').primaryKey(),
  nameZh: text('name_zh').notNull(),
  /** 'I' = 国家一级, 'II' = 国家二级 */
  level: text({ enum: ['I', 'II'] }).notNull(),
  /** the taxon group as listed (class / order / family), for display */
  taxon: text().notNull().default(''),
});

/**
 * Camera-trap detections: one species seen by one Thing at one instant. A detection a device posts
 * (`source` `device`) is a duplicate when the same Thing, time and species is already stored; a
 * photo uploaded in the back office (`upload`, an SD-card collection) is one detection per file, a
 * duplicate when the same file was uploaded for the same Thing (docs/camera-trap.md).
 *
 * The review (docs/camera-trap.md §Statuses): `review_status` starts `new`; a reviewer confirms the
 * AI label, corrects it to a species of the protected list, or marks the frame blank, a person, a
 * vehicle or unidentifiable, with the count they see, who and when.
 */
export const detections = pgTable(
  'detections',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references(() => things.id, { onDelete: 'cascade' }),
    phenomenonTime: timestamp('phenomenon_time', { withTimezone: true }).notNull(),
    /** the AI label: a scientific name, or `unknown` for an uploaded photo sent without one */
    scientificName: text('scientific_name').notNull(),
    /** true when the name is on the protected list; false = marked unlisted by the device */
    listed: boolean().notNull(),
    count: integer().notNull(),
    /** 0–1; null when the AI label came without one (an upload without a label) */
    confidence: doublePrecision(),
    imageSha256: text('image_sha256').references(() => files.sha256),
    /** the image could not be decoded in full (truncated, corrupt): kept, but no thumbnail is made */
    imageDamaged: boolean('image_damaged').notNull().default(false),
    source: text({ enum: ['device', 'upload'] })
      .notNull()
      .default('device'),
    reviewStatus: text('review_status', { enum: ['new', 'confirmed', 'corrected', 'blank', 'human', 'vehicle', 'unidentifiable'] })
      .notNull()
      .default('new'),
    /** the species the reviewer settled on (confirmed: the AI label; corrected: from the protected list); null otherwise */
    reviewedName: text('reviewed_name'),
    /** the animals (or people, vehicles) the reviewer counted, ≥ 0 */
    reviewedCount: integer('reviewed_count'),
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('detections_thing_time_species_key').on(t.thingId, t.phenomenonTime, t.scientificName).where(sql`${t.source} = 'device'`),
    uniqueIndex('detections_thing_upload_idx').on(t.thingId, t.imageSha256).where(sql`${t.source} = 'upload'`),
    index('detections_time_idx').on(t.phenomenonTime),
    index('detections_review_idx').on(t.reviewStatus, t.phenomenonTime),
    check('detections_reviewed_count_check', sql`${t.reviewedCount} is null or ${t.reviewedCount} >= 0`),
  ],
);

/**
 * Alert rules: `threshold` (a Datastream of the ObservedProperty crosses `threshold` by
 * `comparator`) or `silence` (a Thing of `thingKind`, or any, sends nothing for `silentMinutes`).
 */
export const alertRules = pgTable('alert_rules', {
  id: serial().primaryKey(),
  name: text().notNull(),
  kind: text({ enum: ['threshold', 'silence'] }).notNull(),
  observedPropertyCode: text('observed_property_code').references(() => observedProperties.code),
  comparator: text({ enum: ['>', '>=', '<', '<='] }),
  threshold: doublePrecision(),
  silentMinutes: integer('silent_minutes'),
  thingKind: text('thing_kind'),
  severity: text({ enum: ['info', 'warning', 'critical'] })
    .notNull()
    .default('warning'),
  enabled: boolean().notNull().default(true),
  /**
   * the organisation that owns the rule: it applies to the Things of that organisation and the
   * organisations under it; null = province-wide, every Thing (docs/access.md §Organisation scope)
   */
  organisationId: integer('organisation_id').references((): AnyPgColumn => organisations.id),
  createdAt: createdAt(),
});

/** Alerts opened by the rules: open → acknowledged → closed, each step with who and when. */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    thingId: integer('thing_id')
      .notNull()
      .references(() => things.id, { onDelete: 'cascade' }),
    datastreamId: integer('datastream_id').references(() => datastreams.id, { onDelete: 'cascade' }),
    status: text({ enum: ['open', 'acknowledged', 'closed'] })
      .notNull()
      .default('open'),
    /** the value that opened it (threshold rules) */
    value: doublePrecision(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** null when closed by the data itself (value back in range, device heard again) */
    closedBy: integer('closed_by').references(() => users.id),
  },
  (t) => [
    // one alert per rule and Thing at a time, until it is closed
    uniqueIndex('alerts_one_active_idx').on(t.ruleId, t.thingId).where(sql`${t.status} <> 'closed'`),
    index('alerts_status_idx').on(t.status, t.openedAt),
  ],
);

/** Which bundled data sets have been loaded, so a restart loads nothing twice. */
export const dataLoads = pgTable('data_loads', {
  dataset: text().primaryKey(),
  sha256: text().notNull(),
  rows: integer().notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Organisations: the forestry and grassland agencies, one per administrative division, forming the
 * province → city → county tree (seeded from the divisions; names editable).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: serial().primaryKey(),
    divisionCode: text('division_code')
      .notNull()
      .unique()
      .references(() => divisions.code),
    name: text().notNull(),
    level: text({ enum: ['province', 'city', 'county'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => organisations.id),
  },
  (t) => [index('organisations_parent_idx').on(t.parentId)],
);

/** People who sign in. `account` is stored lower-case (unique ignoring case); passwords as argon2id hashes. */
export const users = pgTable('users', {
  id: serial().primaryKey(),
  account: text().notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text({ enum: ['admin', 'editor', 'staff'] }).notNull(),
  organisationId: integer('organisation_id').references(() => organisations.id),
  status: text({ enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  /** set when an administrator resets the password: the user must choose a new one at sign-in */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions, shared by every server process on the database. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (base64url) of the session id the cookie carries, signed (auth/session-store.ts) */
    sid: text().primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** idle expiry: pushed forward while the session is used */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins, for limiting attempts per account and per address. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** the account as typed, lower-case */
    account: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.account, t.at), index('sign_in_failures_ip_idx').on(t.ip, t.at)],
);

/** The audit log: every write, sign-in and failed sign-in, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    actorAccount: text('actor_account').notNull(),
    ip: text().notNull(),
    action: text().notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action), index('audit_log_actor_idx').on(t.actorId)],
);

/** Secrets generated on first start and shared by every server process (e.g. the cookie-signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** Uploaded files, content-addressed (uploads/file-store.ts): stored once however often uploaded. */
export const files = pgTable('files', {
  sha256: text().primaryKey(),
  /** bytes */
  size: bigint({ mode: 'number' }).notNull(),
  /** the MIME type recognised from the content */
  mime: text().notNull(),
  createdAt: createdAt(),
});

/** Notices (通知公告): draft → published → withdrawn; a future publishAt schedules publication. */
export const notices = pgTable(
  'notices',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    category: text({ enum: ['notice', 'announcement', 'news'] }).notNull(),
    /** sanitised HTML (allow-list) */
    bodyHtml: text('body_html').notNull(),
    /** the body's text without markup, for keyword search */
    bodyText: text('body_text').notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id),
    authorId: integer('author_id').references(() => users.id),
    /** the author as shown to readers */
    authorName: text('author_name').notNull(),
    pinned: boolean().notNull().default(false),
    status: text({ enum: ['draft', 'published', 'withdrawn'] })
      .notNull()
      .default('draft'),
    /** when it becomes visible to readers once published (a future time schedules it) */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** 文号, e.g. 陕林发〔2026〕12号; '' when none */
    documentNumber: text('document_number').notNull().default(''),
    /** 索引号 of the government information disclosure catalogue; '' when none */
    indexNumber: text('index_number').notNull().default(''),
    /** 发布机构 as printed on the notice; '' → the organisation's name */
    issuingBody: text('issuing_body').notNull().default(''),
    /** 成文日期 (calendar date, UTC+08); null when not given */
    writtenOn: date('written_on', { mode: 'string' }),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_listing_idx').on(t.status, t.publishAt)],
);

/** Files attached to a notice, with the name they were uploaded under. */
export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    id: serial().primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    fileSha256: text('file_sha256')
      .notNull()
      .references(() => files.sha256),
    fileName: text('file_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('notice_attachments_notice_idx').on(t.noticeId)],
);

/** Documents of a technical regulation (the standard's text, amendments), with their upload names. */
export const regulationDocuments = pgTable(
  'regulation_documents',
  {
    id: serial().primaryKey(),
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => technicalRegulations.id, { onDelete: 'cascade' }),
    fileSha256: text('file_sha256')
      .notNull()
      .references(() => files.sha256),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('regulation_documents_regulation_idx').on(t.regulationId)],
);

// ─── Application platform and tools (docs/product.md §Screens) ──────────────────────────────────────────────

/**
 * Application systems (应用系统) of the catalogue on /application-platform. `access` says who may
 * open one: `public` anyone, `signed_in` any signed-in user, `roles` the users whose role is in
 * `accessRoles`, `organisations` the users of an organisation in `accessOrganisationIds` or below
 * one (province → city → county). `seeded` rows came with the portal and are examples to configure.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    /** stable identifier, lower-case ASCII (`gtlh`), unique */
    code: text().notNull().unique(),
    name: text().notNull(),
    /** the name of a tile icon the web app knows (`tree`, `fire`, `database`, `app` …) */
    icon: text().notNull().default('app'),
    category: text().notNull(),
    description: text().notNull().default(''),
    /** where launching goes: an absolute http(s) URL */
    entryUrl: text('entry_url').notNull(),
    status: text({ enum: ['online', 'maintenance', 'offline'] })
      .notNull()
      .default('online'),
    maintenanceNotice: text('maintenance_notice'),
    access: text({ enum: ['public', 'signed_in', 'roles', 'organisations'] })
      .notNull()
      .default('signed_in'),
    accessRoles: text('access_roles').array().notNull().default(sql`'{}'::text[]`),
    accessOrganisationIds: integer('access_organisation_ids').array().notNull().default(sql`'{}'::integer[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    seeded: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applications_listing_idx').on(t.category, t.sortOrder)],
);

/** A user's favourite application systems (shown first). */
export const applicationFavourites = pgTable(
  'application_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.applicationId] })],
);

/** Launches of application systems by signed-in users (for "recently launched"). */
export const applicationLaunches = pgTable(
  'application_launches',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_launches_user_idx').on(t.userId, t.at)],
);

/** Downloadable tools (应用工具下载): one row per tool; its files are `toolVersions`. */
export const tools = pgTable('tools', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  /** `windows`, `linux`, `macos`, `android`, `any` */
  platform: text({ enum: ['windows', 'linux', 'macos', 'android', 'any'] }).notNull(),
  description: text().notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Versions of a tool, each an uploaded file (SHA-256 and size in `files`); every version is kept. */
export const toolVersions = pgTable(
  'tool_versions',
  {
    id: serial().primaryKey(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    fileSha256: text('file_sha256')
      .notNull()
      .references(() => files.sha256),
    fileName: text('file_name').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique('tool_versions_tool_version_unique').on(t.toolId, t.version), index('tool_versions_tool_idx').on(t.toolId, t.createdAt)],
);

/**
 * Application systems registered as OpenID Connect clients of the portal (modules/oidc). The
 * secret is generated by the server and shown once; it is kept as is because the provider
 * compares it (client_secret_basic), like the other secrets in `app_secrets`.
 */
export const oidcClients = pgTable('oidc_clients', {
  /** the OAuth `client_id` */
  clientId: text('client_id').primaryKey(),
  name: text().notNull(),
  clientSecret: text('client_secret').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  /** the application system this client signs users into; its access rules decide who may */
  applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
  disabled: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the OpenID provider keeps between requests (sessions, interactions, codes, tokens, grants), by model and id. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Kinds of verification task (docs/verification.md §Kinds): data, shipped by migration 0007 and
 * editable by administrators (deadline rule, automatic dispatch). `verdicts` lists the answers a
 * verifier may give, `[{ code, zh, en }]`.
 */
export const verificationKinds = pgTable('verification_kinds', {
  code: text().primaryKey(),
  zh: text().notNull(),
  en: text().notNull(),
  /** hours from dispatch to the feedback deadline */
  deadlineHours: integer('deadline_hours').notNull(),
  autoDispatch: boolean('auto_dispatch').notNull().default(false),
  verdicts: jsonb().$type<{ code: string; zh: string; en: string }[]>().notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/**
 * Verification tasks (核查任务), one model for every kind (docs/verification.md). A task lies in
 * one division (the county where county boundaries are loaded, else the city) and belongs to that
 * division's organisation. `source_id` identifies the detection in its source: importing it again
 * finds the same task (unique per kind).
 */
export const verificationTasks = pgTable(
  'verification_tasks',
  {
    id: serial().primaryKey(),
    kind: text()
      .notNull()
      .references(() => verificationKinds.code),
    source: text().notNull(),
    sourceId: text('source_id').notNull(),
    /** GeoJSON geometry, WGS-84 */
    geometry: jsonb().$type<{ type: string; coordinates: unknown }>().notNull(),
    /** the point, or a point inside the polygon (degrees) */
    longitude: doublePrecision().notNull(),
    latitude: doublePrecision().notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    divisionCode: text('division_code')
      .notNull()
      .references(() => divisions.code),
    organisationId: integer('organisation_id').references(() => organisations.id),
    status: text({ enum: ['pending', 'dispatched', 'verifying', 'fed_back', 'closed'] }).notNull(),
    verdict: text(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** the source's own values (e.g. FIRMS brightness, frp, confidence) */
    properties: jsonb().$type<Record<string, string | number | null>>().notNull(),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verification_tasks_source_idx').on(t.kind, t.sourceId),
    index('verification_tasks_status_idx').on(t.status, t.deadlineAt),
    index('verification_tasks_organisation_idx').on(t.organisationId),
    index('verification_tasks_detected_idx').on(t.detectedAt),
  ],
);

/** What happened to a task, step by step (its history; the audit log records the same). */
export const verificationSteps = pgTable(
  'verification_steps',
  {
    id: serial().primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => verificationTasks.id, { onDelete: 'cascade' }),
    action: text({ enum: ['import', 'dispatch', 'start', 'feedback', 'return', 'close'] }).notNull(),
    /** the status after the step */
    status: text({ enum: ['pending', 'dispatched', 'verifying', 'fed_back', 'closed'] }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** null for the system (imports, automatic dispatch) */
    actorId: integer('actor_id').references(() => users.id),
    actorAccount: text('actor_account').notNull(),
    verdict: text(),
    note: text(),
  },
  (t) => [index('verification_steps_task_idx').on(t.taskId, t.at)],
);

/**
 * Photos of a task (docs/verification.md §Photos): uploaded by the verifier before the step they
 * belong to, attached to that step when it is taken (`step_id` null until then). The position and
 * time come from the photo's EXIF block, when it has one.
 */
export const verificationPhotos = pgTable(
  'verification_photos',
  {
    id: serial().primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => verificationTasks.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => verificationSteps.id, { onDelete: 'set null' }),
    sha256: text()
      .notNull()
      .references(() => files.sha256),
    /** EXIF GPS position, WGS-84 degrees */
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    /** EXIF DateTimeOriginal */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('verification_photos_task_idx').on(t.taskId), uniqueIndex('verification_photos_task_file_idx').on(t.taskId, t.sha256)],
);
