import message from 'antd/es/message';
import { useTranslation } from 'react-i18next';
import { del } from '../../request/request';
import { useInitialState } from '../../state/initial-state';

/** Signs out (`DELETE /api/session`), loads the initial state again and says so. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const { refresh } = useInitialState();
  return async () => {
    try {
      await del('api/session');
    } catch {
      return; // the request layer has said why
    }
    await refresh();
    void message.success(t('session.signedOut'));
  };
}
