import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { CurrentUser } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../use-sign-out';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * What a user whose password was set by an administrator (`mustChangePassword`) sees: nothing
 * but the change of password (the server refuses everything else until then), or signing out.
 */
export function ForcedPasswordChange({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <div className="pm-auth-card forced-password-change">
      <h3 className="pm-auth-title">{t('pm.password.forcedTitle')}</h3>
      <Alert className="pm-auth-alert" type="info" showIcon title={t('pm.password.forcedIntro', { name: user.displayName })} />
      <ChangePasswordForm account={user.account} forced autoFocus />
      <div className="pm-auth-footnote">
        {t('pm.password.notYou', { account: user.account })}
        <Button type="link" size="small" onClick={() => void signOut()}>
          {t('session.signOut')}
        </Button>
      </div>
    </div>
  );
}
