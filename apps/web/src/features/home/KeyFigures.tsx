import Statistic from 'antd/es/statistic';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import type { Station } from '@eco/contracts/stations';
import { useTranslation } from 'react-i18next';
import { newestTime } from '../../components/map/queries';

/**
 * Key figures of the sensing network from the stations' latest values: stations in all, stations
 * reporting in the newest hour, and those above AQI 100 (HJ 633-2012: 轻度污染 and worse) then.
 */
export function KeyFigures({ stations, regulationsTotal }: { stations: Station[] | undefined; regulationsTotal: number | undefined }) {
  const { t } = useTranslation();
  const newest = stations ? newestTime(stations) : null;
  const reporting = stations?.filter((s) => s.latest && s.latest.time === newest) ?? [];
  const polluted = reporting.filter((s) => (aqiLevelOf(s.latest?.values.aqi)?.level ?? 0) >= 3);
  const figures = [
    { key: 'stations', value: stations?.length, suffix: t('home.figures.unit') },
    { key: 'reporting', value: stations ? reporting.length : undefined, suffix: t('home.figures.unit') },
    { key: 'polluted', value: stations ? polluted.length : undefined, suffix: t('home.figures.unit'), warn: polluted.length > 0 },
    { key: 'regulations', value: regulationsTotal, suffix: t('home.figures.itemsUnit') },
  ];
  return (
    <div className="key-figures">
      {figures.map((f) => (
        <div key={f.key} className="key-figure">
          <Statistic
            title={t(`home.figures.${f.key}`)}
            value={f.value ?? '—'}
            suffix={f.value === undefined ? undefined : f.suffix}
            loading={f.value === undefined}
            styles={{ content: f.warn ? { color: '#d4380d' } : undefined }}
          />
        </div>
      ))}
    </div>
  );
}
