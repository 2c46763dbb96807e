import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { TemporaryPassword } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';

/** What the modal shows: the temporary password of a user just created or reset. */
export interface TemporaryPasswordResult {
  kind: 'created' | 'reset';
  data: TemporaryPassword;
}

/**
 * Shows a temporary password once, with a copy button and the warning that it will not be shown
 * again. Only the "I have noted it" button closes it (no click beside it, no Escape): a stray click
 * must not lose the password.
 */
export function TemporaryPasswordModal({ result, onClose }: { result: TemporaryPasswordResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  const user = result?.data.user;
  return (
    <Modal
      open={result !== null}
      title={result && t(result.kind === 'created' ? 'pm.users.temporary.createdTitle' : 'pm.users.temporary.resetTitle')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      className="temporary-password-modal"
      footer={
        <Button type="primary" onClick={onClose}>
          {t('pm.users.temporary.done')}
        </Button>
      }
    >
      {result && user && (
        <>
          <p>{t('pm.users.temporary.intro', { account: user.account, name: user.displayName })}</p>
          <div className="temporary-password">
            <Typography.Text
              code
              className="temporary-password-value"
              copyable={{ text: result.data.temporaryPassword, tooltips: [t('pm.users.temporary.copy'), t('pm.users.temporary.copied')] }}
            >
              {result.data.temporaryPassword}
            </Typography.Text>
          </div>
          <Alert type="warning" showIcon title={t('pm.users.temporary.warning')} description={t('pm.users.temporary.nextStep')} />
        </>
      )}
    </Modal>
  );
}
