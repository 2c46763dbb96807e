import { useId, useState } from 'react';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import type { Station } from '@eco/contracts/stations';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import '../../i18n/a11y';
import '../../i18n/verification';
import { currentLocale } from '../../i18n/i18n';
import { formatDataTime } from '../format-data-time';
import { TaskTable } from './TaskTable';

/**
 * The text alternative of a province map (WCAG 2.1 1.1.1): the same data as tables — each station
 * with its city, latest AQI and category (HJ 633-2012 表2), PM2.5 (µg/m³) and the hour of those
 * values as published (the station's own time, with its offset, shown as date and time), and each
 * open verification task the map pins. Folded away under a button (`aria-expanded`), so the map
 * keeps its place for sighted readers; a screen reader or keyboard user opens it like any
 * disclosure. `dark` colours it for the /stgz wall.
 */
export function MapDataTable({ stations, tasks = [], dark = false }: { stations: readonly Station[]; tasks?: readonly PublicTask[]; dark?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const zh = currentLocale() === 'zh-CN';
  return (
    <div className={dark ? 'map-data map-data-dark' : 'map-data'}>
      <button type="button" className="map-data-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('a11y.map.hideTable') : t('a11y.map.showTable')}
      </button>
      <div id={id} className="map-data-tables" hidden={!open}>
        {open && (
          <>
            <table className="map-data-table">
              <caption>{t('a11y.map.stationsCaption', { count: stations.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('a11y.map.station')}</th>
                  <th scope="col">{t('a11y.map.city')}</th>
                  <th scope="col">{t('a11y.map.aqi')}</th>
                  <th scope="col">{t('a11y.map.category')}</th>
                  <th scope="col">{t('a11y.map.pm25')}</th>
                  <th scope="col">{t('a11y.map.time')}</th>
                </tr>
              </thead>
              <tbody>
                {stations.map((s) => {
                  const level = aqiLevelOf(s.latest?.values.aqi);
                  return (
                    <tr key={s.code}>
                      <th scope="row">
                        {s.name} <span className="map-data-code">{s.code}</span>
                      </th>
                      <td>{s.cityName ?? s.area}</td>
                      <td>{s.latest?.values.aqi ?? '—'}</td>
                      <td>{level ? (zh ? level.categoryZh : level.categoryEn) : t('a11y.map.noData')}</td>
                      <td>{s.latest?.values.pm2_5 ?? '—'}</td>
                      <td>{s.latest ? s.latest.time.slice(0, 16).replace('T', ' ') : t('a11y.map.noData')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <TaskTable tasks={tasks} className="map-data-table" renderTime={(iso) => <time dateTime={iso}>{formatDataTime(iso, currentLocale())}</time>} />
          </>
        )}
      </div>
    </div>
  );
}
