import { lazy, Suspense } from 'react';
import { AQI_LEVELS, aqiLevelOf } from '@eco/contracts/aqi-levels';
import { type Alert, isAqiFresh, type LatestObservation, type Overview } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../../api/alerts';
import { useCityBoundaries } from '../../api/geography';
import { usePublicTasks } from '../../api/verification';
import { useLatestObservations, useMapThings, useRecentDetections, useSensingOverview } from '../../api/sensing';
import { AqiLegend } from '../../components/map/AqiLegend';
import { DelayedSpinner } from '../../components/DelayedSpinner';
import { formatDataTime } from '../../components/format-data-time';
import { sensingFigures } from '../../components/sensing-figures';
import { currentLocale, type Locale } from '../../i18n/i18n';
import '../../i18n/sensing';
import { VerificationHeadline } from '../../components/VerificationHeadline';
import { DetectionThumb } from '../../components/DetectionThumb';
import { useAlertRuleLabel } from './alert-rule-label';
import { CriticalBand, criticalOf } from './CriticalBand';
import { MapTable } from './MapTable';
import { useSensingStream } from './use-sensing-stream';
import './sensing-wall.css';

const ThingsMap = lazy(() => import('./ThingsMap'));
/**
 * The wall's fallback refreshes while the event stream is down (each event refetches at once): the
 * key figures every minute, the map every two.
 */
const FIGURES_REFRESH = { refetchInterval: 60_000 };
const MAP_REFRESH = { refetchInterval: 120_000 };
/** The alerts panel's rows: the newest active alerts (and the count of them all, the list's `total`). */
const ALERT_ROWS = 8;
const ACTIVE_ALERTS = { status: 'active', pageSize: ALERT_ROWS } as const;
/** The active critical alerts, newest first, for the critical band, which names the newest and counts them all (the list's `total`). */
const CRITICAL_ALERTS = { status: 'active', severity: 'critical', pageSize: 20 } as const;
const GLYPHS = { air_quality_station: '●', video_camera: '■', infrared_camera: '▲', sensor_mast: '◆' } as const;

/** The name of an ObservedProperty for people (the server's; `AQI` for the index, as everyone says it). */
function propertyLabel(o: LatestObservation, zh: boolean): string {
  if (o.observedProperty === 'aqi') return 'AQI';
  return (zh ? o.propertyNameZh : o.propertyNameEn) || o.observedProperty;
}

/**
 * Text that reads on an HJ 633-2012 level colour: black on the light ones (green, yellow, orange),
 * white on the dark ones (red and the two purples).
 */
function inkOn(level: number): string {
  return level <= 3 ? '#000' : '#fff';
}

/** The key figures, each with the time of its data (components/sensing-figures.ts). */
function Figures({ overview, locale }: { overview: Overview | undefined; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <div className="wall-figures" data-testid="wall-figures">
      {sensingFigures(overview, t, locale).map((f) => (
        <div key={f.key} className={`wall-figure ${f.tone}`} data-figure={f.key} title={f.title}>
          <strong>{f.value}</strong>
          <span>{t(`sensing.figures.${f.key}`)}</span>
          {f.time && <small className="wall-figure-time">{f.time}</small>}
        </div>
      ))}
    </div>
  );
}

