// Figures in a real browser against the seeded server: on a 390 px phone the usage chart draws at
// most five lines (the five most reported); Community shows how many reports match and
// filters by peptide.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approvedMember, choosePeptide, launch, newPage } from './browser';
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

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('figures on a phone', () => {
  it("Home's four stat cards take a 2x2 block at 360 px and one row on a desktop", async () => {
    for (const [width, rows] of [
      [360, 2],
      [1280, 1],
    ] as const) {
      const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
      await page.goto('/');
      const stats = page.getByRole('region', { name: 'Community statistics' });
      await stats.getByText('This Month').waitFor();
      const cards = stats.locator(':scope > div > *');
      expect(await cards.count()).toBe(4);
      const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!));
      expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(rows);
      // On the phone the block leaves most of the first screen for content.
      if (width === 360) expect((await stats.boundingBox())!.height).toBeLessThan(300);
      await context.close();
    }
  });

  it("Explore's usage chart draws at most five series at 390 px, the most reported, and no Other line", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, member.email, member.password);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const trends = (await api('GET', '/api/analytics/trends?period=monthly&groupBy=peptide', undefined, token!)).body
      .data;
    const series = (trends.series as { key: string; name: string }[])
      .filter((s) => s.key !== 'other')
      .map((s) => s.name);

    await page.goto('/explore?tab=usage');
    const chart = page.getByRole('img', { name: /Line chart of experiences per month by peptide/ });
    await chart.waitFor();
    // The chart's name lists the lines it draws (its legend).
    const label = (await chart.getAttribute('aria-label'))!;
    const lines = label.slice(label.lastIndexOf('Lines: ') + 'Lines: '.length, -1).split(', ');
    expect(lines).toEqual(series.slice(0, 5));
    if (trends.series.length > 5)
      await page.getByText(/The chart draws the 5 most reported peptides; the table lists every one/).waitFor();
    // The table still has every series, plus the total row.
    expect(await page.getByRole('table', { name: 'Experiences per month by peptide' }).getByRole('row').count()).toBe(
      trends.series.length + 2,
    );
    await context.close();
  });

  it('Community shows the number of matching reports and filters by peptide', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const all = (await api('GET', '/api/experiences?limit=1')).body.data.total as { count: number; capped: boolean };
    await page.goto('/community');
    const total = page.getByTestId('community-total');
    await expect
      .poll(() => total.textContent())
      .toBe(`${all.count.toLocaleString('en-US')}${all.capped ? '+' : ''} reports`);

    // The most reported peptide (what the picker lists first), chosen by typing its name, and its
    // count from the server. On a phone the filters open behind "Filters (n)".
    const top = (await api('GET', '/api/peptides?limit=1&sort=experiences')).body.data.peptides[0] as {
      _id: string;
      name: string;
    };
    const [id, name] = [top._id, top.name];
    await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
    await choosePeptide(page, name);
    await page.waitForURL((url) => url.searchParams.get('peptide') === id);
    const own = (await api('GET', `/api/experiences?limit=1&peptideId=${id}`)).body.data.total as { count: number };
    await expect
      .poll(() => total.textContent())
      .toBe(`${own.count.toLocaleString('en-US')} ${own.count === 1 ? 'report matches' : 'reports match'}`);
    const titles = await page.locator('main li h2').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain(name);

    // The filter survives a reload (it lives in the URL).
    await page.reload();
    // Folded again on a phone, the count on its button saying one filter is on.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Peptide' }).inputValue()).toBe(name);
    await context.close();
  });
});
