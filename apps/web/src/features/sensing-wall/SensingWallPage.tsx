import { lazy, Suspense } from 'react';
import { AQI_LEVELS } from '@eco/contracts/aqi-levels';
import { AIR_QUALITY_PROPERTIES } from '@eco/contracts/air-quality';
import type { Alert, LatestObservation, Overview } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../../api/alerts';
import { useCityBoundaries } from '../../api/geography';
import { usePublicTasks } from '../../api/verification';
import { useLatestObservations, useMapThings, useRecentDetections, useSensingOverview } from '../../api/sensing';
import { AqiLegend } from '../../components/map/AqiLegend';
import { DelayedSpinner } from '../../components/DelayedSpinner';
import { currentLocale } from '../../i18n/i18n';
import '../../i18n/sensing';
import { VerificationHeadline } from '../../components/VerificationHeadline';
import { DetectionThumb } from '../../components/DetectionThumb';
import { useSensingStream } from './use-sensing-stream';
import './sensing-wall.css';

const ThingsMap = lazy(() => import('./ThingsMap'));
/**
 * The wall's fallback refreshes while the event stream is down (each event refetches at once): the
 * key figures every minute, the map every two.
 */
const FIGURES_REFRESH = { refetchInterval: 60_000 };
const MAP_REFRESH = { refetchInterval: 120_000 };
const GLYPHS = { air_quality_station: '●', video_camera: '■', infrared_camera: '▲', sensor_mast: '◆' } as const;

