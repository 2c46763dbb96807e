import Layout from 'antd/es/layout';
import { useTranslation } from 'react-i18next';
import '../../i18n/site';
import { useInitialState } from '../../state/initial-state';
import './site-footer.css';

/**
 * ICP record numbers link to the MIIT record system, as the filing rules require; a number without
 * "ICP" in it (e.g. a 公安 number kept there before it had its own setting) stays text.
 */
const ICP_RECORD_LOOKUP = 'https://beian.miit.gov.cn/';

/**
 * The public-security record lookup of a 公安机关备案号 (全国互联网安全管理服务平台): its digits as
 * `recordcode`, e.g. 陕公网安备 61010302000001号 → …?recordcode=61010302000001; null when it has none.
 */
export function publicSecurityLookup(recordNumber: string): string | null {
  const digits = recordNumber.replace(/\D/g, '');
  return digits === '' ? null : `http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${digits}`;
}

/**
 * The footer of every page in the main layout, from the site settings (门户管理 → 站点设置): the
 * footer text, 主办单位 and 承办单位, the ICP 备案号 (linked to the MIIT record system), the
 * 公安机关备案号 (linked to its lookup), the 网站标识码 and the contact line, each only when set
 * (《政府网站发展指引》asks for these at the foot of a government site's pages); then where the
 * data come from.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { settings } = useInitialState();
  const organisations = [
    settings.sponsor && t('site.footer.sponsor', { name: settings.sponsor }),
    settings.operator && t('site.footer.operator', { name: settings.operator }),
  ].filter(Boolean);
  const publicSecurity = settings.publicSecurityRecordNumber;
  const publicSecurityHref = publicSecurityLookup(publicSecurity);
  const records = [
    settings.recordNumber && (
      <span key="icp" className="record-number">
        {/ICP/i.test(settings.recordNumber) ? (
          <a href={ICP_RECORD_LOOKUP} target="_blank" rel="noopener noreferrer" aria-label={t('site.footer.icpLabel', { number: settings.recordNumber })}>
            {settings.recordNumber}
          </a>
        ) : (
          settings.recordNumber
        )}
      </span>
    ),
    publicSecurity && (
      <span key="public-security" className="public-security-record-number">
        {publicSecurityHref ? (
          <a href={publicSecurityHref} target="_blank" rel="noopener noreferrer" aria-label={t('site.footer.publicSecurityLabel', { number: publicSecurity })}>
            {publicSecurity}
          </a>
        ) : (
          publicSecurity
        )}
      </span>
    ),
    settings.siteCode && (
      <span key="site-code" className="site-code">
        {t('site.footer.siteCode', { code: settings.siteCode })}
      </span>
    ),
  ].filter(Boolean);
  return (
    <Layout.Footer className="main-footer">
      {settings.footer && <div className="footer-text">{settings.footer}</div>}
      {organisations.length > 0 && (
        <div className="footer-organisations">
          {organisations.map((line) => (
            <span key={line as string}>{line}</span>
          ))}
        </div>
      )}
      {records.length > 0 && <div className="footer-records">{records}</div>}
      {settings.contact && <div className="footer-contact">{t('site.footer.contact', { contact: settings.contact })}</div>}
      <div className="data-sources">{t('layout.dataSources')}</div>
    </Layout.Footer>
  );
}
