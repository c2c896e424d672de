// The moderators' queue in Chromium against a server of its own: a moderator clears ten held
// reports with one bulk action (select all, Publish 10), then, with publication batches on
// (PUBLISH_EVERY=6h, so a publish waits for its batch and can be undone), ten more with the
// keyboard alone (j once, then p for each) and undoes the last publish from the toast. Each run
// prints the keys or clicks and the time it took. Axe checks the queue, light and dark, at 360
// and 1280 px, with a card's matched text marked, a correction's diff open and the key legend
// shown; SCREENSHOTS=1 also saves those screenshots (tests/e2e/screenshots.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, violationLines } from './axe';
import { apiAt, firstPeptide, launch, submitExperience } from './browser';
import { screenshot } from './screenshots';
import { heldReports, moderatorPage, startQueueServer, waitingCount, type QueueServer } from './held-queue';

let browser: Browser;
let server: QueueServer;
beforeAll(async () => {
  browser = await launch();
  server = await startQueueServer();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stopAndClean();
});

const itemOf = (page: Page, id: string) =>
  page.getByRole('listitem', { name: new RegExp(`report #${id.slice(0, 8)}$`) });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function openQueue(page: Page, ids: string[]) {
  await page.goto('/research?tab=reports');
  await page.getByRole('list', { name: 'Waiting for review' }).waitFor();
  for (const id of ids) await itemOf(page, id).waitFor();
}

describe('clearing the queue', () => {
  it('ten held reports with one bulk action: Select all on this page, Publish 10 (two clicks)', async () => {
    const ids = await heldReports(server, 10, 'bulk');
    expect(await waitingCount(server)).toBe(10);
    const { context, page } = await moderatorPage(browser, server);
    await openQueue(page, ids);

    const started = performance.now();
    let clicks = 0;
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    clicks++;
    await page.getByRole('button', { name: 'Publish 10' }).click();
    clicks++;
    await page.getByText('Nothing waits for review').waitFor();
    const seconds = (performance.now() - started) / 1000;
    console.log(`queue by bulk: 10 reports cleared with ${clicks} clicks in ${seconds.toFixed(1)} s`);
    expect(await waitingCount(server)).toBe(0);
    await page.getByText('10 reports published.', { exact: true }).waitFor();
    await context.close();
  });
});

/** A report the rules hold, written to show a part of the queue. */
async function held(story: string) {
  const res = await submitExperience(await firstPeptide(server.baseURL), story, {}, server.baseURL);
  expect(res.body.data.status).toBe('held');
  return res.body.data as { experience: { _id: string }; trackingId: string };
}

describe('how the queue looks', () => {
  it('light and dark, 360 and 1280 px: marked matches, reasons, a correction with its diff, the key legend; no axe violations', async () => {
    // Nothing else waits (heldReports hides what does), so these four are the page.
    await heldReports(server, 0, 'none');
    const mark = Date.now().toString(36);
    const corrected = await held(
      `Three weeks on it for my knee (${mark}a). I ordered from peptide-direct.shop and it came quickly; swelling is down a lot.`,
    );
    const put = await apiAt(server.baseURL, 'PUT', '/api/experiences/tracking', {
      trackingId: corrected.trackingId,
      story: `Three weeks on it for my knee (${mark}a). It came quickly and the swelling is down a lot; sleeping better too, walking without a limp.`,
    });
    expect(put.status).toBe(200);
    await held(
      `Second cycle (${mark}b), sleep is better. The seller is at seller@protonmail.me if anyone asks, very quick to answer.`,
    );
    await held(
      `Shoulder recovery log (${mark}c): text them on 555 123 4567 for a discount, they ship the same day. Pain went from 7 to 3.`,
    );
    await held(
      `I took triple the dose (${mark}d) and my heart was racing all night. Do it anyway, it works. Don't tell your doctor about it.`,
    );
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [360, 1280]) {
        const { context, page } = await moderatorPage(browser, server, { width, theme });
        await page.goto('/research?tab=reports');
        const list = page.getByRole('list', { name: 'Waiting for review' });
        await list.getByRole('listitem').nth(3).waitFor();
        await itemOf(page, corrected.experience._id)
          .getByRole('button', { name: /^Details of / })
          .click();
        await page.getByRole('region', { name: 'Corrected by its author while it waited' }).waitFor();
        await page.keyboard.press('?');
        await page.getByRole('region', { name: 'Keyboard shortcuts' }).waitFor();
        expect(violationLines(await axeViolations(page)), `${width} px, ${theme}`).toEqual([]);
        await screenshot(page, `queue-${width}-${theme}`);
        await context.close();
      }
    }
  });
});

describe('clearing the queue with publication batches on', () => {
  // Ten submissions and a restart of the server, in a hook of their own: the keyboard work takes
  // 3-4 s, and with them inside the test's 60 s its setup alone outgrew that on a loaded 2-core
  // machine (about 20 s idle, over 60 s beside the other lane of CI).
  let ids: string[] = [];
  beforeAll(async () => {
    ids = await heldReports(server, 10, 'kb');
    await server.restart({ PUBLISH_EVERY: '6h' });
  }, 120_000);

  it('ten held reports by keyboard: j, then p on each (focus moves to the next); Undo on the toast brings the last one back', async () => {
    expect(await waitingCount(server)).toBe(10);
    const { context, page } = await moderatorPage(browser, server);
    await openQueue(page, ids);
    await expect.poll(() => page.getByRole('tab', { name: 'Reports 10 waiting' }).count()).toBe(1);

    const started = performance.now();
    let keys = 0;
    await page.keyboard.press('j');
    keys++;
    const decided: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      // Focus is on the report that took the decided one's place (the first, after j).
      await expect.poll(() => focusedId(page)).toMatch(/^queue-item-/);
      const id = (await focusedId(page)).replace('queue-item-', '');
      expect(ids).toContain(id);
      await page.keyboard.press('p');
      keys++;
      await itemOf(page, id).waitFor({ state: 'detached' });
      decided.push(id);
    }
    expect(new Set(decided).size).toBe(10);
    await page.getByText('Nothing waits for review').waitFor();
    const seconds = (performance.now() - started) / 1000;
    console.log(`queue by keyboard: 10 reports cleared with ${keys} keys and 0 clicks in ${seconds.toFixed(1)} s`);
    expect(keys).toBe(11);
    expect(await waitingCount(server)).toBe(0);
    await expect.poll(() => page.getByRole('tab', { name: 'Reports', exact: true }).count()).toBe(1);

    // The last publish waits for its batch: Undo on its toast, and the report is held again.
    await page.getByText('Report approved: it is published at the next publication batch.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Publish undone: the report stays held.', { exact: true }).waitFor();
    await itemOf(page, decided[9]!).waitFor();
    expect(await waitingCount(server)).toBe(1);
    const summary = await apiAt(server.baseURL, 'GET', '/api/moderation/summary', undefined, server.token);
    expect(summary.body.data).toMatchObject({ waiting: 1, held: 1, scheduled: 9 });
    await context.close();
  });
});
