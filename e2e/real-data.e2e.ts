/**
 * The screens with the bundled real data (data/): the home page's key figures, map and latest
 * regulations, and the regulations library with search, the status filter and shareable details.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { homeTitle, screenTitle, waitForHash } from './support/app';
import { appUrl, useBrowser, useOwnServer, WAIT_MS } from './support/browser';

// other specs add regulations to the shared server; these count what is bundled
useOwnServer();
const browser = useBrowser();

/** 55 air-quality stations and 25 technical regulations are bundled (data/). */
const STATIONS = 55;
const REGULATIONS = 25;

const keyFigure = (page: Page, title: string) => page.locator('.key-figure', { hasText: title }).locator('.ant-statistic-content-value');
const rows = (page: Page) => page.getByRole('table', { name: '技术规范' }).locator('tbody tr.regulation-row');
const totalText = (page: Page) => page.locator('.ant-pagination-total-text');
const drawer = (page: Page) => page.getByRole('dialog', { name: '标准详情' });

/** The titles in the table's title column, in order. */
function rowTitles(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
}

/** The title link of each row (the title cell also holds the code that phones show under it). */
function rowTitleLinks(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.querySelector('a')?.textContent ?? ''));
}

/** Picks `label` in the antd select with class `selectClass`. */
async function choose(page: Page, selectClass: string, label: string) {
  await page.locator(`.${selectClass}`).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click();
}

describe('the home page with real data', () => {
  it('shows the key figures and the map of the stations', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/home'));
    await homeTitle(page).waitFor();
    await expect.poll(() => keyFigure(page, '空气质量监测站').innerText(), { timeout: WAIT_MS }).toBe(String(STATIONS));
    await expect.poll(() => keyFigure(page, '收录技术规范').innerText(), { timeout: WAIT_MS }).toBe(String(REGULATIONS));
    const reporting = Number(await keyFigure(page, '最新时次有数据').innerText());
    expect(reporting).toBeGreaterThan(0);
    expect(reporting).toBeLessThanOrEqual(STATIONS);

    const map = page.getByRole('img', { name: '全省空气质量监测站点分布' });
    await map.locator('canvas').first().waitFor();
    const box = await map.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(200);
    // the data time as every data time (docs/sensing.md §Freshness): its date, and its year when not this year (the bundled hour is of 2023)
    expect(await page.getByText(/^数据时间：2023年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/).isVisible()).toBe(true);
  });

  // issue 13 item 9: on a slow network the figures arrive after the page is drawn; what is below them must not jump
  it.each([1440, 412])('keeps what is below the figures in place when their data arrives (%i px wide)', async (width) => {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 900 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const url of ['**/api/sensing/overview*', '**/api/verification/summary*', '**/api/stations*']) {
      await page.route(url, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
    }
    await page.goto(appUrl('/home'));
    const below = page.locator('.home-grid');
    await below.waitFor();
    const before = await below.boundingBox();
    release();
    await page.getByTestId('verification-headline').waitFor();
    await expect.poll(() => keyFigure(page, '空气质量监测站').innerText(), { timeout: WAIT_MS }).toBe(String(STATIONS));
    await expect.poll(() => page.locator('[data-figure="online"] b').innerText(), { timeout: WAIT_MS }).not.toBe('—');
    const after = await below.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
  });

  it('the latest regulations link to the regulation in the library', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/home'));
    const latest = page.locator('.home-regulations .latest-list li');
    await latest.first().waitFor();
    expect(await latest.count()).toBe(5);
    const link = latest.first().locator('a.latest-title');
    const title = await link.innerText();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#\/technical-regulations\?id=\d+$/);

    await link.click();
    await waitForHash(page, href!);
    await screenTitle(page, '技术规范').waitFor();
    await drawer(page).locator('.regulation-title').waitFor();
    expect(await drawer(page).locator('.regulation-title').innerText()).toBe(title);
  });
});

describe('the technical regulations library', () => {
  it(`lists the ${REGULATIONS} regulations, ten a page, with the total`, async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/technical-regulations'));
    await totalText(page).getByText(`共 ${REGULATIONS} 条`).waitFor();
    expect(await rows(page).count()).toBe(10);

    await page.locator('.ant-pagination-item[title="3"]').click();
    await waitForHash(page, '#/technical-regulations?page=3');
    await expect.poll(() => rows(page).count()).toBe(REGULATIONS - 20);
  });

  it('searching 防火 narrows the list to regulations about it', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/technical-regulations'));
    await totalText(page).getByText(`共 ${REGULATIONS} 条`).waitFor();

    await page.getByRole('searchbox', { name: '搜索' }).fill('防火');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/technical-regulations?keyword='));
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('keyword')).toBe('防火');
    await expect.poll(async () => Number(/共 (\d+) 条/.exec(await totalText(page).innerText())?.[1])).toBeLessThan(REGULATIONS);

    const total = Number(/共 (\d+) 条/.exec(await totalText(page).innerText())?.[1]);
    expect(total).toBeGreaterThan(0);
    const titles = await rowTitles(page);
    expect(titles).toHaveLength(Math.min(total, 10));
    for (const title of titles) expect(title).toContain('防火');
  });

  it('the status filter shows only regulations of that status', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/technical-regulations'));
    await totalText(page).getByText(`共 ${REGULATIONS} 条`).waitFor();

    // every bundled regulation is in force, so "repealed" leaves none and "in force" all
    await choose(page, 'regulation-status', '废止');
    await waitForHash(page, '#/technical-regulations?status=repealed');
    await page.getByText('没有符合条件的技术规范').waitFor();
    expect(await rows(page).count()).toBe(0);

    await choose(page, 'regulation-status', '现行');
    await waitForHash(page, '#/technical-regulations?status=current');
    await totalText(page).getByText(`共 ${REGULATIONS} 条`).waitFor();
    const statuses = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('.ant-tag')?.textContent));
    expect(statuses).toEqual(Array(10).fill('现行'));
  });

  it('opening a row shows its details with a shareable link that opens the same details', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/technical-regulations'));
    await totalText(page).getByText(`共 ${REGULATIONS} 条`).waitFor();

    const [title] = await rowTitleLinks(page);
    await rows(page).first().getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL((url) => /^#\/technical-regulations\?id=\d+$/.test(url.hash));
    const detailTitle = drawer(page).locator('.regulation-title');
    await detailTitle.waitFor();
    expect(await detailTitle.innerText()).toBe(title);
    const code = await drawer(page).locator('.regulation-code').innerText();
    const shared = page.url();

    // the link, opened fresh elsewhere, shows the same regulation
    const other = await browser.newPage();
    await other.goto(shared);
    await drawer(other).locator('.regulation-title').waitFor();
    expect(await drawer(other).locator('.regulation-title').innerText()).toBe(title);
    expect(await drawer(other).locator('.regulation-code').innerText()).toBe(code);

    // closing the details leaves the list and drops the id from the address
    await drawer(other).getByRole('button', { name: '关闭' }).click();
    await waitForHash(other, '#/technical-regulations');
    await drawer(other).waitFor({ state: 'hidden' });
  });
});