/** Stations by the level of their fresh AQI (bars in the HJ 633-2012 colours), and those without recent data in grey. */
function ByLevel({ overview, locale }: { overview: Overview | undefined; locale: Locale }) {
  const { t } = useTranslation();
  const zh = locale === 'zh-CN';
  const levels = overview?.stationsByAqiLevel ?? [];
  const stale = overview?.stationsWithoutRecentAqi ?? 0;
  const most = Math.max(1, stale, ...levels.map((l) => l.stations));
  const rows = [
    ...AQI_LEVELS.map((level) => ({
      key: String(level.level),
      label: zh ? level.categoryZh : level.categoryEn,
      count: levels.find((l) => l.level === level.level)?.stations ?? 0,
      color: level.color,
    })),
    { key: 'stale', label: t('sensing.wall.noRecentData'), count: stale, color: 'rgba(255, 255, 255, 0.38)' },
  ];
  return (
    <>
      <div className="wall-levels">
        {rows.map((row) => (
          <div key={row.key} className={row.key === 'stale' ? 'wall-bar stale' : 'wall-bar'} data-level={row.key}>
            <span className="wall-bar-label">{row.label}</span>
            <span className="wall-bar-track">
              <i style={{ width: `${(row.count / most) * 100}%`, background: row.color }} />
            </span>
            <span className="wall-bar-count">{row.count}</span>
          </div>
        ))}
      </div>
      {overview &&
        (overview.aqiTime ? (
          <p className="wall-time">{t('sensing.wall.aqiTime', { time: formatDataTime(overview.aqiTime, locale, overview.at) })}</p>
        ) : overview.latestAqiTime ? (
          <p className="wall-time">{t('sensing.wall.aqiTimeStale', { time: formatDataTime(overview.latestAqiTime, locale, overview.at) })}</p>
        ) : null)}
    </>
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

/**
 * One Thing's newest values: the name and the time (with its date), then the values by name. A
 * fresh AQI (at most AQI_FRESH_MINUTES before `at`) sits on its HJ 633-2012 level colour; an older
 * one is grey, as are all values of a row whose time is that old.
 */
function ReadingRow({ r, locale, at }: { r: ThingReading; locale: Locale; at: string }) {
  const zh = locale === 'zh-CN';
  const fresh = isAqiFresh(r.time, at);
  return (
    <li className={fresh ? undefined : 'stale'}>
      <span className="wall-row-main">{r.thing.name}</span>
      <time dateTime={r.time}>{formatDataTime(r.time, locale, at)}</time>
      <b className="wall-row-value">
        {r.values.map((o) => {
          const level = o.observedProperty === 'aqi' && fresh ? aqiLevelOf(o.result) : null;
          return (
            <span key={o.datastreamId} className="wall-reading">
              <small>{propertyLabel(o, zh)}</small>{' '}
              {level ? (
                <span className="wall-aqi" style={{ background: level.color, color: inkOn(level.level) }} data-aqi-level={level.level}>
                  {o.result}
                </span>
              ) : (
                o.result
              )}
              {o.unit && <small> {o.unit}</small>}
            </span>
          );
        })}
      </b>
    </li>
  );
}

function AlertRow({ a, locale, at, ruleLabel }: { a: Alert; locale: Locale; at: string; ruleLabel: (a: Alert) => string }) {
  const { t } = useTranslation();
  return (
    <li className={`wall-alert sev-${a.severity}`}>
      <span className="wall-row-main">
        <i className="wall-sev">{t(`sensing.severities.${a.severity}`)}</i> {a.thing.name} · {ruleLabel(a)}
        {a.value !== null && ` (${a.value})`}
      </span>
      <time dateTime={a.openedAt}>{formatDataTime(a.openedAt, locale, at)}</time>
      <span className="wall-alert-status">{t(`sensing.alertStatuses.${a.status}`)}</span>
    </li>
  );
}

/**
 * /stgz (生态感知): the control-room wall, laid out to fill the screen exactly from a 1366×768 laptop
 * to a 3840×2160 video wall, with text and figures that grow with it (legible from 3 m at 1080p).
 * Left: key figures with their data times, stations by AQI level (无最新数据 apart, in grey), species
 * detections; centre: the province map with every Thing by kind and status, and its data as
 * tables on request (MapTable.tsx); right: active alerts, latest observations (AQI on its level
 * colour), the verification figures. While a critical alert is open, a flashing band across the
 * top counts and names them (CriticalBand.tsx). Updates live over server-sent events
 * (use-sensing-stream.ts), with a one-minute refetch as a fallback. Times are the province's (UTC+08:00) with their date.
 */
export default function SensingWallPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { live, arrived } = useSensingStream();
  const overview = useSensingOverview(FIGURES_REFRESH);
  const things = useMapThings(MAP_REFRESH);
  const boundaries = useCityBoundaries();
  const latest = useLatestObservations(150);
  const alerts = useAlerts(ACTIVE_ALERTS);
  const activeAlerts = alerts.data?.items ?? [];
  const critical = useAlerts(CRITICAL_ALERTS);
  const criticalAlerts = critical.data?.items ?? [];
  const detections = useRecentDetections(6);
  const tasks = usePublicTasks({ refetchInterval: 30_000 });
  // the times are read against the server's clock when it has answered (the browser's may be off)
  const at = overview.data?.at ?? new Date().toISOString();
  // newest first: what the stream just brought, then what the server had; one row per Thing
  const rows = readingsOf([...arrived, ...(latest.data ?? [])], 14);
  const ruleLabel = useAlertRuleLabel([...arrived, ...(latest.data ?? [])]);

  return (
    <div className={criticalOf(criticalAlerts).length > 0 ? 'sensing-wall has-critical' : 'sensing-wall'}>
      <CriticalBand alerts={criticalAlerts} total={critical.data?.total ?? 0} locale={locale} at={at} ruleLabel={ruleLabel} />
      <aside className="wall-col">
        <section className="wall-panel">
          <h2>
            {t('sensing.wall.figures')}
            <span className={live ? 'wall-live on' : 'wall-live'} data-testid="wall-live">
              {live ? t('sensing.wall.live') : t('sensing.wall.reconnecting')}
            </span>
          </h2>
          <Figures overview={overview.data} locale={locale} />
        </section>
        <section className="wall-panel">
          <h2>{t('sensing.wall.byLevel')}</h2>
          <ByLevel overview={overview.data} locale={locale} />
        </section>
        <section className="wall-panel wall-grow">
          <h2>{t('sensing.wall.detections')}</h2>
          {(detections.data?.length ?? 0) === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows wall-detections" data-testid="wall-detections">
              {detections.data?.map((d) => {
                const time = formatDataTime(d.phenomenonTime, locale, at);
                return (
                  <li key={d.id}>
                    <DetectionThumb detection={d} time={time} />
                    <span className="wall-row-main">
                      {d.nameZh && locale === 'zh-CN' ? (
                        <>
                          {d.nameZh} <i>{d.scientificName}</i>
                        </>
                      ) : (
                        <i>{d.scientificName}</i>
                      )}{' '}
                      ×{d.count}
                      <small className="wall-detection-meta">
                        {d.level === 'I' ? t('sensing.wall.levelI') : d.level === 'II' ? t('sensing.wall.levelII') : t('sensing.wall.unlisted')} ·{' '}
                        <time dateTime={d.phenomenonTime}>{time}</time>
                      </small>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
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
        <div className="wall-map-body">
          {boundaries.data && things.data ? (
            <Suspense fallback={<DelayedSpinner />}>
              <ThingsMap boundaries={boundaries.data} things={things.data} tasks={tasks.data} at={at} />
            </Suspense>
          ) : (
            <DelayedSpinner />
          )}
        </div>
        <AqiLegend dark />
        <MapTable things={things.data ?? []} tasks={tasks.data ?? []} locale={locale} at={at} />
      </section>

      <aside className="wall-col">
        <section className="wall-panel wall-alerts-panel">
          <h2>
            {t('sensing.wall.alerts')} <span className="wall-count">{alerts.data?.total ?? 0}</span>
          </h2>
          {activeAlerts.length === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows" data-testid="wall-alerts">
              {activeAlerts.slice(0, ALERT_ROWS).map((a) => (
                <AlertRow key={a.id} a={a} locale={locale} at={at} ruleLabel={ruleLabel} />
              ))}
            </ul>
          )}
        </section>
        <section className="wall-panel wall-grow">
          <h2>{t('sensing.wall.latest')}</h2>
          {rows.length === 0 ? (
            <p className="wall-empty">{t('sensing.wall.none')}</p>
          ) : (
            <ul className="wall-rows wall-latest" data-testid="wall-latest">
              {rows.map((r) => (
                <ReadingRow key={r.thing.id} r={r} locale={locale} at={at} />
              ))}
            </ul>
          )}
        </section>
        <section className="wall-panel">
          <h2>{t('verification.headline.title')}</h2>
          <VerificationHeadline className="wall-verification" refetchInterval={30_000} />
        </section>
      </aside>
    </div>
  );
}
