// The moderators' side of moderation in real Chromium: three members flag a report
// through the API, the moderator finds it in the Reports tab with its flag counts, hides it with
// a reason, sees that in the Activity tab, restores it from there, and it is back in the
// Community feed. A second server with MODERATION=pre holds a new report until the moderator
// publishes it from the Reports tab. A report with one flag is kept published with p (its flag
// dismissed) and u takes that back. axe on the tab with items, the Hide dialog and Activity.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { axeViolations, violationLines } from './axe';
import { api, apiAt, approvedMember, firstPeptide, launch, moderatorToken, newPage, submitExperience } from './browser';
import { signInModerator } from './sign-in';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page, include?: string): Promise<string[]> {
  return violationLines(await axeViolations(page, include));
}

/** A story of its own, found by its base-36 marker (a 13-digit number would read as a phone number). */
function story(label: string) {
  const marker = `${label}${Date.now().toString(36)}`;
  return {
    marker,
    text: `Moderation hub check ${marker}: steady recovery over two weeks, better sleep and no side effects worth noting at all.`,
  };
}

/** The queue is oldest first: press "Load more" until the report shows. */
async function findInQueue(page: Page, id: string) {
  const item = page.getByRole('listitem', { name: new RegExp(`report #${id.slice(0, 8)}$`) });
  await page.getByRole('list', { name: 'Waiting for review' }).waitFor();
  for (let i = 0; i < 50 && !(await item.isVisible()); i++) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await page
      .getByRole('button', { name: 'Load more' })
      .or(page.getByText('You have reached the end of the list.'))
      .first()
      .waitFor();
  }
  await item.waitFor();
  return item;
}

/** The Community feed searched for the marker (its order within a day is random). */
async function feedShows(page: Page, marker: string): Promise<boolean> {
  await page.goto(`/community?search=${marker}`);
  const found = page.getByText(marker);
  const none = page.getByText('No experiences match these filters.');
  await found.or(none).first().waitFor();
  return found.isVisible();
}

