import Statistic from 'antd/es/statistic';
import { useTranslation } from 'react-i18next';
import { useLatestRegulations } from '../../api/regulations';
import { useStations } from '../../api/stations';
import { formatDataTime } from '../../components/format-data-time';
import { newestTime } from '../../components/map/newest-time';
import { currentLocale } from '../../i18n/i18n';
import '../../i18n/sensing';
import './sensing-figures.css';

/**
 * Key figures of the bundled network from the stations' latest values: stations in all and
 * stations reporting in the newest hour (with that hour's date and time beside it, and its year
 * when it is not this year: the bundled hour is from 2023), beside the regulations in the library.
 * (Stations above AQI 100 are in the sensing figures below them, counted from fresh data only.)
 * Asks for the stations and the regulations itself (the same queries as the map and the latest
 * regulations: one request each).
 */
export function KeyFigures() {
  const { t } = useTranslation();
  const stations = useStations().data?.items;
  const regulationsTotal = useLatestRegulations().data?.total;
  const newest = stations ? newestTime(stations) : null;
  const reporting = stations?.filter((s) => s.latest && s.latest.time === newest) ?? [];
  const dataTime = newest ? t('sensing.figures.dataTime', { time: formatDataTime(newest, currentLocale()) }) : undefined;
  const figures = [
    { key: 'stations', value: stations?.length, suffix: t('home.figures.unit') },
    { key: 'reporting', value: stations ? reporting.length : undefined, suffix: t('home.figures.unit'), time: dataTime },
    { key: 'regulations', value: regulationsTotal, suffix: t('home.figures.itemsUnit') },
  ];
  return (
    <div className="key-figures">
      {figures.map((f) => (
        <div key={f.key} className="key-figure" data-figure={f.key}>
          <Statistic title={t(`home.figures.${f.key}`)} value={f.value ?? '—'} suffix={f.value === undefined ? undefined : f.suffix} />
          {/* there while loading too, so the card does not grow when the data time arrives */}
          {'time' in f && <small className="key-figure-time">{f.time ?? '\u00a0'}</small>}
        </div>
      ))}
    </div>
  );
}
