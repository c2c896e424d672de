// The Research Hub's smaller parts in Chromium: the toast after a decision never covers the report
// that takes focus (360 and 1280 px, light and dark), a bulk decision's toast says what was done,
// a card lists an address once, the User Management tab counts the registrations that wait, the
// Guidelines name every hold reason, and the Overview's figure of report detail can move. The
// queue runs on a server of its own (held-queue.ts) with publication batches on, so a publish
// waits for its batch and its toast offers Undo; registrations on this worker's server, whose
// mail outbox confirms them. SCREENSHOTS=1 saves each screen (tests/e2e/screenshots.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, violationLines } from './axe';
import {
  api,
  apiAt,
  baseURL,
  firstPeptide,
  launch,
  moderatorToken,
  registeredAndConfirmed,
  submitExperience,
  uniqueEmail,
} from './browser';
import { screenshot } from './screenshots';
import { heldReports, moderatorPage, startQueueServer, type QueueServer } from './held-queue';

const LINK = 'https://www.peptide-shop.com/bpc-157?ref=abc123';
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [360, 1280] as const;

let browser: Browser;
let server: QueueServer;
let linkedId = '';
beforeAll(async () => {
  browser = await launch();
  server = await startQueueServer();
  await heldReports(server, 10, 'toast');
  const linked = await submitExperience(
    await firstPeptide(server.baseURL),
    `Four weeks in (${Date.now().toString(36)}), my elbow is better. I ordered from ${LINK} and it arrived in a week.`,
    {},
    server.baseURL,
  );
  expect(linked.body.data.status).toBe('held');
  linkedId = linked.body.data.experience._id;
  // Written with batches off, so they wait in the queue now; decided with them on.
  await server.restart({ PUBLISH_EVERY: '6h' });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stopAndClean();
});

const TOAST = '[role="region"][aria-label^="Notifications"] li';
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function openQueue(page: Page) {
  await page.goto('/research?tab=reports');
  await page.getByRole('list', { name: 'Waiting for review' }).getByRole('listitem').nth(3).waitFor();
}

describe('a card', () => {
  it('lists a matched address once, whole, not also a part of it', async () => {
    const { context, page } = await moderatorPage(browser, server);
    // Opened on its own (as from Activity): within a day the queue's order is random, and this
    // one could be past the first page.
    await page.goto(`/research?tab=reports&report=${linkedId}`);
    const matches = page.getByRole('list', { name: 'What the hold rules match' }).getByRole('listitem');
    await matches.first().waitFor();
    expect(await matches.allTextContents()).toEqual([`Link: ${LINK}`]);
    await context.close();
  });
});

describe('toasts after a decision', { timeout: 300_000 }, () => {
  it('the report that takes focus shows whole above the Undo toast, at 360 and 1280 px, light and dark; u still undoes', async () => {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const where = `${width} px, ${theme}`;
        const { context, page } = await moderatorPage(browser, server, { width, theme });
        await openQueue(page);
        // The third report in focus, its foot at the foot of the window: where one is decided
        // after scrolling down the list, with the mouse or the keys.
        for (let i = 0; i < 3; i++) await page.keyboard.press('j');
        await expect.poll(() => focusedId(page)).toMatch(/^queue-item-/);
        await page.evaluate(() => {
          const bottom = document.activeElement!.getBoundingClientRect().bottom;
          window.scrollBy(0, bottom - (window.innerHeight - 8));
        });
        const decided = await focusedId(page);
        await page.keyboard.press('p');
        await page.locator(TOAST).getByRole('button', { name: 'Undo' }).waitFor();
        await expect.poll(() => focusedId(page)).not.toBe(decided);
        expect(await focusedId(page)).toMatch(/^queue-item-/);
        // Under the toast: the controls of the report in focus; from 640 px, any report's buttons
        // (they sit at the right, the toast at the left).
        const covered = await page.evaluate((selector) => {
          const toast = document.querySelector(selector)!.getBoundingClientRect();
          const controls = [...document.activeElement!.querySelectorAll('button, input')];
          if (window.innerWidth >= 640) controls.push(...document.querySelectorAll('[data-queue-item] button'));
          return controls
            .map((control) => control.getBoundingClientRect())
            .filter((r) => r.bottom > toast.top && r.top < toast.bottom && r.right > toast.left && r.left < toast.right)
            .length;
        }, TOAST);
        expect(covered, where).toBe(0);
        // The toast and the report in focus: text the toast lies over reads as low contrast to axe
        // (a11y-moderator.test.ts scans the whole queue without a toast).
        for (const part of [TOAST, `#${await focusedId(page)}`])
          expect(violationLines(await axeViolations(page, part)), `${where}: ${part}`).toEqual([]);
        await screenshot(page, `queue-toast-${width}-${theme}`, { fullPage: false });
        // Undo stays within reach by key whatever the toast does.
        await page.keyboard.press('u');
        await page.getByText('Publish undone: the report stays held.', { exact: true }).waitFor();
        await context.close();
      }
    }
  });

  it('a bulk decision says what was done and why: "2 reports hidden as spam or advertising."', async () => {
    const { context, page } = await moderatorPage(browser, server);
    await openQueue(page);
    const boxes = page.getByRole('list', { name: 'Waiting for review' }).getByRole('checkbox', { name: /^Select / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Hide 2' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByRole('button', { name: 'Hide 2 reports' }).click();
    await page.locator(TOAST).getByText('2 reports hidden as spam or advertising.', { exact: true }).waitFor();
    await context.close();
  });
});

