import { useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import message from 'antd/es/message';
import { PASSWORD_MAX, PASSWORD_MIN } from '@eco/contracts/roles';
import type { ChangePassword } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { ResponseError } from '../../../request/errors';
import { useSessionMutations } from '../../../api/session';
import { showError } from '../../../request/show-error';
import { useInitialState } from '../../../state/initial-state';
import { checkPassword, containsAccount } from './password-rules';
import { PasswordPolicy, type PolicyLine } from './PasswordPolicy';

interface Values extends ChangePassword {
  confirmPassword: string;
}

/** The field each refusal of the server is about: its message is shown under that field. */
const FIELD_OF_ERROR: Record<string, keyof Values> = { CURRENT_PASSWORD_WRONG: 'currentPassword', PASSWORD_POLICY: 'newPassword' };

/**
 * Changing one's own password (`changeOwnPassword`), for the forced change after a reset
 * and for 我的账户. The policy (10–128 characters, not a common password, not containing the
 * account) is listed beside the new password and ticked off as it is typed; the common-password
 * list is the server's, so that line is a hint until the server answers. On success the initial
 * state is loaded again (the forced screen gives way to the back office).
 *
 * @param account the signed-in account (the password may not contain it).
 * @param forced the first password after a reset: the current one is called 临时密码.
 * @param autoFocus focus (and scroll to) the first field on mount.
 */
export function ChangePasswordForm({ account, forced = false, autoFocus = false }: { account: string; forced?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { refresh } = useInitialState();
  const { changePassword } = useSessionMutations();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const first = useRef<InputRef>(null);
  const newPassword: string = Form.useWatch('newPassword', form) ?? '';
  const checks = checkPassword(newPassword, account);

  useEffect(() => {
    if (!autoFocus) return;
    first.current?.focus({ preventScroll: true });
    first.current?.input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [autoFocus]);

  const onFinish = async ({ currentPassword, newPassword: chosen }: Values) => {
    setSubmitting(true);
    let refused: keyof Values | undefined;
    try {
      await changePassword.mutateAsync({
        body: { currentPassword, newPassword: chosen },
        // A wrong current password or a password the policy refuses is shown under its field, in
        // the server's words; anything else goes to the generic display.
        onError: (error) => {
          const info = error instanceof ResponseError ? error.info : undefined;
          const field = info?.errorCode ? FIELD_OF_ERROR[info.errorCode] : undefined;
          if (!field || !info?.errorMessage) return showError(error);
          form.setFields([{ name: field, errors: [info.errorMessage] }]);
          refused = field;
        },
      });
    } catch {
      setSubmitting(false);
      // once the form is enabled again
      if (refused) setTimeout(() => (form.getFieldInstance(refused!) as InputRef | undefined)?.focus());
      return;
    }
    form.resetFields();
    void message.success(t('pm.password.changed'));
    await refresh();
    setSubmitting(false);
  };

  const policy: PolicyLine[] = [
    { key: 'length', text: t('pm.password.policyLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }), ok: newPassword ? checks.length : null },
    { key: 'account', text: t('pm.password.policyAccount'), ok: newPassword ? checks.notAccount : null },
    { key: 'common', text: t('pm.password.policyCommon'), ok: null, serverChecked: true },
  ];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="change-password-form pm-spaced"
      requiredMark={false}
      disabled={submitting}
      onFinish={(values) => void onFinish(values)}
    >
      {/* lets password managers tie the new password to the account */}
      <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
      <Form.Item name="currentPassword" label={t(forced ? 'pm.password.temporary' : 'pm.password.current')} rules={[{ required: true }]}>
        <Input.Password ref={first} autoComplete="current-password" maxLength={256} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('pm.password.new')}
        // the checklist below answers while typing; the error waits for a pause
        validateDebounce={600}
        // min/max with the generic messages (docs/request-layer.md §Form messages); they count an emoji as one character,
        // as the server's schema does
        rules={[
          { required: true },
          { min: PASSWORD_MIN, max: PASSWORD_MAX },
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value) return;
              if (containsAccount(value, account)) throw new Error(t('pm.password.containsAccount'));
              if (value === form.getFieldValue('currentPassword')) throw new Error(t('pm.password.sameAsCurrent'));
            },
          },
        ]}
        extra={<PasswordPolicy lines={policy} />}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX * 2} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('pm.password.confirm')}
        validateDebounce={600}
        dependencies={['newPassword']}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('pm.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX * 2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" className="pm-submit" loading={submitting} block={forced} size={forced ? 'large' : 'middle'}>
        {t(forced ? 'pm.password.submitForced' : 'pm.password.submit')}
      </Button>
    </Form>
  );
}
