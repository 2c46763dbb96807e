/**
 * How failed requests are shown (docs/request-layer.md §Error display, the showType catalogue), seen through the
 * regulations list: its request is answered here with a business error, an HTTP error or no answer.
 * The screen itself always stays up.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { screenTitle, waitForHash } from './support/app';
import { appUrl, useBrowser } from './support/browser';

const browser = useBrowser();

/** The regulations list request (not its categories, which have no query string). */
const LIST = '**/api/technical-regulations?*';

/**
 * Opens the regulations screen with its list request answered by `answer`; resolves once that
 * answer has been given and (unless `waitForScreen` is false) the screen is up.
 */
async function openRegulationsAnswering(page: Page, answer: (route: Route) => Promise<void>, { waitForScreen = true } = {}): Promise<void> {
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  await page.route(LIST, async (route) => {
    await answer(route);
    answered();
  });
  await page.goto(appUrl('/technical-regulations'));
  await done;
  if (waitForScreen) await screenTitle(page, '技术规范').waitFor();
}

/** A 200 whose envelope says the call failed (a business error, docs/request-layer.md §Requests). */
function businessError(fields: { errorCode: string; errorMessage: string; showType?: number }) {
  return (route: Route) => route.fulfill({ json: { success: false, ...fields } });
}

const messages = (page: Page) => page.locator('.ant-message-notice');
const notifications = (page: Page) => page.locator('.ant-notification-notice');

describe('business errors by showType (docs/request-layer.md §Error display)', () => {
  it('showType 0 shows nothing', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_SILENT', errorMessage: '静默错误', showType: 0 }));
    await page.getByText('没有符合条件的技术规范').waitFor(); // the list has settled, empty
    // An absence can only be checked over time: give a message the time it would take to appear.
    await page.waitForTimeout(500);
    expect(await messages(page).count()).toBe(0);
    expect(await notifications(page).count()).toBe(0);
    expect(await page.getByText('静默错误').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#/technical-regulations');
  });

  it('showType 1 shows a warning message with the errorMessage', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_WARN', errorMessage: '这是一条警告', showType: 1 }));
    const message = messages(page).filter({ hasText: '这是一条警告' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-warning'))).toBe(true);
    expect(await message.innerText()).toBe('这是一条警告');
    expect(await notifications(page).count()).toBe(0);
  });

  it('showType 2 shows an error message with the errorMessage', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_ERR', errorMessage: '这是一条错误', showType: 2 }));
    const message = messages(page).filter({ hasText: '这是一条错误' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-error'))).toBe(true);
    expect(await notifications(page).count()).toBe(0);
  });

  it('a business error without showType shows an error message (the default)', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_DEFAULT', errorMessage: '默认显示方式' }));
    const message = messages(page).filter({ hasText: '默认显示方式' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-error'))).toBe(true);
  });

  it('showType 4 shows a notification titled by the errorCode, described by the errorMessage', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_NOTIFY', errorMessage: '通知的详细说明', showType: 4 }));
    const notification = notifications(page);
    await notification.waitFor();
    expect(await notification.locator('.ant-notification-notice-title').innerText()).toBe('E_NOTIFY');
    expect(await notification.locator('.ant-notification-notice-description').innerText()).toBe('通知的详细说明');
    expect(await messages(page).count()).toBe(0);
  });

  it('showType 9 redirects to the error page with errorCode and errorMessage in the address', async () => {
    const page = await browser.newPage();
    const errorMessage = '登录已过期 & 请重新登录 (code 401)';
    // the redirect may come before the screen shows, so do not wait for the screen
    await openRegulationsAnswering(page, businessError({ errorCode: 'E_REDIRECT', errorMessage, showType: 9 }), { waitForScreen: false });
    await waitForHash(page, `#/exception?errorCode=E_REDIRECT&errorMessage=${encodeURIComponent(errorMessage)}`);
    expect(page.url()).toContain('errorMessage=%E7%99%BB%E5%BD%95%E5%B7%B2%E8%BF%87%E6%9C%9F%20%26%20'); // %20, not +
    await page.locator('.exception-code').waitFor();
    expect(await page.locator('.exception-code').innerText()).toBe('E_REDIRECT');
    expect(await page.locator('.exception-message').innerText()).toBe(errorMessage);
    expect(await messages(page).count()).toBe(0);
  });
});

describe('failures without a business envelope', () => {
  it('an HTTP 500 without an envelope shows an error message, and the screen stays', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    const message = messages(page).filter({ hasText: '服务器返回错误（HTTP 500），请稍后重试。' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-error'))).toBe(true);
    expect(await page.getByText('没有符合条件的技术规范').isVisible()).toBe(true);
    expect(await page.locator('.main-header').isVisible()).toBe(true);
  });

  it('an HTTP error with an envelope shows its errorMessage', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, (route) =>
      route.fulfill({ status: 503, json: { success: false, errorCode: 'E_BUSY', errorMessage: '服务繁忙，请稍后再试', showType: 1 } }),
    );
    const message = messages(page).filter({ hasText: '服务繁忙，请稍后再试' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-warning'))).toBe(true);
  });

  it('a network failure shows the network error message, and the screen stays', async () => {
    const page = await browser.newPage();
    await openRegulationsAnswering(page, (route) => route.abort('failed'));
    const message = messages(page).filter({ hasText: '网络请求失败，请检查网络连接后重试。' });
    await message.waitFor();
    expect(await message.evaluate((element) => element.classList.contains('ant-message-notice-error'))).toBe(true);
    expect(await page.getByText('没有符合条件的技术规范').isVisible()).toBe(true);
    expect(await page.locator('.main-header').isVisible()).toBe(true);
  });
});
