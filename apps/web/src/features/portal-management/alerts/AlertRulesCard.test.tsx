import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alertsApi } from '@eco/contracts/api/alerts';
import { thingsApi } from '@eco/contracts/api/things';
import type { AlertRule, ObservedProperty } from '@eco/contracts/sensing';
import { keyOf } from '../../../api/client';
import { setLocale } from '../../../i18n/i18n';
import '../../../i18n/management';
import { InitialStateContext, type InitialState } from '../../../state/initial-state';
import { AlertRulesCard } from './AlertRulesCard';
import { assumeWideScreen } from '../../../test/wide-screen';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROPERTIES: ObservedProperty[] = [
  { code: 'aqi', nameZh: '空气质量指数', nameEn: 'Air quality index', unit: '', minValue: 0, maxValue: 500 },
  { code: 'wind_speed', nameZh: '风速', nameEn: 'Wind speed', unit: 'm/s', minValue: 0, maxValue: 75 },
];

const rule = (fields: Partial<AlertRule> & Pick<AlertRule, 'id' | 'name' | 'kind'>): AlertRule => ({
  observedProperty: null,
  comparator: null,
  threshold: null,
  silentMinutes: null,
  thingKind: null,
  severity: 'warning',
  enabled: true,
  organisationId: null,
  organisationName: null,
  activeAlerts: 0,
  createdAt: '2026-11-24T08:00:00+08:00',
  ...fields,
});

/** What `GET /api/sensing/alert-rules` answers: two seeded rules (named in Chinese) and one an editor named in English. */
const RULES: AlertRule[] = [
  rule({
    id: 1,
    name: 'AQI 超过 200（重度污染及以上）',
    kind: 'threshold',
    observedProperty: 'aqi',
    comparator: '>',
    threshold: 200,
    thingKind: 'air_quality_station',
  }),
  rule({ id: 2, name: '监测站 3 小时无数据', kind: 'silence', silentMinutes: 180, thingKind: 'air_quality_station' }),
  rule({
    id: 3,
    name: 'Gale on the Qinling ridge',
    kind: 'threshold',
    observedProperty: 'wind_speed',
    comparator: '>',
    threshold: 30,
    thingKind: 'sensor_mast',
  }),
];

const STATE: InitialState = {
  settings: {} as InitialState['settings'],
  currentUser: null,
  refresh: async () => {},
};

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeAll(() => {
  assumeWideScreen();
  // the table's scrolling measures itself; jsdom has no ResizeObserver: one that never reports
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  setLocale('zh-CN');
});

/** The card with the server's answers loaded; each rule as [name, condition, its switch's accessible name]. */
function rows(): string[][] {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(keyOf(alertsApi.listAlertRules, {}), RULES);
  client.setQueryData(keyOf(thingsApi.listObservedProperties, {}), PROPERTIES);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <InitialStateContext.Provider value={STATE}>
        <QueryClientProvider client={client}>
          <AlertRulesCard />
        </QueryClientProvider>
      </InitialStateContext.Provider>,
    ),
  );
  return [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) => {
    const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
    return [cells[0]!, cells[1]!, tr.querySelector('[role="switch"]')?.getAttribute('aria-label') ?? ''];
  });
}

describe('告警规则 names', () => {
  it('shows zh-CN readers each rule by the name it was given', () => {
    expect(rows()).toEqual([
      ['AQI 超过 200（重度污染及以上）', '空气质量指数 高于 200', '启用规则“AQI 超过 200（重度污染及以上）”'],
      ['监测站 3 小时无数据', '3 小时无数据', '启用规则“监测站 3 小时无数据”'],
      ['Gale on the Qinling ridge', '风速 高于 30 m/s', '启用规则“Gale on the Qinling ridge”'],
    ]);
  });

  it('shows en-US readers no Chinese: a rule named in Chinese is named by its condition, an English name stays', () => {
    act(() => setLocale('en-US'));
    const [aqi, silence, gale] = rows();
    expect(aqi!.slice(0, 2)).toEqual(['Air quality index above 200', 'Air quality index above 200']);
    expect(silence!.slice(0, 2)).toEqual(['No data for 3 h', 'No data for 3 h']);
    expect(gale!.slice(0, 2)).toEqual(['Gale on the Qinling ridge', 'Wind speed above 30 m/s']);
    expect(container!.querySelector('tbody')!.textContent).not.toMatch(/\p{Script=Han}/u);
    expect(aqi![2]).toContain('Air quality index above 200');
  });
});
