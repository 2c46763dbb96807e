/**
 * The route table (docs/routes.md §Route table) as a user meets it: hash routes, redirects, the not-found
 * fallback, the empty /ywpt, the standalone /stgz, the exception page, the menu and the language.
 */
import { describe, expect, it } from 'vitest';
import { expectMainLayout, hashOf, homeTitle, menuItem, screenTitle, selectedMenuItem, SITE_TITLE, waitForHash } from './support/app';
import { appUrl, useBrowser } from './support/browser';

const browser = useBrowser();

describe('routes (docs/routes.md §Route table, hash history)', () => {
  it('#/home shows the home screen in the main layout', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();
    await expectMainLayout(page);
    await expect.poll(() => selectedMenuItem(page)).toBe('首页');
    await expect.poll(() => page.title()).toBe(SITE_TITLE);
  });

  it('#/technical-regulations shows the regulations screen in the main layout', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/technical-regulations'));
    await screenTitle(page, '技术规范').waitFor();
    await expectMainLayout(page);
    await expect.poll(() => selectedMenuItem(page)).toBe('技术规范');
    await expect.poll(() => page.title()).toBe(`技术规范 - ${SITE_TITLE}`);
  });

  it.each([
    ['/notification-announcement', '通知公告'],
    ['/application-platform', '应用平台'],
    ['/application-tools', '应用工具'],
  ])('#%s shows its screen titled "%s" in the main layout', async (route, title) => {
    const page = await browser.newPage();
    await page.goto(appUrl(route));
    await screenTitle(page, title).waitFor();
    await expectMainLayout(page);
    await expect.poll(() => selectedMenuItem(page)).toBe(title);
    await expect.poll(() => page.title()).toBe(`${title} - ${SITE_TITLE}`);
  });

  it('#/portal-management shows its title and, to a visitor, the sign-in form in the main layout', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/portal-management'));
    await screenTitle(page, '门户管理').waitFor();
    await expectMainLayout(page);
    await page.locator('#main-content').getByRole('button', { name: '登录', exact: true }).waitFor();
    await expect.poll(() => selectedMenuItem(page)).toBe('门户管理');
    await expect.poll(() => page.title()).toBe(`门户管理 - ${SITE_TITLE}`);
  });

  it.each(['/', '/portal'])('redirects #%s to #/home', async (route) => {
    const page = await browser.newPage();
    await page.goto(appUrl(route));
    await waitForHash(page, '#/home');
    await homeTitle(page).waitFor();
    await expectMainLayout(page);
  });

  it.each(['/404', '/no/such/page', '/home/extra'])('#%s shows the not-found screen inside the main layout', async (route) => {
    const page = await browser.newPage();
    await page.goto(appUrl(route));
    await page.getByText('页面不存在', { exact: true }).waitFor();
    await expectMainLayout(page);
    expect(hashOf(page)).toBe(`#${route}`); // no redirect: the address the user typed stays
    expect(await page.locator('.home').count()).toBe(0);
  });

  it('the not-found screen leads back home', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/no/such/page'));
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForHash(page, '#/home');
    await homeTitle(page).waitFor();
  });

  it('#/ywpt shows the main layout with an empty content area, and no menu entry leads there while no operations platform is set', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/ywpt'));
    await expectMainLayout(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.main-nav').getByText('运维平台').count()).toBe(0);
    expect(await page.locator('.main-nav [aria-current="page"]').count()).toBe(0);
    await expect.poll(() => page.title()).toBe(`运维平台 - ${SITE_TITLE}`);
    const content = page.locator('#main-content');
    expect(await content.isVisible()).toBe(true);
    expect(await content.evaluate((element) => element.childElementCount)).toBe(0);
    expect((await content.innerText()).trim()).toBe('');
  });

  it('#/stgz renders standalone: its own header and the map, no main layout', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/stgz'));
    await page.locator('.portal-layout').waitFor();
    expect(await page.locator('.portal-header h1').innerText()).toBe(`${SITE_TITLE} · 生态感知`);
    expect(await page.getByRole('link', { name: '← 返回门户' }).isVisible()).toBe(true);
    await page.locator('.portal-layout .province-map canvas').first().waitFor();
    // the map fills the wall's centre column (most of the 900 px high window), not a thumbnail
    const box = await page.locator('.portal-layout .province-map').boundingBox();
    expect(box?.height).toBeGreaterThan(500);
    expect(box?.width).toBeGreaterThan(500);
    expect(await page.locator('.main-header').count()).toBe(0);
    expect(await page.locator('.main-footer').count()).toBe(0);
    expect(await page.locator('.main-nav').count()).toBe(0);
    await expect.poll(() => page.title()).toBe(`生态感知 - ${SITE_TITLE}`);
  });

  it('#/exception shows the code and message as plain text, and a way home that works', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/exception?errorCode=E_X&errorMessage=%3Cb%3Ebold%3C%2Fb%3E%20%E5%87%BA%E9%94%99'));
    await page.locator('.exception-code').waitFor();
    await expectMainLayout(page);
    expect(await page.locator('.exception-code').innerText()).toBe('E_X');
    expect(await page.locator('.exception-message').innerText()).toBe('<b>bold</b> 出错');
    expect(await page.locator('.exception-message b').count()).toBe(0);
    expect(await page.locator('#main-content b').count()).toBe(0);

    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForHash(page, '#/home');
    await homeTitle(page).waitFor();
  });

  it('the menu navigates between screens and marks the current one', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();

    const steps: [string, string, string][] = [
      ['技术规范', '#/technical-regulations', '技术规范'],
      ['通知公告', '#/notification-announcement', '通知公告'],
      ['应用平台', '#/application-platform', '应用平台'],
      ['应用工具', '#/application-tools', '应用工具'],
      ['门户管理', '#/portal-management', '门户管理'],
    ];
    for (const [item, hash, heading] of steps) {
      await menuItem(page, item).click();
      await waitForHash(page, hash);
      await screenTitle(page, heading).waitFor();
      await expect.poll(() => selectedMenuItem(page)).toBe(item);
      await expect.poll(() => page.title()).toBe(`${item} - ${SITE_TITLE}`);
    }
    await menuItem(page, '首页').click();
    await waitForHash(page, '#/home');
    await homeTitle(page).waitFor();
    await expect.poll(() => page.title()).toBe(SITE_TITLE);

    await menuItem(page, '生态感知').click();
    await waitForHash(page, '#/stgz');
    await page.locator('.portal-layout').waitFor();
    await page.getByRole('link', { name: '← 返回门户' }).click();
    await waitForHash(page, '#/home');
    await homeTitle(page).waitFor();
  });

  it('the English menu takes a row of its own where it does not fit beside the title (1280 px), and shares it where it does (1600 px)', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => localStorage.setItem('eco.locale', 'en-US'));
    await page.goto(appUrl('/home'));
    await menuItem(page, 'Management').waitFor();
    const boxes = async () => ({
      links: await page.locator('.main-nav a').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect)),
      actions: (await page.locator('.header-actions').boundingBox())!,
    });
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // under the title and the actions, not beside them (measured again once the web font has widened the links)
    await expect
      .poll(async () => {
        const { links, actions } = await boxes();
        return Math.min(...links.map((link) => link.y)) >= actions.y + actions.height;
      })
      .toBe(true);
    const narrow = await boxes();
    expect(narrow.links.some((link) => overlaps(link, narrow.actions))).toBe(false);

    await page.setViewportSize({ width: 1600, height: 800 });
    await expect.poll(async () => (await boxes()).links[0]!.y).toBeLessThan(narrow.actions.y + narrow.actions.height);
    const wide = await boxes();
    expect(wide.links.some((link) => overlaps(link, wide.actions))).toBe(false);
  });

  it('the menu moves into the drawer button when the window narrows below 1200 px, and back when it widens', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();
    const menuButton = page.locator('.main-header .menu-toggle');
    expect(await menuItem(page, '技术规范').isVisible()).toBe(true);
    expect(await menuButton.count()).toBe(0);

    await page.setViewportSize({ width: 1100, height: 900 });
    await menuButton.waitFor();
    expect(await page.locator('.main-header .main-nav').count()).toBe(0);

    await page.setViewportSize({ width: 1440, height: 900 });
    await menuItem(page, '技术规范').waitFor();
    expect(await menuButton.count()).toBe(0);
  });

  it('the language switch shows a globe beside its word, but on the narrowest phones its word alone, leaving the room to the title', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();
    const localeSwitch = page.getByRole('button', { name: 'Switch to English' });
    const globe = localeSwitch.locator('.anticon-global');
    expect(await localeSwitch.innerText()).toBe('English');
    expect(await globe.isVisible()).toBe(true);

    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => globe.isVisible()).toBe(false);
    expect(await localeSwitch.innerText()).toBe('English');
  });

  it('switching to English changes the menu and page text, and survives a reload', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();

    await page.getByRole('button', { name: 'Switch to English' }).click();
    await menuItem(page, 'Regulations').waitFor();
    expect(await menuItem(page, 'Home').isVisible()).toBe(true);
    expect(await menuItem(page, '技术规范').count()).toBe(0);
    expect(await page.getByText('Air-quality stations', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');

    await menuItem(page, 'Regulations').click();
    await screenTitle(page, 'Technical regulations').waitFor();
    await expect.poll(() => page.title()).toBe(`Regulations - ${SITE_TITLE}`);

    await page.reload();
    await screenTitle(page, 'Technical regulations').waitFor();
    expect(await menuItem(page, 'Home').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '切换到中文' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');

    await page.getByRole('button', { name: '切换到中文' }).click();
    await screenTitle(page, '技术规范').waitFor();
    expect(await menuItem(page, '首页').isVisible()).toBe(true);
  });
});
