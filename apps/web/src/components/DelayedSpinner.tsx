import { useEffect, useState } from 'react';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';

/** docs/routes.md §Lazy screens: the loading spinner appears only after 300 ms, so fast loads never flash. */
export const SPINNER_DELAY_MS = 300;

/**
 * A centred spinner shown once `delay` ms (default 300) have passed since it mounted; nothing
 * before that. Carries `role="status"` and the class `route-spinner`.
 */
export function DelayedSpinner({ delay = SPINNER_DELAY_MS }: { delay?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <div className="route-spinner" role="status" aria-live="polite">
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}
