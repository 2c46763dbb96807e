import { useEffect, useRef, useState } from 'react';
import type { Alert } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { formatDataTime } from '../../components/format-data-time';
import type { Locale } from '../../i18n/i18n';
import '../../i18n/sensing-wall';

/** How many critical alerts the band names; the others it counts ("另有 N 条"). */
export const CRITICAL_SHOWN = 3;

/** Open or acknowledged critical alerts of `alerts`, in their order (the API's: newest first). */
export function criticalOf(alerts: readonly Alert[]): Alert[] {
  return alerts.filter((a) => a.severity === 'critical' && a.status !== 'closed');
}

/** An alert in one line: the device, the rule, the value that opened it, and when. */
function describe(a: Alert, locale: Locale, at: string, ruleLabel: (a: Alert) => string): string {
  return `${a.thing.name} · ${ruleLabel(a)}${a.value !== null ? ` (${a.value})` : ''} · ${formatDataTime(a.openedAt, locale, at)}`;
}

/**
 * What a screen reader is told of the critical alerts: the newest one not heard before (with how
 * many arrived together), once. The text changes only when an alert appears that this screen has
 * not announced yet, so refetches and re-renders announce nothing again (the effect runs after
 * each render, and finds nothing new).
 */
function useAnnouncement(critical: readonly Alert[], locale: Locale, at: string, ruleLabel: (a: Alert) => string): string {
  const { t } = useTranslation();
  const announced = useRef(new Set<number>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    const arrived = critical.filter((a) => !announced.current.has(a.id));
    for (const a of arrived) announced.current.add(a.id);
    const newest = arrived[0];
    if (!newest) return;
    const alert = describe(newest, locale, at, ruleLabel);
    setMessage(arrived.length === 1 ? t('wall.critical.announce', { alert }) : t('wall.critical.announceMany', { count: arrived.length, alert }));
  }, [critical, locale, at, t, ruleLabel]);
  return message;
}

/**
 * The critical alerts that nobody in the room can miss: a red band across the top of the wall,
 * in a row of its own (the panels below it shrink; nothing is covered), that flashes (steady under
 * prefers-reduced-motion). It counts the open critical alerts and names the newest
 * CRITICAL_SHOWN — device, rule, value, when — then "另有 N 条" for the rest. Absent while there is
 * none. A screen reader hears each new one once through a hidden `role="alert"` region that is
 * always there (useAnnouncement).
 *
 * @param alerts the active critical alerts, newest first (one page of the alert list with
 *   `severity=critical`; any other given is left out)
 * @param total how many active critical alerts there are in all (that list's `total`)
 * @param at the server's clock (ISO 8601), against which the times are written
 * @param ruleLabel an alert's rule in words in the language on screen (./alert-rule-label.ts)
 */
export function CriticalBand({
  alerts,
  total,
  locale,
  at,
  ruleLabel,
}: {
  alerts: readonly Alert[];
  total: number;
  locale: Locale;
  at: string;
  ruleLabel: (a: Alert) => string;
}) {
  const { t } = useTranslation();
  const critical = criticalOf(alerts);
  const announcement = useAnnouncement(critical, locale, at, ruleLabel);
  // the page may be older or newer than the count by an alert or two while both are refetched
  const count = Math.max(total, critical.length);
  const more = count - Math.min(critical.length, CRITICAL_SHOWN);
  return (
    <>
      <p className="wall-sr-only" role="alert">
        {announcement}
      </p>
      {critical.length > 0 && (
        <section className="wall-critical" aria-label={t('wall.critical.label')} data-testid="wall-critical">
          <b className="wall-critical-count" data-testid="wall-critical-count">
            {t('wall.critical.count', { count })}
          </b>
          <ul className="wall-critical-list">
            {critical.slice(0, CRITICAL_SHOWN).map((a) => (
              <li key={a.id}>
                {a.thing.name} · {ruleLabel(a)}
                {a.value !== null && ` (${a.value})`} · <time dateTime={a.openedAt}>{formatDataTime(a.openedAt, locale, at)}</time>
              </li>
            ))}
          </ul>
          {more > 0 && <span className="wall-critical-more">{t('wall.critical.more', { count: more })}</span>}
        </section>
      )}
    </>
  );
}
