/**
 * Boot: router base (`window.routerBase`, read before mounting; default `/`), locale, display mode, providers,
 * the initial-state gate, and the hash router over THE route table (app/routes.tsx). Nothing else.
 */
import { StrictMode, startTransition, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import IconContext from '@ant-design/icons/es/components/Context';
import ConfigProvider from 'antd/es/config-provider';
import enUSAntd from 'antd/es/locale/en_US';
import zhCNAntd from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { applyDisplayMode, currentDisplayMode, useDisplayMode } from './app/display-mode/display-mode';
import { InitialStateGate, loadFirstState } from './app/initial-state/InitialStateGate';
import { routes } from './app/routes';
import { themeFor } from './app/theme';
import { currentLocale } from './i18n/i18n';
import { VALIDATE_MESSAGES } from './i18n/validate-messages';
import { routerBase } from './request/router-base';
import 'virtual:antd-first-styles.css';
import './app/app.css';

// the remembered text size and contrast (适老化 / 无障碍) before the first paint
applyDisplayMode(currentDisplayMode());
// asked for now, not once the gate has mounted; until it has come the app commits nothing (app/initial-state)
const firstState = loadFirstState();
// The icons' stylesheet comes with the entry's (build/antd-first-styles.ts), so no icon looks for it and writes it
// from an effect of its own. The class prefix is the icons' default, `anticon`, as ConfigProvider's would be.
const ICONS = { zeroRuntime: true };
// Screens show errors through the request layer (docs/request-layer.md §Error display), so queries do not retry silently.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function App({ router }: { router: ReturnType<typeof createHashRouter> }) {
  const { i18n } = useTranslation();
  const locale = currentLocale();
  const displayMode = useDisplayMode();
  const theme = useMemo(() => themeFor(displayMode), [displayMode]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language is what changes when the user switches locale; currentLocale() reads it
  useEffect(() => {
    dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = locale;
  }, [locale, i18n.language]);
  return (
    <ConfigProvider
      theme={theme}
      locale={locale === 'zh-CN' ? zhCNAntd : enUSAntd}
      button={{ autoInsertSpace: false }}
      // docs/request-layer.md §Form messages: the generic form layer's default messages
      form={{ validateMessages: VALIDATE_MESSAGES[locale] }}
    >
      {/* inside ConfigProvider: it provides the icons' context too, and would override this one */}
      <IconContext value={ICONS}>
        <QueryClientProvider client={queryClient}>
          <InitialStateGate first={firstState}>
            <RouterProvider router={router} />
          </InitialStateGate>
        </QueryClientProvider>
      </IconContext>
    </ConfigProvider>
  );
}

const root = createRoot(document.getElementById('root')!);
// Issue 13 item 9 (total blocking time): the router starts its first navigation (matching, the screen's
// lazy chunk) as it is created, so it is created in a task of its own, not in the one that evaluates
// the modules; and a transition render yields to the browser every few milliseconds instead of
// building the whole first screen (and antd's styles) in one long task that blocks input.
setTimeout(() => {
  const router = createHashRouter(routes, { basename: routerBase() });
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}, 0);
