/**
 * Geoprivacy (docs/geoprivacy.md): where a camera trap stands — and so where the key protected
 * species it photographs were seen — is generalised to 0.1° (rounded to one decimal place, about
 * 10 km) for every reader but those who may act for the Thing's organisation (docs/access.md
 * §Organisation scope: administrators, province-level users, users of the owning organisation or
 * one above it). The public (anonymous visitors, MQTT subscribers, devices) always gets the
 * generalised position. Every interface that shows a Thing's position reads it through here.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CAMERA_TRAP_KIND, type ThingKind } from '@eco/contracts/sensing';
import type { SignedInUser } from '../../auth/current-user';
import { inScope, type Scope, scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';

/** The kinds of Things whose position is generalised. */
export const GENERALISED_KINDS: ReadonlySet<ThingKind> = new Set<ThingKind>([CAMERA_TRAP_KIND]);

/** Decimal places a generalised position keeps (0.1°: about 11 km north–south). */
export const GENERALISED_DECIMALS = 1;

/** Who reads a position: the organisation scope of a signed-in user, or null for the public. */
export type PositionReader = Scope | null;

/** The public: sees every generalised position generalised. */
export const PUBLIC_READER: PositionReader = null;

/** The reader a request's user is (undefined or null: the public). */
export async function positionReaderOf(db: Db, user: SignedInUser | null | undefined): Promise<PositionReader> {
  return user ? scopeOf(db, user) : PUBLIC_READER;
}

/** Whether `reader` sees the exact position of a Thing of `kind` owned by `organisationId` (null: no organisation). */
export function seesExactly(reader: PositionReader, kind: ThingKind, organisationId: number | null): boolean {
  return !GENERALISED_KINDS.has(kind) || (reader !== null && inScope(reader, organisationId));
}

/** A WGS-84 coordinate (degrees) generalised: rounded to {@link GENERALISED_DECIMALS} places. */
export function generalised(degrees: number): number {
  const factor = 10 ** GENERALISED_DECIMALS;
  return Math.round(degrees * factor) / factor;
}

/**
 * A Thing's position (WGS-84 degrees; null when it has none) as `reader` may see it, and whether
 * it was generalised.
 */
export function positionFor(
  reader: PositionReader,
  kind: ThingKind,
  organisationId: number | null,
  longitude: number | null,
  latitude: number | null,
): { longitude: number | null; latitude: number | null; positionGeneralised: boolean } {
  if (seesExactly(reader, kind, organisationId) || longitude === null || latitude === null) return { longitude, latitude, positionGeneralised: false };
  return { longitude: generalised(longitude), latitude: generalised(latitude), positionGeneralised: true };
}

/**
 * SQL: true when the Thing row with columns `kind` and `organisationId` is shown to `reader`
 * generalised (the SQL twin of {@link seesExactly}, negated).
 */
export function generalisedSql(reader: PositionReader, kind: SQL, organisationId: SQL): SQL {
  const kinds = sql.join(
    [...GENERALISED_KINDS].map((k) => sql`${k}`),
    sql`, `,
  );
  const sensitive = sql`${kind} in (${kinds})`;
  if (reader === null) return sensitive;
  if (reader.all) return sql`false`;
  const ids = [...reader.organisationIds];
  return sql`(${sensitive} and not coalesce(${organisationId} = any(${`{${ids.join(',')}}`}::int[]), false))`;
}

/**
 * SQL: a GeoJSON geometry (jsonb) generalised to a Point at its first position rounded to
 * {@link GENERALISED_DECIMALS} places (a camera trap's Location is a Point; any other shape keeps
 * only that one rounded position).
 */
export function generalisedGeometrySql(geometry: SQL): SQL {
  const first = sql`jsonb_path_query_first(${geometry}, 'strict $.coordinates.** ? (@.type() == "array" && @[0].type() == "number")')`;
  const round = (index: number) => sql.raw(`round((p.position->>${index})::numeric, ${GENERALISED_DECIMALS})`);
  return sql`(select jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(${round(0)}, ${round(1)})) from (select ${first} as position) p)`;
}
