import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../../i18n/site';
import { useOpenItem } from './open-item';
import './breadcrumbs.css';

/**
 * Where the visitor is: 首页 / <screen> / <the item open on it> (e.g. 首页 / 通知公告 / <notice
 * title>), each but the last a link. `screen` is the menu key of the route (`menu.<key>` names it);
 * nothing is shown on the home page, on a screen without one (404, the error page), or on /ywpt,
 * which shows no screen at all (docs/routes.md §Route table).
 */
export function Breadcrumbs({ screen }: { screen: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = useOpenItem();
  if (!screen || screen === 'home' || screen === 'operations') return null;
  return (
    <nav className="breadcrumbs" aria-label={t('site.breadcrumb.label')}>
      <ol>
        <li>
          <Link to="/home">{t('menu.home')}</Link>
        </li>
        <li>{item ? <Link to={pathname}>{t(`menu.${screen}`)}</Link> : <span aria-current="page">{t(`menu.${screen}`)}</span>}</li>
        {item && (
          <li>
            <span aria-current="page">{item}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
