/**
 * Set-up for the content specs (notices, regulations): an editor account ready to use (created by
 * the administrator through the API, its temporary password changed as its owner would), and
 * files to upload, built in memory.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { appUrl, baseUrl } from './browser';
import { admin, apiAsPage, headerUser, signIn, uniqueAccount } from './portal';

export interface Editor {
  account: string;
  password: string;
  displayName: string;
}

/** A new editor with a password of its own (the administrator creates it; it changes its temporary password). */
export async function createEditor(adminPage: Page, browser: { newPage(): Promise<Page> }, displayName = '内容编辑（测试）'): Promise<Editor> {
  await signIn(adminPage, admin().account, admin().password);
  const account = uniqueAccount('editor');
  const created = await apiAsPage<{ temporaryPassword: string }>(adminPage, 'POST', '/api/users', {
    account,
    displayName,
    role: 'editor',
    organisationId: null,
  });
  const password = `Qinling-${randomBytes(9).toString('base64url')}`;
  // API calls only: the app's own session load in the page would race the CSRF cookie
  const page = await browser.newPage();
  await apiAsPage(page, 'POST', '/api/session', { account, password: created.temporaryPassword });
  await apiAsPage(page, 'PUT', '/api/session/password', { currentPassword: created.temporaryPassword, newPassword: password });
  await page.close();
  return { account, password, displayName };
}

/** Opens /portal-management signed in as `editor`, at `section`. */
export async function openSection(page: Page, editor: Editor, section: string): Promise<void> {
  await signIn(page, editor.account, editor.password);
  await page.goto(appUrl(`/portal-management?section=${section}`));
  await headerUser(page).waitFor();
}

/** A small but real PDF (the type is recognised from the content). */
export function samplePdf(text = 'Eco portal e2e'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** Downloads `url` with the page's cookies: its status, headers and bytes. */
export async function fetchAsPage(page: Page, path: string) {
  const response = await page.request.get(`${baseUrl()}${path}`);
  return { status: response.status(), headers: response.headers(), body: await response.body() };
}

export type { Browser };
