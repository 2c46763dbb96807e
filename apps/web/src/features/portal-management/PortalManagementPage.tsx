import { useTranslation } from 'react-i18next';
import '../../i18n/management';
import { useInitialState } from '../../state/initial-state';
import { BackOffice } from './BackOffice';
import { ForcedPasswordChange } from './password/ForcedPasswordChange';
import { SignInForm } from './sign-in/SignInForm';
import './portal-management.css';

/**
 * /portal-management (门户管理): for anonymous visitors the sign-in form; for a user who must
 * change a password set by an administrator, that change and nothing else; otherwise the back
 * office, with the sections the user's role may use (`?section=`, see ./sections.ts).
 */
export default function PortalManagementPage() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  return (
    <div className="page portal-management">
      <h2 className="page-title">{t('menu.management')}</h2>
      {!currentUser ? (
        <>
          <p className="page-subtitle">{t('pm.subtitleAnonymous')}</p>
          <SignInForm />
        </>
      ) : currentUser.mustChangePassword ? (
        <ForcedPasswordChange user={currentUser} />
      ) : (
        <BackOffice user={currentUser} />
      )}
    </div>
  );
}
