/**
 * Signing in and out of /portal-management and reading who is signed in, as a user does it (texts
 * are the zh-CN messages of apps/web/src/i18n), plus a few API calls made with the page's own
 * cookies for set-up and clean-up.
 */
import { expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appUrl, baseUrl } from './browser';

/** The administrator the server under test was started with (global-setup.ts). */
export function admin(): { account: string; password: string } {
  return inject('admin');
}

/** A name no earlier run of this server has used (accounts are unique). */
export function uniqueAccount(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The sign-in form of /portal-management. */
export function signInForm(page: Page) {
  const card = page.locator('.pm-auth-card');
  return {
    card,
    account: card.getByLabel('账号', { exact: true }),
    password: card.getByLabel('密码', { exact: true }),
    submit: card.getByRole('button', { name: '登录', exact: true }),
    failure: card.locator('.sign-in-failure'),
  };
}

/** Fills and sends the sign-in form (the page must show it). */
export async function submitSignIn(page: Page, account: string, password: string): Promise<void> {
  const form = signInForm(page);
  await form.account.fill(account);
  await form.password.fill(password);
  // antd's button leaves its loading state an effect after the form is enabled again, and ignores
  // clicks until then (a person is never that quick; a test is)
  await form.card.locator('button[type="submit"]:not(.ant-btn-loading)').waitFor();
  await form.submit.click();
}

/** Opens /portal-management and signs in; resolves once the header shows the user. */
export async function signIn(page: Page, account: string, password: string, route = '/portal-management'): Promise<void> {
  await page.goto(appUrl(route));
  await submitSignIn(page, account, password);
  await headerUser(page).waitFor();
}

/** The header's "who is signed in" button (absent for visitors). */
export function headerUser(page: Page): Locator {
  return page.locator('.main-header .user-button');
}

/** The display name and role the header shows. */
export async function headerIdentity(page: Page): Promise<{ name: string; role: string }> {
  const button = headerUser(page);
  return { name: await button.locator('.user-name').innerText(), role: await button.locator('.user-role').innerText() };
}

/** The header's 登录 link for visitors. */
export function headerSignInLink(page: Page): Locator {
  return page.locator('.main-header').getByRole('link', { name: '登录', exact: true });
}

/**
 * Opens the header's user menu and waits until it has settled where it is shown (antd slides it
 * in; a click during that motion can land where the item is not yet).
 */
export async function openUserMenu(page: Page): Promise<Locator> {
  await headerUser(page).click();
  const menu = page.locator('.user-menu');
  await menu.waitFor();
  await page.waitForFunction(() => {
    const popup = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)');
    return popup !== null && !/-(appear|enter)(\s|$|-)/.test(popup.className);
  });
  return menu;
}

/** Signs out through the header's menu; resolves once the header offers 登录 again. */
export async function signOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: '退出登录' }).click();
  await headerSignInLink(page).waitFor();
}

/** The names of the back office's sections in its side navigation. */
export async function sectionNames(page: Page): Promise<string[]> {
  const nav = page.locator('.pm-nav');
  await nav.waitFor();
  return nav.locator('.pm-nav-item').allInnerTexts();
}

/** A card of the current section by its title. */
export function sectionCard(page: Page, title: string): Locator {
  return page.locator('.pm-section .ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
}

/**
 * Calls the API with the page's cookies (its browser context), sending the CSRF token the server
 * hands out with the session, as the web app does. Resolves with the envelope's data.
 */
export async function apiAsPage<T>(page: Page, method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const session = await page.request.get(`${baseUrl()}/api/session`);
  const { data: s } = (await session.json()) as { data: { csrfToken: string } };
  const response = await page.request.fetch(`${baseUrl()}${path}`, { method, data, headers: { 'x-csrf-token': s.csrfToken } });
  const body = (await response.json()) as { success: boolean; data: T; errorCode?: string };
  expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}
