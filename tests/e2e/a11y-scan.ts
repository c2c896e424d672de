// Axe (WCAG 2.2 A/AA rules) on every route and every tab of every route, signed out and as a
// member, in light theme at 360 px and 1280 px and in dark theme at 1280 px; as a moderator, the
// moderator's own screens (route-table.ts audience 'moderator') only, the public routes being the
// member's DOM plus a moderator's controls that their own tests scan. Zero violations; no rule is
// disabled (tests/e2e/axe.ts runs them in the page). The light theme runs every rule; the dark one
// the rules that read colours (COLOUR_RULES), the others being the same DOM again, and one width,
// as colours do not change with the width (docs/design.md, "Dark mode").
//
// Batched for time: one browser context and page per role and width, for both themes:
// the theme preference stays "system" and the test switches the emulated OS colour scheme, which
// the app follows (src/app/theme). Tabs are clicked, never reloaded.
// (Switching the theme inside a loaded page was tried twice: Chromium kept the old theme's
// colours in off-screen `content-visibility: auto` list items and, with those rendered, still in
// some table cells and paragraphs after the colour transitions ended, which axe then read as
// contrast failures; so each theme loads the route again.)
// One test file per role (a11y-visitor, a11y-member, a11y-moderator.test.ts) calls
// axeEveryRoute, so the two browser workers share the scans instead of one file running them all.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/app/route-table';
import { THEME_STORAGE_KEY } from '../../src/app/theme/theme';
import { axeViolations, type Violation } from './axe';
import { api, approvedMember, launch, newPage } from './browser';
import { pageIdle, trackRequests } from './page-idle';

export type Role = 'visitor' | 'member' | 'moderator';
type Theme = 'light' | 'dark';
const WIDTHS = [360, 1280] as const;
/** The themes scanned at a width: the dark theme's colours at the wide one only. */
const themesAt = (width: number): readonly Theme[] => (width === 1280 ? ['light', 'dark'] : ['light']);

type Session = { accessToken: string; refreshToken: string; userData: string };

async function sessionOf(email: string, password: string) {
  const res = await api('POST', '/api/users/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}`);
  const { accessToken, refreshToken, user } = res.body.data;
  return { accessToken, refreshToken, userData: JSON.stringify(user) };
}

function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
    )
    .join('\n');
}

/** Waits until the route has rendered its content: a level-1 heading, then nothing loading (page-idle.ts). */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await pageIdle(page);
}

/**
 * Waits until the panel a clicked tab controls is shown. Until it renders, the previous tab's
 * panel is still the page's only visible one, and a scan then would check that one again.
 */
async function panelShown(page: Page, tab: Locator) {
  const panel = await tab.getAttribute('aria-controls');
  if (!panel) throw new Error(`tab "${await tab.textContent()}" names no panel (aria-controls)`);
  await page.locator(`[id="${panel}"]`).waitFor({ state: 'visible', timeout: 15_000 });
}

/** Switches the OS colour scheme the page sees; the next page load follows it. */
async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
}

/** Axe on the page as it is now; a violation is added to `failures` with where it was found. */
async function scan(
  page: Page,
  label: string,
  theme: Theme,
  failures: string[],
  summary: { scans: number; violations: number },
) {
  const violations = await axeViolations(page, undefined, theme === 'light' ? 'all' : 'colour');
  summary.scans += 1;
  summary.violations += violations.length;
  if (violations.length) failures.push(`${label}\n  ${describeViolations(violations)}`);
}

/** Every route and tab as `role`, at both widths, in both themes: zero violations. */
export function axeEveryRoute(role: Role) {
  let browser: Browser;
  let session: Session | null = null;
  let routes: string[];
  const summary = { scans: 0, violations: 0 };

  beforeAll(async () => {
    browser = await launch();
    if (role === 'member') {
      const member = await approvedMember();
      session = await sessionOf(member.email, member.password);
    } else if (role === 'moderator') {
      session = await sessionOf(inject('moderator').email, inject('moderator').password);
    }
    const peptides = await api('GET', '/api/peptides?limit=1');
    const experiences = await api('GET', '/api/experiences?limit=1');
    const peptideId = peptides.body.data.peptides[0]._id as string;
    const experienceId = experiences.body.data.experiences[0]._id as string;
    routes =
      role === 'moderator'
        ? ROUTES.filter((r) => r.audience === 'moderator').map((r) => r.path)
        : [
            '/',
            '/peptides',
            `/peptides/${peptideId}`,
            '/peptides/00000000-0000-4000-8000-000000000000',
            `/experiences/${experienceId}`,
            '/submit',
            '/community',
            '/explore',
            '/privacy',
            '/terms',
            '/login',
            '/register',
            '/profile',
            '/research',
            '/no-such-page',
          ];
    // The pages a visitor reaches after registering or from a mail: the same for every role, scanned once.
    if (role === 'visitor')
      routes.push(
        '/registered',
        '/forgot-password',
        '/reset-password#token=from-a-mail',
        '/unsubscribe#token=from-a-mail',
        '/confirm-email#token=from-a-mail',
      );
  });

  afterAll(async () => {
    await browser?.close();
    console.log(
      `axe as ${role}: ${summary.scans} scans (routes and tabs x themes x widths), ${summary.violations} violations`,
    );
  });

  describe(`axe as ${role}`, () => {
    // The two widths at once, each in its own context: a scan mostly waits for its page, so two
    // interleave in one worker (about half the file's time).
    it.concurrent.each(WIDTHS.map((width) => [width, themesAt(width).join(' and ')] as const))(
      'every route and tab at %i px, in %s theme, has no violations',
      async (width) => {
        const { context, page } = await newPage(browser, {
          viewport: { width, height: 800 },
          reducedMotion: 'reduce',
          colorScheme: 'light',
        });
        trackRequests(page);
        await context.addInitScript(
          ([key, s]) => {
            // "system": the app then follows the emulated colour scheme while the page is open.
            localStorage.setItem(key as string, 'system');
            if (s) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v as string);
          },
          [THEME_STORAGE_KEY, session] as const,
        );
        const failures: string[] = [];
        try {
          for (const theme of themesAt(width)) {
            await useTheme(page, theme);
            for (const route of routes) {
              await page.goto(route);
              await settle(page);
              await scan(page, `${role} ${width}px ${theme} ${route}`, theme, failures, summary);
              const tabs = page.getByRole('tab');
              const count = await tabs.count();
              for (let i = 0; i < count; i += 1) {
                const tab = tabs.nth(i);
                if ((await tab.getAttribute('aria-selected')) === 'true' || (await tab.isDisabled())) continue;
                const name = (await tab.textContent())?.trim();
                await tab.click();
                await panelShown(page, tab);
                await pageIdle(page);
                await scan(page, `${role} ${width}px ${theme} ${route} tab "${name}"`, theme, failures, summary);
              }
            }
          }
        } finally {
          await context.close();
        }
        expect(failures, failures.join('\n')).toEqual([]);
      },
      480_000,
    );
  });
}
