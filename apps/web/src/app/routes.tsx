/**
 * THE route table: docs/routes.md §Route table, read top to bottom. Hash history; every screen is a lazy chunk.
 *
 * | path                        | screen                                        |
 * |-----------------------------|-----------------------------------------------|
 * | /stgz                       | the sensing wall, standalone (no main layout)  |
 * | /, /portal                  | redirect to /home                             |
 * | /home … /application-tools  | the portal's screens                          |
 * | /ywpt                       | matched, no screen: the content stays empty   |
 * | /404, anything unmatched    | not found                                     |
 * | /exception                  | the error page of showType 9 (docs/request-layer.md §Error display)   |
 */
import { redirect, type RouteObject } from 'react-router-dom';
import { DelayedSpinner } from '../components/DelayedSpinner';
import { MainLayout } from './layouts/MainLayout';
import { RouteErrorScreen } from './RouteErrorScreen';
import { lazyScreen } from './lazy-screen';

/** Menu keys and i18n keys of the screens (`menu.<key>`), for the layout's menu and page titles. */
export interface RouteHandle {
  menu: string;
}

const notFound = lazyScreen('not-found', () => import('../features/not-found/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    // docs/routes.md §Route table: the portal layout on its own, outside the main layout
    path: '/stgz',
    lazy: lazyScreen('portal-layout', () => import('./layouts/PortalLayout')),
    HydrateFallback: DelayedSpinner,
    errorElement: <RouteErrorScreen />,
    children: [{ index: true, lazy: lazyScreen('stgz', () => import('../features/sensing-wall/SensingWallPage')) }],
  },
  {
    path: '/',
    Component: MainLayout,
    children: [
      {
        // path-less: failures of a screen (a chunk that did not load) show inside the layout
        errorElement: <RouteErrorScreen />,
        HydrateFallback: DelayedSpinner,
        children: [
          { index: true, loader: () => redirect('/home') },
          { path: 'portal', loader: () => redirect('/home') },
          { path: 'home', handle: { menu: 'home' }, lazy: lazyScreen('home', () => import('../features/home/HomePage')) },
          {
            path: 'notification-announcement',
            handle: { menu: 'notices' },
            lazy: lazyScreen('notification-announcement', () => import('../features/notices/NoticesPage')),
          },
          {
            path: 'technical-regulations',
            handle: { menu: 'regulations' },
            lazy: lazyScreen('technical-regulations', () => import('../features/technical-regulations/RegulationsPage')),
          },
          {
            path: 'portal-management',
            handle: { menu: 'management' },
            lazy: lazyScreen('portal-management', () => import('../features/portal-management/PortalManagementPage')),
          },
          {
            path: 'application-platform',
            handle: { menu: 'platform' },
            lazy: lazyScreen('application-platform', () => import('../features/application-platform/ApplicationPlatformPage')),
          },
          {
            path: 'application-tools',
            handle: { menu: 'tools' },
            lazy: lazyScreen('application-tools', () => import('../features/application-tools/ApplicationToolsPage')),
          },
          // docs/routes.md §Route table: matched, but no component, so no screen is shown
          { path: 'ywpt', handle: { menu: 'operations' } },
          { path: '404', lazy: notFound },
          { path: 'exception', lazy: lazyScreen('exception', () => import('../features/exception/ExceptionPage')) },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
