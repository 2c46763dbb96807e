/**
 * Booting the app: the initial-state gate (docs/routes.md §Initial state), the page title from the site settings,
 * the router base (`window.routerBase`, docs/routes.md §Route table) and serving the built app from a sub-path
 * (chunks, stylesheets and API fetched relative to './', docs/request-layer.md §Requests).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectMainLayout, homeTitle, menuItem, screenTitle, SITE_TITLE, waitForHash } from './support/app';
import { appUrl, baseUrl, useBrowser, WAIT_MS } from './support/browser';

const browser = useBrowser();

/** Settles `promise`-style: `release()` lets a held request through. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe('the initial-state gate (docs/routes.md §Initial state)', () => {
  it("renders nothing of the app until the site settings arrive, the page's own header staying up, then the portal with the title from them", async () => {
    const page = await browser.newPage();
    const held = gate();
    const asked = gate();
    await page.route('**/api/site', async (route) => {
      asked.release();
      await held.opened;
      await route.continue();
    });
    const session = page.waitForResponse((response) => response.url().endsWith('/api/session'));
    await page.goto(appUrl('/home'));
    await asked.opened; // the app is running and waiting for its settings
    await session; // …and has everything else it asked for at start-up

    // Nothing of the app rendered: not the layout, not even the delayed spinner (300 ms, docs/request-layer.md
    // §Limits); what the page drew itself before the app ran (its header, the screen's heading: build/boot.js) stays
    // up. An absence can only be checked over time, hence the fixed wait.
    await page.waitForTimeout(500);
    expect(await page.locator('#root > :not(.boot-header, .boot-main)').count()).toBe(0);
    expect(await page.locator('.boot-header').isVisible()).toBe(true);

    held.release();
    await homeTitle(page).waitFor();
    await expectMainLayout(page);
    expect(await page.title()).toBe(SITE_TITLE);
  });

  it('offers a retry, not a blank page, when the site settings cannot be loaded', async () => {
    const page = await browser.newPage();
    await page.route('**/api/site', (route) => route.abort('failed'));
    await page.goto(appUrl('/home'));
    await page.getByText('门户暂时无法加载，请稍后重试', { exact: true }).waitFor();
    await page.locator('.ant-message-notice').filter({ hasText: '网络请求失败' }).waitFor();
    expect(await page.locator('.main-header').count()).toBe(0);

    await page.unroute('**/api/site');
    await page.getByRole('button', { name: '重试' }).click();
    await homeTitle(page).waitFor();
    await expectMainLayout(page);
  });

  it('takes the page title and the header from the site settings', async () => {
    const page = await browser.newPage();
    const title = '测试门户 <E2E>';
    await page.route('**/api/site', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { success: boolean; data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, title, footer: `${title} 页脚` } } });
    });
    await page.goto(appUrl('/home'));
    await homeTitle(page, title).waitFor();
    await expectMainLayout(page, title);
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('.main-footer').innerText()).toContain(`${title} 页脚`);

    await menuItem(page, '技术规范').click();
    await screenTitle(page, '技术规范').waitFor();
    await expect.poll(() => page.title()).toBe(`技术规范 - ${title}`);
  });
});

