/**
 * Alert rules and alerts within the organisation scope (docs/access.md §Organisation scope): a rule
 * belongs to an organisation (by default the author's, below the province) and covers only the
 * Things of that organisation and those under it; a province-wide rule covers every Thing. Editors
 * create, change, move and switch rules, and acknowledge and close alerts, only within their scope;
 * outside it they are refused with 403 and nothing changes.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Alert, AlertRule, Datastream, IngestResult, NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import { alertRules, alerts } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';
import { checkSilence } from './service';

const NOW = new Date('2023-01-22T20:00:00+08:00');

describe('alert rules and alerts within the organisation scope', () => {
  const ctx = useTestApp({ loaded: true, now: () => NOW });
  const db = () => ctx.database.db;
  let admin: Browser;
  /** editors of 周至县, of 西安市 (周至县 and 长安区 are under it) and of the province */
  let zhouzhi: Browser;
  let xian: Browser;
  let province: Browser;
  const org: Record<string, number> = {};
  /** sensor masts of 周至县, of 长安区 and of no organisation, each with a wind-speed Datastream */
  let zzMast: Mast;
  let caMast: Mast;
  let provMast: Mast;

  interface Mast {
    id: number;
    push: (result: number, time: string) => Promise<IngestResult>;
  }

  async function mast(code: string, organisationId: number | null): Promise<Mast> {
    const { thing } = dataOf(
      await admin.post<ThingDetail>('/api/things', {
        code,
        kind: 'sensor_mast',
        name: `风速监测杆 ${code}`,
        organisationId,
        status: 'active',
        longitude: 108.5,
        latitude: 34.1,
      }),
    );
    const stream = dataOf(await admin.post<Datastream>(`/api/things/${thing.id}/datastreams`, { observedProperty: 'wind_speed' }));
    const key = dataOf(await admin.post<NewThingKey>(`/api/things/${thing.id}/keys`)).key;
    return {
      id: thing.id,
      push: async (result, time) =>
        dataOf(
          await new Browser(ctx.app).request<IngestResult>(
            'POST',
            '/api/sensing/observations',
            { observations: [{ datastreamId: stream.id, phenomenonTime: time, result }] },
            { headers: { authorization: `Bearer ${key}` } },
          ),
        ),
    };
  }

  async function activeAlertsOf(thingId: number, ruleId: number): Promise<Alert[]> {
    const { items } = dataOf(await admin.get<Page<Alert>>('/api/sensing/alerts?status=active&pageSize=100'));
    return items.filter((a) => a.thing.id === thingId && a.rule.id === ruleId);
  }

  const gale = (fields: Record<string, unknown> = {}) => ({
    kind: 'threshold',
    name: '大风预警',
    observedProperty: 'wind_speed',
    comparator: '>',
    threshold: 20,
    thingKind: 'sensor_mast',
    ...fields,
  });

  beforeAll(async () => {
    for (const code of ['61', '6101', '610124', '610116']) {
      org[code] = await organisationIdOf(db(), code);
    }
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    zhouzhi = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['610124'] })).browser;
    xian = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['6101'] })).browser;
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: org['61'] })).browser;
    zzMast = await mast('WIND-ZZ-1', org['610124']!);
    caMast = await mast('WIND-CA-1', org['610116']!);
    provMast = await mast('WIND-PROV-1', null);
    for (const m of [zzMast, caMast, provMast]) expect((await m.push(30, '2023-01-22T19:00:00+08:00')).accepted).toBe(1);
  });

  describe('rules', () => {
    let countyRule: AlertRule;

    it("gives a county editor's new rule their county, and opens alerts only for that county's Things", async () => {
      const created = await zhouzhi.post<AlertRule>('/api/sensing/alert-rules', gale({ name: '周至大风' }));
      expect(created.status).toBe(201);
      countyRule = dataOf(created);
      expect(countyRule).toMatchObject({ organisationId: org['610124'], organisationName: '周至县', activeAlerts: 1 });
      expect(await activeAlertsOf(zzMast.id, countyRule.id)).toHaveLength(1);
      expect(await activeAlertsOf(caMast.id, countyRule.id)).toEqual([]);
      expect(await activeAlertsOf(provMast.id, countyRule.id)).toEqual([]);
      // new data of a Thing outside the rule's organisation opens nothing either
      expect((await caMast.push(35, '2023-01-22T19:10:00+08:00')).accepted).toBe(1);
      expect(await activeAlertsOf(caMast.id, countyRule.id)).toEqual([]);
      const listed = dataOf(await admin.get<AlertRule[]>('/api/sensing/alert-rules')).find((r) => r.id === countyRule.id);
      expect(listed).toMatchObject({ organisationId: org['610124'], organisationName: '周至县' });
    });

    it('makes rules of administrators and province editors province-wide unless told otherwise', async () => {
      for (const [browser, name] of [
        [admin, '全省大风（管理员）'],
        [province, '全省大风（省级）'],
      ] as const) {
        const rule = dataOf(await browser.post<AlertRule>('/api/sensing/alert-rules', gale({ name, threshold: 50 })));
        expect(rule).toMatchObject({ organisationId: null, organisationName: null });
      }
      const forCity = dataOf(await admin.post<AlertRule>('/api/sensing/alert-rules', gale({ name: '西安大风', threshold: 50, organisationId: org['6101'] })));
      expect(forCity).toMatchObject({ organisationId: org['6101'], organisationName: '西安市' });
    });

    it('refuses a county editor a rule for another county, the city above or the whole province (403), and an unknown organisation (404), storing nothing', async () => {
      const before = await countRows(db());
      for (const organisationId of [org['610116'], org['6101'], null]) {
        const response = await zhouzhi.post('/api/sensing/alert-rules', gale({ name: '越权规则', organisationId }));
        expect([response.status, errorOf(response).errorCode], String(organisationId)).toEqual([403, 'FORBIDDEN']);
      }
      const unknown = await zhouzhi.post('/api/sensing/alert-rules', gale({ name: '无此单位', organisationId: 999_999 }));
      expect([unknown.status, errorOf(unknown).errorCode]).toEqual([404, 'ORGANISATION_NOT_FOUND']);
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses a county editor editing, disabling or enabling a province-wide rule (403), changing nothing', async () => {
      const [aqiRule] = await db().select().from(alertRules).where(eq(alertRules.observedPropertyCode, 'aqi'));
      const before = await countRows(db());
      for (const response of [
        await zhouzhi.patch(`/api/sensing/alert-rules/${aqiRule!.id}`, { threshold: 100 }),
        await zhouzhi.post(`/api/sensing/alert-rules/${aqiRule!.id}/disable`),
        await zhouzhi.post(`/api/sensing/alert-rules/${aqiRule!.id}/enable`),
      ]) {
        expect([response.status, errorOf(response).errorCode]).toEqual([403, 'FORBIDDEN']);
      }
      expect(await countRows(db())).toEqual(before);
      const [after] = await db().select().from(alertRules).where(eq(alertRules.id, aqiRule!.id));
      expect(after).toEqual(aqiRule);
    });

    it('lets the county editor change their own rule, but not give it to another county', async () => {
      const edited = await zhouzhi.patch<AlertRule>(`/api/sensing/alert-rules/${countyRule.id}`, { name: '周至大风（六级以上）', severity: 'critical' });
      expect(edited.status).toBe(200);
      const before = await countRows(db());
      const away = await zhouzhi.patch(`/api/sensing/alert-rules/${countyRule.id}`, { organisationId: org['610116'] });
      expect([away.status, errorOf(away).errorCode]).toEqual([403, 'FORBIDDEN']);
      expect(await countRows(db())).toEqual(before);
      const [row] = await db().select({ organisationId: alertRules.organisationId }).from(alertRules).where(eq(alertRules.id, countyRule.id));
      expect(row!.organisationId).toBe(org['610124']);
    });

    it("re-evaluates a rule moved to the city: it now covers the city's counties, and the county editor may no longer change it", async () => {
      const moved = dataOf(await xian.patch<AlertRule>(`/api/sensing/alert-rules/${countyRule.id}`, { organisationId: org['6101'] }));
      expect(moved).toMatchObject({ organisationId: org['6101'], organisationName: '西安市', activeAlerts: 2 });
      expect(await activeAlertsOf(caMast.id, countyRule.id)).toMatchObject([{ status: 'open', value: 35 }]);
      expect(await activeAlertsOf(provMast.id, countyRule.id)).toEqual([]);
      expect((await zhouzhi.post(`/api/sensing/alert-rules/${countyRule.id}/disable`)).status).toBe(403);
      expect(dataOf(await xian.post<AlertRule>(`/api/sensing/alert-rules/${countyRule.id}/disable`))).toMatchObject({ enabled: false, activeAlerts: 0 });
      expect(dataOf(await xian.post<AlertRule>(`/api/sensing/alert-rules/${countyRule.id}/enable`))).toMatchObject({ enabled: true, activeAlerts: 2 });
    });

    it('opens silence alerts of a rule only for the Things its organisation covers', async () => {
      const silence = dataOf(
        await zhouzhi.post<AlertRule>('/api/sensing/alert-rules', {
          kind: 'silence',
          name: '周至监测杆 1 小时无数据',
          silentMinutes: 60,
          thingKind: 'sensor_mast',
        }),
      );
      // the masts were last heard at 19:00 and 19:10: silent for an hour by 20:30
      await checkSilence(db(), new Date('2023-01-22T20:30:00+08:00'));
      const silent = await db().select({ thingId: alerts.thingId }).from(alerts).where(eq(alerts.ruleId, silence.id));
      expect(silent.map((a) => a.thingId)).toEqual([zzMast.id]);
    });

    it('refuses an unknown property in a rule body with 400 naming it, storing nothing', async () => {
      const before = await countRows(db());
      const response = await admin.post('/api/sensing/alert-rules', gale({ name: '短信通知', notify: 'sms' }));
      expect(response.status).toBe(400);
      expect(errorOf(response).details?.map((d) => d.field)).toEqual(['body/notify']);
      const patched = await admin.patch(`/api/sensing/alert-rules/${countyRule.id}`, { name: '改名', channel: 'sms' });
      expect(errorOf(patched).details?.map((d) => d.field)).toEqual(['body/channel']);
      expect(await countRows(db())).toEqual(before);
    });
  });

  describe('acknowledging and closing alerts', () => {
    let provinceRule: AlertRule;

    beforeAll(async () => {
      provinceRule = dataOf(await admin.post<AlertRule>('/api/sensing/alert-rules', gale({ name: '全省大风 25', threshold: 25 })));
    });

    it("refuses a county editor the alerts of another county's Thing or of a province-wide Thing (403), changing nothing", async () => {
      const [ofNeighbour] = await activeAlertsOf(caMast.id, provinceRule.id);
      const [ofNetwork] = await activeAlertsOf(provMast.id, provinceRule.id);
      const before = await countRows(db());
      for (const alert of [ofNeighbour!, ofNetwork!]) {
        for (const action of ['acknowledge', 'close']) {
          const response = await zhouzhi.post(`/api/sensing/alerts/${alert.id}/${action}`);
          expect([response.status, errorOf(response).errorCode], `${action} ${alert.thing.code}`).toEqual([403, 'FORBIDDEN']);
        }
      }
      expect(await countRows(db())).toEqual(before);
      const rows = await db().select({ status: alerts.status, acknowledgedBy: alerts.acknowledgedBy }).from(alerts).where(eq(alerts.id, ofNeighbour!.id));
      expect(rows).toEqual([{ status: 'open', acknowledgedBy: null }]);
    });

    it("lets a county editor acknowledge and close the alerts of their own county's Things, whoever's rule opened them", async () => {
      const [alert] = await activeAlertsOf(zzMast.id, provinceRule.id);
      expect(dataOf(await zhouzhi.post<Alert>(`/api/sensing/alerts/${alert!.id}/acknowledge`))).toMatchObject({ status: 'acknowledged' });
      expect(dataOf(await zhouzhi.post<Alert>(`/api/sensing/alerts/${alert!.id}/close`))).toMatchObject({ status: 'closed' });
    });

    it('lets a city editor handle the alerts of its counties, and a province editor those of every Thing', async () => {
      const [ofCounty] = await activeAlertsOf(caMast.id, provinceRule.id);
      expect((await xian.post(`/api/sensing/alerts/${ofCounty!.id}/acknowledge`)).status).toBe(200);
      const [ofNetwork] = await activeAlertsOf(provMast.id, provinceRule.id);
      expect((await xian.post(`/api/sensing/alerts/${ofNetwork!.id}/acknowledge`)).status).toBe(403);
      expect((await province.post(`/api/sensing/alerts/${ofNetwork!.id}/acknowledge`)).status).toBe(200);
    });
  });
});
