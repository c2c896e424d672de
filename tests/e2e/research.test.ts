// Research Hub in real Chromium against the built app and the real, seeded server: a moderator
// signs in through the UI, sees real figures on every tab, downloads the exports, approves one
// pending user and rejects another, undoes an approval from its toast, suspends an approved member
// (whose sign-in is then refused) and reinstates them; a plain member is shown the moderators-only message and the
// API refuses the member's calls with 403. Every tab at 1280 and 360 px, light and dark: no
// sideways scroll, no axe violation (with SCREENSHOTS=1, a screenshot of each:
// tests/e2e/screenshots.ts).
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiErrorBody } from '../../contract/common';
import { SHARES_MIN_REPORTS } from '../../contract/rules';
import { axeViolations, violationLines } from './axe';
import {
  api,
  approvedMember,
  launch,
  moderatorToken,
  newPage,
  pendingAccountId,
  registeredAndConfirmed,
  uniqueEmail,
} from './browser';
import { screenshot } from './screenshots';
import { signIn, signInModerator } from './sign-in';

let browser: Browser;
let modToken: string;

beforeAll(async () => {
  browser = await launch();
  modToken = await moderatorToken();
});
afterAll(async () => {
  await browser?.close();
});

const fmt = (n: number) => n.toLocaleString('en-US');
const statCard = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Research figures' }).getByText(label, { exact: true }).locator('xpath=../..');

const pendingList = (page: Page) => page.getByRole('list', { name: 'Pending registrations' });

/** Pages through the pending list until the email shows (other tests may leave pending users). */
async function findPending(page: Page, email: string) {
  const row = pendingList(page).getByRole('listitem').filter({ hasText: email });
  for (let i = 0; i < 50; i++) {
    await page
      .getByRole('list', { name: 'Pending registrations' })
      .or(page.getByText('No pending registrations'))
      .first()
      .waitFor();
    if (await row.count()) return row;
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.count()) || (await next.isDisabled())) break;
    const shown = await page.getByText(/^Page \d+ of \d+$/).textContent();
    await next.click();
    // The next page is in when the page number has moved on and the list is no longer fetching.
    await page
      .getByText(/^Page \d+ of \d+$/)
      .filter({ hasNotText: shown ?? '' })
      .waitFor();
    await page.locator('ul[aria-label="Pending registrations"][aria-busy="true"]').waitFor({ state: 'detached' });
  }
  throw new Error(`${email} not found in the pending list`);
}

