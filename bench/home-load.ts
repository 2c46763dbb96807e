/**
 * Cold load of /home in headless Chromium (a fresh browser context each run, so nothing cached):
 * JavaScript and CSS bytes transferred (as sent: the build's brotli copies, apps/server/src/http/web-app.ts),
 * first contentful paint, load event, and when the map canvas is drawn. Median of 5. The bytes count
 * everything fetched until the network is idle after the map is drawn (scrolled to, as it loads once near the
 * screen), the map's chunks included.
 */
import { chromium } from 'playwright-core';

/** Issue 13 item 9: /home fetches at most this much JavaScript and CSS, as transferred (bytes). */
export const HOME_LOAD_LIMIT_BYTES = 400 * 1024;

export interface HomeLoad {
  jsBytes: number;
  cssBytes: number;
  fcpMs: number;
  loadMs: number;
  mapMs: number;
  encodings: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureHomeLoad(baseUrl: string, runs = 5): Promise<{ runs: HomeLoad[]; median: HomeLoad }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results: HomeLoad[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const kinds = new Map<string, { type: string; encoding: string }>();
      let jsBytes = 0;
      let cssBytes = 0;
      const encodings = new Set<string>();
      cdp.on('Network.responseReceived', (e) => {
        kinds.set(e.requestId, { type: e.type, encoding: String(e.response.headers['content-encoding'] ?? 'identity') });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const kind = kinds.get(e.requestId);
        if (kind?.type === 'Script') jsBytes += e.encodedDataLength;
        if (kind?.type === 'Stylesheet') cssBytes += e.encodedDataLength;
        if (kind && (kind.type === 'Script' || kind.type === 'Stylesheet')) encodings.add(kind.encoding);
      });
      const started = Date.now();
      await page.goto(`${baseUrl}/#/home`, { waitUntil: 'load' });
      // the map loads once it is near the screen (HomePage.tsx): a visitor who scrolls to it
      await page.locator('.home-map-card').scrollIntoViewIfNeeded();
      await page.locator('.province-map canvas').first().waitFor({ timeout: 30_000 });
      const mapMs = Date.now() - started;
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { fcp, load: nav.loadEventEnd };
      });
      results.push({ jsBytes, cssBytes, fcpMs: timing.fcp, loadMs: timing.load, mapMs, encodings: [...encodings] });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    runs: results,
    median: {
      jsBytes: median(results.map((r) => r.jsBytes)),
      cssBytes: median(results.map((r) => r.cssBytes)),
      fcpMs: median(results.map((r) => r.fcpMs)),
      loadMs: median(results.map((r) => r.loadMs)),
      mapMs: median(results.map((r) => r.mapMs)),
      encodings: results[0]?.encodings ?? [],
    },
  };
}
