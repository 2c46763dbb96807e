/**
 * Deleting SensorThings entities (OGC 18-088 §10.4), in one transaction each, with the
 * standard's integrity rules: a Thing takes its Datastreams (and their Observations) and
 * HistoricalLocations with it, but leaves its Locations; a Location takes its HistoricalLocations;
 * a Datastream its Observations; a Sensor or an ObservedProperty the Datastreams that use it; a
 * FeatureOfInterest the Observations that name it; and, in the portal, a Thing its alerts and
 * detections, an ObservedProperty the alert rules on it (audited). Scope as for updates
 * (update.ts). What the rest of the portal still holds on to makes the delete 409.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { EntitySet } from '@eco/contracts/sensorthings';
import type { Db } from '../../db/client';
import {
  alertRules,
  datastreams,
  featuresOfInterest,
  historicalLocations,
  locations,
  observations,
  observedProperties,
  sensors,
  things,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { audit } from '../audit/service';
import { lockThing } from '../things/service';
import type { Creating } from './create';
import { assertProvinceWide } from './update';

const missing = (set: EntitySet, id: number): never => {
  throw new AppError('STA_ENTITY_NOT_FOUND', `${set}(${id}) does not exist`);
};

/** Whether `error` (or its cause) is PostgreSQL's foreign-key violation. */
export function isStillReferenced(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23503') return true;
  return false;
}

async function thingIdOf(tx: Db, query: ReturnType<typeof sql>, set: EntitySet, id: number): Promise<number | null> {
  const [row] = rowsOf<{ thing_id: number | null }>(await tx.execute(query));
  if (!row) missing(set, id);
  return row!.thing_id === null ? null : Number(row!.thing_id);
}

/** The Datastreams of `ids`, each within the deleter's scope, then removed. */
async function deleteDatastreams(c: Creating, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const owners = await c.tx.selectDistinct({ thingId: datastreams.thingId }).from(datastreams).where(inArray(datastreams.id, ids));
  for (const owner of owners) await lockThing(c.tx, owner.thingId, c.acting.user);
  await c.tx.delete(datastreams).where(inArray(datastreams.id, ids));
}

/**
 * Deletes entity `id` of `set`. Errors: 404 STA_ENTITY_NOT_FOUND, 403 FORBIDDEN (scope), 409
 * STA_ENTITY_CONFLICT (the caller maps a foreign-key violation: still used elsewhere).
 */
export async function deleteEntity(c: Creating, set: EntitySet, id: number): Promise<void> {
  const { tx } = c;
  switch (set) {
    case 'Things': {
      const thing = await lockThing(tx, id, c.acting.user);
      await tx.delete(things).where(eq(things.id, id));
      await audit(tx, {
        actor: c.acting.actor,
        ip: c.acting.ip,
        action: 'thing.delete',
        entityType: 'thing',
        entityId: id,
        before: { code: thing.code },
        after: { via: 'SensorThings' },
      });
      return;
    }
    case 'Locations': {
      const thingId = await thingIdOf(tx, sql`select thing_id from ${locations} where id = ${id} for update`, set, id);
      if (thingId !== null) await lockThing(tx, thingId, c.acting.user);
      await tx.delete(locations).where(eq(locations.id, id));
      return;
    }
    case 'HistoricalLocations': {
      const thingId = await thingIdOf(tx, sql`select thing_id from ${historicalLocations} where id = ${id} for update`, set, id);
      await lockThing(tx, thingId!, c.acting.user);
      await tx.delete(historicalLocations).where(eq(historicalLocations.id, id));
      return;
    }
    case 'Datastreams': {
      await thingIdOf(tx, sql`select thing_id from ${datastreams} where id = ${id}`, set, id);
      await deleteDatastreams(c, [id]);
      return;
    }
    case 'Observations': {
      const thingId = await thingIdOf(
        tx,
        sql`select d.thing_id from ${observations} o join ${datastreams} d on d.id = o.datastream_id where o.id = ${id} for update of o`,
        set,
        id,
      );
      await lockThing(tx, thingId!, c.acting.user);
      await tx.delete(observations).where(eq(observations.id, id));
      return;
    }
    case 'Sensors': {
      await assertProvinceWide(c);
      const [row] = await tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, id));
      if (!row) missing(set, id);
      const using = await tx.select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.sensorId, id));
      await deleteDatastreams(
        c,
        using.map((d) => d.id),
      );
      await tx.delete(sensors).where(eq(sensors.id, id));
      return;
    }
    case 'ObservedProperties': {
      await assertProvinceWide(c);
      const [row] = await tx.select({ code: observedProperties.code }).from(observedProperties).where(eq(observedProperties.id, id));
      if (!row) missing(set, id);
      const using = await tx.select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.observedPropertyCode, row!.code));
      await deleteDatastreams(
        c,
        using.map((d) => d.id),
      );
      // the alert rules on it go with it (their alerts too), each audited: nothing is left to evaluate
      const rules = await tx.delete(alertRules).where(eq(alertRules.observedPropertyCode, row!.code)).returning({ id: alertRules.id, name: alertRules.name });
      for (const rule of rules) {
        await audit(tx, {
          actor: c.acting.actor,
          ip: c.acting.ip,
          action: 'alert_rule.delete',
          entityType: 'alert_rule',
          entityId: rule.id,
          before: { name: rule.name, observedProperty: row!.code },
          after: { via: 'SensorThings' },
        });
      }
      await tx.delete(observedProperties).where(eq(observedProperties.id, id));
      return;
    }
    case 'FeaturesOfInterest': {
      await assertProvinceWide(c);
      const [row] = await tx.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.id, id));
      if (!row) missing(set, id);
      await tx.delete(observations).where(eq(observations.featureOfInterestId, id));
      await tx.delete(featuresOfInterest).where(eq(featuresOfInterest.id, id));
      return;
    }
  }
}
