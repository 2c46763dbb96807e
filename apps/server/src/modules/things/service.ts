/**
 * The device registry (OGC SensorThings Things with their Location) and their ingestion keys.
 *
 * "Online" = heard (newest phenomenonTime pushed) within 1.5 of the Thing's expected reporting
 * intervals of `now` (its own, else its kind's default: onlineWindowSeconds, docs/sensing.md
 * §Freshness), and not retired. The bundled CNEMC stations were imported, never pushed, so they stay offline until a device pushes.
 *
 * Every write needs the organisation scope of the Thing (docs/access.md §Organisation scope,
 * auth/organisation-scope.ts), checked on the locked row before anything changes.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@eco/contracts/envelope';
import {
  MAX_FUTURE_MINUTES,
  onlineWindowSeconds,
  type NewThingKey,
  type Thing,
  type ThingDetail,
  type ThingKey,
  type ThingKind,
  type ThingStatus,
} from '@eco/contracts/sensing';
import type { UserActing } from '../../auth/acting';
import type { SignedInUser } from '../../auth/current-user';
import { assertInScope } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { alerts, datastreams, divisions, locations, observations, observedProperties, organisations, sensors, thingKeys, things } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { likePattern } from '../../lib/like-pattern';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';
import { audit, type Actor } from '../audit/service';
import { type PositionReader, positionFor } from './geoprivacy';
import { hashKey, KEY_PREFIX_LENGTH, newKey } from './device-keys';

export interface ThingQuery {
  kind?: ThingKind;
  status?: ThingStatus;
  /** 4-digit city code */
  city?: string;
  /** substring of code or name, ignoring case (trimmed by the request layer; empty = no filter) */
  keyword?: string;
}

function whereOf(query: ThingQuery): SQL | undefined {
  const { keyword } = query;
  return and(
    query.kind ? eq(things.kind, query.kind) : undefined,
    query.status ? eq(things.status, query.status) : undefined,
    query.city ? eq(locations.cityCode, query.city) : undefined,
    keyword ? or(ilike(things.code, likePattern(keyword)), ilike(things.name, likePattern(keyword))) : undefined,
  );
}

/**
 * Things matching `where`, ordered by kind then code, with counts and the newest station AQI;
 * positions as `reader` may see them (geoprivacy.ts).
 */
async function thingRows(db: Db, now: Date, reader: PositionReader, where: SQL | undefined, limit: number, offset: number): Promise<Thing[]> {
  const rows = await db
    .select({
      id: things.id,
      code: things.code,
      kind: things.kind,
      name: things.name,
      status: things.status,
      organisationId: things.organisationId,
      organisationName: organisations.name,
      longitude: locations.longitude,
      latitude: locations.latitude,
      cityCode: locations.cityCode,
      cityName: divisions.name,
      countyCode: locations.countyCode,
      lastSeenAt: things.lastSeenAt,
      reportingIntervalSeconds: things.reportingIntervalSeconds,
      activeKeys: sql<number>`(select count(*)::int from ${thingKeys} k where k.thing_id = ${things.id} and k.revoked_at is null)`,
      openAlerts: sql<number>`(select count(*)::int from ${alerts} a where a.thing_id = ${things.id} and a.status <> 'closed')`,
      aqiValue: sql<number | null>`aqi.result`,
      aqiTime: sql<Date | string | null>`aqi.phenomenon_time`,
    })
    .from(things)
    .leftJoin(locations, eq(locations.thingId, things.id))
    .leftJoin(divisions, eq(divisions.code, locations.cityCode))
    .leftJoin(organisations, eq(organisations.id, things.organisationId))
    .leftJoin(
      sql`lateral (
        select o.result, o.phenomenon_time from ${datastreams} d
        join ${observations} o on o.datastream_id = d.id
        where d.thing_id = ${things.id} and d.observed_property_code = 'aqi'
        order by o.phenomenon_time desc limit 1
      ) aqi`,
      sql`true`,
    )
    .where(where)
    .orderBy(asc(things.kind), asc(things.code))
    .limit(limit)
    .offset(offset);
  return rows.map(({ aqiValue, aqiTime, lastSeenAt, organisationId, organisationName, longitude, latitude, ...row }) => ({
    ...row,
    ...positionFor(reader, row.kind, organisationId, longitude, latitude),
    organisation: organisationId !== null && organisationName !== null ? { id: organisationId, name: organisationName } : null,
    lastSeenAt: lastSeenAt ? toIsoCst(lastSeenAt) : null,
    online:
      lastSeenAt !== null &&
      row.status !== 'retired' &&
      now.getTime() - lastSeenAt.getTime() <= onlineWindowSeconds(row.kind, row.reportingIntervalSeconds) * 1000 &&
      lastSeenAt.getTime() - now.getTime() <= MAX_FUTURE_MINUTES * 60_000,
    aqi: aqiValue === null || aqiTime === null ? null : { value: Number(aqiValue), time: toIsoCst(new Date(aqiTime)) },
    activeKeys: Number(row.activeKeys),
    openAlerts: Number(row.openAlerts),
  }));
}

