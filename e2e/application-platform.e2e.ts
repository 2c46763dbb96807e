/**
 * /application-platform, its /home tiles and the coordinate converter of /application-tools in
 * Chromium against the real server: a visitor browses the seeded systems by category and search
 * and is told to sign in instead of failing; a signed-in user favourites a system (shown first)
 * and launches one (a new tab opens its entry address, and it appears under 最近使用); a CSV of
 * coordinates is converted from WGS-84 to GCJ-02 and the result downloaded.
 */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntilHidden, waitForHash } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { admin, apiAsPage, signIn } from './support/portal';

const browser = useBrowser();

const tile = (page: Page, name: string) => page.locator(`article.app-card[aria-label="${name}"]`);
const section = (page: Page, title: string) => page.locator('section.app-section', { has: page.getByRole('heading', { name: title }) });

describe('the application platform', () => {
  it('shows a visitor the seeded systems by category, searches them, and explains that signing in is needed', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/application-platform'));
    for (const name of ['国土增绿系统', '资源综合管理系统', '森林草原防火智能监控管理系统']) await tile(page, name).waitFor();
    expect(await section(page, '防灾减灾').locator('article.app-card').count()).toBeGreaterThanOrEqual(1);
    expect(await tile(page, '国土增绿系统').getByText('在线', { exact: true }).isVisible()).toBe(true);
    expect(await tile(page, '国土增绿系统').innerText()).toContain('需登录后使用');

    await page.getByRole('searchbox', { name: '搜索系统名称、编码或说明' }).fill('防火');
    await page.getByRole('searchbox', { name: '搜索系统名称、编码或说明' }).press('Enter');
    await page.waitForURL((url) => url.hash.includes('keyword='));
    await page.waitForFunction(() => document.querySelectorAll('article.app-card').length === 1);
    expect(await tile(page, '森林草原防火智能监控管理系统').isVisible()).toBe(true);

    await tile(page, '森林草原防火智能监控管理系统').locator('button.app-card-main').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '请先登录' }).waitFor();
    expect(await dialog.innerText()).toContain('仅对登录用户开放');
    // a click while the confirmation still zooms in can be lost (support/app.ts)
    await clickUntilHidden(dialog, dialog.getByRole('button', { name: '去登录' }));
    await waitForHash(page, '#/portal-management');
  });

  it('lets a signed-in user favourite a system (shown first), launch one in a new tab, and see it under 最近使用', async () => {
    const page = await browser.newPage();
    await page
      .context()
      .route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>应用系统</title><h1>应用系统</h1>' }));
    const { account, password } = admin();
    await signIn(page, account, password);
    await page.goto(appUrl('/application-platform'));
    await tile(page, '资源综合管理系统').waitFor();

    await tile(page, '资源综合管理系统').getByRole('button', { name: '收藏 资源综合管理系统' }).click();
    const favourites = section(page, '我的收藏');
    await favourites.locator('article.app-card[aria-label="资源综合管理系统"]').waitFor();
    expect(await page.locator('article.app-card').first().getAttribute('aria-label')).toBe('资源综合管理系统');

    const [popup] = await Promise.all([page.context().waitForEvent('page'), tile(page, '国土增绿系统').locator('button.app-card-main').click()]);
    await popup.waitForURL('https://example.com/eco/gtlh');
    await popup.close();

    await section(page, '最近使用').locator('article.app-card[aria-label="国土增绿系统"]').waitFor();

    // the /home entry tiles show the favourite first
    await page.goto(appUrl('/home'));
    const entries = page.locator('.home-app-entries article.app-card');
    await entries.first().waitFor();
    expect(await entries.first().getAttribute('aria-label')).toBe('资源综合管理系统');

    await apiAsPage(page, 'DELETE', `/api/applications/${await favouriteId(page)}/favourite`);
  });
});

async function favouriteId(page: Page): Promise<number> {
  const catalogue = await apiAsPage<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/applications');
  return catalogue.items.find((item) => item.name === '资源综合管理系统')!.id;
}

describe('coordinate conversion', () => {
  it('converts a pasted CSV of coordinates from WGS-84 to GCJ-02 and downloads the result', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/application-tools'));
    const panel = page.locator('.coord-panel');
    await panel.getByRole('tab', { name: '批量转换（CSV）' }).click();
    await panel
      .getByRole('textbox', { name: '批量转换（CSV）' })
      .fill('站点,经度,纬度\n西安钟楼,108.94237,34.26101\n"宝鸡, 市区",107.23732,34.36194\n错误行,abc,34\n');
    await panel.getByRole('button', { name: '转换' }).click();
    await panel.getByText('已转换 2 行，1 行无法转换').waitFor();
    expect(await panel.innerText()).toContain('第 4 行：经纬度不是数字');

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '下载结果 CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('coordinates-gcj02.csv');
    const text = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('站点,经度,纬度,gcj02_lng,gcj02_lat');
    const [, lng, lat] = /^西安钟楼,108\.94237,34\.26101,([\d.]+),([\d.]+)$/.exec(lines[1]!)!;
    // GCJ-02 moves Xi'an a few hundred metres east and slightly south
    expect(Number(lng) - 108.94237).toBeGreaterThan(0.003);
    expect(Number(lat) - 34.26101).toBeLessThan(0);
    expect(lines[2]).toMatch(/^"宝鸡, 市区",107\.23732,34\.36194,107\.2\d+,34\.3\d+$/);
    expect(lines[3]).toBe('错误行,abc,34,,');
  });

  it('converts one point as it is typed', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/application-tools'));
    const panel = page.locator('.coord-panel');
    await panel.getByTestId('coord-result').waitFor();
    const before = await panel.getByTestId('coord-result').innerText();
    await panel.getByRole('combobox', { name: '目标坐标系' }).click();
    await page.getByTitle('BD-09（百度）').click();
    await page.waitForFunction((text) => document.querySelector('[data-testid="coord-result"]')?.textContent !== text, before);
    const [lng, lat] = (await panel.getByTestId('coord-result').innerText()).split(',').map(Number);
    expect(lng! - 108.94237).toBeGreaterThan(0.009);
    expect(lat! - 34.26101).toBeGreaterThan(0.004);
  });
});
