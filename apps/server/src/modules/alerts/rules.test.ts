/**
 * Alert rules as an administrator's or editor's browser meets them: the seeded rules listed; a
 * threshold and a silence rule created, edited, disabled and enabled, each audited; a new rule
 * opening an alert when a device's data breaches it, and a disabled one not; saving a rule moving
 * its alerts at once (closed with the editor as closer, or opened), in the same transaction, and on
 * the live stream; staff refused; bad input refused with 400 and nothing changed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertRule, Datastream, IngestResult, NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import type { Page } from '@eco/contracts/envelope';
import { alerts, auditLog } from '../../db/schema';
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
  let editorUser: { id: number; account: string };
  let adminUser: { id: number; account: string };

  beforeAll(async () => {
    const a = await signedInAs(ctx.app, db(), 'admin');
    const e = await signedInAs(ctx.app, db(), 'editor');
    [admin, adminUser] = [a.browser, a.user];
    [editor, editorUser] = [e.browser, e.user];
    staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
  });

  const auditRows = (action: string, id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  /** A sensor mast with a Datastream of `property` (fire danger unless given) and a key, registered through the API. */
  async function mast(code: string, property = 'fire_danger_level') {
    const thing = dataOf(
      await admin.post<ThingDetail>('/api/things', {
        code,
        kind: 'sensor_mast',
        name: `火险监测杆 ${code}`,
        organisationId: null,
        status: 'active',
        longitude: 108.9,
        latitude: 34.2,
      }),
    ).thing;
    const stream = dataOf(await admin.post<Datastream>(`/api/things/${thing.id}/datastreams`, { observedProperty: property }));
    const key = dataOf(await admin.post<NewThingKey>(`/api/things/${thing.id}/keys`)).key;
    const push = (result: number, time: string) =>
      new Browser(ctx.app).request<IngestResult>(
        'POST',
        '/api/sensing/observations',
        { observations: [{ datastreamId: stream.id, phenomenonTime: time, result }] },
        { headers: { authorization: `Bearer ${key}` } },
      );
    return { thing, push };
  }

  async function activeAlertsOf(thingId: number): Promise<Alert[]> {
    return dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&pageSize=100')).items.filter((a) => a.thing.id === thingId);
  }

  /** One alert as a signed-in user sees it in the list (with who acknowledged and closed it). */
  async function alertById(id: number): Promise<Alert | undefined> {
    for (let page = 1; ; page++) {
      const { items, total } = dataOf(await admin.get<Page<Alert>>(`/api/sensing/alerts?pageSize=100&page=${page}`));
      const found = items.find((a) => a.id === id);
      if (found || page * 100 >= total) return found;
    }
  }

  const ruleById = async (id: number) => dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules')).find((r) => r.id === id)!;

  it('lists the seeded rules for editors, and refuses staff and strangers', async () => {
    const rules = dataOf(await editor.get<AlertRule[]>('/api/sensing/alert-rules'));
    expect(rules.map((r) => [r.kind, r.observedProperty, r.comparator, r.threshold, r.silentMinutes, r.thingKind, r.enabled])).toEqual([
      ['threshold', 'aqi', '>', 200, null, 'air_quality_station', true],
      ['silence', null, null, null, 180, 'air_quality_station', true],
      ['silence', null, null, null, 1440, 'infrared_camera', true],
      ['threshold', 'smoke_fire_alarm', '>=', 1, null, 'video_camera', true],
    ]);
    expect((await staff.get('/api/sensing/alert-rules')).status).toBe(403);
    expect((await new Browser(ctx.app).get('/api/sensing/alert-rules')).status).toBe(401);
  });

  it('creates a threshold rule that opens an alert on breaching data; disabled, it opens none and closes its own', async () => {
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
    expect(rule).toMatchObject({
      kind: 'threshold',
      observedProperty: 'fire_danger_level',
      comparator: '>=',
      threshold: 4,
      silentMinutes: null,
      thingKind: 'sensor_mast',
      severity: 'critical',
      enabled: true,
      activeAlerts: 0,
    });
    expect((await auditRows('alert_rule.create', rule.id))[0]!.after).toMatchObject({ name: '森林火险等级 4 级及以上', threshold: 4, enabled: true });

    const first = await mast('FIRE-RULE-1');
    expect(dataOf(await first.push(4, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
    const [alert] = await activeAlertsOf(first.thing.id);
    expect(alert).toMatchObject({ status: 'open', severity: 'critical', value: 4, rule: { id: rule.id, name: '森林火险等级 4 级及以上' } });
    expect(dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules')).find((r) => r.id === rule.id)!.activeAlerts).toBe(1);

    const disabled = dataOf(await admin.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/disable`));
    expect(disabled).toMatchObject({ enabled: false, activeAlerts: 0 });
    expect(await auditRows('alert_rule.disable', rule.id)).toHaveLength(1);
    // the alert it had opened is closed by the administrator who disabled the rule
    expect(await activeAlertsOf(first.thing.id)).toEqual([]);
    expect(await alertById(alert!.id)).toMatchObject({ status: 'closed', closedBy: adminUser.account, closedAt: '2023-01-22T20:00:00+08:00' });
    const second = await mast('FIRE-RULE-2');
    expect(dataOf(await second.push(5, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
    expect(await activeAlertsOf(second.thing.id)).toEqual([]);

    // enabled again, it opens alerts at once for both masts, whose newest values breach it
    expect(dataOf(await admin.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/enable`))).toMatchObject({ enabled: true, activeAlerts: 2 });
    expect(await auditRows('alert_rule.enable', rule.id)).toHaveLength(1);
    expect(await activeAlertsOf(second.thing.id)).toMatchObject([{ status: 'open', value: 5 }]);
    expect(await activeAlertsOf(first.thing.id)).toMatchObject([{ status: 'open', value: 4 }]);
    expect(dataOf(await second.push(5, '2023-01-22T19:10:00+08:00')).accepted).toBe(1);
    expect(await activeAlertsOf(second.thing.id)).toHaveLength(1);
  });

  it('lists only the alerts of one severity, and counts them all, when asked (the wall counts the critical ones)', async () => {
    const ruleOf = async (name: string, threshold: number, severity: Alert['severity']) =>
      dataOf(
        await editor.post<AlertRule>('/api/sensing/alert-rules', {
          kind: 'threshold',
          name,
          observedProperty: 'fire_danger_level',
          comparator: '>=',
          threshold,
          thingKind: 'sensor_mast',
          severity,
        }),
      );
    const rule = await ruleOf('火险 5 级', 5, 'critical');
    await ruleOf('火险 3 级', 3, 'warning');
    for (const code of ['SEVERITY-1', 'SEVERITY-2']) expect(dataOf(await (await mast(code)).push(5, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
    const every = dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&pageSize=100')).items;
    const critical = every.filter((a) => a.severity === 'critical');
    expect(critical.filter((a) => a.rule.id === rule.id).length).toBeGreaterThanOrEqual(2);
    expect(every.length).toBeGreaterThan(critical.length);

    const page = dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&severity=critical&pageSize=1'));
    expect(page.total).toBe(critical.length);
    expect(page.items).toEqual(critical.slice(0, 1));
    const warnings = dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&severity=warning&pageSize=100'));
    expect(warnings.items.length).toBeGreaterThan(0);
    expect(warnings.items.every((a) => a.severity === 'warning')).toBe(true);
    expect(warnings.total).toBe(every.length - critical.length - every.filter((a) => a.severity === 'info').length);

    const refused = await admin.get('/api/sensing/alerts?severity=fatal');
    expect(refused.status).toBe(400);
    expect(errorOf(refused).details?.map((d) => d.field)).toEqual(['querystring/severity']);
  });

  it('edits a silence rule and audits only what changed; enabling an enabled rule changes nothing', async () => {
    const rule = dataOf(
      await admin.post<AlertRule>('/api/sensing/alert-rules', {
        kind: 'silence',
        name: '视频监控 30 分钟无数据',
        silentMinutes: 30,
        thingKind: 'video_camera',
      }),
    );
    expect(rule).toMatchObject({ severity: 'warning', silentMinutes: 30, observedProperty: null, comparator: null, threshold: null });
    const edited = dataOf(
      await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { silentMinutes: 60, name: '视频监控 1 小时无数据', severity: 'info' }),
    );
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

  it("refuses an unknown property (404), rule (404), the other kind's field (400) and staff (403), changing nothing", async () => {
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

  describe('saving a rule re-evaluates its alerts at once', () => {
    /** The active alerts of rule `rule` for the Thing of `device` (other tests' rules may watch the same masts). */
    const alertsOf = async (device: { thing: { id: number } }, rule: { id: number }) =>
      (await activeAlertsOf(device.thing.id)).filter((a) => a.rule.id === rule.id);

    /** A wind-speed rule for sensor masts, created by the editor. */
    async function windRule(name: string, comparator: string, threshold: number): Promise<AlertRule> {
      return dataOf(
        await editor.post<AlertRule>('/api/sensing/alert-rules', {
          kind: 'threshold',
          name,
          observedProperty: 'wind_speed',
          comparator,
          threshold,
          thingKind: 'sensor_mast',
          severity: 'warning',
        }),
      );
    }

    it('closes the open alert when the threshold is raised above the newest value, with the editor as closer; lowered, opens one', async () => {
      const gusty = await mast('WIND-REEVAL-1', 'wind_speed');
      const calm = await mast('WIND-REEVAL-2', 'wind_speed');
      expect(dataOf(await gusty.push(20, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      expect(dataOf(await calm.push(8, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      // created, the rule opens an alert for the mast whose newest value already breaches it
      const rule = await windRule('大风 15 m/s 以上', '>', 15);
      expect(rule.activeAlerts).toBe(1);
      const [opened] = await alertsOf(gusty, rule);
      expect(opened).toMatchObject({ status: 'open', value: 20, openedAt: '2023-01-22T20:00:00+08:00', rule: { id: rule.id } });
      expect(await alertsOf(calm, rule)).toEqual([]);

      const raised = dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { threshold: 25 }));
      expect(raised).toMatchObject({ threshold: 25, activeAlerts: 0 });
      expect(await alertsOf(gusty, rule)).toEqual([]);
      expect(await alertById(opened!.id)).toMatchObject({ status: 'closed', closedBy: editorUser.account, closedAt: '2023-01-22T20:00:00+08:00' });
      const [row] = await db().select().from(alerts).where(eq(alerts.id, opened!.id));
      expect(row!.closedBy).toBe(editorUser.id);
      // the rule's change and the alert's closing are both in the audit log, by the editor
      const [update] = await auditRows('alert_rule.update', rule.id);
      expect([update!.actorAccount, update!.before, update!.after]).toEqual([editorUser.account, { threshold: 15 }, { threshold: 25 }]);
      const [closing] = await auditRows('alert.close', opened!.id);
      expect(closing).toMatchObject({
        actorAccount: editorUser.account,
        entityType: 'alert',
        before: { status: 'open' },
        after: { status: 'closed', byRuleChange: rule.id },
      });

      const lowered = dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { threshold: 18 }));
      expect(lowered.activeAlerts).toBe(1);
      const [reopened] = await alertsOf(gusty, rule);
      expect(reopened).toMatchObject({ status: 'open', value: 20, closedBy: null });
      expect(reopened!.id).not.toBe(opened!.id);
      expect(await alertsOf(calm, rule)).toEqual([]);

      // turned round (below 10 m/s), it closes the gusty mast's alert and opens the calm one's
      const turned = dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { comparator: '<', threshold: 10 }));
      expect(turned.activeAlerts).toBe(1);
      expect(await alertsOf(gusty, rule)).toEqual([]);
      expect(await alertsOf(calm, rule)).toMatchObject([{ status: 'open', value: 8 }]);
      // for another kind of device, the masts' alerts close
      expect(dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { thingKind: 'video_camera' })).activeAlerts).toBe(0);
      expect(await alertsOf(calm, rule)).toEqual([]);
    });

    it('closes acknowledged alerts too when the rule is disabled, keeping who acknowledged them', async () => {
      const thing = await mast('WIND-REEVAL-3', 'wind_speed');
      expect(dataOf(await thing.push(30, '2023-01-22T19:30:00+08:00')).accepted).toBe(1);
      const rule = await windRule('大风 28 m/s 以上', '>=', 28);
      const [alert] = await alertsOf(thing, rule);
      expect(dataOf(await admin.post<Alert>(`/api/sensing/alerts/${alert!.id}/acknowledge`)).status).toBe('acknowledged');

      expect(dataOf(await editor.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/disable`))).toMatchObject({ enabled: false, activeAlerts: 0 });
      expect(await alertById(alert!.id)).toMatchObject({ status: 'closed', acknowledgedBy: adminUser.account, closedBy: editorUser.account });
      expect(await auditRows('alert.close', alert!.id)).toMatchObject([{ actorAccount: editorUser.account, before: { status: 'acknowledged' } }]);
    });

    it('moves no alert when only the name or severity changes, as the edit form sends every field', async () => {
      const thing = await mast('WIND-REEVAL-4', 'wind_speed');
      expect(dataOf(await thing.push(40, '2023-01-22T19:30:00+08:00')).accepted).toBe(1);
      const rule = await windRule('大风 35 m/s 以上', '>', 35);
      const [alert] = await alertsOf(thing, rule);
      const edited = dataOf(
        await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, {
          name: '狂风 35 m/s 以上',
          severity: 'critical',
          observedProperty: 'wind_speed',
          comparator: '>',
          threshold: 35,
          thingKind: 'sensor_mast',
        }),
      );
      expect(edited).toMatchObject({ name: '狂风 35 m/s 以上', severity: 'critical', activeAlerts: 1 });
      expect(await alertsOf(thing, rule)).toMatchObject([{ id: alert!.id, status: 'open' }]);
      expect(await auditRows('alert.close', alert!.id)).toEqual([]);
    });

    it('closes and opens silence alerts against when each device was last heard', async () => {
      // heard at 19:00; the clock says 20:00
      const thing = await mast('QUIET-REEVAL-1', 'battery_voltage');
      expect(dataOf(await thing.push(12.5, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      const rule = dataOf(
        await editor.post<AlertRule>('/api/sensing/alert-rules', {
          kind: 'silence',
          name: '传感器塔 30 分钟无数据',
          silentMinutes: 30,
          thingKind: 'sensor_mast',
        }),
      );
      const [alert] = await alertsOf(thing, rule);
      expect(alert).toMatchObject({ status: 'open', value: null });

      // an hour of silence is not yet two
      expect(dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { silentMinutes: 120 })).silentMinutes).toBe(120);
      expect(await alertsOf(thing, rule)).toEqual([]);
      expect(await alertById(alert!.id)).toMatchObject({ status: 'closed', closedBy: editorUser.account });
      dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { silentMinutes: 45 }));
      expect(await alertsOf(thing, rule)).toHaveLength(1);
      // disabled, it closes them all (and leaves the masts of the next tests alone)
      expect(dataOf(await editor.post<AlertRule>(`/api/sensing/alert-rules/${rule.id}/disable`)).activeAlerts).toBe(0);
    });

    it('keeps neither the rule change nor any alert change when a write of the change fails', async () => {
      const gusty = await mast('WIND-REEVAL-5', 'wind_speed');
      const calm = await mast('WIND-REEVAL-6', 'wind_speed');
      expect(dataOf(await gusty.push(50, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      expect(dataOf(await calm.push(1, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      const rule = await windRule('大风 45 m/s 以上', '>', 45);
      const [open] = await alertsOf(gusty, rule);
      const before = { rule: await ruleById(rule.id), rows: await countRows(db()) };
      // turning the rule round closes the gusty mast's alert, then fails opening the calm one's, as a crash would
      await db().execute(
        sql.raw(`
        create function fail_alert_open() returns trigger language plpgsql as $$
        begin raise exception 'simulated crash opening an alert'; end $$`),
      );
      await db().execute(
        sql.raw(`create trigger fail_alert_open before insert on alerts for each row when (new.rule_id = ${rule.id}) execute function fail_alert_open()`),
      );
      try {
        const response = await editor.patch(`/api/sensing/alert-rules/${rule.id}`, { comparator: '<', threshold: 2 });
        expect(response.status).toBe(500);
        expect(errorOf(response).errorCode).toBe('INTERNAL_ERROR');
        expect(await ruleById(rule.id)).toEqual(before.rule);
        expect(await alertsOf(gusty, rule)).toEqual([open]);
        expect(await alertsOf(calm, rule)).toEqual([]);
        expect(await countRows(db())).toEqual(before.rows);
        expect(await auditRows('alert_rule.update', rule.id)).toEqual([]);
        expect(await auditRows('alert.close', open!.id)).toEqual([]);
      } finally {
        await db().execute(sql`drop trigger fail_alert_open on alerts`);
        await db().execute(sql`drop function fail_alert_open()`);
      }
      // without the failure the same change goes through
      expect(dataOf(await editor.patch<AlertRule>(`/api/sensing/alert-rules/${rule.id}`, { comparator: '<', threshold: 2 })).activeAlerts).toBe(1);
      expect(await alertsOf(calm, rule)).toHaveLength(1);
    });

    it('publishes the alerts a rule change closes and opens on the live stream, after commit', async () => {
      const thing = await mast('WIND-REEVAL-7', 'wind_speed');
      expect(dataOf(await thing.push(60, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
      const rule = await windRule('大风 55 m/s 以上', '>', 55);
      const [alert] = await alertsOf(thing, rule);
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const abort = new AbortController();
      try {
        const response = await fetch(`${address}/api/sensing/stream`, { signal: abort.signal });
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let text = decoder.decode((await reader.read()).value);
        expect(text).toContain(': connected');
        /** The next `alert` event's data (the stream is public: no account names). */
        const nextAlert = async (): Promise<Alert> => {
          const next = () => /event: alert\ndata: (.*)\n\n/.exec(text);
          let match = next();
          while (!match) {
            text += decoder.decode((await reader.read()).value);
            match = next();
          }
          text = text.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as Alert;
        };
        dataOf(await editor.post(`/api/sensing/alert-rules/${rule.id}/disable`));
        expect(await nextAlert()).toMatchObject({
          id: alert!.id,
          status: 'closed',
          closedAt: '2023-01-22T20:00:00+08:00',
          closedBy: null,
          rule: { id: rule.id },
        });
        dataOf(await editor.post(`/api/sensing/alert-rules/${rule.id}/enable`));
        const reopened = await nextAlert();
        expect(reopened).toMatchObject({ status: 'open', value: 60, thing: { code: 'WIND-REEVAL-7' } });
        expect(reopened.id).not.toBe(alert!.id);
      } finally {
        abort.abort();
      }
    });
  });
});
