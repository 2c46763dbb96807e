import Statistic from 'antd/es/statistic';
import type { Station } from '@eco/contracts/stations';
import { useTranslation } from 'react-i18next';
import { newestTime } from '../../components/map/newest-time';

/**
 * Key figures of the bundled network from the stations' latest values: stations in all and
 * stations reporting in the newest hour, beside the regulations in the library. (Stations above
 * AQI 100 are in the sensing figures below them, with the live network's counts.)
 */
export function KeyFigures({ stations, regulationsTotal }: { stations: Station[] | undefined; regulationsTotal: number | undefined }) {
  const { t } = useTranslation();
  const newest = stations ? newestTime(stations) : null;
  const reporting = stations?.filter((s) => s.latest && s.latest.time === newest) ?? [];
  const figures = [
    { key: 'stations', value: stations?.length, suffix: t('home.figures.unit') },
    { key: 'reporting', value: stations ? reporting.length : undefined, suffix: t('home.figures.unit') },
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
          />
        </div>
      ))}
    </div>
  );
}
