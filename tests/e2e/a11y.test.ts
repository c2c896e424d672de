// Issue 8: axe (WCAG 2.2 A/AA rules) on every route and every tab of every route, signed out and
// signed in (member, moderator), in light and dark theme, at 360 px and 1280 px. Zero violations;
// no rule is disabled.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, approvedMember, launch, newPage } from './browser';

type Role = 'visitor' | 'member' | 'moderator';
const WIDTHS = [360, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const ROLES: Role[] = ['visitor', 'member', 'moderator'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let sessions: Record<Exclude<Role, 'visitor'>, { accessToken: string; refreshToken: string; userData: string }>;
let routes: string[];
const summary = { scans: 0, violations: 0 };

async function sessionOf(email: string, password: string) {
  const res = await api('POST', '/api/users/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}`);
  const { accessToken, refreshToken, user } = res.body.data;
  return { accessToken, refreshToken, userData: JSON.stringify(user) };
}

beforeAll(async () => {
  browser = await launch();
  const member = await approvedMember();
  sessions = { member: await sessionOf(member.email, member.password), moderator: await sessionOf(inject('moderator').email, inject('moderator').password) };
  const peptides = await api('GET', '/api/peptides?limit=1');
  const experiences = await api('GET', '/api/experiences?limit=1');
  const peptideId = peptides.body.data.peptides[0]._id as string;
  const experienceId = experiences.body.data.experiences[0]._id as string;
  routes = ['/', '/peptides', `/peptides/${peptideId}`, '/peptides/00000000-0000-4000-8000-000000000000', `/experiences/${experienceId}`, '/submit', '/community', '/explore', '/privacy', '/terms', '/login', '/register', '/profile', '/research', '/no-such-page'];
});

afterAll(async () => {
  await browser?.close();
  console.log(`axe: ${summary.scans} scans (routes and tabs x roles x themes x widths), ${summary.violations} violations`);
});

function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string {
  return results.violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`)
    .join('\n');
}

/** Waits until the route has rendered its content: a level-1 heading and no loading indicator. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

async function scan(page: Page, label: string, failures: string[]) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  summary.scans += 1;
  summary.violations += results.violations.length;
  if (results.violations.length) failures.push(`${label}\n  ${describeViolations(results)}`);
}

describe.each(ROLES)('axe as %s', (role) => {
  it.each(THEMES.flatMap((theme) => WIDTHS.map((width) => [theme, width] as const)))(
    'every route and tab in %s theme at %i px has no violations',
    async (theme, width) => {
      const { context, page } = await newPage(browser, { viewport: { width, height: 800 }, reducedMotion: 'reduce' });
      const session = role === 'visitor' ? null : sessions[role];
      await context.addInitScript(
        ([t, s]) => {
          localStorage.setItem('theme', t as string);
          if (s) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v as string);
        },
        [theme, session] as const,
      );
      const failures: string[] = [];
      try {
        for (const route of routes) {
          await page.goto(route);
          await settle(page);
          await scan(page, `${role} ${theme} ${width}px ${route}`, failures);
          const tabs = page.getByRole('tab');
          const count = await tabs.count();
          for (let i = 0; i < count; i += 1) {
            const tab = tabs.nth(i);
            if ((await tab.getAttribute('aria-selected')) === 'true' || (await tab.isDisabled())) continue;
            const name = (await tab.textContent())?.trim();
            await tab.click();
            await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
            await scan(page, `${role} ${theme} ${width}px ${route} tab "${name}"`, failures);
          }
        }
      } finally {
        await context.close();
      }
      expect(failures, failures.join('\n')).toEqual([]);
    },
    240_000,
  );
});
