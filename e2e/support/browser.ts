/**
 * Chromium for the end-to-end specs: Debian's headless shell (`chromium-headless-shell`) driven by
 * playwright-core (no downloaded browsers). `useBrowser()` gives a spec file one browser and a fresh context per page,
 * and closes them all.
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, which .ci/run installs): the
 * same Blink as /usr/bin/chromium without the browser's own windowing and compositing, which
 * Playwright uses for headless runs too. The suite's Chromium used about a third less CPU this
 * way: 47 CPU-seconds instead of 63 for routes and real-data, on a machine the three test steps
 * keep busy (scripts/test.mjs). Without it, Debian's /usr/bin/chromium; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const EXECUTABLE = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/**
 * How long a spec waits for something to appear or happen (ms). A missing element fails in
 * Playwright's own words long before the suite's hang limit (vitest.config.ts), and a machine
 * loaded by another CPU-heavy process still has all the time it needs: nothing here is a
 * wall-clock budget a slow machine could miss.
 */
export const WAIT_MS = 120_000;

/** A stylesheet that lets clicks pass through antd's message toasts (see `newPage`). */
const TOASTS_LET_CLICKS_THROUGH = '.ant-message-notice, .ant-message-notice * { pointer-events: none !important; }';

/** How the pages report a Content-Security-Policy violation on their console. */
const CSP_VIOLATION = 'CSP violation:';

/** Launches headless Chromium without sandbox, GPU or background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The server under test (from global-setup), e.g. `http://127.0.0.1:41234`. */
export function baseUrl(): string {
  return ownServerUrl ?? inject('baseUrl');
}

let ownServerUrl: string | undefined;

/**
 * Gives the spec file a server of its own (fresh data folder, the bundled data only) instead of
 * the run's shared one, for specs that count the bundled rows while other specs add to them;
 * `baseUrl()` and `appUrl()` then point at it. Started in beforeAll, stopped in afterAll.
 */
export function useOwnServer(): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    ownServerUrl = server.baseUrl;
  });
  afterAll(async () => {
    ownServerUrl = undefined;
    await server?.stop();
  });
}

/** The app at hash route `route` (e.g. `/home`, `/exception?x=1`) on the server under test. */
export function appUrl(route: string): string {
  return `${baseUrl()}/#${route}`;
}

export interface NewPageOptions {
  /** Runs in the page before any of its scripts (e.g. to set `window.routerBase`). */
  initScript?: () => void;
}

type TrackedPage = Page & { pageErrors: Error[] };

/** What a spec gets from {@link useBrowser}. */
export interface BrowserHandle {
  /**
   * A page in a fresh browser context (own storage, cache and routes), 1440×900, zh-CN; it is closed
   * after the current test, and the test fails if the page had an uncaught error (`pageErrors`).
   */
  newPage(options?: NewPageOptions): Promise<TrackedPage>;
}

/**
 * Launches one Chromium for the spec file (beforeAll) and closes it (afterAll); every context a test
 * opens is closed after that test.
 */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  const pages: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    const errors = pages.splice(0).flatMap((page) => page.pageErrors);
    await Promise.all(open.splice(0).map((context) => context.close()));
    // The app shows its failures (error screens, messages); an uncaught error is a bug of its own.
    if (errors.length > 0) throw new Error(`uncaught error(s) in the page:\n${errors.map((e) => e.stack ?? e.message).join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call newPage inside a test)');
      // A wide viewport: the main layout shows its menu in the header from 1200 px (antd's `xl`) up.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      open.push(context);
      context.setDefaultTimeout(WAIT_MS);
      // Every page must satisfy the server's Content-Security-Policy (http/security-headers.ts): a
      // violation is reported to the console by this listener and counted as a page error.
      await context.addInitScript((marker: string) => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`${marker} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
        });
      }, CSP_VIOLATION);
      // antd's message toasts show for 3 s at the top, over whatever lies under them (a drawer's
      // close button, a row's buttons), and stay while hovered: here clicks pass through them, so a
      // spec need not wait them out. They are still on screen to be read.
      await context.addInitScript((css: string) => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = css;
          document.head.append(style);
        });
      }, TOASTS_LET_CLICKS_THROUGH);
      if (options.initScript) await context.addInitScript(options.initScript);
      const page: TrackedPage = Object.assign(await context.newPage(), { pageErrors: [] as Error[] });
      page.on('pageerror', (error) => page.pageErrors.push(error));
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(CSP_VIOLATION)) page.pageErrors.push(new Error(message.text()));
      });
      pages.push(page);
      return page;
    },
  };
}