/** One page of Things (registry), by kind then code; positions as `reader` may see them. */
export async function listThings(db: Db, now: Date, reader: PositionReader, query: ThingQuery & { page: number; pageSize: number }): Promise<Page<Thing>> {
  const where = whereOf(query);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    thingRows(db, now, reader, where, query.pageSize, (query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(things).leftJoin(locations, eq(locations.thingId, things.id)).where(where),
  ]);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** Every Thing for the map, at most `limit` (by kind then code); positions as `reader` may see them. */
export function allThings(db: Db, now: Date, reader: PositionReader, limit: number): Promise<Thing[]> {
  return thingRows(db, now, reader, undefined, limit, 0);
}

function keyOf(row: typeof thingKeys.$inferSelect): ThingKey {
  return {
    id: row.id,
    prefix: row.prefix,
    createdAt: toIsoCst(row.createdAt),
    lastUsedAt: row.lastUsedAt ? toIsoCst(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? toIsoCst(row.revokedAt) : null,
  };
}

/** A Thing with its Datastreams (each with its newest Observation) and its keys (newest first). Errors: THING_NOT_FOUND. */
export async function getThing(db: Db, now: Date, reader: PositionReader, id: number): Promise<ThingDetail> {
  const [thing] = await thingRows(db, now, reader, eq(things.id, id), 1, 0);
  if (!thing) throw new AppError('THING_NOT_FOUND', String(id));
  const streams = rowsOf<{
    id: number;
    code: string;
    name: string;
    unit: string;
    min: number | null;
    max: number | null;
    time: Date | string | null;
    result: number | null;
    sensor: string | null;
  }>(
    await db.execute(sql`
      select d.id, p.code, p.name_zh as name, p.unit, p.min_value as min, p.max_value as max, o.phenomenon_time as time, o.result, s.name as sensor
      from ${datastreams} d
      join ${observedProperties} p on p.code = d.observed_property_code
      left join ${sensors} s on s.id = d.sensor_id
      left join lateral (
        select phenomenon_time, result from ${observations} where datastream_id = d.id and result is not null order by phenomenon_time desc limit 1
      ) o on true
      where d.thing_id = ${id}
      order by d.id`),
  );
  const keys = await db.select().from(thingKeys).where(eq(thingKeys.thingId, id)).orderBy(desc(thingKeys.createdAt), desc(thingKeys.id));
  return {
    thing,
    datastreams: streams.map((s) => ({
      id: s.id,
      observedProperty: s.code,
      name: s.name,
      unit: s.unit,
      minValue: s.min === null ? null : Number(s.min),
      maxValue: s.max === null ? null : Number(s.max),
      latest: s.time === null || s.result === null ? null : { phenomenonTime: toIsoCst(new Date(s.time)), result: Number(s.result) },
      sensor: s.sensor,
    })),
    keys: keys.map(keyOf),
  };
}

async function insertKey(tx: Db, thingId: number, actor: Actor, at: Date): Promise<NewThingKey> {
  const key = newKey();
  const [row] = await tx
    .insert(thingKeys)
    .values({ thingId, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH), createdBy: actor.id, createdAt: at })
    .returning();
  return { key, info: keyOf(row!) };
}

/**
 * The row of Thing `id` (code, status, owning organisation), locked until the transaction ends,
 * when `user` may act for its organisation. Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (outside
 * the user's organisation scope, docs/access.md §Organisation scope).
 */
export async function lockThing(tx: Db, id: number, user: SignedInUser) {
  const [row] = await tx
    .select({ id: things.id, code: things.code, status: things.status, organisationId: things.organisationId })
    .from(things)
    .where(eq(things.id, id))
    .for('update');
  if (!row) throw new AppError('THING_NOT_FOUND', String(id));
  await assertInScope(tx, user, row.organisationId);
  return row;
}

/**
 * A new key for Thing `thingId`, shown this once. Audited `thing_key.create` (prefix only, never
 * the key or its hash). Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (outside the scope), 409
 * THING_RETIRED.
 */
export function createKey(db: Db, now: () => Date, { actor, ip, user }: UserActing, thingId: number): Promise<NewThingKey> {
  return inTransaction(db, async (tx) => {
    const thing = await lockThing(tx, thingId, user);
    if (thing.status === 'retired') throw new AppError('THING_RETIRED', thing.code);
    const created = await insertKey(tx, thingId, actor, now());
    await audit(tx, {
      actor,
      ip,
      action: 'thing_key.create',
      entityType: 'thing_key',
      entityId: created.info.id,
      after: { thing: thing.code, prefix: created.info.prefix },
    });
    return created;
  });
}

async function activeKey(tx: Db, thingId: number, keyId: number) {
  const [row] = await tx
    .select()
    .from(thingKeys)
    .where(and(eq(thingKeys.id, keyId), eq(thingKeys.thingId, thingId)))
    .for('update');
  if (!row) throw new AppError('THING_KEY_NOT_FOUND', String(keyId));
  if (row.revokedAt) throw new AppError('THING_KEY_REVOKED', row.prefix);
  return row;
}

/**
 * Revokes key `keyId` of Thing `thingId` at once (the next push with it is 401). Audited
 * `thing_key.revoke`. Errors: 404 THING_NOT_FOUND, 403 FORBIDDEN (outside the scope), 404
 * THING_KEY_NOT_FOUND, 409 THING_KEY_REVOKED.
 */
export function revokeKey(db: Db, now: () => Date, { actor, ip, user }: UserActing, thingId: number, keyId: number): Promise<ThingKey> {
  return inTransaction(db, async (tx) => {
    const thing = await lockThing(tx, thingId, user);
    const key = await activeKey(tx, thingId, keyId);
    const [row] = await tx.update(thingKeys).set({ revokedAt: now() }).where(eq(thingKeys.id, key.id)).returning();
    await audit(tx, {
      actor,
      ip,
      action: 'thing_key.revoke',
      entityType: 'thing_key',
      entityId: key.id,
      before: { thing: thing.code, prefix: key.prefix, revokedAt: null },
      after: { revokedAt: toIsoCst(row!.revokedAt!) },
    });
    return keyOf(row!);
  });
}

/**
 * Rotation: revokes key `keyId` and creates its successor in one transaction, so the Thing always
 * has exactly the keys the operator sees. Audited `thing_key.rotate`. Errors as `revokeKey`, and
 * THING_RETIRED.
 */
export function rotateKey(db: Db, now: () => Date, { actor, ip, user }: UserActing, thingId: number, keyId: number): Promise<NewThingKey> {
  return inTransaction(db, async (tx) => {
    const thing = await lockThing(tx, thingId, user);
    if (thing.status === 'retired') throw new AppError('THING_RETIRED', thing.code);
    const old = await activeKey(tx, thingId, keyId);
    const at = now();
    await tx.update(thingKeys).set({ revokedAt: at }).where(eq(thingKeys.id, old.id));
    const created = await insertKey(tx, thingId, actor, at);
    await audit(tx, {
      actor,
      ip,
      action: 'thing_key.rotate',
      entityType: 'thing_key',
      entityId: created.info.id,
      before: { thing: thing.code, prefix: old.prefix },
      after: { prefix: created.info.prefix },
    });
    return created;
  });
}
