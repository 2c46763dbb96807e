import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRecentDetections, useSensingOverview } from '../../api/sensing';
import { currentLocale } from '../../i18n/i18n';
import '../../i18n/sensing';
import { DetectionThumb } from '../../components/DetectionThumb';
import { formatDataTime } from '../../components/format-data-time';
import { sensingFigures } from '../../components/sensing-figures';
import { VerificationHeadline } from '../../components/VerificationHeadline';
import './sensing-figures.css';

/** How many recent detections /home shows. */
const RECENT_DETECTIONS = 4;
/** /home has no live stream: its figures and detections are refetched every minute while shown. */
const REFRESH = { refetchInterval: 60_000 };

/**
 * The newest detections, each with its thumbnail in a fixed box (lazy-loaded; a click opens the
 * larger view: the original for signed-in users, the thumbnail for visitors) or an empty box when
 * the camera sent none. Nothing at all while there are no detections.
 */
function RecentDetections() {
  const { t } = useTranslation();
  const { data } = useRecentDetections(RECENT_DETECTIONS, REFRESH);
  if (!data || data.length === 0) return null;
  const locale = currentLocale();
  const zh = locale === 'zh-CN';
  return (
    <section className="home-detections" data-testid="home-detections" aria-label={t('sensing.wall.detections')}>
      <h2>
        {t('sensing.wall.detections')}
        <Link to="/stgz">{t('sensing.home.toWall')}</Link>
      </h2>
      <ul>
        {data.map((d) => {
          const name = zh ? (d.nameZh ?? d.scientificName) : d.scientificName;
          const time = formatDataTime(d.phenomenonTime, locale);
          const level = d.level === 'I' ? t('sensing.wall.levelI') : d.level === 'II' ? t('sensing.wall.levelII') : t('sensing.wall.unlisted');
          return (
            <li key={d.id}>
              <DetectionThumb detection={d} time={time} className="home-detection-thumb" />
              <span className="home-detection-text">
                <b title={d.scientificName}>
                  {name === d.scientificName ? <i>{name}</i> : name} ×{d.count}
                </b>
                <small>
                  {level} · <time dateTime={d.phenomenonTime}>{time}</time>
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
 * /home's strip of the sensing network's key figures, the same as /stgz shows (components/sensing-figures.ts):
 * devices online / total (per kind and the online rule in the tooltip), observations in the last
 * 24 h, stations above AQI 100 counted from fresh AQIs only (无最新数据 in a neutral tone when none
 * is fresh), active alerts, species detections in 24 h — each with the time of its data; links to
 * /stgz. Below it, the newest species detections with their camera-trap thumbnails, and the day's
 * verification figures (卫星热点 found, fed back, overdue).
 */
export function SensingFigures() {
  const { t } = useTranslation();
  const { data } = useSensingOverview(REFRESH);
  const figures = sensingFigures(data, t, currentLocale());
  return (
    <>
      <Link to="/stgz" className="sensing-figures" data-testid="home-sensing-figures">
        {figures.map((f) => (
          <span key={f.key} className={`sensing-figure ${f.tone}`} title={f.title} data-figure={f.key}>
            <b>{f.value}</b>
            <small>{t(`sensing.figures.${f.key}`)}</small>
            {/* the line is there while loading too, so the strip does not grow (and push the page down) when the figures arrive */}
            <small className="sensing-figure-time">{f.time || '\u00a0'}</small>
          </span>
        ))}
      </Link>
      <RecentDetections />
      <VerificationHeadline className="home-verification" refetchInterval={REFRESH.refetchInterval} />
    </>
  );
}