describe('Research Hub as a moderator', () => {
  it('shows real figures on each tab and downloads the server exports', async () => {
    const { context, page } = await newPage(browser);
    await signInModerator(page);
    // The link is shown to moderators only.
    await page.getByRole('link', { name: 'Research Hub' }).first().click();
    await page.waitForURL('**/research');
    await page.getByRole('heading', { name: 'Research Hub', level: 1 }).waitFor();
    // It opens on its first tab, the moderators' queue; the figures are one tab on.
    expect(await page.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Overview' }).click();

    const overview = (await api('GET', '/api/research/overview', undefined, modToken)).body.data;
    expect(overview.experiences).toBeGreaterThan(0); // the seeded demo reports
    await expect.poll(() => statCard(page, 'Experiences').textContent()).toContain(fmt(overview.experiences));
    expect(await statCard(page, 'Peptides').textContent()).toContain(fmt(overview.peptides));
    expect(await statCard(page, 'Experiences This Month').textContent()).toContain(fmt(overview.experiencesThisMonth));
    expect(await statCard(page, 'Reports with Optional Details').textContent()).toContain(
      `${Math.round(overview.optionalDetailsShare * 100)}%`,
    );
    expect(await page.locator('main').textContent()).not.toMatch(/papers|citations|collaborations/i);

    // Database: the first page of the per-peptide table as the server sorts it.
    await page.getByRole('tab', { name: 'Database' }).click();
    const top = (await api('GET', '/api/research/peptides?limit=20', undefined, modToken)).body.data;
    const table = page.getByRole('region', { name: 'Experiences by peptide' });
    await table.waitFor();
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.textContent()).toContain(top.peptides[0].name);
    expect(await firstRow.textContent()).toContain(`n = ${fmt(top.peptides[0].experiences)}`);
    expect(await page.getByText(`of ${fmt(top.total)} peptides`).count()).toBe(1);
    const categories = page.getByRole('region', { name: 'Experiences by category' });
    expect(await categories.getByRole('row').count()).toBe(7);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('database');
    // The sort is asked of the server and kept in the URL, so a reload shows the same table.
    const byName = (await api('GET', '/api/research/peptides?limit=20&sort=name', undefined, modToken)).body.data;
    await page.getByLabel('Sort by').selectOption('name');
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain(byName.peptides[0].name);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: 'Experiences by peptide' }).getByRole('row').nth(1).textContent())
      .toContain(byName.peptides[0].name);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');

    // Data Export: six files from the server, each with the date in its name (the CSV button
    // gives the reports, their outcomes, their side effects and the means).
    await page.getByRole('tab', { name: 'Data Export' }).click();
    const date = new Date().toISOString().slice(0, 10);
    const downloads: Record<string, string> = {};
    for (const [button, ...names] of [
      ['Export Analytics (JSON)', `peptide-analytics-${date}.json`],
      ['Export Experiences (JSON)', `peptide-experiences-${date}.json`],
      [
        'Export Experiences (CSV)',
        `peptide-experiences-${date}.csv`,
        `peptide-outcomes-${date}.csv`,
        `peptide-side-effects-${date}.csv`,
        `peptide-means-${date}.csv`,
      ],
    ] as const) {
      const files: Promise<import('playwright-core').Download>[] = [];
      const listener = (download: import('playwright-core').Download) => void files.push(Promise.resolve(download));
      page.on('download', listener);
      await page.getByRole('button', { name: button }).click();
      await page.getByText('Export Successful').first().waitFor();
      await expect.poll(() => files.length).toBe(names.length);
      page.off('download', listener);
      for (const download of await Promise.all(files)) {
        expect(names).toContain(download.suggestedFilename());
        downloads[download.suggestedFilename()] = fs.readFileSync((await download.path())!, 'utf8');
      }
    }
    const analytics = JSON.parse(downloads[`peptide-analytics-${date}.json`]);
    expect(analytics.overview.experiences).toBe(overview.experiences);
    const exported = JSON.parse(downloads[`peptide-experiences-${date}.json`]);
    // k: the reports a peptide's shares need (docs/product-rules.md, "Anonymity").
    expect(exported.k).toBe(SHARES_MIN_REPORTS);
    expect(exported.rows).toHaveLength(overview.experiences);
    expect(downloads[`peptide-experiences-${date}.json`]).not.toMatch(/TRK-|"_id"|trackingId/);
    const csvLines = downloads[`peptide-experiences-${date}.csv`].trimEnd().split('\r\n');
    expect(csvLines[0]).toMatch(/^\uFEFFid,peptide,category,month,/);
    expect(csvLines).toHaveLength(overview.experiences + 1);

    // API Access: the limits the server reports.
    await page.getByRole('tab', { name: 'API Access' }).click();
    const limits = (await api('GET', '/api/limits')).body.data.limits as { name: string; max: number }[];
    const list = page.getByRole('list', { name: 'Rate limits' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(limits.length);
    for (const l of limits)
      expect(await list.getByRole('listitem').filter({ hasText: l.name }).textContent()).toContain(fmt(l.max));

    // The failure example is a real answer in the contract's error shape, with the `code` and
    // `issues` docs/api.md tells clients to act on: the request it names answers exactly it.
    const failure = page.getByRole('figure').filter({ hasText: /^Failure/ });
    const [method, url] = (await failure.locator('figcaption code').textContent())!.split(' ');
    const shown = JSON.parse((await failure.locator('pre').textContent())!);
    expect(ApiErrorBody.safeParse(shown).success).toBe(true);
    expect(shown).toMatchObject({ code: expect.any(String), issues: [expect.anything()] });
    const answered = await api(method!, url!);
    expect(answered.status).toBe(400);
    expect(shown).toEqual(answered.body);

    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('heading', { name: 'Reports of harm' }).waitFor();
    await context.close();
  });

  it('approves one pending user and rejects another; both leave the list', async () => {
    const approveEmail = uniqueEmail('approve-me');
    const rejectEmail = uniqueEmail('reject-me');
    const password = 'pending-password-1';
    for (const email of [approveEmail, rejectEmail]) await registeredAndConfirmed(email, password);
    const { context, page } = await newPage(browser);
    await signInModerator(page);
    await page.goto('/research?tab=users');

    const toApprove = await findPending(page, approveEmail);
    expect(await toApprove.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
    await toApprove.getByRole('button', { name: `Approve ${approveEmail}` }).click();
    await page.getByText('Registration approved').first().waitFor();
    await pendingList(page).getByText(approveEmail).waitFor({ state: 'detached' });

    await page.goto('/research?tab=users');
    const toReject = await findPending(page, rejectEmail);
    await toReject.getByRole('button', { name: `Reject ${rejectEmail}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject registration' });
    await dialog.getByLabel('Notes (optional)').fill('e2e: disposable address');
    await dialog.getByRole('button', { name: 'Reject User' }).click();
    await page.getByText('Registration rejected').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await pendingList(page).getByText(rejectEmail).waitFor({ state: 'detached' });

    // The decisions are real: one can sign in, the other cannot.
    expect((await api('POST', '/api/users/login', { email: approveEmail, password })).status).toBe(200);
    expect((await api('POST', '/api/users/login', { email: rejectEmail, password })).status).toBe(403);
    const pending = (await api('GET', '/api/users/pending?limit=100', undefined, modToken)).body.data.users as {
      email: string;
    }[];
    expect(pending.map((u) => u.email)).not.toContain(approveEmail);
    expect(pending.map((u) => u.email)).not.toContain(rejectEmail);
    await context.close();
  });
});

describe('approved members', { timeout: 180_000 }, () => {
  it('an approval is undone from its toast; an approved member is found, suspended (sign-in refused) and reinstated', async () => {
    const email = uniqueEmail('suspend-me');
    const password = 'member-password-7';
    await registeredAndConfirmed(email, password);
    const { context, page } = await newPage(browser);
    await signInModerator(page);
    await page.goto('/research?tab=users');

    // Approve, then Undo within the toast's 10 s: pending again, and no approval mail.
    await (await findPending(page, email)).getByRole('button', { name: `Approve ${email}` }).click();
    await page.getByText(`${email} can sign in. The approval mail goes out once Undo is gone.`).first().waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page
      .getByText('Approval undone: the account waits for a decision again, and no mail was sent.')
      .first()
      .waitFor();
    expect((await api('POST', '/api/users/login', { email, password })).body.error).toMatch(/awaiting approval/);
    await findPending(page, email);

    // Approved for good this time; the approved members find it by part of its email.
    await (await findPending(page, email)).getByRole('button', { name: `Approve ${email}` }).click();
    await page.getByText(`${email} can sign in. The approval mail goes out once Undo is gone.`).first().waitFor();
    const search = page.getByRole('search', { name: 'Approved members' });
    await search.getByLabel('Search by email').fill(email.split('@')[0]!.toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    const members = page.getByRole('list', { name: 'Approved members' });
    const row = members.getByRole('listitem').filter({ hasText: email });
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);

    await row.getByRole('button', { name: `Suspend ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend member' });
    await dialog.getByText('Their votes and flags stay counted.', { exact: false }).waitFor();
    expect(violationLines(await axeViolations(page, '[role="dialog"]'))).toEqual([]);
    await dialog.getByLabel('Note (optional)').fill('e2e: vote ring');
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await page.getByText('Member suspended', { exact: true }).first().waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // The member's own sign-in is refused with a sentence.
    const member = await newPage(browser);
    await signIn(member.page, email, password, { landing: false });
    await member.page
      .getByText('This account is suspended by a moderator, so it cannot sign in.', { exact: false })
      .waitFor();
    expect(member.page.url()).toMatch(/\/login$/);

    await row.getByRole('button', { name: `Reinstate ${email}` }).click();
    await page
      .getByRole('dialog', { name: 'Reinstate member' })
      .getByRole('button', { name: 'Reinstate member' })
      .click();
    await page.getByText('Member reinstated', { exact: true }).first().waitFor();
    await signIn(member.page, email, password);

    // The account log says who did each, newest first.
    const log = page.getByRole('list', { name: 'Account decisions' });
    const entries = log.getByRole('listitem').filter({ hasText: email });
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(4);
    expect(await entries.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Reinstated'),
        expect.stringContaining('Suspended'),
        expect.stringContaining('Approval undone'),
      ]),
    );
    expect(await entries.first().textContent()).toContain(`Reinstated${email}by ${inject('moderator').email}`);
    await member.context.close();
    await context.close();
  });
});

