/**
 * The database schema: the single source of truth. Migrations in `apps/server/drizzle` are
 * generated from it (`npm run db:generate -w @eco/server`) and applied by the app at start-up.
 *
 * Times are `timestamptz`. Units are named in the ObservedProperty rows (µg/m³, mg/m³ for CO).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
} from 'drizzle-orm/pg-core';
import type { MultiPolygon, Polygon } from 'geojson';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Site settings (seed §1 initial state): exactly one row, id 1. */
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
    createdAt: createdAt(),
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
  /** free-form attributes from the source, e.g. `{ area: '西咸新区' }` */
  properties: jsonb().$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** OGC SensorThings Location of a Thing: a WGS-84 point, and the city it falls in. */
export const locations = pgTable('locations', {
  id: serial().primaryKey(),
  thingId: integer('thing_id')
    .notNull()
    .unique()
    .references(() => things.id, { onDelete: 'cascade' }),
  longitude: doublePrecision().notNull(),
  latitude: doublePrecision().notNull(),
  cityCode: text('city_code').references(() => divisions.code),
});

/** OGC SensorThings ObservedProperty, keyed by the bundled data's column name (`pm2_5`, `o3_8h`, …). */
export const observedProperties = pgTable('observed_properties', {
  code: text().primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** unit of measurement symbol, e.g. `µg/m³`; empty for a dimensionless index */
  unit: text().notNull(),
  description: text().notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [unique('datastreams_thing_property_key').on(t.thingId, t.observedPropertyCode)],
);

/**
 * OGC SensorThings Observation. One row per Datastream and phenomenonTime: a second value for the
 * same instant is a duplicate, not a new row.
 */
export const observations = pgTable(
  'observations',
  {
    datastreamId: integer('datastream_id')
      .notNull()
      .references(() => datastreams.id, { onDelete: 'cascade' }),
    phenomenonTime: timestamp('phenomenon_time', { withTimezone: true }).notNull(),
    resultTime: timestamp('result_time', { withTimezone: true }),
    result: doublePrecision().notNull(),
    /** null = not assessed */
    quality: text(),
  },
  (t) => [primaryKey({ columns: [t.datastreamId, t.phenomenonTime] })],
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
  status: text({ enum: ['active', 'disabled'] }).notNull().default('active'),
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
