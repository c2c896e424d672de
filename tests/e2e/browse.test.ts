// Browsing scenarios in real Chromium against the built app and the real, seeded server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approvedMember, launch, newPage } from './browser';
import { signIn } from './sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const search = (page: Page) => new URL(page.url()).searchParams;

describe('home', () => {
  it('shows real stat cards and the three tabs', async () => {
    const analytics = (await api('GET', '/api/analytics/public')).body.data;
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const stats = page.getByRole('region', { name: 'Community statistics' });
    await stats.getByText(analytics.totalExperiences.toLocaleString('en-US'), { exact: true }).first().waitFor();
    await stats.getByText(`across ${analytics.categories} categories`).waitFor();

    // Popular Peptides: the six with the most experiences, each opening its detail page.
    const top = (await api('GET', '/api/peptides?sort=experiences&limit=6')).body.data.peptides;
    const popular = page.getByRole('tabpanel');
    await popular.getByRole('link', { name: new RegExp(top[0].name) }).waitFor();
    expect(await popular.getByRole('link').count()).toBe(6);

    await page.getByRole('tab', { name: 'Recent Experiences' }).click();
    // The panel named by the tab just chosen: until the new panel renders, the previous one (six
    // peptide links) is still the page's tabpanel, and a clean-clone run counted its links.
    const recent = page.getByRole('tabpanel', { name: 'Recent Experiences' }).getByRole('link');
    await recent.first().waitFor();
    expect(await recent.count()).toBe(3);
    await recent.first().click();
    await page.waitForURL(/\/experiences\//);
    await page.getByRole('heading', { level: 1, name: /experience$/ }).waitFor();

    await page.goBack();
    await page.getByRole('tab', { name: 'Community Insights' }).click();
    await page
      .getByRole('tabpanel', { name: 'Community Insights' })
      .getByText(/Trending categories|Not enough reports/)
      .waitFor();
    await context.close();
  });
});

describe('peptide database', () => {
  it('search, category, sort and view live in the URL, survive a reload and the back button', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/peptides');
    await page.getByRole('heading', { level: 1, name: 'Peptide Database' }).waitFor();
    await page.getByLabel('Search peptides').fill('bpc');
    await expect.poll(() => search(page).get('search')).toBe('bpc');
    await page.getByRole('heading', { name: 'BPC-157' }).waitFor();
    expect(await page.getByRole('heading', { name: 'TB-500' }).count()).toBe(0);

    await page.getByLabel('Search peptides').fill('');
    await expect.poll(() => search(page).get('search')).toBeNull();
    await page.getByLabel('Category', { exact: true }).selectOption('Growth Hormone');
    await page.getByLabel('Sort by').selectOption('rating');
    await page.getByRole('tab', { name: 'List View' }).click();
    await expect.poll(() => page.url()).toMatch(/view=list/);
    const url = page.url();
    expect(Object.fromEntries(search(page))).toMatchObject({
      category: 'Growth Hormone',
      sort: 'rating',
      view: 'list',
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Peptide Database' }).waitFor();
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('Growth Hormone');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('rating');
    expect(await page.getByRole('tab', { name: 'List View' }).getAttribute('aria-selected')).toBe('true');
    // Every card shown belongs to the chosen category, in descending rating order.
    const api_ = await api('GET', '/api/peptides?category=Growth%20Hormone&sort=rating&limit=12');
    const names = api_.body.data.peptides.map((p: { name: string }) => p.name);
    const shown = await page.locator('main h2, main h3').allTextContents();
    expect(shown.filter((t) => names.includes(t))).toEqual(names);
    expect(page.url()).toBe(url);

    await page.goto('/');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Peptide Database' }).waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('rating');
    await context.close();
  });

  it('says a taken name under Name, with a link to the peptide that has it', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    await signIn(page, member.email, member.password);
    await page.goto('/peptides');
    await page.getByRole('button', { name: 'Create Peptide' }).click();
    await page.getByLabel('Name *').fill('bpc-157');
    await page.getByLabel('Category *').selectOption('Healing & Recovery');
    await page.getByLabel('Peptide Sequence *').fill('GEPPPGKPADDAGLV');
    await page.getByLabel('Description *', { exact: true }).fill('A test peptide.');
    await page.getByLabel('Detailed Description *').fill('Created by the browser test.');
    await page.getByLabel('Mechanism of Action *').fill('Unknown.');
    await page.getByLabel('Common Dosage *').fill('250 mcg');
    await page.getByLabel('Common Frequency *').fill('daily');
    await page.getByLabel('Sources *').fill('Author A et al. (2020), J Pept 12:345');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const name = page.getByLabel('Name *');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const under = page.locator('#peptide-name-error');
    expect(await under.textContent()).toMatch(/A peptide named "BPC-157" already exists/);
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    const bpc = (await api('GET', '/api/peptides?search=BPC-157')).body.data.peptides.find(
      (p: { name: string }) => p.name === 'BPC-157',
    );
    expect(await under.getByRole('link', { name: 'Open BPC-157' }).getAttribute('href')).toBe(`/peptides/${bpc._id}`);
    expect(await page.getByText('Failed to create peptide').count()).toBe(0);
    await name.fill('bpc-157 two');
    expect(await under.count()).toBe(0);
    await context.close();
  });

  it('creates a peptide after refusing a bad sequence, then deletes it through the dialog', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    await signIn(page, member.email, member.password);
    await page.goto('/peptides');
    await page.getByRole('button', { name: 'Create Peptide' }).click();
    // Letters only: a long run of digits in a member's page reads as a phone number (services/text-rules.ts).
    const name = `E2E Peptide ${Date.now().toString(36)}`;
    await page.getByLabel('Name *').fill(name);
    await page.getByLabel('Category *').selectOption('Cognitive Enhancement');
    await page.getByLabel('Peptide Sequence *').fill('ABC 123!');
    await page.getByLabel('Description *', { exact: true }).fill('A test peptide.');
    await page.getByLabel('Detailed Description *').fill('Created by the browser test.');
    await page.getByLabel('Mechanism of Action *').fill('Unknown.');
    await page.getByLabel('Common Dosage *').fill('1 mg');
    await page.getByLabel('Common Frequency *').fill('daily');
    await page
      .getByLabel('Sources *')
      .fill('https://pubmed.ncbi.nlm.nih.gov/?term=TKPRPGP\nAuthor A et al. (2020), J Pept 12:345');
    await page.getByLabel('Common Effects', { exact: true }).fill('Focus');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Please enter a valid peptide sequence using standard amino acid codes').first().waitFor();
    expect((await api('GET', `/api/peptides?search=${encodeURIComponent(name)}`)).body.data.peptides).toHaveLength(0);

    await page.getByLabel('Peptide Sequence *').fill('TKPRPGP');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Peptide created successfully').first().waitFor();
    // The new peptide opens.
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/peptides\/[0-9a-f-]{36}$/);
    // Its sources, beside its "not reviewed" status: the address a link that gives nothing away.
    const source = page.getByRole('link', { name: /pubmed\.ncbi\.nlm\.nih\.gov\/\?term=TKPRPGP/ });
    expect(await source.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(await source.getAttribute('target')).toBe('_blank');
    await page.getByText('Author A et al. (2020), J Pept 12:345').waitFor();
    await page.goto('/peptides');
    await page.getByLabel('Search peptides').fill(name);
    await page.getByRole('heading', { name }).waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete "${name}"?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${name} has been deleted successfully`).first().waitFor();
    await page.getByRole('heading', { name }).waitFor({ state: 'detached' });
    expect((await api('GET', `/api/peptides?search=${encodeURIComponent(name)}`)).body.data.peptides).toHaveLength(0);
    await context.close();
  });

  it('detail page tabs, and "Peptide not found" for an unknown id', async () => {
    const peptide = (await api('GET', '/api/peptides?sort=experiences&limit=1')).body.data.peptides[0];
    const { context, page } = await newPage(browser);
    await page.goto(`/peptides/${peptide._id}`);
    await page.getByRole('heading', { level: 1, name: peptide.name }).waitFor();
    await page.getByText(`Based on ${peptide.totalExperiences} experiences and recent activity`).first().waitFor();
    await page.getByRole('tab', { name: 'Experiences' }).click();
    await page
      .getByRole('button', { name: /^Helpful \(\d+\)$/ })
      .first()
      .waitFor();

    await page.goto('/peptides/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Peptide not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Peptides' }).click();
    await page.waitForURL('**/peptides');
    await context.close();
  });
});

describe('community', () => {
  it('search, category and sort run on the server and clear together', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/community');
    const cards = page
      .locator('main ul > li')
      .filter({ has: page.getByRole('group', { name: 'Vote on this experience' }) });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(20);

    await page.getByLabel('Search').fill('sleep');
    await expect.poll(() => search(page).get('search')).toBe('sleep');
    await page.getByLabel('Category').selectOption('Healing & Recovery');
    await page.getByLabel('Sort').selectOption('helpful');
    const expected = (
      await api('GET', '/api/experiences?search=sleep&category=Healing%20%26%20Recovery&sort=helpful&limit=20')
    ).body.data.experiences;
    await expect
      .poll(
        async () =>
          (await cards.count()) === Math.min(20, expected.length) &&
          (await cards.first().getByRole('heading', { level: 2 }).textContent()) === expected[0]?.peptideName,
      )
      .toBe(true);
    const helpfulCounts = await cards.getByRole('button', { name: /^Helpful/ }).allTextContents();
    const numbers = helpfulCounts.map((t) => Number(/\((\d+)\)/.exec(t)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.url()).toMatch(/\/community$/);
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await page.getByLabel('Sort').inputValue()).toBe('newest');

    // Every card has a way in (before, its only link was the peptide's name):
    // "Read the full report" opens that report.
    const newest = (await api('GET', '/api/experiences?sort=newest&limit=1')).body.data.experiences[0];
    await expect
      .poll(async () => (await cards.first().getByRole('heading', { level: 2 }).textContent()) === newest.peptideName)
      .toBe(true);
    expect(await cards.getByRole('link', { name: 'Read the full report' }).count()).toBe(await cards.count());
    await cards.first().getByRole('link', { name: 'Read the full report' }).click();
    await page.waitForURL((url) => url.pathname === `/experiences/${newest._id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('asks a visitor to log in, records a member vote, and withdraws it when the same type is pressed again', async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto('/community');
    await visitor.page
      .getByRole('button', { name: /^Helpful/ })
      .first()
      .click();
    await visitor.page.getByText('Please log in to vote on experiences.').first().waitFor();
    await visitor.page.getByRole('link', { name: 'Log In' }).click();
    await visitor.page.waitForURL('**/login');
    await visitor.context.close();

    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    await signIn(page, member.email, member.password);
    await page.goto('/community');
    const card = page
      .locator('main ul > li')
      .filter({ has: page.getByRole('group', { name: 'Vote on this experience' }) })
      .nth(1);
    const helpful = card.getByRole('button', { name: /^Helpful/ });
    await helpful.waitFor();
    const before = Number(/\((\d+)\)/.exec((await helpful.textContent())!)![1]);
    await helpful.click();
    await page.getByText('Your helpful vote has been recorded.').first().waitFor();
    await expect.poll(() => helpful.textContent()).toBe(`Helpful (${before + 1})`);
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');

    // The count comes from the database: a fresh page shows the same number.
    await page.reload();
    const again = page
      .locator('main ul > li')
      .filter({ has: page.getByRole('group', { name: 'Vote on this experience' }) })
      .nth(1)
      .getByRole('button', { name: /^Helpful/ });
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');
    expect(await again.textContent()).toBe(`Helpful (${before + 1})`);

    // Pressing the chosen type again withdraws the vote (tests/e2e/errors-and-votes.test.ts has the detail page).
    await again.click();
    await expect.poll(() => again.textContent()).toBe(`Helpful (${before})`);
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });
});

describe("a peptide's reports and Load more", () => {
  /** The most reported peptide and how many published reports it has (more than a page of 20). */
  async function mostReported(): Promise<{ _id: string; name: string; total: number }> {
    const top = (await api('GET', '/api/peptides?sort=experiences&limit=1')).body.data.peptides[0];
    const total = (await api('GET', `/api/experiences?peptideId=${top._id}&limit=1`)).body.data.total.count;
    expect(total).toBeGreaterThan(20);
    return { _id: top._id, name: top.name, total };
  }

  it('the Experiences tab says how many, loads more by cursor with focus on the first new report, and links to Community filtered to it', async () => {
    const top = await mostReported();
    const { context, page } = await newPage(browser);
    await page.goto(`/peptides/${top._id}`);
    await page.getByRole('tab', { name: 'Experiences' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Experiences' });
    await panel.getByText(`${top.total.toLocaleString('en-US')} reports`, { exact: true }).waitFor();
    const items = panel.getByRole('list', { name: `${top.name} reports` }).locator(':scope > li');
    await expect.poll(() => items.count()).toBe(20);

    // By keyboard: focus goes to the first new report, and the next Tab reaches a link inside it.
    await panel.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(Math.min(40, top.total));
    await expect.poll(() => items.nth(20).evaluate((el) => el === document.activeElement)).toBe(true);
    await panel
      .getByRole('status')
      .filter({ hasText: `${Math.min(20, top.total - 20)} more reports loaded.` })
      .waitFor();
    await page.keyboard.press('Tab');
    expect(await items.nth(20).evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await panel.getByRole('link', { name: `Search and sort ${top.name} reports in Community` }).click();
    await page.waitForURL((url) => url.pathname === '/community');
    expect(search(page).get('peptide')).toBe(top._id);
    await page
      .getByTestId('community-total')
      .filter({ hasText: `${top.total.toLocaleString('en-US')} reports match` })
      .waitFor();
    await context.close();
  });

  it('Community: Load more by keyboard moves focus to the first new report and says how many came', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/community');
    const items = page.locator('main ul[aria-busy] > li');
    await expect.poll(() => items.count()).toBe(20);
    // The page arrives pre-rendered and inert until the app takes it over (src/app/boot.tsx):
    // focus() does not wait for that as a click does, and Enter on the inert copy did nothing.
    await page.locator('#root > [inert]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(20);
    await expect.poll(() => items.nth(20).evaluate((el) => el === document.activeElement)).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ more reports? loaded\.$/ })
      .waitFor();
    await page.keyboard.press('Tab');
    expect(await items.nth(20).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await context.close();
  });

  it("a report opened from a peptide's Experiences tab leads back to that tab, named by the peptide; opened directly, to Community", async () => {
    const top = await mostReported();
    const { context, page } = await newPage(browser);
    await page.goto(`/peptides/${top._id}`);
    await page.getByRole('tab', { name: 'Experiences' }).click();
    await page.getByRole('link', { name: 'Read the full report' }).first().click();
    await page.waitForURL(/\/experiences\//);
    const report = page.url();
    await page.getByRole('link', { name: `Back to ${top.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/peptides/${top._id}`);
    await expect.poll(() => page.getByRole('tab', { name: 'Experiences' }).getAttribute('aria-selected')).toBe('true');

    // From Community, back to Community with its filters.
    await page.goto(`/community?peptide=${top._id}`);
    await page.getByRole('link', { name: 'Read the full report' }).first().click();
    await page.waitForURL(/\/experiences\//);
    await page.getByRole('link', { name: 'Back to Community' }).click();
    await page.waitForURL((url) => url.pathname === '/community' && search(page).get('peptide') === top._id);

    // Opened directly: no page to return to but Community.
    const direct = await newPage(browser);
    await direct.page.goto(report);
    expect(await direct.page.getByRole('link', { name: 'Back to Community' }).getAttribute('href')).toBe('/community');
    await direct.context.close();
    await context.close();
  });
});

describe('Community on a phone', () => {
  it('"Filters (n)" counts the filters in use, not the sort order', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await page.goto('/community?sort=rating');
    await page.getByRole('button', { name: 'Filters (0)' }).waitFor();
    await page.goto('/community?sort=rating&category=Healing%20%26%20Recovery');
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await context.close();
  });
});
