/**
 * Lighthouse mobile performance of the public pages issue 13 item 9 names (/home,
 * /notification-announcement, /technical-regulations), each run in a fresh headless Chromium
 * (/usr/bin/chromium, or CHROME_PATH) started by chrome-launcher, with Lighthouse's default mobile
 * settings: a Moto G Power–sized screen, simulated slow 4G and a 4× slower CPU. Reports the
 * performance score (0–100), total blocking time (ms), first and largest contentful paint (ms) and
 * the JavaScript + CSS bytes transferred, for each page the median-scored of `runs` runs.
 *
 * Lighthouse 12 (not 13): it is the newest line that runs on the Node 20 this repository supports
 * (package.json `engines`).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The pages, as hash routes under the portal's base URL. */
export const LIGHTHOUSE_PAGES = ['/home', '/notification-announcement', '/technical-regulations'] as const;

/** Issue 13 item 9: each page scores at least this (Lighthouse mobile performance, 0–100). */
export const LIGHTHOUSE_LIMIT = 90;

export interface LighthouseFigures {
  page: string;
  /** 0–100 */
  score: number;
  totalBlockingTimeMs: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** JavaScript and CSS as transferred (compressed), bytes */
  scriptAndStyleBytes: number;
}

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

/** Runs Lighthouse once on `url` in a Chromium of its own. */
async function runOnce(page: string, url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? [];
    const bytesOf = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
    return {
      page,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      totalBlockingTimeMs: audit('total-blocking-time'),
      firstContentfulPaintMs: audit('first-contentful-paint'),
      largestContentfulPaintMs: audit('largest-contentful-paint'),
      scriptAndStyleBytes: bytesOf('script') + bytesOf('stylesheet'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * {@link runOnce}, again (up to 3 times in all) when Lighthouse reports a failed run: now and then
 * its trace of the load comes back without a navigation start (NO_NAVSTART, "Please run Lighthouse
 * again"), which says nothing about the page.
 */
async function runRetried(page: string, url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(page, url);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Lighthouse mobile on each of `pages` under `baseUrl` (e.g. `http://127.0.0.1:41234`), one page
 * after the other, `runs` times each; returns the run with the median score per page.
 */
export async function measureLighthouse(baseUrl: string, pages: readonly string[] = LIGHTHOUSE_PAGES, runs = 3): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const page of pages) {
    const results: LighthouseFigures[] = [];
    for (let i = 0; i < runs; i++) results.push(await runRetried(page, `${baseUrl}/#${page}`));
    results.sort((a, b) => a.score - b.score);
    figures.push(results[Math.floor(results.length / 2)]!);
  }
  return figures;
}
