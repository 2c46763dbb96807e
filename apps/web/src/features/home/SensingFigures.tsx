import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRecentDetections, useSensingOverview } from '../../api/sensing';
import { currentLocale } from '../../i18n/i18n';
import '../../i18n/sensing';
import { DetectionThumb } from '../../components/DetectionThumb';
import { VerificationHeadline } from '../../components/VerificationHeadline';
import './sensing-figures.css';

/** How many recent detections /home shows. */
const RECENT_DETECTIONS = 4;
/** /home has no live stream: its figures and detections are refetched every minute while shown. */
const REFRESH = { refetchInterval: 60_000 };

/** `2023-01-21T23:00:00+08:00` → `01-21 23:00` (the province's time, as the wall shows it). */
function shortTime(iso: string): string {
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

/**
 * The newest detections, each with its thumbnail in a fixed box (lazy-loaded; a click opens the
 * larger view: the original for signed-in users, the thumbnail for visitors) or an empty box when
 * the camera sent none. Nothing at all while there are no detections.
 */
function RecentDetections() {
  const { t } = useTranslation();
  const { data } = useRecentDetections(RECENT_DETECTIONS, REFRESH);
  if (!data || data.length === 0) return null;
  const zh = currentLocale() === 'zh-CN';
  return (
    <section className="home-detections" data-testid="home-detections" aria-label={t('sensing.wall.detections')}>
      <h2>
        {t('sensing.wall.detections')}
        <Link to="/stgz">{t('sensing.home.toWall')}</Link>
      </h2>
      <ul>
        {data.map((d) => {
          const name = zh ? (d.nameZh ?? d.scientificName) : d.scientificName;
          const time = shortTime(d.phenomenonTime);
          const level = d.level === 'I' ? t('sensing.wall.levelI') : d.level === 'II' ? t('sensing.wall.levelII') : t('sensing.wall.unlisted');
          return (
            <li key={d.id}>
              <DetectionThumb detection={d} time={time} className="home-detection-thumb" />
              <span className="home-detection-text">
                <b title={d.scientificName}>
                  {name === d.scientificName ? <i>{name}</i> : name} ×{d.count}
                </b>
                <small>
                  {level} · <time>{time}</time>
                </small>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /home's strip of the sensing network's key figures, the same as /stgz shows: devices online /
 * total (and per kind in the tooltip), observations in the last 24 h, stations above AQI 100
 * (HJ 633-2012 level 3 and worse), active alerts, species detections in 24 h; links to /stgz.
 * Below it, the newest species detections with their camera-trap thumbnails, and the day's
 * verification figures (卫星热点 found, fed back, overdue).
 */
export function SensingFigures() {
  const { t } = useTranslation();
  const { data } = useSensingOverview(REFRESH);
  const polluted = data?.stationsByAqiLevel.filter((l) => l.level >= 3).reduce((a, l) => a + l.stations, 0);
  const byKind = data?.things.byKind
    .filter((k) => k.total > 0)
    .map((k) => `${t(`sensing.kinds.${k.kind}`)} ${k.online}/${k.total}`)
    .join(' · ');
  const figures = [
    { key: 'online', value: data ? `${data.things.online} / ${data.things.total}` : '—', title: byKind },
    { key: 'observations24h', value: data?.observationsLast24h.toLocaleString() ?? '—' },
    { key: 'pollutedStations', value: polluted ?? '—', warn: (polluted ?? 0) > 0 },
    { key: 'activeAlerts', value: data?.activeAlerts ?? '—', warn: (data?.activeAlerts ?? 0) > 0 },
    { key: 'detections24h', value: data?.detectionsLast24h ?? '—' },
  ];
  return (
    <>
      <Link to="/stgz" className="sensing-figures" data-testid="home-sensing-figures">
        {figures.map((f) => (
          <span key={f.key} className={f.warn ? 'sensing-figure warn' : 'sensing-figure'} title={f.title}>
            <b>{f.value}</b>
            <small>{t(`sensing.figures.${f.key}`)}</small>
          </span>
        ))}
      </Link>
      <RecentDetections />
      <VerificationHeadline className="home-verification" refetchInterval={REFRESH.refetchInterval} />
    </>
  );
}
