import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** /application-tools: its own issue fills it; until then its title and an empty state. */
export default function ApplicationToolsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.tools')} />;
}
