// axe (WCAG 2.2 A/AA rules, none disabled) run inside the page for every browser test that
// scans. AxeBuilder from @axe-core/playwright injects axe-core into each frame on every call,
// computes a selector for every passing node and opens a blank page to finish each run: 4-13x
// the time of the same rules run in the page (a scan of /community took 9-14 s instead of 3-5 s
// on the loaded CI machine). It is still used for a page with frames, which needs axe in each.
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules whose outcome depends on colours. The others read the DOM, names and roles, which a
 * theme does not change: a page already scanned in full in one theme needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * axe's violations on the page as it is now, within `include` (a selector) when given; with
 * `scope` 'colour', only the colour rules (COLOUR_RULES).
 */
export async function axeViolations(
  page: Page,
  include?: string,
  scope: 'all' | 'colour' = 'all',
): Promise<Violation[]> {
  // A dialog or toast still fading in is partly transparent, which axe measures as low contrast.
  await settleAnimations(page);
  if (page.frames().length > 1) {
    const builder =
      scope === 'colour'
        ? new AxeBuilder({ page }).withRules(COLOUR_RULES)
        : new AxeBuilder({ page }).withTags(AXE_TAGS);
    if (include) builder.include(include);
    return (await builder.analyze()).violations;
  }
  // Evaluated, not added as a <script>: the app's Content-Security-Policy forbids inline script.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([tags, rules, selector]) => {
      const results = await window.axe.run(selector ? { include: [selector] } : document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    [AXE_TAGS, scope === 'colour' ? COLOUR_RULES : null, include ?? null] as const,
  );
}

/** Waits for the page's finite animations and transitions to end (endless ones, like a spinner, are left running). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: scan after 5 s anyway (any contrast it leaves is reported).
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
}

/** One line per violation: the rule and the nodes it found. */
export function violationLines(violations: Violation[]): string[] {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
