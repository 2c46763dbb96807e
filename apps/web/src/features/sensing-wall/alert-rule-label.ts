import { useCallback, useMemo } from 'react';
import type { Alert, LatestObservation } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { type PropertyWords, ruleName } from '../../components/rule-words';

/**
 * An alert's rule named in the language on screen (components/rule-words.ts `ruleName`: the name
 * as typed in zh-CN; in en-US a Chinese name becomes the rule's condition, `Air quality index above
 * 200`). The wall is public and cannot read the back office's property list, so the property names
 * come from the latest values it shows (`latest`); a property without a value there reads as its code.
 * The returned function changes only when the locale or the known names change (it is an effect's
 * dependency in CriticalBand).
 */
export function useAlertRuleLabel(latest: readonly LatestObservation[]): (a: Alert) => string {
  const { t, i18n } = useTranslation();
  const key = [...new Set(latest.map((o) => o.observedProperty))].sort().join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change only when the set of properties does (key)
  const properties = useMemo<PropertyWords[]>(() => {
    const byCode = new Map<string, PropertyWords>();
    for (const o of latest) byCode.set(o.observedProperty, { code: o.observedProperty, nameZh: o.propertyNameZh, nameEn: o.propertyNameEn, unit: o.unit });
    return [...byCode.values()];
  }, [key]);
  return useCallback((a: Alert) => ruleName(t, i18n, a.rule, properties), [t, i18n, properties, i18n.language]);
}
