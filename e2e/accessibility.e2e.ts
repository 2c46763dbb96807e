/**
 * WCAG 2.1 AA on every screen (issue 13 item 1): axe-core finds no critical or serious violation of
 * the rules tagged wcag2a, wcag2aa, wcag21a and wcag21aa on any route of docs/routes.md §Route
 * table, on an opened notice and regulation, on every back-office section (and each of its tabs),
 * and in the drawers and modals those sections open, in zh-CN and in en-US. One page per locale
 * moves by hash, as a reader would, so the app loads once per locale.
 *
 * And the 适老化 / 无障碍 display switch (MIIT 互联网网站适老化通用设计规范, 2020): a reader picks
 * extra-large text and sees it grow, and the choice survives a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import appsEnUS from '../apps/web/src/i18n/applications.en-US';
import appsZhCN from '../apps/web/src/i18n/applications.zh-CN';
import enUS from '../apps/web/src/i18n/en-US';
import a11yEnUS from '../apps/web/src/i18n/a11y.en-US';
import a11yZhCN from '../apps/web/src/i18n/a11y.zh-CN';
import pmEnUS from '../apps/web/src/i18n/management.en-US';
import pmZhCN from '../apps/web/src/i18n/management.zh-CN';
import ntEnUS from '../apps/web/src/i18n/notices.en-US';
import ntZhCN from '../apps/web/src/i18n/notices.zh-CN';
import sensingEnUS from '../apps/web/src/i18n/sensing.en-US';
import sensingZhCN from '../apps/web/src/i18n/sensing.zh-CN';
import verificationEnUS from '../apps/web/src/i18n/verification.en-US';
import verificationZhCN from '../apps/web/src/i18n/verification.zh-CN';
import zhCN from '../apps/web/src/i18n/zh-CN';
import { type AxeFinding, describeFindings, seriousViolations, settled } from './support/axe';
import { appUrl, useBrowser } from './support/browser';
import { admin, apiAsPage, headerUser } from './support/portal';

const browser = useBrowser();

type Locale = 'zh-CN' | 'en-US';

/** The messages of the web app as i18n registers them (apps/web/src/i18n/*.ts), per locale. */
const MESSAGES: Record<Locale, object> = {
  'zh-CN': { ...zhCN, apps: appsZhCN, pm: pmZhCN, nt: ntZhCN, sensing: sensingZhCN, verification: verificationZhCN, a11y: a11yZhCN },
  'en-US': { ...enUS, apps: appsEnUS, pm: pmEnUS, nt: ntEnUS, sensing: sensingEnUS, verification: verificationEnUS, a11y: a11yEnUS },
};

/** The message `key` (e.g. `pm.users.create`) in `locale`, so the spec finds what the screen says in either language. */
function msg(locale: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[locale]);
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${locale}`);
  return value;
}

/** A regular expression matching text that starts with `text` (row buttons append the row's name to their label). */
function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * What each back-office section opens, by the message of the button that opens it: its "new" form
 * and the first row's edit form (a row button's label starts with the message). Sections that open
 * nothing on a fresh server (no photos to review, a single settings form) have none.
 */
const SECTION_DIALOGS: Record<string, string[]> = {
  account: [],
  notices: ['nt.manage.create', 'nt.manage.edit'],
  regulations: ['nt.regulations.create', 'nt.regulations.edit'],
  applications: ['apps.manage.add', 'apps.manage.edit'],
  tools: ['apps.toolsManage.add'],
  oidcClients: ['apps.oidcManage.add'],
  things: ['sensing.things.form.create', 'sensing.things.form.edit', 'sensing.things.manage'],
  alerts: ['sensing.rules.create'],
  verification: ['verification.view'],
  cameraTrap: [],
  users: ['pm.users.create', 'pm.users.edit'],
  organisations: ['pm.organisations.rename'],
  roles: [],
  site: [],
  audit: [],
};

/** Waits until the screen has its data: no spinner or skeleton is left, and nothing is moving. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .route-loading') === null);
  await settled(page);
}

/** Moves to hash route `route` in the same document, as a link would. */
async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
  await page.waitForURL((url) => url.hash === `#${route}`);
}

/** The open drawer or modal (antd keeps closed ones in the document, hidden). */
function openDialog(page: Page) {
  return page.locator('.ant-drawer-open .ant-drawer-section, .ant-modal-wrap:visible .ant-modal').last();
}

