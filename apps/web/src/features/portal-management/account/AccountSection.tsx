import { useSearchParams } from 'react-router-dom';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { useInitialState } from '../../../state/initial-state';
import { ChangePasswordForm } from '../password/ChangePasswordForm';

/**
 * 我的账户 (every role): who one is (account, name, role, organisation) and changing one's
 * password. `?focus=password` (the header menu's 修改密码) puts the cursor in the password form.
 */
export default function AccountSection() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  const [params] = useSearchParams();
  if (!currentUser) return null;
  const org = currentUser.organisation;
  return (
    <div className="pm-stack">
      <Card title={t('pm.account.profile')}>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'account', label: t('pm.account.account'), children: <span className="pm-mono">{currentUser.account}</span> },
            { key: 'name', label: t('pm.account.displayName'), children: currentUser.displayName },
            { key: 'role', label: t('pm.account.role'), children: `${t(`roles.${currentUser.role}`)} — ${t(`pm.roles.summary.${currentUser.role}`)}` },
            {
              key: 'org',
              label: t('pm.account.organisation'),
              children: org
                ? t('pm.account.orgWithLevel', { name: org.name, level: t(`pm.organisations.levels.${org.level}`) })
                : t('pm.account.noOrganisation'),
            },
          ]}
        />
      </Card>
      <Card title={t('pm.password.title')} id="change-password">
        <div className="pm-narrow-form">
          <ChangePasswordForm account={currentUser.account} autoFocus={params.get('focus') === 'password'} />
        </div>
      </Card>
    </div>
  );
}
