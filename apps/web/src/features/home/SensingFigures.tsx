import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import '../../i18n/sensing';
import { request } from '../../request/request';
import './sensing-figures.css';

/** The sensing network's key figures (`GET /api/sensing/overview`), refreshed every minute. */
function useOverview() {
  return useQuery({ queryKey: ['sensing', 'overview'], queryFn: () => request<Overview>('api/sensing/overview'), refetchInterval: 60_000 });
}

/**
 * /home's strip of the sensing network's key figures, the same as /stgz shows: devices online /
 * total (and per kind in the tooltip), observations in the last 24 h, stations above AQI 100
 * (HJ 633-2012 level 3 and worse), active alerts, species detections in 24 h; links to /stgz.
 */
export function SensingFigures() {
  const { t } = useTranslation();
  const { data } = useOverview();
  const polluted = data?.stationsByAqiLevel.filter((l) => l.level >= 3).reduce((a, l) => a + l.stations, 0);
  const byKind = data?.things.byKind.filter((k) => k.total > 0).map((k) => `${t(`sensing.kinds.${k.kind}`)} ${k.online}/${k.total}`).join(' · ');
  const figures = [
    { key: 'online', value: data ? `${data.things.online} / ${data.things.total}` : '—', title: byKind },
    { key: 'observations24h', value: data?.observationsLast24h.toLocaleString() ?? '—' },
    { key: 'pollutedStations', value: polluted ?? '—', warn: (polluted ?? 0) > 0 },
    { key: 'activeAlerts', value: data?.activeAlerts ?? '—', warn: (data?.activeAlerts ?? 0) > 0 },
    { key: 'detections24h', value: data?.detectionsLast24h ?? '—' },
  ];
  return (
    <Link to="/stgz" className="sensing-figures" data-testid="home-sensing-figures" aria-label={t('sensing.wall.figures')}>
      {figures.map((f) => (
        <span key={f.key} className={f.warn ? 'sensing-figure warn' : 'sensing-figure'} title={f.title}>
          <b>{f.value}</b>
          <small>{t(`sensing.figures.${f.key}`)}</small>
        </span>
      ))}
    </Link>
  );
}
