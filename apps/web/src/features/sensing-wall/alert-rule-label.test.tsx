import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert, LatestObservation } from '@eco/contracts/sensing';
import { i18n } from '../../i18n/i18n';
import { useAlertRuleLabel } from './alert-rule-label';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const WIND: LatestObservation = {
  datastreamId: 9,
  thing: { id: 3, code: 'MAST-3', name: '风速杆 3' },
  observedProperty: 'wind_speed',
  propertyNameZh: '风速',
  propertyNameEn: 'Wind speed',
  unit: 'm/s',
  phenomenonTime: '2026-11-24T15:00:00+08:00',
  result: 12,
} as LatestObservation;

const ALERT = {
  rule: { id: 1, name: '大风预警', kind: 'threshold', observedProperty: 'wind_speed', comparator: '>', threshold: 20, silentMinutes: null },
} as Alert;

function Label({ latest }: { latest: LatestObservation[] }) {
  return <p>{useAlertRuleLabel(latest)(ALERT)}</p>;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  await i18n.changeLanguage('zh-CN');
});

describe("the wall's alert rule names", () => {
  it('keeps the name as typed in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    act(() => root.render(<Label latest={[WIND]} />));
    expect(container.textContent).toBe('大风预警');
  });

  it('says a Chinese-named rule in English by its condition, with the property name from the latest values', async () => {
    await i18n.changeLanguage('en-US');
    act(() => root.render(<Label latest={[WIND]} />));
    expect(container.textContent).toBe('Wind speed above 20 m/s');
  });

  it('falls back to the property code when no latest value names it', async () => {
    await i18n.changeLanguage('en-US');
    act(() => root.render(<Label latest={[]} />));
    expect(container.textContent).toBe('wind_speed above 20');
  });
});