describe('what the page draws before the app runs (build/boot.js, issue 13 item 9)', () => {
  /** Opens `route` with the app's entry chunk held back; `release()` lets it through. */
  async function openHeld(page: Page, route: string) {
    const held = gate();
    await page.route('**/assets/index-*.js', async (request) => {
      await held.opened;
      await request.continue();
    });
    await page.goto(appUrl(route));
    return held.release;
  }

  it("shows a list screen's breadcrumbs, title and subtitle under the site's header, then the app's screen in their place", async () => {
    const page = await browser.newPage();
    const release = await openHeld(page, '/notification-announcement');
    const drawn = page.locator('.boot-main');
    expect(await page.locator('.boot-header').innerText()).toBe(SITE_TITLE);
    expect(await drawn.locator('ol li').allInnerTexts()).toEqual(['首页', '通知公告']);
    expect(await drawn.getByRole('heading', { level: 1 }).innerText()).toBe('通知公告');
    expect(await drawn.locator('p').innerText()).toBe('发布全省林草生态感知工作的通知、公告和工作动态');
    expect(await page.locator('.main-header').count()).toBe(0);

    release();
    await screenTitle(page, '通知公告').waitFor();
    await expectMainLayout(page);
    expect(await page.locator('.boot-main, .boot-header').count()).toBe(0);
  });

  it("shows /home's title and introduction in the language the reader chose", async () => {
    const page = await browser.newPage({ initScript: () => localStorage.setItem('eco.locale', 'en-US') });
    const release = await openHeld(page, '/home');
    const hero = page.locator('.boot-main .boot-hero');
    expect(await hero.getByRole('heading', { level: 1 }).innerText()).toBe(SITE_TITLE);
    expect(await hero.locator('p').innerText()).toMatch(/^Bringing together the province's video and infrared cameras/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    release();
    await homeTitle(page).waitFor();
    expect(await page.locator('.boot-main').count()).toBe(0);
  });

  it('draws no heading at a larger text size, whose styles come with the app: the header alone', async () => {
    const page = await browser.newPage({
      initScript: () => localStorage.setItem('eco.display', JSON.stringify({ fontSize: 'extraLarge', highContrast: false })),
    });
    const release = await openHeld(page, '/technical-regulations');
    expect(await page.locator('.boot-header').isVisible()).toBe(true);
    expect(await page.locator('.boot-main').count()).toBe(0);
    release();
    await screenTitle(page, '技术规范').waitFor();
  });
});

describe('the router base (window.routerBase)', () => {
  const withBase = () => {
    // set by the hosting page before the app mounts (docs/routes.md §Route table)
    (window as Window & { routerBase?: string }).routerBase = '/portal-base/';
  };

  it('serves the routes under the base, and the menu links carry it', async () => {
    const page = await browser.newPage({ initScript: withBase });
    await page.goto(appUrl('/portal-base/home'));
    await homeTitle(page).waitFor();
    await expectMainLayout(page);

    const regulations = menuItem(page, '技术规范');
    expect(await regulations.getAttribute('href')).toBe('#/portal-base/technical-regulations');
    expect(await menuItem(page, '首页').getAttribute('href')).toBe('#/portal-base/home');

    await regulations.click();
    await waitForHash(page, '#/portal-base/technical-regulations');
    await screenTitle(page, '技术规范').waitFor();
  });

  it('redirects under the base: #/portal-base/ goes to #/portal-base/home', async () => {
    const page = await browser.newPage({ initScript: withBase });
    await page.goto(appUrl('/portal-base/'));
    await waitForHash(page, '#/portal-base/home');
    await homeTitle(page).waitFor();
  });

  it('sends a showType 9 business error to the error page under the base', async () => {
    const page = await browser.newPage({ initScript: withBase });
    await page.route('**/api/technical-regulations?*', (route) =>
      route.fulfill({ json: { success: false, errorCode: 'E_BASE', errorMessage: '已重定向', showType: 9 } }),
    );
    await page.goto(appUrl('/portal-base/technical-regulations'));
    await waitForHash(page, `#/portal-base/exception?errorCode=E_BASE&errorMessage=${encodeURIComponent('已重定向')}`);
    await page.locator('.exception-code').waitFor();
    expect(await page.locator('.exception-code').innerText()).toBe('E_BASE');
    expect(await page.locator('.exception-message').innerText()).toBe('已重定向');
  });
});

describe('serving from a sub-path', () => {
  const PREFIX = '/some/sub/path';
  let proxy: http.Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    proxy = undefined;
  });

  /**
   * A reverse proxy that publishes the whole server under `PREFIX`, as a gateway would: requests
   * under the prefix are forwarded with it stripped, everything else is a 404.
   */
  async function startProxy(): Promise<string> {
    const target = new URL(baseUrl());
    proxy = http.createServer((request, response) => {
      const url = request.url ?? '/';
      if (url !== PREFIX && !url.startsWith(`${PREFIX}/`)) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end(`not under ${PREFIX}`);
        return;
      }
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: url.slice(PREFIX.length) || '/',
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => response.writeHead(502).end(String(error)));
      request.pipe(upstream);
    });
    proxy.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${PREFIX}/`;
  }

  it('the built app works from a sub-path: screens, stylesheets and data all load', async () => {
    const root = await startProxy();
    const page = await browser.newPage();
    const requested: { url: string; status: number | null }[] = [];
    page.on('requestfinished', async (request) => {
      requested.push({ url: request.url(), status: (await request.response())?.status() ?? null });
    });
    page.on('requestfailed', (request) => requested.push({ url: request.url(), status: null }));

    await page.goto(`${root}#/home`);
    await homeTitle(page).waitFor();
    await expectMainLayout(page);
    // data from the API, through the prefix
    const stations = page.locator('.key-figure', { hasText: '空气质量监测站' }).locator('.ant-statistic-content-value');
    await expect.poll(() => stations.innerText(), { timeout: WAIT_MS }).toBe('55');
    await page.locator('.province-map canvas').first().waitFor();

    await menuItem(page, '技术规范').click();
    await screenTitle(page, '技术规范').waitFor();
    await page.getByText(/^共 \d+ 条$/).waitFor(); // other specs may have added regulations
    await page.waitForLoadState('networkidle');

    const outside = requested.filter((r) => !r.url.startsWith(root) && !r.url.startsWith('data:'));
    expect(outside).toEqual([]);
    expect(requested.filter((r) => r.status === null || r.status >= 400)).toEqual([]);
    const paths = requested.map((r) => new URL(r.url).pathname);
    expect(paths).toContainEqual(expect.stringMatching(/^\/some\/sub\/path\/assets\/RegulationsPage-[^/]+\.js$/));
    expect(paths).toContainEqual(expect.stringMatching(/^\/some\/sub\/path\/assets\/RegulationsPage-[^/]+\.css$/));
    expect(paths).toContainEqual(expect.stringMatching(/^\/some\/sub\/path\/assets\/HomePage-[^/]+\.css$/));
    expect(paths).toContain('/some/sub/path/api/site');
    expect(paths).toContain('/some/sub/path/api/stations');
    // the screen's stylesheet is applied, not only fetched
    expect(await page.locator('.regulations-page').count()).toBe(1);
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => (sheet.href ?? '').includes('/some/sub/path/assets/RegulationsPage-')))).toBe(
      true,
    );
  });
});