describe('moderators hide and restore a flagged report', { timeout: 180_000 }, () => {
  it('flags hold it; the Reports tab shows the counts; hide with a reason; Activity shows it; restore brings it back', async () => {
    const peptide = await firstPeptide();
    const { marker, text } = story('flagged');
    const created = await submitExperience(peptide, text);
    expect(created.status).toBe(201);
    const id: string = created.body.data.experience._id;
    for (let i = 0; i < 3; i++) {
      const member = await approvedMember();
      const token = (await api('POST', '/api/users/login', member)).body.data.accessToken;
      expect((await api('POST', `/api/experiences/${id}/flag`, { reason: 'spam' }, token)).status).toBe(201);
    }

    const { context, page } = await newPage(browser);
    await signInModerator(page);
    expect(await feedShows(page, marker)).toBe(false);
    await page.goto('/research?tab=reports');
    const item = await findInQueue(page, id);
    await expect.poll(() => item.textContent()).toContain('3 open flags: Spam or advertising (3)');
    expect(await item.textContent()).toContain(marker);
    expect(await violations(page)).toEqual([]);

    await item.getByRole('button', { name: /^Hide / }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this report' });
    await dialog.waitFor();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByLabel('Note for moderators (optional)').fill(`Vendor promotion ${marker}`);
    await dialog.getByRole('button', { name: 'Hide report' }).click();
    await page.getByText('Report hidden.').first().waitFor();
    await item.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('combobox', { name: 'Action' }).selectOption('hide');
    const entry = page.getByRole('listitem').filter({ hasText: `Vendor promotion ${marker}` });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(inject('moderator').email);
    expect(await entry.textContent()).toContain('Reason: Spam or advertising');
    expect(await violations(page)).toEqual([]);

    await entry.getByRole('link', { name: `Open report #${id.slice(0, 8)}` }).click();
    const opened = page.getByRole('tabpanel').getByText('Hidden as: Spam or advertising');
    await opened.waitFor();
    await page.getByRole('button', { name: /^Restore / }).click();
    await page.getByText('Report restored.').first().waitFor();
    expect(await feedShows(page, marker)).toBe(true);
    await context.close();
  });
});

describe('Keep published (dismiss flags)', { timeout: 180_000 }, () => {
  it('p on a flagged published report keeps it and dismisses its flags; u takes that back; the log names both', async () => {
    const peptide = await firstPeptide();
    const { marker, text } = story('kept');
    const created = await submitExperience(peptide, text);
    expect(created.status).toBe(201);
    const id: string = created.body.data.experience._id;
    // One flag, under the hold threshold: the report stays public and waits with its flag.
    const member = await approvedMember();
    const token = (await api('POST', '/api/users/login', member)).body.data.accessToken;
    expect((await api('POST', `/api/experiences/${id}/flag`, { reason: 'off-topic' }, token)).status).toBe(201);
    const openFlags = async () =>
      (await api('GET', `/api/moderation/queue?experienceId=${id}`, undefined, await moderatorToken())).body.data
        .items[0].flags.open as number;

    const { context, page } = await newPage(browser);
    await signInModerator(page);
    await page.goto('/research?tab=reports&reason=open-flags');
    const item = await findInQueue(page, id);
    const label = `Keep published (dismiss flags) ${peptide.name} report #${id.slice(0, 8)}`;
    await item.getByRole('button', { name: label }).waitFor();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByText('on a published report with flags: Keep published (dismiss flags)').waitFor();

    await item.focus();
    await page.keyboard.press('p');
    await page.getByText("Kept published: the members' flags are dismissed.").first().waitFor();
    // Its toast offers Undo, as a hide's does.
    await page.getByRole('button', { name: 'Undo', exact: true }).first().waitFor();
    await item.waitFor({ state: 'detached' });
    expect(await openFlags()).toBe(0);

    await page.keyboard.press('u');
    await page
      .getByText('Flag dismissal undone: the flags are open again and the report waits for review.')
      .first()
      .waitFor();
    await item.waitFor();
    expect(await openFlags()).toBe(1);

    await page.goto(`/research?tab=activity&activityReport=${id}`);
    const log = page.getByRole('tabpanel');
    // (The Action filter's options carry the same words: the entries are list items.)
    await log.getByRole('listitem').filter({ hasText: 'Flag dismissal undone' }).waitFor();
    await log.getByRole('listitem').filter({ hasText: 'Kept published, flags dismissed' }).waitFor();
    expect(await feedShows(page, marker)).toBe(true);
    await context.close();
  });
});

describe('MODERATION=pre', { timeout: 180_000 }, () => {
  let pre: AppServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-pre-'));
    // A copy of the run's seeded folder: seeding one again took half a server's start.
    fs.cpSync(inject('dataTemplate'), dataDir, { recursive: true });
    pre = await startAppServer({ distDir: inject('distDir'), dataDir, env: { MODERATION: 'pre' } });
  }, 120_000);
  afterAll(async () => {
    await pre?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new report waits until the moderator publishes it from the Reports tab', async () => {
    const peptide = await firstPeptide(pre.baseURL);
    const { marker, text } = story('pre');
    const created = await submitExperience(peptide, text, {}, pre.baseURL);
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe('held');
    const id: string = created.body.data.experience._id;
    expect((await apiAt(pre.baseURL, 'GET', `/api/experiences/${id}`)).status).toBe(404);

    const { context, page } = await newPage(browser, { baseURL: pre.baseURL });
    expect(await feedShows(page, marker)).toBe(false);
    await signInModerator(page);
    await page.goto('/research?tab=reports');
    const item = await findInQueue(page, id);
    // The card names the hold reason in the moderators' words (HOLD_REASON_LABELS).
    expect(await item.textContent()).toContain('Pre-moderation');
    await item.getByRole('button', { name: /^Publish / }).click();
    await page.getByText('Report published.').first().waitFor();
    expect(await feedShows(page, marker)).toBe(true);
    await context.close();
  });
});
