import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** /notification-announcement: its own issue fills it; until then its title and an empty state. */
export default function NoticesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('menu.notices')} />;
}
