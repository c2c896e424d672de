// Contributing in real Chromium against the built app and the real server: the anonymous
// submission wizard, the honeypot, a step kept while invalid, the data rights on /privacy keyed by
// tracking ID, and a profile that survives a reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGE_RANGES, WIZARD_ACTIVITY_LEVELS } from '../../contract/vocabulary';
import { startAppServer, type AppServer } from './app-server';
import { axeViolations } from './axe';
import { fillAboutYouStep, fillDose, fillOutcomesStep, fillUsageStep, fillWizardToStory } from './wizard-steps';
import { api, apiAt, approvedMember, firstPeptide, launch, newPage, submitExperience, choosePeptide } from './browser';
import { screenshot } from './screenshots';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Base 36: a marker of 13 digits would read as a phone number and hold the report for review.
const unique = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const storyWith = (marker: string) =>
  `Marker ${marker}. I used it for six weeks after a shoulder injury. The first week was quiet, by week three the pain was **clearly** lower and sleep improved.`;

async function shot(page: Page, name: string) {
  await screenshot(page, `contribute-${name}`);
}

/** A toast's text (Radix also mirrors it into a live region, hence first()). */
async function toastShown(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function fillSteps1to3(page: Page, peptideName: string) {
  await fillWizardToStory(page, peptideName);
  await page.getByRole('heading', { name: 'Share Your Experience' }).waitFor();
}

async function searchExperiences(marker: string) {
  const res = await api('GET', `/api/experiences?search=${encodeURIComponent(marker)}&limit=10`);
  expect(res.status).toBe(200);
  return res.body.data.experiences as Record<string, unknown>[];
}

describe('submit experience', () => {
  it('submits anonymously through all four steps, shows the tracking ID, resets on Submit Another, and the report is listed', async () => {
    const peptide = await firstPeptide();
    const marker = unique();
    const { context, page } = await newPage(browser);
    await fillSteps1to3(page, peptide.name);
    await page.getByLabel('Your story').fill(storyWith(marker));
    await page.getByLabel('Purity (%)').fill('99');
    await shot(page, 'step4');
    await page.getByRole('button', { name: 'Submit Experience' }).click();

    const tracking = page.getByTestId('tracking-id');
    await tracking.waitFor();
    const trackingId = (await tracking.textContent())!.trim();
    expect(trackingId).toMatch(/^TRK-\d{20}$/);
    await page.getByText('This is the only key. We cannot recover it.').waitFor();
    await shot(page, 'confirmation');

    // Listed publicly, without its tracking ID or anything identifying.
    const listed = await searchExperiences(marker);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed[0])).not.toContain(trackingId);
    expect(listed[0]).not.toHaveProperty('trackingId');
    expect(listed[0].peptideName).toBe(peptide.name);
    expect(listed[0].duration).toBe(42);

    await page.getByRole('button', { name: 'Submit Another Experience' }).click();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByLabel('Dose', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Peptide' }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(0);

    // The community screen (built in parallel): when it has a search box, the report shows there.
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    const search = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first();
    if (await search.count()) {
      await search.fill(marker);
      await page.getByText(`Marker ${marker}`, { exact: false }).first().waitFor({ timeout: 15_000 });
    }
    await context.close();
  });

  it('keeps the tracking ID across a refresh and Back then Forward, and asks before the tab leaves until it is saved', async () => {
    const peptide = await firstPeptide();
    const { context, page } = await newPage(browser);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await fillSteps1to3(page, peptide.name);
    await page.getByLabel('Your story').fill(storyWith(unique()));
    await page.getByRole('button', { name: 'Submit Experience' }).click();
    const tracking = page.getByTestId('tracking-id');
    await tracking.waitFor();
    const trackingId = (await tracking.textContent())!.trim();
    // Nothing of it in the address or in storage: only this tab's history entry holds it.
    expect(page.url()).not.toContain(trackingId.slice(4));
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(trackingId.slice(4));

    // F5: the browser asks first (the ID is not saved yet), then the confirmation is there again.
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect.poll(async () => (await tracking.textContent())?.trim()).toBe(trackingId);
    // On to another page of the site, then Back: the same ID; Forward and Back again: still.
    await page.getByRole('link', { name: 'View Community Experiences' }).click();
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    await page.goBack();
    await expect.poll(async () => (await tracking.textContent())?.trim()).toBe(trackingId);
    await page.goForward();
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    await page.goBack();
    await expect.poll(async () => (await tracking.textContent())?.trim()).toBe(trackingId);

    // Downloaded: nothing is asked any more.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    await download;
    await page.reload();
    await tracking.waitFor();
    expect(asked).toEqual(['beforeunload']);

    // "Submit Another Experience" starts a new entry: Back finds the confirmation.
    await page.getByRole('button', { name: 'Submit Another Experience' }).click();
    await page.getByText('Step 1 of 4').waitFor();
    await page.goBack();
    await expect.poll(async () => (await tracking.textContent())?.trim()).toBe(trackingId);
    await context.close();
  });

  it('makes each step a history entry: Back and Forward move between steps with the answers kept, and Back from the confirmation leaves the wizard', async () => {
    const peptide = await firstPeptide();
    const { context, page } = await newPage(browser);
    // A page before the wizard, for Back to leave to.
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    await fillUsageStep(page, peptide.name);
    await fillAboutYouStep(page);
    const stepHeadingFocused = (name: string) =>
      page.getByRole('heading', { level: 2, name }).evaluate((el) => el === document.activeElement);
    const address = () => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}${url.hash}`;
    };

    // Back: the previous step, its answers kept, focus on its heading; nothing of it in the address.
    await page.goBack();
    await page.getByText('Step 2 of 4').waitFor();
    await expect.poll(() => stepHeadingFocused('Context & Goals')).toBe(true);
    expect(await page.getByLabel('Age range').inputValue()).toBe('30-34');
    expect(await page.getByRole('checkbox', { name: 'Recovery' }).isChecked()).toBe(true);
    expect(address()).toBe('/submit');
    await shot(page, 'back-mid-wizard');
    // Forward: the next step again.
    await page.goForward();
    await page.getByText('Step 3 of 4').waitFor();
    await expect.poll(() => stepHeadingFocused('Outcomes & Effects')).toBe(true);
    // Previous is the same Back, so Forward returns from it too.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await expect.poll(() => stepHeadingFocused('Context & Goals')).toBe(true);
    await page.goForward();
    await page.getByText('Step 3 of 4').waitFor();
    // A refresh keeps the step, and Back still finds the ones before.
    await page.reload();
    await page.getByText('Step 3 of 4').waitFor();
    await page.goBack();
    await page.getByText('Step 2 of 4').waitFor();
    await page.goBack();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByRole('combobox', { name: 'Peptide' }).inputValue()).toBe(peptide.name);
    expect(address()).toBe('/submit');

    // Next still refuses an incomplete step.
    await page.getByLabel('Duration (days)').fill('abc');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Duration must be a whole number of days, like 30').waitFor();
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByLabel('Duration (days)').fill('42');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 3 of 4').waitFor();
    await fillOutcomesStep(page);
    await page.getByLabel('Your story').fill(storyWith(unique()));
    await page.getByRole('button', { name: 'Submit Experience' }).click();
    const tracking = page.getByTestId('tracking-id');
    await tracking.waitFor();
    const trackingId = (await tracking.textContent())!.trim();
    // Saved, so leaving does not ask first.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    await download;

    // Back from the confirmation leaves the wizard, as Back from its first step did; Forward shows the ID again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    await page.goForward();
    await expect.poll(async () => (await tracking.textContent())?.trim()).toBe(trackingId);
    await context.close();
  });

  it('after Submit Experience is chosen in the navigation, focus is on the page heading, not in the navigation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community Experiences' }).waitFor();
    // The pre-rendered page is inert until the app has taken over (src/app/boot.tsx).
    await page.waitForFunction(() => !document.querySelector('#root [inert]'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Submit Experience' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Step 1 of 4').waitFor();
    const heading = page.getByRole('heading', { level: 1, name: 'Share Your Experience' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // So the peptide field is the next stop or close to it, never behind the header's links.
    const peptideField = page.getByRole('combobox', { name: 'Peptide' });
    for (let i = 0; i < 3 && !(await peptideField.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    }
    expect(await peptideField.evaluate((el) => el === document.activeElement)).toBe(true);
    // The first load moves nothing: focus stays where the browser puts it.
    await page.reload();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await context.close();
  });

  it('counts a story of 150 spaces as empty: "At least 100 characters", never "Long enough"', async () => {
    const peptide = await firstPeptide();
    const { context, page } = await newPage(browser);
    await fillSteps1to3(page, peptide.name);
    await page.getByLabel('Your story').fill(' '.repeat(150));
    await page.getByText('At least 100 characters (100 to go)').waitFor();
    expect(await page.getByText('Long enough').count()).toBe(0);
    await context.close();
  });

  it('keeps a step while it is invalid, says under the field what is wrong and focuses it', async () => {
    const peptide = await firstPeptide();
    const { context, page } = await newPage(browser);
    await page.goto('/submit');
    await page.getByText('Step 1 of 4').waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    await choosePeptide(page, peptide.name);
    await fillDose(page, '250 mcg');
    await page.getByLabel('Frequency').selectOption('daily');
    await page.getByLabel('Duration (days)').fill('abc');
    await page.getByLabel('Route of administration').selectOption('oral');
    await next.click();
    await page.getByText('Duration must be a whole number of days, like 30').waitFor();
    expect(await page.getByLabel('Duration (days)').evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, 'blocked-next');
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByLabel('Duration (days)').fill('14');
    await next.click();
    await page.getByText('Step 2 of 4').waitFor();
    await context.close();
  });

  it('rejects a filled honeypot with "Invalid submission detected" and stores nothing', async () => {
    const peptide = await firstPeptide();
    const marker = unique();
    const { context, page } = await newPage(browser);
    await fillSteps1to3(page, peptide.name);
    await page.getByLabel('Your story').fill(storyWith(marker));
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.getByRole('button', { name: 'Submit Experience' }).click();
    await toastShown(page, 'Invalid submission detected');
    expect(await page.getByTestId('tracking-id').count()).toBe(0);
    expect(await searchExperiences(marker)).toHaveLength(0);
    // The server refuses it too, for a bot that skips the page.
    const direct = await api('POST', '/api/experiences', { website: 'http://spam.example' });
    expect(direct.status).toBe(400);
    expect(direct.body.error).toBe('Invalid submission detected');
    await context.close();
  });
});

describe('anonymity', () => {
  it('a signed-in member’s submission carries no token, and no API response that lists it names the member, an address or a user agent', async () => {
    const { email, password } = await approvedMember();
    const login = await api('POST', '/api/users/login', { email, password });
    const userId: string = login.body.data.user._id;
    const peptide = await firstPeptide();
    const marker = unique();
    const { context, page } = await newPage(browser, { userAgent: `PeptideE2E-${marker}` });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const submissions: { authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/experiences') {
        submissions.push({ authorization: request.headers().authorization });
      }
    });
    await fillSteps1to3(page, peptide.name);
    await page.getByLabel('Your story').fill(storyWith(marker));
    await page.getByRole('button', { name: 'Submit Experience' }).click();
    await page.getByTestId('tracking-id').waitFor();
    expect(submissions).toEqual([{ authorization: undefined }]);

    const [listed] = await searchExperiences(marker);
    const bodies = [
      JSON.stringify(listed),
      JSON.stringify((await api('GET', `/api/experiences/${listed._id as string}`)).body),
      JSON.stringify((await api('GET', `/api/experiences?peptideId=${peptide._id}&limit=100`)).body),
      JSON.stringify((await api('GET', '/api/experiences/home/public?limit=20')).body),
    ];
    for (const body of bodies) {
      expect(body).not.toContain(userId);
      expect(body).not.toContain(email);
      expect(body).not.toContain('127.0.0.1');
      expect(body).not.toContain(`PeptideE2E-${marker}`);
    }
    await context.close();
  });
});

describe('privacy data rights', () => {
  it('looks a report up, exports it, updates it and deletes it', async () => {
    const peptide = await firstPeptide();
    const marker = unique();
    const created = await submitExperience(peptide, storyWith(marker), {
      dosage: '500 mcg',
      frequency: 'weekly',
      duration: 21,
      routeOfAdministration: 'oral',
      primaryPurpose: ['Recovery', 'Sleep'],
      stack: ['Magnesium'],
      sourcing: { batchId: 'LOT-77', purityPercentage: 98 },
    });
    expect(created.status).toBe(201);
    const trackingId: string = created.body.data.trackingId;

    const { context, page } = await newPage(browser, { acceptDownloads: true });
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy & Data Control' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Your Data' }).click();
    const input = page.getByLabel('Tracking ID');
    const lookUp = page.getByRole('button', { name: 'Look Up' });
    // A malformed ID is explained before anything is sent.
    await input.fill('TRK-123');
    await lookUp.click();
    await page.getByText('A tracking ID has 20 digits after TRK-; this one has 3.').waitFor();
    await input.fill(`  ${trackingId.toLowerCase()} `);
    await lookUp.click();
    await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
    // Said in the page, where the lookup is, not in a toast over the report.
    await page.getByRole('status').filter({ hasText: 'Found: your submission is shown below.' }).waitFor();
    await page.getByText('500 mcg').waitFor();
    // Every answer the wizard asked, and the public page once published (at once on this server).
    const row = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(await row('Purposes').textContent()).toBe('Recovery, Sleep');
    expect(await row('Effects noticed').textContent()).toBe('1 Week');
    expect(await row('Stack').textContent()).toBe('Magnesium');
    expect(await row('Sourcing').textContent()).toContain('batch LOT-77 · 98% pure');
    expect(await page.getByRole('link', { name: 'View its public page' }).getAttribute('href')).toBe(
      `/experiences/${created.body.data.experience._id}`,
    );
    await shot(page, 'privacy-found');
    // A lookup that finds nothing takes the earlier report away, with its Delete button.
    await input.fill('TRK-00000000000000000000');
    await lookUp.click();
    await page.getByRole('alert').filter({ hasText: 'Experience not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your submission', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Data' }).count()).toBe(0);
    await input.fill(trackingId);
    await lookUp.click();
    await page.getByText('500 mcg').waitFor();

    // Export Data: a JSON download, its file name without the tracking ID.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('peptide-experience-export.json');
    const file = await download.path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(exported).toMatchObject({ trackingId, dosage: '500 mcg', duration: 21 });

    // Update Experience corrects a typo in any field the wizard asked, the peptide included
    // (before, only the story, outcomes and effects could be changed).
    const other = (
      (await api('GET', '/api/peptides?limit=100&sort=name')).body.data.peptides as { _id: string; name: string }[]
    ).find((p) => p._id !== peptide._id)!;
    await page.getByRole('button', { name: 'Update Experience' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Experience' });
    await dialog.waitFor();
    const corrected = `${storyWith(marker)} Correction: it was seven weeks, not six.`;
    await dialog.getByLabel('Story').fill(corrected);
    await dialog.getByLabel('Extra effects').fill('Less pain, Better sleep');
    await choosePeptide(page, other.name);
    await fillDose(dialog, '250 mcg');
    await dialog.getByLabel('Frequency').selectOption('daily');
    await dialog.getByLabel('Duration (days)').fill('49');
    await dialog.getByLabel('Route of administration').selectOption('subcutaneous');
    await shot(page, 'privacy-update');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Experience updated successfully');
    await page.getByText('Less pain, Better sleep').waitFor();
    const after = await api('POST', '/api/experiences/tracking/lookup', { trackingId });
    expect(after.body.data.experience).toMatchObject({
      story: corrected,
      effects: ['Less pain', 'Better sleep'],
      peptideId: other._id,
      dosage: '250 mcg',
      frequency: 'daily',
      duration: 49,
      route: 'subcutaneous',
    });

    // Delete Data: asks first, then the report is gone.
    await page.getByRole('button', { name: 'Delete Data' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Data' });
    await confirm.waitFor();
    await shot(page, 'privacy-delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastShown(page, 'Your experience has been deleted.');
    // Said where the report stood too, after the toast has gone: here it left the public pages at once.
    await page
      .getByRole('status')
      .filter({ hasText: 'Deleted: a new lookup with that tracking ID finds nothing. No public page shows it.' })
      .waitFor();
    expect((await api('POST', '/api/experiences/tracking/lookup', { trackingId })).status).toBe(404);
    expect(await searchExperiences(marker)).toHaveLength(0);
    await input.fill(trackingId);
    await lookUp.click();
    await page.getByRole('alert').filter({ hasText: 'Experience not found' }).waitFor();
    await context.close();
  });
});

describe('publication times, on a site that publishes every 6 hours', () => {
  // Its own server: a report published while batches were off (PUBLISH_EVERY=0), then the same data
  // served with batches every 6 hours, so its deletion waits for a batch and says when.
  let server: AppServer;
  let dataDir: string;
  let published: { trackingId: string; id: string };
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-times-'));
    fs.cpSync(inject('dataTemplate'), dataDir, { recursive: true });
    const atOnce = await startAppServer({ distDir: inject('distDir'), dataDir, env: { PUBLISH_EVERY: '0' } });
    try {
      const sent = await submitExperience(await firstPeptide(atOnce.baseURL), storyWith(unique()), {}, atOnce.baseURL);
      expect(sent.status).toBe(201);
      published = { trackingId: sent.body.data.trackingId, id: sent.body.data.experience._id };
    } finally {
      await atOnce.stop();
    }
    server = await startAppServer({ distDir: inject('distDir'), dataDir, env: { PUBLISH_EVERY: '6h' } });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Five and a half hours ahead of UTC: the reader's clock never reads like the UTC one.
  const READER = { timezoneId: 'Asia/Kolkata' };
  const BOTH_CLOCKS = /\d\d:00 UTC( on [A-Z][a-z]{2} \d+, \d{4})? \(\d\d:30 your time( on [A-Z][a-z]{2} \d+, \d{4})?\)/;

  it('the confirmation and the lookup say when the report can appear in UTC and on the reader’s clock, also when that clock is UTC', async () => {
    const peptide = await firstPeptide(server.baseURL);
    const { context, page } = await newPage(browser, { baseURL: server.baseURL, ...READER });
    await fillWizardToStory(page, peptide.name);
    await page.getByLabel('Your story').fill(storyWith(unique()));
    await page.getByRole('button', { name: 'Submit Experience' }).click();
    const when = page.getByTestId('public-from');
    await when.waitFor();
    expect(await when.textContent()).toMatch(BOTH_CLOCKS);
    await shot(page, 'confirmation-local-times');
    const trackingId = (await page.getByTestId('tracking-id').textContent())!.trim();
    await context.close();

    // A reader whose clock is UTC is told so, not left to wonder whose time it is.
    const utc = await newPage(browser, { baseURL: server.baseURL, timezoneId: 'UTC' });
    await utc.page.goto('/privacy');
    await utc.page.getByRole('tab', { name: 'Your Data' }).click();
    await utc.page.getByLabel('Tracking ID').fill(trackingId);
    await utc.page.getByRole('button', { name: 'Look Up' }).click();
    const looked = utc.page.getByTestId('public-from');
    await looked.waitFor();
    expect(await looked.textContent()).toMatch(/(\d\d:00) UTC( on [A-Z][a-z]{2} \d+, \d{4})? \(\1 your time/);
    await utc.context.close();
  });

  it('after Delete Data the lookup says in the page when the report leaves the public pages, in both clocks', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.baseURL, ...READER });
    await page.goto('/privacy');
    await page.getByRole('tab', { name: 'Your Data' }).click();
    await page.getByLabel('Tracking ID').fill(published.trackingId);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'View its public page' }).getAttribute('href')).toBe(
      `/experiences/${published.id}`,
    );
    await page.getByRole('button', { name: 'Delete Data' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Data' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    const said = page
      .getByRole('status')
      .filter({ hasText: /^Deleted: a new lookup with that tracking ID finds nothing\./ });
    await said.waitFor();
    const text = (await said.textContent())!;
    expect(text).toMatch(/It leaves the public pages .*at the latest\.$/);
    expect(text).toMatch(BOTH_CLOCKS);
    await shot(page, 'lookup-after-delete');
    // Still public until then: the deletion waits for its batch.
    expect((await apiAt(server.baseURL, 'GET', `/api/experiences/${published.id}`)).status).toBe(200);
    await context.close();
  });
});

describe('profile', () => {
  it('saves the profile and it persists across a reload', async () => {
    const { email, password } = await approvedMember();
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    // The wizard's vocabulary: its age ranges from 18 and its four activity levels.
    const options = (label: string) =>
      page
        .getByLabel(label)
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(await options('Age range')).toEqual(['', ...AGE_RANGES]);
    expect(await options('Activity level')).toEqual(['', ...WIZARD_ACTIVITY_LEVELS]);
    await page.getByLabel('Age range').selectOption('40-44');
    await page.getByLabel('Activity level').selectOption('athletic');
    await page.getByLabel('Weight (kg)').fill('80');
    await page.getByLabel('Weight unit').selectOption('lbs');
    expect(await page.getByLabel('Weight (lbs)').inputValue()).toBe('176.4');
    await page.getByLabel('Biological sex').selectOption('female');
    await page.getByRole('status').filter({ hasText: 'You have unsaved changes' }).waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await toastShown(page, 'Profile updated successfully!');

    // The weekly digest's switch saves at once, as the Privacy tab's does: no Save Profile needed.
    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.getByLabel('Weekly digest').check();
    await page.getByRole('status').filter({ hasText: 'Saved: the weekly digest is on.' }).waitFor();
    expect(await page.getByText('You have unsaved changes').count()).toBe(0);

    // The open tab is in the address (?tab=preferences), so a reload comes back to it.
    await page.reload();
    await page.getByLabel('Weekly digest').waitFor();
    expect(await page.getByRole('tab', { name: 'Preferences' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Weekly digest').isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Demographics' }).click();
    await page.getByLabel('Age range').waitFor();
    expect(await page.getByLabel('Age range').inputValue()).toBe('40-44');
    expect(await page.getByLabel('Activity level').inputValue()).toBe('athletic');
    expect(await page.getByLabel('Weight (lbs)').inputValue()).toBe('176.4');
    expect(await page.getByLabel('Biological sex').inputValue()).toBe('female');

    // "Download my data" tells sign-ins by the day, as the rules say, never to the millisecond.
    const token = (await api('POST', '/api/users/login', { email, password })).body.data.accessToken;
    const exported = (await api('GET', '/api/users/me/export', undefined, token)).body.data;
    expect(exported.profile.demographics).toMatchObject({ ageRange: '40-44', activityLevel: 'athletic' });
    for (const s of exported.sessions) expect(s.signedInAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await context.close();
  });
});

describe('accessibility of the interactive states', () => {
  // a11y-scan.ts scans each route and tab; these states only appear after input.
  it('has no axe violations with a found report, its dialogs, and sourcing errors, in light and dark', async () => {
    const peptide = await firstPeptide();
    const created = await submitExperience(peptide, storyWith(unique()), {
      dosage: '2 mg',
      routeOfAdministration: 'nasal',
    });
    const trackingId: string = created.body.data.trackingId;
    const failures: string[] = [];
    const scan = async (page: Page, label: string) => {
      for (const v of await axeViolations(page))
        failures.push(`${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    };
    for (const theme of ['light', 'dark']) {
      const { context, page } = await newPage(browser);
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/privacy');
      await page.getByRole('tab', { name: 'Your Data' }).click();
      await page.getByLabel('Tracking ID').fill(trackingId);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Found: your submission is shown below.' }).first().waitFor();
      await scan(page, `${theme} privacy found`);
      await page.getByRole('button', { name: 'Update Experience' }).click();
      await page.getByRole('dialog').waitFor();
      await scan(page, `${theme} update dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete Data' }).click();
      await page.getByRole('dialog').waitFor();
      await scan(page, `${theme} delete dialog`);
      await page.keyboard.press('Escape');

      await fillSteps1to3(page, peptide.name);
      await page.getByLabel('Vendor URL').fill('nope');
      await page.getByLabel('Purity (%)').fill('150');
      await page.getByLabel('Volume (ml)').fill('0');
      await page.getByLabel('Batch ID').click();
      await scan(page, `${theme} sourcing errors`);
      await context.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
