import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useInitialState } from '../../state/initial-state';

/** The menu keys (i18n `menu.<key>`) in menu order, with where each leads (docs/routes.md §Route table). */
const ENTRIES: { key: string; path: string }[] = [
  { key: 'home', path: '/home' },
  { key: 'notices', path: '/notification-announcement' },
  { key: 'regulations', path: '/technical-regulations' },
  { key: 'platform', path: '/application-platform' },
  { key: 'tools', path: '/application-tools' },
  { key: 'sensing', path: '/stgz' },
  { key: 'operations', path: '/ywpt' },
  { key: 'management', path: '/portal-management' },
];

/**
 * The main menu as a list of plain links (a `<nav>`: eight links need no menu widget, and antd's
 * Menu would add its overflow machinery to every first load). The current screen's link carries
 * `aria-current="page"`. 运维平台 opens the configured operations platform (site settings) in a new
 * tab; while none is set the entry is hidden, as /ywpt — which the seed keeps — has no screen to
 * lead to (a menu entry that opens an empty page is a trap).
 */
export function MainNav({ selected, vertical = false, onNavigate }: { selected?: string; vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { settings } = useInitialState();
  return (
    <nav className={vertical ? 'main-nav main-nav-vertical' : 'main-nav'} aria-label={t('menu.label')}>
      {ENTRIES.filter(({ key }) => key !== 'operations' || settings.opsPlatformUrl).map(({ key, path }) => {
        const current = key === selected ? 'page' : undefined;
        if (key === 'operations' && settings.opsPlatformUrl) {
          return (
            <a key={key} className="main-nav-item" href={settings.opsPlatformUrl} target="_blank" rel="noopener noreferrer">
              {t(`menu.${key}`)}
            </a>
          );
        }
        return (
          <Link key={key} className="main-nav-item" to={path} aria-current={current} onClick={onNavigate}>
            {t(`menu.${key}`)}
          </Link>
        );
      })}
    </nav>
  );
}
