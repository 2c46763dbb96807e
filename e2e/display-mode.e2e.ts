/**
 * The 适老化 text sizes (issue 13 item 2; apps/web/src/app/display-mode) on the screens' own
 * styles: a reader who chose 特大 sees the home page's small print — a sensing figure's label, the
 * date line under a regulation, a panel's heading — grow by 20 / 14 like antd's text, and the page
 * still fits a 390 px phone without scrolling sideways. The choice is the one the header's switch
 * remembers (localStorage `eco.display`), as when the reader comes back; e2e/accessibility.e2e.ts
 * drives the switch itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';

const browser = useBrowser();

/** Text the feature stylesheets size themselves (fixed px before the display mode reached them). */
const FEATURE_TEXT = {
  figureLabel: '.sensing-figure small',
  regulationDate: '.latest-meta',
  panelTitle: '.panel-title',
} as const;
type FeatureText = keyof typeof FEATURE_TEXT;

/** Remembers a text size before the app boots, as display-mode.ts stores it (runs in the page, so each is self-contained). */
const REMEMBER = {
  standard: () => localStorage.setItem('eco.display', JSON.stringify({ fontSize: 'standard', highContrast: false })),
  extraLarge: () => localStorage.setItem('eco.display', JSON.stringify({ fontSize: 'extraLarge', highContrast: false })),
};

/** A page that starts with `fontSize` remembered. */
function pageAt(fontSize: keyof typeof REMEMBER): Promise<Page> {
  return browser.newPage({ initScript: REMEMBER[fontSize] });
}

/** The computed font size (px) of the first element of each {@link FEATURE_TEXT} on /home, once the home data is in. */
async function homeTextSizes(page: Page): Promise<Record<FeatureText, number>> {
  await page.goto(appUrl('/home'));
  const sizes = {} as Record<FeatureText, number>;
  for (const [name, selector] of Object.entries(FEATURE_TEXT) as [FeatureText, string][]) {
    const first = page.locator(`#main-content ${selector}`).first();
    await first.waitFor();
    sizes[name] = await first.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
  }
  return sizes;
}

/** How far the page scrolls sideways (px); 0 when it fits the window. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the 特大 text size on the screens’ own styles', () => {
  it('makes the home page’s small print 20 / 14 as large as at 标准', async () => {
    const standard = await homeTextSizes(await pageAt('standard'));
    expect(standard).toEqual({ figureLabel: 12, regulationDate: 12, panelTitle: 16 });

    const extraLarge = await homeTextSizes(await pageAt('extraLarge'));
    for (const name of Object.keys(FEATURE_TEXT) as FeatureText[]) {
      expect(extraLarge[name], name).toBeCloseTo((standard[name] * 20) / 14, 1);
    }
  });

  it('keeps every public screen within a 390 px phone, without sideways scrolling', async () => {
    const page = await pageAt('extraLarge');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const route of ['/home', '/notification-announcement', '/technical-regulations', '/application-platform', '/application-tools']) {
      await page.goto(appUrl(route));
      await page.locator('#main-content .page-title, #main-content .home-title').first().waitFor();
      expect(await page.locator('html').getAttribute('data-font-size'), route).toBe('extraLarge');
      await expect.poll(() => sidewaysScroll(page), { message: route }).toBe(0);
    }
  });
});
