import { lazy, Suspense } from 'react';
import { AQI_LEVELS, aqiLevelOf } from '@eco/contracts/aqi-levels';
import { useTranslation } from 'react-i18next';
import { AqiLegend } from '../../components/map/AqiLegend';
import { newestTime, useCityBoundaries, useStations } from '../../components/map/queries';
import { DelayedSpinner } from '../../components/DelayedSpinner';
import { currentLocale } from '../../i18n/i18n';
import './sensing-wall.css';

const ProvinceMap = lazy(() => import('../../components/map/ProvinceMap'));

/** An AQI value on its level's colour (HJ 633-2012 表2), with text that stays legible on it. */
function AqiBadge({ aqi }: { aqi: number | undefined }) {
  const level = aqiLevelOf(aqi);
  return (
    <b className="wall-aqi" style={{ background: level?.color ?? '#555', color: level && level.level <= 3 ? '#1a1a1a' : '#fff' }}>
      {aqi ?? '—'}
    </b>
  );
}

/**
 * /stgz content: the province map with every station by its latest AQI, the stations by AQI level,
 * and the ten highest readings of the newest hour. Refreshes every minute.
 */
export default function SensingWallPage() {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const stations = useStations();
  const boundaries = useCityBoundaries();
  const items = stations.data?.items ?? [];
  const newest = newestTime(items);
  const current = items.filter((s) => s.latest?.time === newest);
  const worst = [...current].sort((a, b) => (b.latest?.values.aqi ?? -1) - (a.latest?.values.aqi ?? -1)).slice(0, 10);
  const byLevel = AQI_LEVELS.map((l) => ({ level: l, count: current.filter((s) => aqiLevelOf(s.latest?.values.aqi)?.level === l.level).length }));
  const most = Math.max(1, ...byLevel.map((b) => b.count));

  return (
    <div className="sensing-wall">
      <section className="wall-panel wall-map">
        {boundaries.data && stations.data ? (
          <Suspense fallback={<DelayedSpinner />}>
            <ProvinceMap boundaries={boundaries.data} stations={items} height="100%" dark />
          </Suspense>
        ) : (
          <DelayedSpinner />
        )}
        <AqiLegend dark />
      </section>
      <aside className="wall-side">
        <section className="wall-panel">
          <h2>{t('sensingWall.stations')}</h2>
          <div className="wall-figures">
            <div>
              <strong>{items.length}</strong>
              <span>{t('home.figures.stations')}</span>
            </div>
            <div>
              <strong>{current.length}</strong>
              <span>{t('home.figures.reporting')}</span>
            </div>
          </div>
          {newest && <p className="wall-time">{t('home.mapDataTime', { time: newest.slice(0, 16).replace('T', ' ') })}</p>}
        </section>
        <section className="wall-panel">
          <h2>{t('sensingWall.byLevel')}</h2>
          {byLevel.map(({ level, count }) => (
            <div key={level.level} className="wall-bar">
              <span className="wall-bar-label">{zh ? level.categoryZh : level.categoryEn}</span>
              <span className="wall-bar-track">
                <i style={{ width: `${(count / most) * 100}%`, background: level.color }} />
              </span>
              <span className="wall-bar-count">{count}</span>
            </div>
          ))}
        </section>
        <section className="wall-panel">
          <h2>{t('sensingWall.worst')}</h2>
          <ol className="wall-list">
            {worst.map((s) => (
              <li key={s.code}>
                <span>
                  {s.cityName ?? s.area} · {s.name}
                </span>
                <AqiBadge aqi={s.latest?.values.aqi} />
              </li>
            ))}
          </ol>
        </section>
      </aside>
    </div>
  );
}
