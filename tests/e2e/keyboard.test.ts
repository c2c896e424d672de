// Every main flow with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows,
// Escape) in real Chromium. No mouse clicks and no `fill`: keys only.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, approvedMember, firstPeptide, launch, newPage, submitExperience, peptideOption } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.waitFor({ state: 'visible' });
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${String(target)} with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** A native select changed with arrow keys until it holds `value`. */
async function chooseWithKeys(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  const options = await select.locator('option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  const target = options.indexOf(value);
  if (target < 0) throw new Error(`no option ${value}`);
  for (let i = 0; i < options.length && (await select.inputValue()) !== value; i += 1) {
    const current = options.indexOf(await select.inputValue());
    await page.keyboard.press(current < target ? 'ArrowDown' : 'ArrowUp');
  }
  expect(await select.inputValue()).toBe(value);
}

async function typeInto(page: Page, field: Locator, text: string, max?: number) {
  await tabTo(page, field, { max });
  await page.keyboard.type(text);
}

/** The focused element shows a visible focus indicator (outline or ring box-shadow). */
async function hasVisibleFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring;
  });
}

async function signInWithKeys(page: Page, email: string, password: string) {
  await page.goto('/login');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Password'), password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

describe('keyboard only', () => {
  it('skip link, focus on route change and visible focus', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The pre-rendered page is inert until the app has taken over (src/app/boot.tsx).
    await page.waitForFunction(() => !document.querySelector('#root [inert]'));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    expect(await hasVisibleFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Following a navigation link moves focus to the new page's heading.
    const nav = page.getByRole('navigation').getByRole('link', { name: 'Peptides', exact: true }).first();
    await tabTo(page, nav, { back: true });
    expect(await hasVisibleFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/peptides');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await expect.poll(() => isFocused(heading)).toBe(true);
    await context.close();
  });

  it('theme toggle: the dark and light buttons work with Enter and Space', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Dark theme' }).first());
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Light theme' }).first(), { back: true });
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });

  it('completes the four wizard steps and submits', async () => {
    const peptides = await api('GET', '/api/peptides?limit=1&sort=name');
    const peptideName: string = peptides.body.data.peptides[0].name;
    const { context, page } = await newPage(browser);
    await page.goto('/submit');
    await page.getByText('Step 1 of 4').waitFor();

    // The peptide picker: typed, then the first match chosen with the arrow key and Enter.
    await typeInto(page, page.getByRole('combobox', { name: 'Peptide' }), peptideName);
    await peptideOption(page, peptideName).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'Peptide' }).inputValue()).toBe(peptideName);
    // The unit is mcg unless another is chosen.
    await typeInto(page, page.getByLabel('Dose', { exact: true }), '250');
    await chooseWithKeys(page, page.getByLabel('Frequency'), 'daily');
    await typeInto(page, page.getByLabel('Duration (days)'), '30');
    await chooseWithKeys(page, page.getByLabel('Route of administration'), 'subcutaneous');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    await page.getByText('Step 2 of 4').waitFor();
    await tabTo(page, page.getByRole('checkbox', { name: 'Recovery' }));
    await page.keyboard.press('Space');
    await chooseWithKeys(page, page.getByLabel('Age range'), '30-34');
    await chooseWithKeys(page, page.getByLabel('Biological sex'), 'male');
    await chooseWithKeys(page, page.getByLabel('Activity level'), 'active');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    await page.getByText('Step 3 of 4').waitFor();
    const slider = page.getByRole('slider').first();
    await tabTo(page, slider);
    // From "Not rated", one stop before 1, to 7.
    expect(await slider.getAttribute('aria-valuetext')).toBe('Not rated');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuetext')).toBe('7 of 10');
    await chooseWithKeys(page, page.getByLabel('When did you notice effects?'), '1-week');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    await page.getByText('Step 4 of 4').waitFor();
    await typeInto(
      page,
      page.getByLabel('Your story'),
      `Keyboard-only report ${Date.now().toString(36)}: steady dosing, sleep improved in week two, no side effects worth noting.`,
    );
    await tabTo(page, page.getByRole('button', { name: 'Submit Experience' }));
    await page.keyboard.press('Enter');
    await expect
      .poll(
        () =>
          page
            .getByText(/TRK-\d+/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.close();
  });

  it('peptide search, category filter, sort and view switch', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/peptides');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await typeInto(page, page.getByLabel('Search peptides'), 'bpc');
    await expect.poll(() => page.url()).toMatch(/search=bpc/);
    await chooseWithKeys(page, page.getByLabel('Sort by'), 'rating');
    await expect.poll(() => page.url()).toMatch(/sort=rating/);
    const category = page.getByLabel('Category', { exact: true });
    const options = await category
      .locator('option')
      .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    await chooseWithKeys(page, category, options[1]!);
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(options[1]);

    // Tab list: arrow keys move between Grid View and List View.
    const grid = page.getByRole('tab', { name: 'Grid View' });
    await tabTo(page, grid);
    await page.keyboard.press('ArrowRight');
    const list = page.getByRole('tab', { name: 'List View' });
    await expect.poll(() => list.getAttribute('aria-selected')).toBe('true');
    expect(await isFocused(list)).toBe(true);
    await expect.poll(() => page.url()).toMatch(/view=list/);
    await context.close();
  });

  it('community search, category, sort, Clear Filters and a helpful vote', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    await signInWithKeys(page, member.email, member.password);
    await page.goto('/community');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const cards = page
      .locator('main ul > li')
      .filter({ has: page.getByRole('group', { name: 'Vote on this experience' }) });
    await cards.first().waitFor();

    await typeInto(page, page.getByLabel('Search'), 'sleep');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('sleep');
    await chooseWithKeys(page, page.getByLabel('Category'), 'Healing & Recovery');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Healing & Recovery');
    await chooseWithKeys(page, page.getByLabel('Sort'), 'rating');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('rating');
    await tabTo(page, page.getByRole('button', { name: 'Clear Filters' }).first());
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Search').inputValue()).toBe('');

    // A vote, with Enter, on a report of this test's own: reports of one day are in no fixed
    // order (only the day is kept), so "the third card" could be any of today's reports.
    const marker = `kbvote${Date.now().toString(36)}`;
    const own = await submitExperience(
      await firstPeptide(),
      `Report ${marker} for the keyboard vote: steady dosing over four weeks, sleep improved in week two, nothing else to note.`,
    );
    expect(own.status).toBe(201);
    // From Clear Filters, Tab runs through every card of the feed (link, votes, Report) first.
    await typeInto(page, page.getByLabel('Search'), marker, 200);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(marker);
    await expect.poll(() => cards.count()).toBe(1);
    const helpful = cards.first().getByRole('button', { name: /^Helpful/ });
    await helpful.waitFor();
    const before = Number(/\((\d+)\)/.exec((await helpful.textContent())!)![1]);
    await tabTo(page, helpful, { max: 200 });
    await page.keyboard.press('Enter');
    await page.getByText('Your helpful vote has been recorded.').first().waitFor();
    await expect.poll(() => helpful.textContent()).toBe(`Helpful (${before + 1})`);
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');
    // The toast is announced without taking focus away from the button.
    expect(await isFocused(helpful)).toBe(true);
    await context.close();
  });

  it('delete dialog: focus trapped, Escape closes, focus returns to the trigger; signs out', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    await signInWithKeys(page, member.email, member.password);
    // The member's own peptide, which its creator may delete (docs/product-rules.md, "Who may do what").
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    // Letters only: a long run of digits in a member's page reads as a phone number (services/text-rules.ts).
    const name = `Keyboard Peptide ${Date.now().toString(36)}`;
    const created = await api(
      'POST',
      '/api/peptides',
      {
        name,
        peptide_sequence: 'GEPPPGKPADDAGLV',
        category: 'Healing & Recovery',
        description: 'Created for the keyboard test.',
        detailedDescription: 'Created for the keyboard test.',
        mechanism: 'Not applicable.',
        commonDosage: '250mcg',
        commonFrequency: 'daily',
        sources: ['https://pubmed.ncbi.nlm.nih.gov/?term=keyboard'],
      },
      token ?? undefined,
    );
    expect(created.status).toBe(201);
    await page.goto(`/peptides?search=${encodeURIComponent(name)}`);
    const trigger = page.getByRole('button', { name: `Delete ${name}` });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Tabbing many times never leaves the dialog.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(trigger)).toBe(true);

    // Sign out with the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Logout' }).first(), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });

  it('moderator credentials sign in with the keyboard', async () => {
    const { context, page } = await newPage(browser);
    await signInWithKeys(page, inject('moderator').email, inject('moderator').password);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await context.close();
  });
});
