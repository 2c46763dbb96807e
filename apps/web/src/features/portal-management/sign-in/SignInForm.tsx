import { useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { SignIn } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { BizError, ResponseError } from '../../../request/errors';
import { useSessionMutations } from '../../../api/session';
import { showError } from '../../../request/show-error';
import { useInitialState } from '../../../state/initial-state';
import { useNow } from '../use-now';
import { retryAt, timeLeft } from './retry-after';

interface Failure {
  message: string;
  /** set for 429: when the account may try again (ms since the epoch) */
  retryAt?: number;
  /** the account the refusal was for (the limit is per account and per address) */
  account: string;
}

/**
 * The sign-in form of /portal-management for anonymous visitors: account and password. The
 * server's answer to a refused sign-in (one generic message, whether the account or the password
 * was wrong; or 429 with when to retry) is shown in the form, where the visitor is looking, through
 * the request's own error handler; any other failure goes to the generic display. After signing in
 * the initial state is loaded again (new user, new CSRF token); the page then goes on (to the back
 * office, the forced password change, or back to the application system that sent the visitor).
 *
 * @param forApplication the visitor came from an application system's single sign-on: say they
 *   will go straight back there.
 */
export function SignInForm({ forApplication = false }: { forApplication?: boolean }) {
  const { t } = useTranslation();
  const { refresh } = useInitialState();
  const { signIn } = useSessionMutations();
  const [form] = Form.useForm<SignIn>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const password = useRef<InputRef>(null);
  const account = Form.useWatch('account', form) ?? '';
  const now = useNow(failure?.retryAt !== undefined);
  const left = failure?.retryAt !== undefined ? timeLeft(failure.retryAt, now) : null;
  const locked = left !== null && left.total > 0 && account.trim().toLowerCase() === failure?.account;

  const onFinish = async (values: SignIn) => {
    setSubmitting(true);
    setFailure(null);
    const typed = values.account.trim();
    try {
      await signIn.mutateAsync({
        body: { account: typed, password: values.password },
        onError: (error) => {
          const info = error instanceof ResponseError || error instanceof BizError ? error.info : undefined;
          if (!info?.errorMessage) return showError(error);
          const limited = error instanceof ResponseError && error.status === 429;
          const at = limited ? retryAt(error.response?.headers.get('Retry-After') ?? null, Date.now()) : null;
          setFailure({ message: info.errorMessage, retryAt: at ?? undefined, account: typed.toLowerCase() });
        },
      });
    } catch {
      form.setFieldValue('password', '');
      password.current?.focus();
      setSubmitting(false);
      return;
    }
    // The screen turns into the back office (or the forced password change) once this resolves.
    await refresh();
    setSubmitting(false);
  };

  const retryText = (() => {
    if (!left || left.total <= 0) return undefined;
    if (left.minutes === 0) return t('pm.signIn.retryInSeconds', { count: left.seconds });
    return t('pm.signIn.retryIn', { minutes: left.minutes, seconds: String(left.seconds).padStart(2, '0') });
  })();

  return (
    <div className="pm-auth-card">
      <h3 className="pm-auth-title">{t('pm.signIn.title')}</h3>
      <p className="pm-auth-intro">{t('pm.signIn.intro')}</p>
      {forApplication && <Alert className="pm-auth-alert sso-continue" type="info" showIcon title={t('pm.signIn.continueToApp')} />}
      {failure && (
        <Alert
          className="pm-auth-alert sign-in-failure"
          type={failure.retryAt !== undefined ? 'warning' : 'error'}
          showIcon
          title={failure.message}
          description={retryText}
          role="alert"
        />
      )}
      <Form<SignIn> form={form} layout="vertical" className="pm-spaced" requiredMark={false} onFinish={(values) => void onFinish(values)} disabled={submitting}>
        <Form.Item name="account" label={t('pm.signIn.account')} rules={[{ required: true, whitespace: true }]}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus maxLength={64} spellCheck={false} autoCapitalize="off" />
        </Form.Item>
        <Form.Item name="password" label={t('pm.signIn.password')} rules={[{ required: true }]}>
          <Input.Password ref={password} prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={256} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={locked}>
          {locked && retryText ? retryText : t('pm.signIn.submit')}
        </Button>
      </Form>
      <p className="pm-auth-footnote">{t('pm.signIn.forgot')}</p>
    </div>
  );
}
