import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useMatches, useNavigation } from 'react-router-dom';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/breadcrumbs/Breadcrumbs';
import { useOpenItem } from '../../components/breadcrumbs/open-item';
import { DelayedSpinner } from '../../components/DelayedSpinner';
import { SearchButton } from '../../components/search/SearchButton';
import { currentLocale, setLocale } from '../../i18n/i18n';
import { useInitialState } from '../../state/initial-state';
import { DisplayModeSwitch } from '../display-mode/DisplayModeSwitch';
import type { RouteHandle } from '../routes';
import { MainNav } from './MainNav';
import { SiteFooter } from './SiteFooter';
import { useHeaderWraps } from './use-header-wraps';
import { useWideScreen } from './use-wide-screen';
import { UserButton } from './UserButton';

// Its own chunk (Dropdown and Menu), fetched only once someone is signed in.
const UserMenu = lazy(() => import('./UserMenu'));
// Fetched when the narrow-screen menu is first opened: antd's Drawer brings the form context and skeleton (issue 13 item 9).
const Drawer = lazy(() => import('antd/es/drawer'));

/**
 * Keeps keyboard and screen-reader users in the page when what they were on disappears (the
 * sign-in form once signed in, a list row once its notice opens, a form once saved): focus would
 * fall back to the page body, and the next Tab would start again at the top. WCAG 2.1 2.4.3.
 * After any change of the page, if focus has fallen to the body because the focused element left
 * the document, it moves to the heading of what is shown now: an opened article's title, else the
 * screen's title, else the content area.
 */
function useFocusRescue() {
  useEffect(() => {
    let last: Element | null = null;
    const remember = (e: FocusEvent) => {
      last = e.target as Element;
    };
    const rescue = () => {
      if (!last || last.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      last = null;
      const content = document.getElementById('main-content');
      const target = content?.querySelector<HTMLElement>('article :is(h1, h2, h3)') ?? content?.querySelector<HTMLElement>(':is(h1, h2)') ?? content ?? null;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: false });
    };
    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', remember);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', remember);
    };
  }, []);
}

/**
 * The main layout: header with the site title, the menu of the screens of docs/routes.md §Route table, the language
 * switch and who is signed in (a menu: 门户管理, 修改密码, 退出登录; a 登录 link for visitors),
 * site search, the 无障碍 switch (text size and high contrast, app/display-mode), breadcrumbs, the content (`<Outlet/>`), and the footer
 * (SiteFooter: who runs the site, its record numbers). While a screen's chunk loads for more than
 * 300 ms a spinner covers the content (React Router keeps the old screen up during navigation).
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { settings, currentUser } = useInitialState();
  const navigation = useNavigation();
  const matches = useMatches();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // mounted from its first opening on, so closing it still animates
  const [drawerUsed, setDrawerUsed] = useState(false);
  // a click on the user button before its menu's chunk has arrived opens the menu once it has
  const [userMenuWanted, setUserMenuWanted] = useState(false);
  // below 1200 px the eight entries no longer fit beside the title: they move into a drawer
  const compact = !useWideScreen();
  const header = useRef<HTMLElement>(null);
  const wraps = useHeaderWraps(header, !compact);
  useFocusRescue();

  const current = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.menu)?.handle as RouteHandle | undefined;
  const selected = current?.menu;

  // the item open on the screen (a notice, a regulation) names the page first: `<item> - 技术规范 - <site>`
  const openItem = useOpenItem();
  useEffect(() => {
    const screen = selected && selected !== 'home' ? `${t(`menu.${selected}`)} - ${settings.title}` : settings.title;
    document.title = openItem ? `${openItem} - ${screen}` : screen;
  }, [selected, settings.title, t, openItem]);

  const nextLocale = currentLocale() === 'zh-CN' ? 'en-US' : 'zh-CN';

  return (
    <Layout className="main-layout">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor to #main-content; with hash routing, following the hash would navigate, so it moves focus instead */}
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      <Layout.Header ref={header} className={wraps ? 'main-header main-header-wrapped' : 'main-header'}>
        <Link to="/home" className="brand">
          <img src="./favicon.svg" alt="" width={32} height={32} />
          <span className="brand-title">{settings.title}</span>
        </Link>
        {!compact && <MainNav selected={selected} />}
        <div className="header-actions">
          <SearchButton compact={compact} />
          <DisplayModeSwitch />
          <Button
            type="text"
            className="locale-switch"
            icon={<GlobalOutlined aria-hidden />}
            aria-label={t('layout.switchLanguageLabel')}
            onClick={() => setLocale(nextLocale)}
          >
            {t('layout.switchLanguage')}
          </Button>
          {currentUser ? (
            <Suspense fallback={<UserButton user={currentUser} compact={compact} aria-expanded={userMenuWanted} onClick={() => setUserMenuWanted(true)} />}>
              <UserMenu user={currentUser} compact={compact} initiallyOpen={userMenuWanted} />
            </Suspense>
          ) : (
            <Link to="/portal-management" className="sign-in-link">
              {t('session.signIn')}
            </Link>
          )}
          {compact && (
            <Button
              type="text"
              className="menu-toggle"
              aria-label={t('menu.openMenu')}
              icon={<MenuOutlined aria-hidden />}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            />
          )}
        </div>
      </Layout.Header>
      {compact && drawerUsed && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="right" size={260} title={settings.title}>
            <MainNav selected={selected} vertical onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </Suspense>
      )}
      <Layout.Content className="main-content" id="main-content" tabIndex={-1}>
        {navigation.state === 'loading' && (
          <div className="route-loading">
            <DelayedSpinner />
          </div>
        )}
        <Breadcrumbs screen={selected} />
        <Outlet />
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
