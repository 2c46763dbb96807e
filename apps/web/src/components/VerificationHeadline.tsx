import type { KindSummary } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import { useVerificationSummary } from '../api/verification';
import { currentLocale } from '../i18n/i18n';
import { formatDataTime } from './format-data-time';
import '../i18n/verification';

/** Kinds always shown, even on a day without any: the headline provinces report (docs/verification.md §Figures). */
const ALWAYS = new Set(['hotspot']);

/**
 * The day's verification figures, one line per kind with work today or still open, e.g.
 * 今日卫星热点 19 个，已反馈 2 个，超期 0 个 · 待办结 19 个（其中超期 0 个）, with the time they were
 * computed. Used by /home (refetched every minute) and /stgz (its own interval).
 */
export function VerificationHeadline({ className, refetchInterval }: { className?: string; refetchInterval?: number }) {
  const { t } = useTranslation();
  const { data } = useVerificationSummary(refetchInterval ? { refetchInterval } : {});
  if (!data) {
    // the lines a day without work shows, empty, so the page below does not move down when the figures arrive
    return (
      <section className={className} aria-busy="true" aria-label={t('verification.headline.title')}>
        <ul>
          <li aria-hidden="true">
            <b>{'\u00a0'}</b>
            <small>{'\u00a0'}</small>
          </li>
        </ul>
        <small>{'\u00a0'}</small>
      </section>
    );
  }
  const zh = currentLocale() === 'zh-CN';
  const shown = data.kinds.filter((k) => ALWAYS.has(k.kind) || k.today > 0 || k.open > 0);
  const line = (k: KindSummary) =>
    t('verification.headline.line', { kind: zh ? k.zh : k.en.toLowerCase(), today: k.today, fedBack: k.todayFedBack, overdue: k.todayOverdue });
  return (
    <section className={className} data-testid="verification-headline" aria-label={t('verification.headline.title')}>
      <ul>
        {shown.map((k) => (
          <li key={k.kind} data-kind={k.kind}>
            <b>{line(k)}</b>
            <small className={k.overdue > 0 ? 'overdue' : undefined}>{t('verification.headline.open', { open: k.open, overdue: k.overdue })}</small>
          </li>
        ))}
      </ul>
      <small>{t('verification.headline.asOf', { time: formatDataTime(data.at, currentLocale()) })}</small>
    </section>
  );
}
