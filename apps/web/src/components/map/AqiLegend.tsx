import { AQI_LEVELS } from '@eco/contracts/aqi-levels';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import './map.css';

/** The AQI levels of HJ 633-2012 表2 with their colours, and the "no data" marker. */
export function AqiLegend({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  return (
    <div className={`aqi-legend${dark ? ' aqi-legend-dark' : ''}`}>
      <span className="aqi-legend-title">{t('home.legend')}</span>
      {AQI_LEVELS.map((l) => (
        <span key={l.level} className="aqi-legend-item">
          <i style={{ background: l.color }} />
          {zh ? l.categoryZh : l.categoryEn} {l.max === null ? `>${l.min - 1}` : `${l.min}–${l.max}`}
        </span>
      ))}
      <span className="aqi-legend-item">
        <i className="aqi-none" />
        {t('home.noAqi')}
      </span>
    </div>
  );
}
