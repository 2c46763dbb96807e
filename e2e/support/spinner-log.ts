/**
 * Records in the page when the route spinner (`.route-spinner`, components/DelayedSpinner.tsx) comes
 * and goes, from the very first script on: install with `page.addInitScript(recordSpinner)` (through
 * `newPage({ initScript: recordSpinner })`), read with {@link spinnerLog}.
 */
import type { Page } from 'playwright-core';

/** One change: the spinner appeared (`shown: true`) or went away, at `performance.now()` ms. */
export interface SpinnerChange {
  shown: boolean;
  at: number;
}

declare global {
  interface Window {
    /** Written by {@link recordSpinner}. */
    __spinnerLog?: SpinnerChange[];
    /** `performance.now()` of every click the page received, written by {@link recordSpinner}. */
    __clicks?: number[];
  }
}

/**
 * Init script: watches the whole document with a MutationObserver and logs every appearance and
 * disappearance of `.route-spinner`, and the time of every click (when the page itself saw it, so
 * that delays are measured from the user's action, not from when the test asked for it).
 * Self-contained (it is serialised into the page).
 */
export function recordSpinner(): void {
  const log: SpinnerChange[] = [];
  window.__spinnerLog = log;
  const clicks: number[] = [];
  window.__clicks = clicks;
  window.addEventListener('click', () => clicks.push(performance.now()), true);
  let shown = false;
  new MutationObserver(() => {
    const now = document.querySelector('.route-spinner') !== null;
    if (now !== shown) {
      shown = now;
      log.push({ shown, at: performance.now() });
    }
  }).observe(document, { childList: true, subtree: true });
}

/** What {@link recordSpinner} has logged so far. */
export async function spinnerLog(page: Page): Promise<SpinnerChange[]> {
  return page.evaluate(() => window.__spinnerLog ?? []);
}

/** When the page received its last click (`performance.now()` ms); throws when it received none. */
export async function lastClickAt(page: Page): Promise<number> {
  const at = await page.evaluate(() => window.__clicks?.at(-1));
  if (at === undefined) throw new Error('the page has received no click (is recordSpinner installed?)');
  return at;
}
