import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import InfoCircleOutlined from '@ant-design/icons/es/icons/InfoCircleOutlined';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';

/**
 * One rule of the password policy: its words, and whether the password typed so far meets it
 * (`true`, `false`) or the form cannot tell (`null`: nothing typed yet, or a rule only the server
 * checks, such as the common-password list).
 */
export interface PolicyLine {
  key: string;
  text: string;
  ok: boolean | null;
  /** checked by the server when the form is sent (the common-password list lives there only) */
  serverChecked?: boolean;
}

/**
 * The password policy as a checklist beside the new password, ticked off as it is typed: a green
 * tick for a rule met, a red minus for one not met, an info mark while the form cannot tell. The
 * icons are decorative (`aria-hidden`); each line carries its state in words for screen readers,
 * visually hidden ("已满足" / "未满足" / "提交后由服务器检查"; en-US "met" / "not met" / "checked when
 * you submit"), so the state is not told by colour and shape alone (WCAG 2.2 SC 1.1.1, 1.4.1).
 */
export function PasswordPolicy({ lines }: { lines: readonly PolicyLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className="password-policy" aria-label={t('pm.password.policyTitle')}>
      {lines.map(({ key, text, ok, serverChecked }) => {
        const state = ok === true ? t('pm.password.met') : ok === false ? t('pm.password.notMet') : serverChecked ? t('pm.password.serverChecks') : null;
        return (
          <li key={key} className={ok === null ? '' : ok ? 'is-ok' : 'is-bad'}>
            {ok === null ? <InfoCircleOutlined aria-hidden /> : ok ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />}
            <span>
              {text}
              {state && <span className="visually-hidden">{state}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
