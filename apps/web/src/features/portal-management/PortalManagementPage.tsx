import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import '../../i18n/management';
import { useInitialState } from '../../state/initial-state';
import { BackOffice } from './BackOffice';
import { ForcedPasswordChange } from './password/ForcedPasswordChange';
import { safeReturnTo } from './sign-in/return-to';
import { SignInForm } from './sign-in/SignInForm';
import './portal-management.css';

/**
 * /portal-management (门户管理): for anonymous visitors the sign-in form; for a user who must
 * change a password set by an administrator, that change and nothing else; otherwise the back
 * office, with the sections the user's role may use (`?section=`, see ./sections.ts).
 *
 * `?returnTo=` is where single sign-on sent someone from (an application system's sign-in through
 * the portal, apps/server/src/modules/oidc/routes.ts): once they are signed in — at once, after
 * the sign-in form, or after the forced password change — the browser opens it with a full page
 * load and the application system's flow goes on. Only the portal's own provider paths are
 * followed (./sign-in/return-to.ts); any other value is ignored.
 */
export default function PortalManagementPage() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'), window.location.origin);
  const returning = returnTo !== null && currentUser !== null && !currentUser.mustChangePassword;
  useEffect(() => {
    if (returning) window.location.assign(returnTo);
  }, [returning, returnTo]);
  return (
    <div className="page portal-management">
      <h2 className="page-title">{t('menu.management')}</h2>
      {returning ? (
        <div className="pm-auth-card sso-returning" role="status" style={{ textAlign: 'center' }}>
          <Spin />
          <p className="pm-auth-intro">{t('pm.signIn.returning')}</p>
        </div>
      ) : !currentUser ? (
        <>
          <p className="page-subtitle">{t('pm.subtitleAnonymous')}</p>
          <SignInForm forApplication={returnTo !== null} />
        </>
      ) : currentUser.mustChangePassword ? (
        <ForcedPasswordChange user={currentUser} />
      ) : (
        <BackOffice user={currentUser} />
      )}
    </div>
  );
}
