/**
 * A video camera's smoke or fire alarm becomes a `fire_alarm` task (docs/verification.md §Camera
 * alarms), as a camera in the field sets it off: it pushes its alarm Observation through the
 * device ingestion API, the default rule opens an alert, and the task is there — once per alert,
 * however often the camera repeats itself; a new alarm after the picture cleared is a new task.
 * Alerts on other ObservedProperties, or from a rule enabled later, are checked too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Alert, AlertRule, Datastream, IngestResult, NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import type { VerificationTask, VerificationTaskDetail } from '@eco/contracts/verification';
import { inTransaction } from '../../db/client';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, useTestApp } from '../../test/test-app';
import { createAlarmTasks } from './camera-alarms';

const NOW = new Date('2026-04-10T14:00:00+08:00');

describe('camera smoke and fire alarms', () => {
  const ctx = useTestApp({ loaded: true, now: () => NOW });
  const db = () => ctx.database.db;
  let admin: Browser;

  /** A video camera registered through the API at (longitude, latitude), with Datastreams of `properties` and a key. */
  async function camera(code: string, longitude: number, latitude: number, properties = ['smoke_fire_alarm']) {
    const thing = dataOf(
      await admin.post<ThingDetail>('/api/things', {
        code,
        kind: 'video_camera',
        name: `森林防火监控 ${code}`,
        organisationId: null,
        status: 'active',
        longitude,
        latitude,
      }),
    ).thing;
    const streams: Record<string, number> = {};
    for (const property of properties) {
      streams[property] = dataOf(await admin.post<Datastream>(`/api/things/${thing.id}/datastreams`, { observedProperty: property })).id;
    }
    const key = dataOf(await admin.post<NewThingKey>(`/api/things/${thing.id}/keys`)).key;
    const push = async (result: number, phenomenonTime: string, property = 'smoke_fire_alarm') => {
      const response = await new Browser(ctx.app).request<IngestResult>(
        'POST',
        '/api/sensing/observations',
        { observations: [{ datastreamId: streams[property], phenomenonTime, result }] },
        { headers: { authorization: `Bearer ${key}` } },
      );
      expect(dataOf(response).accepted).toBe(1);
    };
    return { thing, push };
  }

  const alarmTasks = async () => dataOf(await admin.get<Page<VerificationTask>>('/api/verification/tasks?kind=fire_alarm&pageSize=100')).items;
  const alertsOf = async (thingId: number) =>
    dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?pageSize=100')).items.filter((a) => a.thing.id === thingId);

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
  });

  it('turns the alert a camera’s alarm opens into a task at the camera, once, however often the alarm repeats', async () => {
    const cam = await camera('YL-FIRE-CAM-1', 110.25, 38.95);
    await cam.push(1, '2026-04-10T13:42:10+08:00');
    const [alert] = await alertsOf(cam.thing.id);
    expect(alert).toMatchObject({ status: 'open', value: 1, rule: { name: '视频监控识别到烟火' } });

    const [task] = await alarmTasks();
    expect(task).toMatchObject({
      kind: 'fire_alarm',
      status: 'pending',
      source: 'camera alarm',
      sourceId: `alert:${alert!.id}`,
      geometry: { type: 'Point', coordinates: [110.25, 38.95] },
      longitude: 110.25,
      latitude: 38.95,
      detectedAt: '2026-04-10T13:42:10+08:00',
      divisionCode: '610800',
      organisation: { name: '榆林市' },
      properties: { thingCode: 'YL-FIRE-CAM-1', thingName: '森林防火监控 YL-FIRE-CAM-1', value: 1, rule: '视频监控识别到烟火', alertId: alert!.id },
    });
    const { steps } = dataOf(await admin.get<VerificationTaskDetail>(`/api/verification/tasks/${task!.id}`));
    expect(steps.map((s) => [s.action, s.actorAccount, s.note])).toEqual([['import', 'system', 'camera alarm']]);

    // the camera keeps reporting the fire: the alert stays open, and so does the one task
    await cam.push(1, '2026-04-10T13:43:10+08:00');
    expect(await alarmTasks()).toHaveLength(1);
    // the same alert again is no second task
    expect(await inTransaction(db(), (tx) => createAlarmTasks(tx, [alert!.id], NOW))).toEqual([]);
    expect(await alarmTasks()).toHaveLength(1);

    // the picture clears (the alert closes by itself), then smoke again: a new alert, a new task
    await cam.push(0, '2026-04-10T13:50:00+08:00');
    await cam.push(1, '2026-04-10T13:55:00+08:00');
    const tasks = await alarmTasks();
    expect(tasks.map((t) => t.detectedAt)).toEqual(['2026-04-10T13:55:00+08:00', '2026-04-10T13:42:10+08:00']);
    expect(new Set(tasks.map((t) => t.sourceId)).size).toBe(2);
    await cam.push(0, '2026-04-10T13:58:00+08:00');
  });

  it('makes no task of a camera’s other alerts, and one when a rule enabled later opens an alarm alert', async () => {
    const cam = await camera('XA-FIRE-CAM-2', 108.95, 34.27, ['smoke_fire_alarm', 'battery_voltage']);
    const low = dataOf(
      await admin.post<AlertRule>('/api/sensing/alert-rules', {
        kind: 'threshold',
        name: '相机电池电压低于 11 V',
        observedProperty: 'battery_voltage',
        comparator: '<',
        threshold: 11,
        thingKind: 'video_camera',
        severity: 'warning',
      }),
    );
    await cam.push(10.2, '2026-04-10T13:00:00+08:00', 'battery_voltage');
    expect((await alertsOf(cam.thing.id)).map((a) => a.rule.id)).toEqual([low.id]);
    const before = (await alarmTasks()).length;

    const rules = dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules'));
    const alarmRule = rules.find((r) => r.observedProperty === 'smoke_fire_alarm')!;
    await admin.post(`/api/sensing/alert-rules/${alarmRule.id}/disable`);
    await cam.push(1, '2026-04-10T13:30:00+08:00');
    expect(await alarmTasks()).toHaveLength(before);

    await admin.post(`/api/sensing/alert-rules/${alarmRule.id}/enable`);
    const tasks = await alarmTasks();
    expect(tasks).toHaveLength(before + 1);
    expect(tasks.filter((t) => t.properties.thingCode === 'XA-FIRE-CAM-2')).toMatchObject([
      { divisionCode: '610100', detectedAt: '2026-04-10T13:30:00+08:00' },
    ]);
  });
});
