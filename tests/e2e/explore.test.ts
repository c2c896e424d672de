// Data Explorer in real Chromium against the built app and the real, seeded server: visitors
// meet the sign-in gates; a member sees charts drawn from the server's real figures.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { api, approvedMember, launch, newPage } from './browser';
import { screenshot, screenshotsWanted } from './screenshots';
import { signIn } from './sign-in';

let browser: Browser;
let member: { email: string; password: string };
beforeAll(async () => {
  browser = await launch();
  member = await approvedMember();
});
afterAll(async () => {
  await browser?.close();
});

/** True when the canvas holds drawn (non-transparent) pixels. */
const canvasDrawn = (page: Page) =>
  page
    .locator('canvas[role="img"]')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width || !canvas.height) return false;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    });

describe('Data Explorer', () => {
  it('shows public figures to a visitor and gates the member tabs without fetching trends', async () => {
    const { context, page } = await newPage(browser);
    const trendCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/analytics/trends') || req.url().includes('/api/analytics/compare'))
        trendCalls.push(req.url());
    });
    const apiBytes: { url: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      if (!new URL(res.url()).pathname.startsWith('/api/')) return;
      apiBytes.push({
        url: new URL(res.url()).pathname,
        bytes: (await res.body().catch(() => Buffer.alloc(0))).length,
      });
    });
    const publicAnalytics = (await api('GET', '/api/analytics/public')).body.data;

    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Data Explorer', level: 1 }).waitFor();
    const total = page.getByText('Total Experiences', { exact: true }).locator('xpath=../..');
    expect(await total.textContent()).toContain(publicAnalytics.totalExperiences.toLocaleString('en-US'));
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Most Popular Peptides' }).waitFor();
    await page.getByRole('heading', { name: 'Effectiveness Ratings' }).waitFor();
    if (publicAnalytics.topPeptides.length)
      await page.getByRole('link', { name: publicAnalytics.topPeptides[0].name }).first().waitFor();

    for (const tab of ['Usage Trends', 'Growth Trends', 'Compare']) {
      await page.getByRole('tab', { name: tab }).click();
      // This tab's panel: the previous one says the same, and stays until the new one renders.
      const panel = page.getByRole('tabpanel', { name: tab });
      await panel.getByRole('heading', { name: 'Authentication Required' }).waitFor();
      expect(await panel.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    }
    // The tab is kept in the URL.
    expect(new URL(page.url()).searchParams.get('tab')).toBe('compare');
    expect(await page.locator('canvas').count()).toBe(0);
    expect(trendCalls).toEqual([]);
    // The explorer reads server-side aggregates only: never the experience list.
    expect(apiBytes.map((r) => r.url)).not.toContain('/api/experiences');
    console.log(`explore as visitor: API ${apiBytes.map((r) => `${r.url} ${r.bytes} B`).join(', ')}`);

    await page.getByRole('tabpanel').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('draws a member the usage and growth charts with tables of the real numbers, and compares peptides', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, member.email, member.password);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const trends = (await api('GET', '/api/analytics/trends?period=monthly&groupBy=peptide', undefined, token!)).body
      .data;
    const grandTotal = (trends.totals as number[]).reduce((a, b) => a + b, 0);
    expect(grandTotal).toBeGreaterThan(0); // the seeded demo reports

    await page.goto('/explore?tab=usage');
    const chart = page.getByRole('img', { name: /Line chart of experiences per month by peptide/ });
    await chart.waitFor();
    await expect.poll(() => canvasDrawn(page)).toBe(true);
    const table = page.getByRole('table', { name: 'Experiences per month by peptide' });
    const totalRow = table.getByRole('row', { name: /^All/ });
    expect((await totalRow.getByRole('cell').first().textContent())?.trim()).toBe(grandTotal.toLocaleString('en-US'));
    const firstSeries = trends.series[0];
    const seriesRow = table.getByRole('row', {
      name: new RegExp(`^${firstSeries.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    const seriesTotal = (firstSeries.counts as number[]).reduce((a, b) => a + b, 0);
    expect((await seriesRow.getByRole('cell').first().textContent())?.trim()).toBe(seriesTotal.toLocaleString('en-US'));

    // A theme change redraws the chart in the new palette.
    const before = await page
      .locator('canvas[role="img"]')
      .first()
      .evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await expect
      .poll(() =>
        page
          .locator('canvas[role="img"]')
          .first()
          .evaluate((c: HTMLCanvasElement) => c.toDataURL()),
      )
      .not.toBe(before);
    await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).click();

    // By category: another request, another table; kept in the URL.
    await page.getByRole('button', { name: 'By category' }).click();
    await page.getByRole('table', { name: 'Experiences per month by category' }).waitFor();
    expect(new URL(page.url()).searchParams.get('groupBy')).toBe('category');

    // Weekly period, growth tab.
    await page.getByLabel('Period').selectOption('weekly');
    await page.getByRole('tab', { name: 'Growth Trends' }).click();
    await page.getByRole('img', { name: /Bar chart of experiences per week/ }).waitFor();
    await expect.poll(() => canvasDrawn(page)).toBe(true);
    expect(await page.getByRole('table', { name: 'Experiences and growth per week' }).getByRole('row').count()).toBe(
      13,
    );

    // Compare: choose three peptides; a fourth cannot be chosen.
    await page.getByRole('tab', { name: 'Compare' }).click();
    const boxes = page.getByRole('group', { name: /Choose up to 3 peptides/ }).getByRole('checkbox');
    await boxes.first().waitFor();
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    await page.getByText('3 of 3 selected').waitFor();
    expect(await boxes.nth(3).isDisabled()).toBe(true);
    const compareTable = page.getByRole('table', { name: 'Peptide comparison' });
    await compareTable.waitFor();
    expect(await compareTable.getByRole('columnheader').count()).toBe(4);
    const ids = new URL(page.url()).searchParams.get('compare')!.split(',');
    expect(ids).toHaveLength(3);
    const compared = (await api('GET', `/api/analytics/compare?ids=${ids.join(',')}`, undefined, token!)).body.data
      .peptides;
    const experiencesRow = compareTable.getByRole('row', { name: /^Experiences/ });
    expect((await experiencesRow.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(
      compared.map((p: { totalExperiences: number }) => p.totalExperiences.toLocaleString('en-US')),
    );
    await context.close();
  });

  it('has no axe violations on any tab for a member, light and dark, at 360 px', async () => {
    const failures: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, {
        viewport: { width: 360, height: 800 },
        reducedMotion: 'reduce',
      });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(page, member.email, member.password);
      // Tabs whose content the route-wide a11y suite does not reach: open details, a chosen comparison.
      for (const tab of ['overview', 'usage', 'compare']) {
        await page.goto(`/explore?tab=${tab}`);
        await page.getByRole('heading', { name: 'Data Explorer', level: 1 }).waitFor();
        if (tab === 'compare') {
          const boxes = page.getByRole('checkbox');
          await boxes.first().waitFor();
          for (let i = 0; i < 3; i++) await boxes.nth(i).check();
          await page.getByRole('table', { name: 'Peptide comparison' }).waitFor();
        }
        if (tab === 'usage') await page.getByRole('table').waitFor();
        if (tab === 'overview')
          await page
            .locator('details')
            .first()
            .evaluate((d: HTMLDetailsElement) => (d.open = true));
        for (const v of await axeViolations(page))
          failures.push(`${theme} ${tab}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it.runIf(screenshotsWanted)(
    'screenshots at 1280 and 360 px, light and dark',
    async () => {
      for (const theme of ['light', 'dark'] as const) {
        for (const width of [1280, 360]) {
          const { context, page } = await newPage(browser, {
            viewport: { width, height: 900 },
            reducedMotion: 'reduce',
          });
          await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
          // The visitor's gate first, then the member's views.
          await page.goto('/explore?tab=compare');
          await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
          await screenshot(page, `explore-gate-${width}-${theme}`);
          await signIn(page, member.email, member.password);
          for (const tab of ['overview', 'top', 'usage', 'growth', 'compare']) {
            await page.goto(`/explore?tab=${tab}`);
            await page.getByRole('heading', { name: 'Data Explorer', level: 1 }).waitFor();
            if (tab === 'compare') {
              const boxes = page.getByRole('checkbox');
              await boxes.first().waitFor();
              for (let i = 0; i < 3; i++) await boxes.nth(i).check();
              await page.getByRole('table', { name: 'Peptide comparison' }).waitFor();
            }
            if (tab === 'usage' || tab === 'growth') await page.locator('canvas').first().waitFor();
            // Charts draw at once under reduced motion (src/features/explore/charts/ChartCanvas.tsx).
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
            const scroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
            expect(scroll, `${tab} ${width} ${theme} scrolls sideways`).toBe(false);
            await screenshot(page, `explore-${tab}-${width}-${theme}`);
            if (tab !== 'overview' && tab !== 'top') {
              await screenshot(page.locator('canvas').first(), `explore-${tab}-${width}-${theme}-chart`);
            }
          }
          await context.close();
        }
      }
    },
    180_000,
  );

  it('on a phone, a tab chosen in the address is in view in its tab strip when the page opens', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 740 } });
    for (const [tab, name] of [
      ['compare', 'Compare'],
      ['growth', 'Growth Trends'],
    ]) {
      await page.goto(`/explore?tab=${tab}`);
      const chosen = page.getByRole('tab', { name });
      await expect.poll(() => chosen.getAttribute('aria-selected')).toBe('true');
      const inStrip = () =>
        chosen.evaluate((el) => {
          const strip = el.closest('[role="tablist"]')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return box.left >= strip.left && box.right <= strip.right;
        });
      await expect.poll(inStrip, { message: `${name} in view` }).toBe(true);
      // The page itself stays at its top: only the strip scrolled.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await context.close();
  });

  it("names outcomes in Title Case, ranks Top Rated by rating, and never repeats Overview's list under another name", async () => {
    const analytics = (await api('GET', '/api/analytics/public')).body.data;
    const { context, page } = await newPage(browser);
    await page.goto('/explore');
    const summary = page.getByText('By outcome').first();
    await summary.click();
    const bars = page.locator('details[open]').first().getByRole('progressbar');
    await bars.first().waitFor();
    const labels = (await bars.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map(
      (l) => l.split(':')[0]!,
    );
    expect(labels.length).toBeGreaterThan(0);
    // Every word of a name starts with a capital, as on the report cards (small joining words aside).
    for (const label of labels)
      for (const word of label
        .split(/[\s-]/)
        .filter((w) => !['of', 'and', 'in', 'to', 'for', 'the', 'with'].includes(w)))
        expect(word, label).toMatch(/^[^\p{Ll}]/u);

    await page.getByRole('tab', { name: 'Top Rated' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Top Rated' });
    await panel.getByRole('heading', { name: 'Top Rated' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Top Peptides' }).count()).toBe(0);
    await panel.getByText(/Ranked by the lower end of the likely range/).waitFor();
    const score = (p: { ratingInterval: { low: number } | null }) => p.ratingInterval?.low ?? -Infinity;
    const expected = [...analytics.topPeptides].sort((a, b) => score(b) - score(a)).map((p) => p.name);
    const shown = await panel.getByRole('listitem').getByRole('link').allTextContents();
    expect(shown.map((t) => t.replace(/^#\d+\s*/, ''))).toEqual(expected);
    await context.close();
  });
});
