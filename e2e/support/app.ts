/**
 * What the portal shows, as locators and checks shared by the specs (texts are the zh-CN messages
 * of apps/web/src/i18n, the default locale).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The default site title, from the bundled site settings (docs/routes.md §Initial state). */
export const SITE_TITLE = '陕西省生态云感知系统';

/**
 * The title of a screen (its `<h2 class="page-title">`), matched exactly: the home page's cards
 * are headings too ("最新技术规范", "通知公告"), so a bare heading match could hit the wrong screen.
 */
export function screenTitle(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name, exact: true }).and(page.locator('.page-title'));
}

/** The home page's big title (the site title from the settings). */
export function homeTitle(page: Page, name: string = SITE_TITLE): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true }).and(page.locator('.home-title'));
}

/** A link of the main menu (the header's `<nav>`), by its exact text. */
export function menuItem(page: Page, name: string): Locator {
  return page.locator('.main-nav').getByRole('link', { name, exact: true });
}

/** The text of the menu link marked as the current page (`aria-current="page"`). */
export function selectedMenuItem(page: Page): Promise<string> {
  return page.locator('.main-nav [aria-current="page"]').innerText();
}

/** The header (with the site title), the menu and the footer of the main layout are on screen. */
export async function expectMainLayout(page: Page, siteTitle: string = SITE_TITLE): Promise<void> {
  await page.locator('.main-header').waitFor();
  expect(await page.locator('.main-header .brand-title').innerText()).toBe(siteTitle);
  expect(await menuItem(page, '首页').isVisible()).toBe(true);
  expect(await menuItem(page, '技术规范').isVisible()).toBe(true);
  expect(await page.locator('.main-footer').isVisible()).toBe(true);
}

/** The current hash route, e.g. `#/home`. */
export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** Waits until the hash route is exactly `hash` (e.g. `#/home`). */
export async function waitForHash(page: Page, hash: string): Promise<void> {
  await page.waitForURL((url) => url.hash === hash);
}

/**
 * Clicks `button` until `dialog` is hidden, as a user would who saw it stay: a loaded machine can
 * lose a click that lands while the dialog is still zooming in (CI saw such dialogs stay open).
 * Each click gets the time the dialog takes to zoom out before the next one: clicking again
 * meanwhile would wait on a button that is going away.
 */
export async function clickUntilHidden(dialog: Locator, button: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if (await dialog.isHidden()) return true;
      await button.click({ timeout: 5_000 }).catch(() => {});
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
      return dialog.isHidden();
    })
    .toBe(true);
}
