/**
 * Alert rules as an administrator's or editor's browser meets them: the seeded rules listed; a
 * threshold and a silence rule created, edited, disabled and enabled, each audited; a new rule
 * opening an alert when a device's data breaches it, and a disabled one not; staff refused; bad
 * input refused with 400 and nothing changed.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertRule, Datastream, IngestResult, NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import type { Page } from '@eco/contracts/envelope';
import { auditLog } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

const NOW = new Date('2023-01-22T20:00:00+08:00');

describe('alert rules', () => {
  const ctx = useTestApp({ loaded: true, now: () => NOW });
  const db = () => ctx.database.db;
  let admin: Browser;
  let editor: Browser;
  let staff: Browser;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    editor = (await signedInAs(ctx.app, db(), 'editor')).browser;
    staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
  });

  const auditRows = (action: string, id: number) => db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  /** A sensor mast with a fire-danger Datastream and a key, registered through the API. */
  async function mast(code: string) {
    const thing = dataOf(await admin.post<ThingDetail>('/api/things', { code, kind: 'sensor_mast', name: `火险监测杆 ${code}`, organisationId: null, status: 'active', longitude: 108.9, latitude: 34.2 })).thing;
    const stream = dataOf(await admin.post<Datastream>(`/api/things/${thing.id}/datastreams`, { observedProperty: 'fire_danger_level' }));
    const key = dataOf(await admin.post<NewThingKey>(`/api/things/${thing.id}/keys`)).key;
    const push = (result: number, time: string) =>
      new Browser(ctx.app).request<IngestResult>('POST', '/api/sensing/observations', { observations: [{ datastreamId: stream.id, phenomenonTime: time, result }] }, { headers: { authorization: `Bearer ${key}` } });
    return { thing, push };
  }

  async function activeAlertsOf(thingId: number): Promise<Alert[]> {
    return dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&pageSize=100')).items.filter((a) => a.thing.id === thingId);
  }

  it('lists the seeded rules for editors, and refuses staff and strangers', async () => {
    const rules = dataOf(await editor.get<AlertRule[]>('/api/sensing/alert-rules'));
    expect(rules.map((r) => [r.kind, r.observedProperty, r.comparator, r.threshold, r.silentMinutes, r.thingKind, r.enabled])).toEqual([
      ['threshold', 'aqi', '>', 200, null, 'air_quality_station', true],
      ['silence', null, null, null, 180, 'air_quality_station', true],
      ['silence', null, null, null, 1440, 'infrared_camera', true],
    ]);
    expect((await staff.get('/api/sensing/alert-rules')).status).toBe(403);
    expect((await new Browser(ctx.app).get('/api/sensing/alert-rules')).status).toBe(401);
  });

  it('creates a threshold rule that opens an alert on breaching data; disabled, it opens none', async () => {
    const created = await editor.post<AlertRule>('/api/sensing/alert-rules', {
      kind: 'threshold',
      name: '森林火险等级 4 级及以上',
      observedProperty: 'fire_danger_level',
      comparator: '>=',
      threshold: 4,
      thingKind: 'sensor_mast',
      severity: 'critical',
    });
    expect(created.status).toBe(201);
    const rule = dataOf(created);
    expect(rule).toMatchObject({ kind: 'threshold', observedProperty: 'fire_danger_level', comparator: '>=', threshold: 4, silentMinutes: null, thingKind: 'sensor_mast', severity: 'critical', enabled: true, activeAlerts: 0 });
    expect((await auditRows('alert_rule.create', rule.id))[0]!.after).toMatchObject({ name: '森林火险等级 4 级及以上', threshold: 4, enabled: true });

    const first = await mast('FIRE-RULE-1');
    expect(dataOf(await first.push(4, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
    const [alert] = await activeAlertsOf(first.thing.id);
    expect(alert).toMatchObject({ status: 'open', severity: 'critical', value: 4, rule: { id: rule.id, name: '森林火险等级 4 级及以上' } });
    expect(dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules')).find((r) => r.id === rule.id)!.activeAlerts).toBe(1);

    const disabled = dataOf(await admin.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/disable`));
    expect(disabled.enabled).toBe(false);
    expect(await auditRows('alert_rule.disable', rule.id)).toHaveLength(1);
    const second = await mast('FIRE-RULE-2');
    expect(dataOf(await second.push(5, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
    expect(await activeAlertsOf(second.thing.id)).toEqual([]);
    // the alert already open stays for people to handle
    expect(await activeAlertsOf(first.thing.id)).toHaveLength(1);

    expect(dataOf(await admin.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/enable`)).enabled).toBe(true);
    expect(await auditRows('alert_rule.enable', rule.id)).toHaveLength(1);
    expect(dataOf(await second.push(5, '2023-01-22T19:10:00+08:00')).accepted).toBe(1);
    expect(await activeAlertsOf(second.thing.id)).toHaveLength(1);
  });

  it('edits a silence rule and audits only what changed; enabling an enabled rule changes nothing', async () => {
    const rule = dataOf(await admin.post<AlertRule>('/api/sensing/alert-rules', { kind: 'silence', name: '视频监控 30 分钟无数据', silentMinutes: 30, thingKind: 'video_camera' }));
    expect(rule).toMatchObject({ severity: 'warning', silentMinutes: 30, observedProperty: null, comparator: null, threshold: null });
    const edited = dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { silentMinutes: 60, name: '视频监控 1 小时无数据', severity: 'info' }));
    expect(edited).toMatchObject({ silentMinutes: 60, name: '视频监控 1 小时无数据', severity: 'info', kind: 'silence' });
    const [entry] = await auditRows('alert_rule.update', rule.id);
    expect(entry!.before).toEqual({ name: '视频监控 30 分钟无数据', silentMinutes: 30, severity: 'warning' });
    expect(entry!.after).toEqual({ name: '视频监控 1 小时无数据', silentMinutes: 60, severity: 'info' });
    const before = await countRows(db());
    expect((await admin.post(`/api/sensing/alert-rules/${rule.id}/enable`)).status).toBe(200);
    expect(await countRows(db())).toEqual(before);
  });

  it.each([
    [{ kind: 'threshold', name: '缺阈值', observedProperty: 'aqi', comparator: '>' }],
    [{ kind: 'silence', name: '缺时长' }],
    [{ kind: 'silence', name: '混合', silentMinutes: 10, threshold: 3 }],
    [{ kind: 'threshold', name: '错比较符', observedProperty: 'aqi', comparator: '=', threshold: 1 }],
    [{ kind: 'silence', name: '太长', silentMinutes: 7 * 24 * 60 + 1 }],
    [{ kind: 'silence', name: '零', silentMinutes: 0 }],
    [{ kind: 'silence', name: '   ', silentMinutes: 10 }],
    [{ kind: 'silence', name: '种类', silentMinutes: 10, thingKind: 'drone' }],
    [{ kind: 'flood', name: '种类', silentMinutes: 10 }],
    [{ kind: 'threshold', name: '非数', observedProperty: 'aqi', comparator: '>', threshold: 'high' }],
  ])('refuses %j with 400, changing nothing', async (body) => {
    const before = await countRows(db());
    const response = await admin.post('/api/sensing/alert-rules', body);
    expect(response.status).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    expect(await countRows(db())).toEqual(before);
  });

  it('refuses an unknown property (404), rule (404), the other kind\'s field (400) and staff (403), changing nothing', async () => {
    const before = await countRows(db());
    const unknown = await admin.post('/api/sensing/alert-rules', { kind: 'threshold', name: '氡', observedProperty: 'radon', comparator: '>', threshold: 1 });
    expect([unknown.status, errorOf(unknown).errorCode]).toEqual([404, 'OBSERVED_PROPERTY_NOT_FOUND']);
    const missing = await admin.patch('/api/sensing/alert-rules/999999', { name: '无' });
    expect([missing.status, errorOf(missing).errorCode]).toEqual([404, 'ALERT_RULE_NOT_FOUND']);
    const [aqiRule] = dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules'));
    const foreign = await admin.patch(`/api/sensing/alert-rules/${aqiRule!.id}`, { silentMinutes: 5 });
    expect([foreign.status, errorOf(foreign).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await staff.post(`/api/sensing/alert-rules/${aqiRule!.id}/disable`)).status).toBe(403);
    expect((await staff.post('/api/sensing/alert-rules', { kind: 'silence', name: '员工', silentMinutes: 5 })).status).toBe(403);
    expect(await countRows(db())).toEqual(before);
  });
});
