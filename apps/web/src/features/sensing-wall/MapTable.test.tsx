import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Thing } from '@eco/contracts/sensing';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { MapTable } from './MapTable';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The server's clock of the figures: 24 Nov 2026, 16:00 in the province. */
const AT = '2026-11-24T16:00:00+08:00';

function thing(fields: Partial<Thing> & Pick<Thing, 'id' | 'code' | 'name' | 'kind'>): Thing {
  return {
    status: 'active',
    organisation: null,
    longitude: 108.94,
    latitude: 34.26,
    positionGeneralised: false,
    cityCode: '610100',
    cityName: '西安市',
    countyCode: null,
    lastSeenAt: null,
    reportingIntervalSeconds: null,
    online: false,
    aqi: null,
    activeKeys: 0,
    openAlerts: 0,
    ...fields,
  };
}

const THINGS: Thing[] = [
  thing({ id: 1, code: '1462A', name: '高压开关厂', kind: 'air_quality_station', online: true, aqi: { value: 62, time: '2026-11-24T15:00:00+08:00' } }),
  thing({ id: 2, code: '1463A', name: '兴庆小区', kind: 'air_quality_station', aqi: { value: 180, time: '2026-11-24T09:00:00+08:00' } }),
  thing({ id: 3, code: 'IR-01', name: '佛坪红外相机', kind: 'infrared_camera', cityName: null, status: 'maintenance' }),
  // not on the map: no position
  thing({ id: 4, code: 'MAST-9', name: '未定位风速杆', kind: 'sensor_mast', longitude: null, latitude: null }),
];
const TASKS: PublicTask[] = [
  {
    id: 17,
    kind: 'fire_hotspot',
    status: 'dispatched',
    longitude: 107.9,
    latitude: 33.6,
    precision: 2,
    detectedAt: '2026-11-24T13:20:00+08:00',
    cityName: '汉中市',
    overdue: true,
  },
];

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<MapTable things={THINGS} tasks={TASKS} locale="zh-CN" at={AT} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const toggle = () => container.querySelector<HTMLButtonElement>('[data-testid="wall-table-toggle"]')!;
const layer = () => container.querySelector<HTMLElement>('[data-testid="wall-table"]')!;
const rowsOf = (table: Element) => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));

describe("the wall's map as a table", () => {
  it('is folded away under a button until asked for', () => {
    expect(toggle().textContent).toBe('以表格查看地图数据');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(layer().hidden).toBe(true);
    expect(layer().querySelector('table')).toBeNull();
  });

  it('lists every Thing the map draws, and each station’s AQI with its category only while fresh, and the open tasks', () => {
    act(() => toggle().click());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(layer().hidden).toBe(false);
    const [things, tasks] = layer().querySelectorAll('table');
    expect(things!.querySelector('caption')?.textContent).toBe('地图上的设备（共 3 台）');
    expect([...things!.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(rowsOf(things!)).toEqual([
      ['高压开关厂 1462A', '空气质量监测站', '西安市', '在线', '62', '良', '11月24日 15:00'],
      // seven hours old: the value and its time, but no category
      ['兴庆小区 1463A', '空气质量监测站', '西安市', '离线', '180', '无最新数据', '11月24日 09:00'],
      ['佛坪红外相机 IR-01', '红外相机', '未知', '离线 · 维护中', '不适用', '不适用', '不适用'],
    ]);
    expect(things!.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
    expect(tasks!.querySelector('caption')?.textContent).toBe('待核查任务（共 1 个）');
    expect(rowsOf(tasks!)[0]).toEqual(['#17', expect.any(String), expect.stringContaining('超期'), '汉中市', '11月24日 13:20']);
  });

  it('takes focus when opened and gives it back to the button when closed, by its close button or Escape', () => {
    act(() => toggle().click());
    expect(document.activeElement).toBe(layer());
    expect(layer().getAttribute('aria-labelledby')).toBe(layer().querySelector('h3')?.id);
    act(() => layer().querySelector<HTMLButtonElement>('.wall-table-close')!.click());
    expect(layer().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());

    act(() => toggle().click());
    act(() => {
      layer().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(layer().hidden).toBe(true);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });
});
