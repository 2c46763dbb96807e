import { useTranslation } from 'react-i18next';
import '../../i18n/sensing';
import { AqiCalculator } from './AqiCalculator';
import { CoordinateConverter } from './CoordinateConverter';
import { DownloadTools } from './DownloadTools';
import { PayloadValidator } from './PayloadValidator';
import './application-tools.css';

/**
 * /application-tools (应用工具): downloadable tools (versions, SHA-256), then the online tools that
 * run in the page — coordinate conversion, the AQI calculator (HJ 633-2012) and the device
 * payload validator.
 */
export default function ApplicationToolsPage() {
  const { t } = useTranslation();
  return (
    <div className="application-tools">
      <h2 className="page-title">{t('menu.tools')}</h2>
      <DownloadTools />
      <CoordinateConverter />
      <AqiCalculator />
      <PayloadValidator />
    </div>
  );
}