/** Closes the open drawer or modal with Escape, as a keyboard user would, and waits until it is gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-drawer-open') === null &&
      [...document.querySelectorAll('.ant-modal-wrap')].every((w) => (w as HTMLElement).offsetParent === null),
  );
}

/** Visits every screen in `locale` and returns what axe finds on each (nothing, when all is well). */
async function auditEveryScreen(page: Page, locale: Locale): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  const check = async (screen: string, within?: string) => {
    await loaded(page);
    findings.push(...(await seriousViolations(page, `${locale} ${screen}`, within)));
  };
  /** The open drawer or modal only: the page behind it has been checked. */
  const DIALOG = '.ant-drawer-open .ant-drawer-section, .ant-modal-wrap:not([style*="display: none"]) .ant-modal';

  await page.goto(appUrl('/home'));
  await page.locator('.home-title').waitFor();
  await check('/home');

  for (const route of [
    '/notification-announcement',
    '/technical-regulations',
    '/application-platform',
    '/application-tools',
    '/404',
    '/exception?errorCode=E_X&errorMessage=x',
  ]) {
    await go(page, route);
    await page.locator('#main-content > *').first().waitFor();
    await check(route);
  }

  await go(page, '/notification-announcement');
  await page.locator('.notice-row-title').first().click();
  await page.locator('.notice-article, article').first().waitFor();
  // the link that was clicked has gone: focus is on the notice's title, not the page body (WCAG 2.4.3)
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h1, h2, h3') === document.activeElement)).toBe(true);
  await check('/notification-announcement (a notice opened)');

  await go(page, '/technical-regulations');
  await page.locator('.regulation-code').first().click();
  await openDialog(page).waitFor();
  await check('/technical-regulations (a regulation opened)', DIALOG);
  await closeDialog(page);

  await go(page, '/stgz');
  await page.locator('.portal-layout .province-map canvas').first().waitFor();
  await check('/stgz');

  // signing in through the form, as an official does
  await go(page, '/portal-management');
  await page.locator('.pm-auth-card').waitFor();
  await check('/portal-management (sign-in)');
  const card = page.locator('.pm-auth-card');
  await card.getByLabel(msg(locale, 'pm.signIn.account'), { exact: true }).fill(admin().account);
  await card.getByLabel(msg(locale, 'pm.signIn.password'), { exact: true }).fill(admin().password);
  await card.locator('button[type="submit"]:not(.ant-btn-loading)').click();
  await headerUser(page).waitFor();
  // the form has gone: focus is on the screen's title
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('page-title'))).toBe(true);

  for (const [section, dialogs] of Object.entries(SECTION_DIALOGS)) {
    const screen = `/portal-management?section=${section}`;
    await go(page, screen);
    await page.locator(`.pm-nav [aria-current="page"][href$="section=${section}"]`).waitFor();
    await check(screen);
    const tabs = page.locator('.pm-section [role="tab"]');
    for (let i = 1; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await check(`${screen} · ${await tabs.nth(i).innerText()}`);
    }
    if ((await tabs.count()) > 1) await tabs.first().click();
    for (const key of dialogs) {
      const opener = page.locator('.pm-section').getByRole('button', { name: startingWith(msg(locale, key)) });
      await opener.first().click();
      await openDialog(page).waitFor();
      await check(`${screen} · ${msg(locale, key)}`, DIALOG);
      await closeDialog(page);
    }
  }
  return findings;
}

describe('accessibility: WCAG 2.1 AA (axe-core, critical and serious)', () => {
  it('every screen, section, drawer and modal passes in zh-CN and in en-US', async () => {
    // something to open on /notification-announcement and in the notices section,
    const setup = await browser.newPage();
    await apiAsPage(setup, 'POST', '/api/session', { account: admin().account, password: admin().password });
    const notice = await apiAsPage<{ id: number }>(setup, 'POST', '/api/notices', {
      title: '关于开展秋冬季森林防火检查的通知',
      category: 'notice',
      bodyHtml: '<p>各市林业主管部门：</p><p>请于十一月底前完成辖区检查，并<a href="https://www.gov.cn/">报送结果</a>。</p>',
      pinned: false,
      organisationId: null,
    });
    await apiAsPage(setup, 'POST', `/api/notices/${notice.id}/publish`, { publishAt: null });
    // and a verification task to open (the bundled FIRMS sample; importing it again adds nothing)
    await apiAsPage(setup, 'POST', '/api/verification/hotspots/sample');

    const findings: AxeFinding[] = [];
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const page = await browser.newPage({ initScript: locale === 'en-US' ? () => localStorage.setItem('eco.locale', 'en-US') : undefined });
      findings.push(...(await auditEveryScreen(page, locale)));
      await page.close();
    }
    // the message lists each violation: rule, elements, what is wrong, and on which screen
    expect(findings.length, describeFindings(findings)).toBe(0);
  });

  it('the 无障碍 switch makes the text extra large and high-contrast, remembered across a reload, and the screens still pass', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/notification-announcement'));
    const title = page.locator('.page-title');
    await title.waitFor();
    await loaded(page);
    const fontSize = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    const before = { title: await fontSize('.page-title'), menu: await fontSize('.main-nav-item'), list: await fontSize('#main-content .ant-list') };

    await page.getByRole('button', { name: msg('zh-CN', 'a11y.display.button') }).click();
    await page.getByRole('radio', { name: msg('zh-CN', 'a11y.display.sizes.extraLarge') }).check();
    await page.getByRole('switch', { name: msg('zh-CN', 'a11y.display.highContrast') }).check();
    await page.keyboard.press('Escape');
    // the portal's own text and antd's grow alike, by 20 / 14
    await expect.poll(() => fontSize('#main-content .ant-list')).toBe(20);
    expect(await fontSize('.page-title')).toBeCloseTo((before.title * 20) / 14, 0);
    expect(await fontSize('.main-nav-item')).toBeCloseTo((before.menu * 20) / 14, 0);
    expect(before.list).toBe(14);
    expect(await page.locator('html').getAttribute('data-contrast')).toBe('high');

    await page.reload();
    await title.waitFor();
    expect(await page.locator('html').getAttribute('data-font-size')).toBe('extraLarge');
    await expect.poll(() => fontSize('#main-content .ant-list')).toBe(20);
    // nothing spills sideways at the largest size, down to a phone's 320 px
    for (const width of [1440, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const findings: AxeFinding[] = [];
    for (const route of ['/notification-announcement', '/home', '/portal-management']) {
      await go(page, route);
      await page.locator('#main-content > *').first().waitFor();
      await loaded(page);
      findings.push(...(await seriousViolations(page, `zh-CN extra large, high contrast ${route}`)));
    }
    expect(findings.length, describeFindings(findings)).toBe(0);
  });
});
