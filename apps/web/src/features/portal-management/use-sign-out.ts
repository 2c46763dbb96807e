import message from 'antd/es/message';
import { useTranslation } from 'react-i18next';
import { useSessionMutations } from '../../api/session';
import { useInitialState } from '../../state/initial-state';

/**
 * Signing out, for the user menu and the forced password change: returns `signOut()`, which ends
 * the session (`signOut` of @eco/contracts/api/session), loads the initial state again and says
 * so. A failure is shown by the request layer and changes nothing; the promise resolves either way.
 */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const { refresh } = useInitialState();
  const { signOut } = useSessionMutations();
  return async () => {
    try {
      await signOut.mutateAsync();
    } catch {
      return; // the request layer has said why
    }
    await refresh();
    void message.success(t('session.signedOut'));
  };
}
