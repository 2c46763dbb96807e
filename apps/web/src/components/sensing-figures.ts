/**
 * The key figures of the sensing network as /home and /stgz show them, each with the time of its
 * data beside it (docs/sensing.md §Freshness): devices online / total (per kind in the title),
 * observations in 24 h, stations above AQI 100 (HJ 633-2012 level 3 and worse) counted only from
 * fresh AQIs — when no station has one, the figure says 无最新数据 in a neutral tone, never a
 * count in alarm colours —, active alerts, species detections in 24 h.
 */
import type { Overview } from '@eco/contracts/sensing';
import type { TFunction } from 'i18next';
import type { Locale } from '../i18n/i18n';
import { formatCount } from './format-count';
import { formatDataTime } from './format-data-time';

export interface SensingFigure {
  key: 'online' | 'observations24h' | 'pollutedStations' | 'activeAlerts' | 'detections24h';
  /** what is shown large: a number, `12 / 56`, or words (无最新数据) */
  value: string;
  /** `warn`: worth a look (alarm colour); `stale`: no recent data (neutral); `normal` */
  tone: 'normal' | 'warn' | 'stale';
  /** the time of the data behind the figure, for people (数据时间 1月21日 23:00, 截至 …) */
  time: string;
  /** more detail for a tooltip */
  title?: string;
}

/**
 * The five figures of `overview` in `locale` (`t` with the sensing messages registered); `—` for
 * every value while it is loading. Times are shown against the server's `at`, so the year appears
 * when the data is from another year than the figures' own time.
 */
export function sensingFigures(overview: Overview | undefined, t: TFunction, locale: Locale): SensingFigure[] {
  if (!overview) {
    return (['online', 'observations24h', 'pollutedStations', 'activeAlerts', 'detections24h'] as const).map((key) => ({
      key,
      value: '—',
      tone: 'normal',
      time: '',
    }));
  }
  const time = (iso: string) => formatDataTime(iso, locale, overview.at);
  const asOf = t('sensing.figures.asOf', { time: time(overview.at) });
  const byKind = overview.things.byKind
    .filter((k) => k.total > 0)
    .map((k) => `${t(`sensing.kinds.${k.kind}`)} ${k.online}/${k.total}`)
    .join(' · ');
  const counted = overview.stationsByAqiLevel.reduce((a, l) => a + l.stations, 0);
  const polluted = overview.stationsByAqiLevel.filter((l) => l.level >= 3).reduce((a, l) => a + l.stations, 0);
  const hours = overview.aqiFreshMinutes / 60;
  const aqiRule = t('sensing.figures.aqiRule', { hours });
  const stale = overview.stationsWithoutRecentAqi;
  const pollutedFigure: SensingFigure =
    counted === 0
      ? {
          key: 'pollutedStations',
          value: t('sensing.figures.noRecentData'),
          tone: 'stale',
          time: overview.latestAqiTime ? t('sensing.figures.latestWas', { time: time(overview.latestAqiTime), hours }) : t('sensing.figures.noData'),
          title: aqiRule,
        }
      : {
          key: 'pollutedStations',
          value: formatCount(polluted),
          tone: polluted > 0 ? 'warn' : 'normal',
          time: [
            overview.aqiTime && t('sensing.figures.dataTime', { time: time(overview.aqiTime) }),
            stale > 0 && t('sensing.figures.staleStations', { count: stale }),
          ]
            .filter(Boolean)
            .join(' · '),
          title: aqiRule,
        };
  return [
    {
      key: 'online',
      value: `${overview.things.online} / ${overview.things.total}`,
      tone: 'normal',
      time: overview.dataTime ? t('sensing.figures.dataTime', { time: time(overview.dataTime) }) : t('sensing.figures.neverHeard'),
      title: [byKind, t('sensing.figures.onlineRule')].filter(Boolean).join('\n'),
    },
    { key: 'observations24h', value: formatCount(overview.observationsLast24h), tone: 'normal', time: asOf },
    pollutedFigure,
    { key: 'activeAlerts', value: formatCount(overview.activeAlerts), tone: overview.activeAlerts > 0 ? 'warn' : 'normal', time: asOf },
    { key: 'detections24h', value: formatCount(overview.detectionsLast24h), tone: 'normal', time: asOf },
  ];
}