describe('Research Hub as a plain member', () => {
  it('shows the moderators-only message and the API refuses with 403', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser);
    const researchCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(research|users\/pending)/.test(req.url())) researchCalls.push(req.url());
    });
    await signIn(page, member.email, member.password);
    expect(await page.getByRole('link', { name: 'Research Hub' }).count()).toBe(0);
    await page.goto('/research');
    await page.getByRole('heading', { name: 'Moderators only' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(researchCalls).toEqual([]);

    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    for (const url of [
      '/api/research/overview',
      '/api/research/peptides',
      '/api/research/export',
      '/api/users/pending',
      '/api/users/members',
      '/api/moderation/accounts/log',
    ]) {
      const res = await api('GET', url, undefined, token!);
      expect(res.status, url).toBe(403);
      expect(res.body.success).toBe(false);
    }
    const target = uniqueEmail('target');
    await registeredAndConfirmed(target, 'pending-password-1');
    const someone = await pendingAccountId(target, await moderatorToken());
    expect((await api('POST', `/api/users/${someone}/approve`, undefined, token!)).status).toBe(403);
    await context.close();
  });
});

async function violations(page: Page): Promise<string[]> {
  return violationLines(await axeViolations(page));
}

describe('Research Hub at both widths and in both themes', () => {
  const TABS = [
    'Reports',
    'Overview',
    'Database',
    'Data Export',
    'API Access',
    'Guidelines',
    'User Management',
    'Activity',
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      it(`every tab at ${width} px, ${theme}: no horizontal scroll`, async () => {
        const { context, page } = await newPage(browser, { viewport: { width, height: 900 } });
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await signInModerator(page);
        await page.goto('/research');
        for (const tab of TABS) {
          await page.getByRole('tab', { name: tab }).click();
          // This tab's panel, not the previous one still on the page until the new one renders.
          const panel = page.getByRole('tabpanel', { name: tab });
          await panel.waitFor();
          // Wait for the skeletons to give way to content.
          await expect.poll(() => panel.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${tab} at ${width}px`,
          ).toBeLessThanOrEqual(width);
          await screenshot(page, `research-${tab.toLowerCase().replace(/\s+/g, '-')}-${width}-${theme}`);
          expect(await violations(page), `${tab} ${width}px ${theme}`).toEqual([]);
        }

        // The reject dialog, over the pending list (or its empty state when nobody waits).
        await page.getByRole('tab', { name: 'User Management' }).click();
        const reject = page.getByRole('button', { name: /^Reject / }).first();
        if (await reject.count()) {
          await reject.click();
          await page.getByRole('dialog', { name: 'Reject registration' }).waitFor();
          await screenshot(page, `research-reject-dialog-${width}-${theme}`, { fullPage: false });
          expect(await violations(page), `reject dialog ${width}px ${theme}`).toEqual([]);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
        await context.close();
        // Eight tabs with an axe scan each: slower than one interaction.
      }, 180_000);
    }
  }

  it('the moderators-only message at 360 px, dark', async () => {
    const member = await approvedMember();
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signIn(page, member.email, member.password);
    await page.goto('/research');
    await page.getByRole('heading', { name: 'Moderators only' }).waitFor();
    await screenshot(page, 'research-moderators-only-360-dark', { fullPage: false });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