/** `2023-01-21T23:00:00+08:00` → `01-21 23:00` (the wall's times are the province's). */
function shortTime(iso: string): string {
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

function propertyLabel(code: string, zh: boolean): string {
  const p = AIR_QUALITY_PROPERTIES.find((x) => x.code === code);
  return p ? (zh ? p.nameZh : p.nameEn) : code;
}

/** The key figures: devices online / total, observations in 24 h, stations above AQI 100, active alerts, detections. */
function Figures({ overview }: { overview: Overview | undefined }) {
  const { t } = useTranslation();
  const polluted = overview?.stationsByAqiLevel.filter((l) => l.level >= 3).reduce((a, l) => a + l.stations, 0);
  const figures = [
    { key: 'online', value: overview ? `${overview.things.online} / ${overview.things.total}` : '—' },
    { key: 'observations24h', value: overview?.observationsLast24h.toLocaleString() ?? '—' },
    { key: 'pollutedStations', value: polluted ?? '—', warn: (polluted ?? 0) > 0 },
    { key: 'activeAlerts', value: overview?.activeAlerts ?? '—', warn: (overview?.activeAlerts ?? 0) > 0 },
    { key: 'detections24h', value: overview?.detectionsLast24h ?? '—' },
  ];
  return (
    <div className="wall-figures" data-testid="wall-figures">
      {figures.map((f) => (
        <div key={f.key} className={f.warn ? 'wall-figure warn' : 'wall-figure'} data-figure={f.key}>
          <strong>{f.value}</strong>
          <span>{t(`sensing.figures.${f.key}`)}</span>
        </div>
      ))}
    </div>
  );
}

/** What the ticker shows of a Thing's newest values: AQI and PM2.5 first, else its first two properties. */
const PREFERRED = ['aqi', 'pm2_5', 'pm10', 'o3'];

interface ThingReading {
  thing: LatestObservation['thing'];
  time: string;
  values: LatestObservation[];
}

/** Newest observations (newest first) folded into one row per Thing, at most `limit` rows. */
function readingsOf(observations: LatestObservation[], limit: number): ThingReading[] {
  const rows = new Map<number, ThingReading>();
  const seen = new Set<number>();
  for (const o of observations) {
    if (seen.has(o.datastreamId)) continue; // the stream's newer value came first
    seen.add(o.datastreamId);
    const row = rows.get(o.thing.id);
    if (!row) {
      if (rows.size >= limit) continue;
      rows.set(o.thing.id, { thing: o.thing, time: o.phenomenonTime, values: [o] });
    } else if (o.phenomenonTime === row.time) row.values.push(o);
  }
  const rank = (code: string) => (PREFERRED.includes(code) ? PREFERRED.indexOf(code) : PREFERRED.length);
  return [...rows.values()].map((r) => ({ ...r, values: [...r.values].sort((a, b) => rank(a.observedProperty) - rank(b.observedProperty)).slice(0, 2) }));
}

function ReadingRow({ r, zh }: { r: ThingReading; zh: boolean }) {
  return (
    <li>
      <span className="wall-row-main">{r.thing.name}</span>
      <b className="wall-row-value">
        {r.values.map((o) => (
          <span key={o.datastreamId} className="wall-reading">
            <small>{o.observedProperty === 'aqi' ? 'AQI' : propertyLabel(o.observedProperty, zh)}</small> {o.result}
            {o.unit && <small> {o.unit}</small>}
          </span>
        ))}
      </b>
      <time>{shortTime(r.time)}</time>
    </li>
  );
}

function AlertRow({ a }: { a: Alert }) {
  const { t } = useTranslation();
  return (
    <li className={`wall-alert sev-${a.severity}`}>
      <span className="wall-row-main">
        <i className="wall-sev">{t(`sensing.severities.${a.severity}`)}</i> {a.thing.name} · {a.rule.name}
        {a.value !== null && ` (${a.value})`}
      </span>
      <span className="wall-alert-status">{t(`sensing.alertStatuses.${a.status}`)}</span>
      <time>{shortTime(a.openedAt)}</time>
    </li>
  );
}

/**
 * /stgz (生态感知): the control-room wall. Left: key figures and stations by AQI level; centre: the
 * province map with every Thing by kind and status; right: latest observations, active alerts and
 * species detections with their camera-trap thumbnails. Updates live over server-sent events (use-sensing-stream.ts), with a
 * one-minute refetch as a fallback. Laid out for 1920×1080 and legible on a 1366×768 laptop.
 */
export default function SensingWallPage() {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const { live, arrived } = useSensingStream();
  const overview = useSensingOverview(FIGURES_REFRESH);
  const things = useMapThings(MAP_REFRESH);
  const boundaries = useCityBoundaries();
  const latest = useLatestObservations(150);
  const alerts = useAlerts({ status: 'active', pageSize: 8 });
  const detections = useRecentDetections(6);
  const tasks = usePublicTasks({ refetchInterval: 30_000 });
  const stationsByLevel = overview.data?.stationsByAqiLevel ?? [];
  const most = Math.max(1, ...stationsByLevel.map((l) => l.stations));
  // newest first: what the stream just brought, then what the server had; one row per Thing
  const rows = readingsOf([...arrived, ...(latest.data ?? [])], 14);

  return (
    <div className="sensing-wall">
      <aside className="wall-col">
        <section className="wall-panel">
          <h2>
            {t('sensing.wall.figures')}
            <span className={live ? 'wall-live on' : 'wall-live'} data-testid="wall-live">
              {live ? t('sensing.wall.live') : t('sensing.wall.reconnecting')}
            </span>
          </h2>
          <Figures overview={overview.data} />
          {overview.data && <p className="wall-time">{t('sensing.wall.updatedAt', { time: shortTime(overview.data.at) })}</p>}
        </section>
        <section className="wall-panel">
          <h2>{t('sensing.wall.byLevel')}</h2>
          {AQI_LEVELS.map((level) => {
            const count = stationsByLevel.find((l) => l.level === level.level)?.stations ?? 0;
            return (
              <div key={level.level} className="wall-bar">
                <span className="wall-bar-label">{zh ? level.categoryZh : level.categoryEn}</span>
                <span className="wall-bar-track">
                  <i style={{ width: `${(count / most) * 100}%`, background: level.color }} />
                </span>
                <span className="wall-bar-count">{count}</span>
              </div>
            );
          })}
          {overview.data?.aqiTime && <p className="wall-time">{t('sensing.wall.aqiTime', { time: shortTime(overview.data.aqiTime) })}</p>}
        </section>
      </aside>

      <section className="wall-panel wall-map">
        <h2>
          {t('sensing.wall.map')}
          <span className="wall-kinds">
            {(Object.keys(GLYPHS) as (keyof typeof GLYPHS)[]).map((kind) => (
              <span key={kind}>
                {GLYPHS[kind]} {t(`sensing.kinds.${kind}`)} {overview.data?.things.byKind.find((k) => k.kind === kind)?.total ?? 0}
              </span>
            ))}
            <span className="wall-task-key">
              ▼ {t('verification.headline.layer')} {tasks.data?.length ?? 0}
            </span>
          </span>
        </h2>
        {boundaries.data && things.data ? (
          <Suspense fallback={<DelayedSpinner />}>
            <ThingsMap boundaries={boundaries.data} things={things.data} tasks={tasks.data} />
          </Suspense>
        ) : (
          <DelayedSpinner />
        )}
        <AqiLegend dark />
      </section>

      <aside className="wall-col">
        <section className="wall-panel wall-grow">
          <h2>{t('sensing.wall.latest')}</h2>
          {rows.length === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows" data-testid="wall-latest">
              {rows.map((r) => (
                <ReadingRow key={r.thing.id} r={r} zh={zh} />
              ))}
            </ul>
          )}
        </section>
        <section className="wall-panel">
          <h2>
            {t('sensing.wall.alerts')} <span className="wall-count">{alerts.data?.total ?? 0}</span>
          </h2>
          {(alerts.data?.items.length ?? 0) === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows" data-testid="wall-alerts">
              {alerts.data?.items.map((a) => (
                <AlertRow key={a.id} a={a} />
              ))}
            </ul>
          )}
        </section>
        <section className="wall-panel">
          <h2>{t('verification.headline.title')}</h2>
          <VerificationHeadline className="wall-verification" refetchInterval={30_000} />
        </section>
        <section className="wall-panel">
          <h2>{t('sensing.wall.detections')}</h2>
          {(detections.data?.length ?? 0) === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows wall-detections" data-testid="wall-detections">
              {detections.data?.map((d) => (
                <li key={d.id}>
                  <DetectionThumb detection={d} time={shortTime(d.phenomenonTime)} />
                  <span className="wall-row-main">
                    {d.nameZh ? (
                      <>
                        {d.nameZh} <i>{d.scientificName}</i>
                      </>
                    ) : (
                      <i>{d.scientificName}</i>
                    )}{' '}
                    ×{d.count}
                  </span>
                  <span className="wall-level">
                    {d.level === 'I' ? t('sensing.wall.levelI') : d.level === 'II' ? t('sensing.wall.levelII') : t('sensing.wall.unlisted')}
                  </span>
                  <time>{shortTime(d.phenomenonTime)}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </aside>
    </div>
  );
}
