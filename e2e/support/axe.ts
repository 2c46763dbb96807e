/**
 * axe-core in a Playwright page: runs the WCAG 2.1 A and AA rules (tags wcag2a, wcag2aa, wcag21a,
 * wcag21aa) over what the page shows now and returns the violations a user would meet most
 * (impact critical or serious), with where they are, in a form a failing test can print.
 *
 * axe is evaluated in the page through the DevTools protocol rather than added as a `<script>`:
 * the server's Content-Security-Policy (http/security-headers.ts) rightly refuses inline scripts,
 * and `@axe-core/playwright` needs Node 22 while the project runs on Node 20.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule tags of WCAG 2.1 levels A and AA (axe-core's own tag names). */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** One rule broken on one screen: axe's rule id, its impact and help, and the elements that break it. */
export interface AxeFinding {
  /** what the test was looking at, e.g. `zh-CN /portal-management?section=users · 新建用户` */
  screen: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements with axe's summary of what is wrong with each */
  nodes: { target: string; summary: string }[];
}

/**
 * Waits until nothing on the page is moving (antd fades drawers, modals and messages in; a colour
 * measured mid-fade is not the colour a user reads). Endless animations (spinners) do not count,
 * nor the 2 s ripple antd draws around a clicked button (`.ant-wave`, a shadow over no text).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return animation.playState !== 'running' || iterations === Number.POSITIVE_INFINITY || target?.closest('.ant-wave') != null;
    }),
  );
}

/**
 * Runs axe over the document (or only the elements `within` selects, e.g. an open drawer whose
 * page was checked already) once it has settled and returns the critical and serious violations
 * of {@link WCAG21_AA_TAGS}, labelled with `screen`. Injects axe into the document the first time
 * (hash navigation keeps the document, so once per page load).
 */
export async function seriousViolations(page: Page, screen: string, within?: string): Promise<AxeFinding[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      // axe is the global the evaluated source defines
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = within ? { include: [...document.querySelectorAll(within)] } : document;
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      }));
    },
    { tags: [...WCAG21_AA_TAGS], within },
  );
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => ({ screen, ...v }));
}

/** The findings as lines a person can act on: screen, rule, impact, then each target and what is wrong. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => {
      const nodes = f.nodes.map((n) => `    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n');
      return `[${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n${nodes}`;
    })
    .join('\n');
}
