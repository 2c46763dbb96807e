/**
 * Smoke and fire alarms of video cameras become `fire_alarm` tasks (docs/verification.md §Camera
 * alarms): when an alert opens on a Datastream of the ObservedProperty `smoke_fire_alarm`
 * (modules/sensing/defaults.ts) of a Thing of kind `video_camera`, a task is created in the same
 * transaction — source `camera alarm`, source id `alert:<id>` (so the same alert never makes two),
 * at the camera's Location, detected at the time of the Observation that opened the alert. A
 * camera without a Location, or outside the province, makes no task: there is nowhere to send it.
 */
import { sql } from 'drizzle-orm';
import { SMOKE_FIRE_ALARM_PROPERTY } from '@eco/contracts/verification-sources';
import type { Db } from '../../db/client';
import { alertRules, alerts, datastreams, locations, observations, things } from '../../db/schema';
import { rowsOf } from '../../lib/sql-rows';
import { audit, LOCAL_ADDRESS, SYSTEM_ACTOR } from '../audit/service';
import { kindOf } from './kinds';
import { DivisionLocator } from './locate';
import { insertTasks, type NewTask } from './task-import';

const KIND = 'fire_alarm';
const SOURCE = 'camera alarm';
const CAMERA = 'video_camera';

/**
 * Creates the `fire_alarm` tasks of the alerts `alertIds` that are smoke or fire alarms of video
 * cameras (the others are ignored), inside `tx`: the transaction that opened them. Tasks
 * are created by the system; the kind's automatic dispatch applies. Answers the ids created.
 */
export async function createAlarmTasks(tx: Db, alertIds: readonly number[], now: Date): Promise<number[]> {
  if (alertIds.length === 0) return [];
  const rows = rowsOf<{
    alert_id: number | string;
    value: number | null;
    rule_id: number;
    rule_name: string;
    thing_code: string;
    thing_name: string;
    longitude: number;
    latitude: number;
    phenomenon_time: Date | string;
  }>(
    await tx.execute(sql`
      select a.id as alert_id, a.value, r.id as rule_id, r.name as rule_name, t.code as thing_code, t.name as thing_name,
        l.longitude, l.latitude, o.phenomenon_time
      from ${alerts} a
      join ${alertRules} r on r.id = a.rule_id
      join ${things} t on t.id = a.thing_id
      join ${datastreams} d on d.id = a.datastream_id
      join ${locations} l on l.thing_id = t.id
      cross join lateral (
        select phenomenon_time from ${observations} where datastream_id = d.id order by phenomenon_time desc limit 1
      ) o
      where t.kind = ${CAMERA} and d.observed_property_code = ${SMOKE_FIRE_ALARM_PROPERTY}
        and a.id in (${sql.join(
          alertIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      order by a.id`),
  );
  if (rows.length === 0) return [];
  // only now, when there is an alarm: most arrivals open no alert at all
  const locator = await DivisionLocator.load(tx);
  const tasks: NewTask[] = [];
  for (const row of rows) {
    const [longitude, latitude] = [Number(row.longitude), Number(row.latitude)];
    const place = locator.locate(longitude, latitude);
    if (!place) continue;
    tasks.push({
      source: SOURCE,
      sourceId: `alert:${row.alert_id}`,
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      longitude,
      latitude,
      detectedAt: new Date(row.phenomenon_time),
      place,
      properties: {
        thingCode: row.thing_code,
        thingName: row.thing_name,
        value: row.value === null ? null : Number(row.value),
        rule: row.rule_name,
        ruleId: Number(row.rule_id),
        alertId: Number(row.alert_id),
      },
    });
  }
  if (tasks.length === 0) return [];
  const created = await insertTasks(tx, now, await kindOf(tx, KIND), SYSTEM_ACTOR, SOURCE, tasks);
  if (created.size > 0) {
    await audit(tx, {
      actor: SYSTEM_ACTOR,
      ip: LOCAL_ADDRESS,
      action: 'verification.import',
      entityType: 'verification_task',
      entityId: null,
      after: { kind: KIND, source: SOURCE, created: created.size, alerts: [...created.keys()].map((id) => Number(id.slice('alert:'.length))) },
    });
  }
  return [...created.values()];
}
