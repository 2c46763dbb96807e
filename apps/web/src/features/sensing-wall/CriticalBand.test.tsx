import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '@eco/contracts/sensing';
import { CriticalBand } from './CriticalBand';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const AT = '2026-11-24T16:00:00+08:00';

/** Alert `id`, opened `id` minutes past 15:00 on the mast `MAST-<id>`. */
function alert(id: number, severity: Alert['severity'] = 'critical', status: Alert['status'] = 'open'): Alert {
  return {
    id,
    status,
    severity,
    rule: { id: 1, name: '大风预警', kind: 'threshold', observedProperty: 'wind_speed', comparator: '>', threshold: 20, silentMinutes: null },
    thing: { id, code: `MAST-${id}`, name: `风速杆 ${id}`, kind: 'sensor_mast' },
    value: 20 + id,
    openedAt: `2026-11-24T15:${String(id).padStart(2, '0')}:00+08:00`,
    acknowledgedAt: null,
    acknowledgedBy: null,
    closedAt: null,
    closedBy: null,
  };
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** The rule as the wall names it in zh-CN: its name as typed. */
const RULE_NAME = (a: Alert) => a.rule.name;

/** The band given `alerts` and the count of the alert list (by default the critical active ones among them). */
const show = (alerts: Alert[], total = alerts.filter((a) => a.severity === 'critical' && a.status !== 'closed').length) =>
  act(() => root.render(<CriticalBand alerts={alerts} total={total} locale="zh-CN" at={AT} ruleLabel={RULE_NAME} />));
const band = () => container.querySelector('[data-testid="wall-critical"]');
const live = () => container.querySelector('[role="alert"]')!;

describe('the critical-alert band', () => {
  it('is absent while no critical alert is open, its announcing region always there and silent', () => {
    show([alert(1, 'warning'), alert(2, 'critical', 'closed')]);
    expect(band()).toBeNull();
    expect(live().textContent).toBe('');
  });

  it('counts every open critical alert and names the newest three, then how many more', () => {
    // newest first, as the API lists them; a warning is not counted
    show([alert(9), alert(8, 'warning'), alert(7, 'critical', 'acknowledged'), alert(6), alert(5), alert(4)]);
    expect(band()?.querySelector('[data-testid="wall-critical-count"]')?.textContent).toBe('严重告警 5 条');
    expect([...band()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '风速杆 9 · 大风预警 (29) · 11月24日 15:09',
      '风速杆 7 · 大风预警 (27) · 11月24日 15:07',
      '风速杆 6 · 大风预警 (26) · 11月24日 15:06',
    ]);
    expect(band()?.querySelector('.wall-critical-more')?.textContent).toBe('另有 2 条');
  });

  it('counts every active critical alert, beyond the page it names them from', () => {
    show([alert(3), alert(2), alert(1)], 140);
    expect(band()?.querySelector('[data-testid="wall-critical-count"]')?.textContent).toBe('严重告警 140 条');
    expect(band()?.querySelectorAll('li')).toHaveLength(3);
    expect(band()?.querySelector('.wall-critical-more')?.textContent).toBe('另有 137 条');
  });

  it('announces each new critical alert once, not again when the same alerts come back', () => {
    show([alert(1)]);
    expect(live().textContent).toBe('新的严重告警：风速杆 1 · 大风预警 (21) · 11月24日 15:01');
    const observer = new MutationObserver(() => {});
    observer.observe(live(), { subtree: true, childList: true, characterData: true });
    // refetched: new objects, the same alerts; the region is not touched
    show([alert(1)]);
    show([alert(1), alert(2, 'warning')]);
    expect(observer.takeRecords()).toHaveLength(0);
    // two arrive together: one announcement naming the newest
    show([alert(4), alert(3), alert(1)]);
    expect(observer.takeRecords().length).toBeGreaterThan(0);
    observer.disconnect();
    expect(live().textContent).toBe('新增 2 条严重告警，最新：风速杆 4 · 大风预警 (24) · 11月24日 15:04');
  });
});