describe('the Hub around the queue', { timeout: 300_000 }, () => {
  it('User Management counts the registrations that wait, and the count follows a decision', async () => {
    const email = uniqueEmail('badge');
    await registeredAndConfirmed(email, 'badge-password-2026');
    const token = await moderatorToken();
    const waiting = async () =>
      (await api('GET', '/api/moderation/summary', undefined, token)).body.data.pendingRegistrations as number;
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    const words = (n: number) => `User Management ${n} ${n === 1 ? 'registration' : 'registrations'} waiting`;
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const { context, page } = await moderatorPage(browser, { baseURL: baseURL() }, { width, theme });
        await page.goto('/research?tab=users');
        await page.getByRole('tab', { name: words(before) }).waitFor();
        await page.getByRole('list', { name: 'Pending registrations' }).waitFor();
        // The badge's words for a screen reader stay inside the tab list, which scrolls on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(
          width,
        );
        expect(violationLines(await axeViolations(page)), `${width} px, ${theme}`).toEqual([]);
        await screenshot(page, `users-badge-${width}-${theme}`);
        await context.close();
      }
    }
    const { context, page } = await moderatorPage(browser, { baseURL: baseURL() });
    await page.goto('/research?tab=users');
    // The oldest waits first (other tests may leave some): whichever is rejected, one fewer waits.
    await page
      .getByRole('button', { name: /^Reject / })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Reject registration' })
      .getByRole('button', { name: 'Reject User' })
      .click();
    // Read again after the decision, not at the next minute's refresh.
    await page.getByRole('tab', { name: before > 1 ? words(before - 1) : 'User Management', exact: true }).waitFor();
    await context.close();
  });

  it('Guidelines name every hold reason, the danger hold among them, and say members flag; the Overview counts optional details', async () => {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const where = `${width} px, ${theme}`;
        const { context, page } = await moderatorPage(browser, server, { width, theme });
        await page.goto('/research?tab=guidelines');
        const held = page.getByRole('list', { name: 'Why a report is held' });
        await held.getByText('May be dangerous advice').waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text, where).toContain('its “Flag” button');
        expect(text, where).not.toContain('“Report” button');
        await screenshot(page, `guidelines-${width}-${theme}`);

        await page.getByRole('tab', { name: 'Overview' }).click();
        const figure = page
          .getByRole('region', { name: 'Research figures' })
          .getByText('Reports with Optional Details', { exact: true })
          .locator('xpath=../..');
        await figure.waitFor();
        expect(await page.getByText('Complete Reports').count(), where).toBe(0);
        const overview = (await apiAt(server.baseURL, 'GET', '/api/research/overview', undefined, server.token)).body
          .data;
        const shown = await figure.textContent();
        expect(shown, where).toContain(`${Math.round(overview.optionalDetailsShare * 100)}%`);
        expect(shown, where).toContain('published reports naming a stack, extra effects or sourcing');
        await screenshot(page, `overview-${width}-${theme}`);
        await page.getByRole('tab', { name: 'Database' }).click();
        await page.getByRole('region', { name: 'Experiences by peptide' }).waitFor();
        await screenshot(page, `database-${width}-${theme}`);
        await context.close();
      }
    }
  });
});
