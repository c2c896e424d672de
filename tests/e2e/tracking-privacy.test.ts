// A tracking ID never travels in a URL: in real Chromium against the built app and the
// real server, every request the page makes, the page's address after each step, and both
// storages are recorded while a report is looked up, exported, updated and deleted on /privacy,
// and looked up on the Profile page's Lookup tab. None of them may hold `TRK-`; each action must
// still work. The ID travels in request bodies (src/api/tracking.ts, server/routes/experiences.ts).
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approvedMember, firstPeptide, launch, newPage, submitExperience } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TRK = /TRK-/i;
const storyWith = (marker: string) =>
  `Marker ${marker}. I used it for six weeks after a shoulder injury. The first week was quiet, by week three the pain was **clearly** lower and sleep improved.`;

/** Everything the page sent or showed as an address, plus what it stored, step by step. */
interface Trail {
  /** `METHOD url` of every request, sub-resources and API calls included. */
  requests: string[];
  /** The bodies of the tracking calls, to see the ID did travel, in the body. */
  trackingBodies: string[];
  /** `step: location.href`, `step: localStorage {...}`, `step: sessionStorage {...}`. */
  seen: string[];
}

function record(page: Page): Trail {
  const trail: Trail = { requests: [], trackingBodies: [], seen: [] };
  page.on('request', (request) => {
    trail.requests.push(`${request.method()} ${request.url()}`);
    if (request.url().includes('/api/experiences/tracking')) trail.trackingBodies.push(request.postData() ?? '');
  });
  // Every address the main frame reached (history pushes included).
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.seen.push(`navigated: ${frame.url()}`);
  });
  return trail;
}

async function snapshot(page: Page, trail: Trail, step: string) {
  const state = await page.evaluate(() => {
    const dump = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i)!).map((k) => [k, store.getItem(k)]),
      );
    return { href: window.location.href, local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
  trail.seen.push(
    `${step}: location ${state.href}`,
    `${step}: localStorage ${JSON.stringify(state.local)}`,
    `${step}: sessionStorage ${JSON.stringify(state.session)}`,
  );
}

function expectNoTrackingId(trail: Trail) {
  const leaks = [...trail.requests, ...trail.seen].filter((line) => TRK.test(line));
  expect(leaks, leaks.join('\n')).toEqual([]);
}

async function toastShown(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('the tracking ID never appears in a URL or in storage', () => {
  it('on /privacy: lookup, Export Data, Update Experience and Delete Data', async () => {
    const peptide = await firstPeptide();
    const marker = `trk-privacy-${Date.now().toString(36)}`;
    const created = await submitExperience(peptide, storyWith(marker), { dosage: '300 mcg' });
    expect(created.status).toBe(201);
    const trackingId: string = created.body.data.trackingId;
    expect(trackingId).toMatch(/^TRK-\d{20}$/);

    const { context, page } = await newPage(browser, { acceptDownloads: true });
    const trail = record(page);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy & Data Control' }).waitFor();
    await page.getByRole('tab', { name: 'Your Data' }).click();

    // Lookup, typed in lower case with spaces.
    await page.getByLabel('Tracking ID').fill(`  ${trackingId.toLowerCase()} `);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
    await toastShown(page, 'Found: your submission is shown below.');
    await page.getByText('300 mcg').waitFor();
    await snapshot(page, trail, 'lookup');

    // Export Data: a download from a blob: URL, its file name without the ID.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('peptide-experience-export.json');
    trail.seen.push(`download: ${download.url()} ${download.suggestedFilename()}`);
    expect(download.url()).toMatch(/^blob:/);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(exported).toMatchObject({ trackingId, dosage: '300 mcg' });
    await toastShown(page, 'Export Successful');
    await snapshot(page, trail, 'export');

    // Update Experience.
    await page.getByRole('button', { name: 'Update Experience' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Experience' });
    await dialog.waitFor();
    await dialog.getByLabel('Extra effects').fill('Less pain');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Experience updated successfully');
    await page.getByText('Less pain', { exact: true }).waitFor();
    await snapshot(page, trail, 'update');

    // Delete Data, then a lookup finds nothing.
    await page.getByRole('button', { name: 'Delete Data' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Data' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastShown(page, 'Your experience has been deleted.');
    await page.getByLabel('Tracking ID').fill(trackingId);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await page.getByRole('alert').filter({ hasText: 'Experience not found' }).waitFor();
    await snapshot(page, trail, 'delete');
    await context.close();

    expectNoTrackingId(trail);
    // Each action reached the server, with the ID in the body.
    const calls = trail.requests.filter((r) => r.includes('/api/experiences/tracking'));
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST .*\/api\/experiences\/tracking\/lookup$/),
        expect.stringMatching(/^PUT .*\/api\/experiences\/tracking$/),
        expect.stringMatching(/^POST .*\/api\/experiences\/tracking\/delete$/),
      ]),
    );
    expect(trail.trackingBodies.some((body) => body.includes(trackingId))).toBe(true);
    expect((await api('POST', '/api/experiences/tracking/lookup', { trackingId })).status).toBe(404);
    expect(trail.seen.filter((s) => s.startsWith('navigated:')).length).toBeGreaterThan(0);
  });

  it('on the Profile page Lookup tab, signed in', async () => {
    const peptide = await firstPeptide();
    const created = await submitExperience(peptide, storyWith(`trk-profile-${Date.now().toString(36)}`), {
      dosage: '700 mcg',
    });
    const trackingId: string = created.body.data.trackingId;
    const { email, password } = await approvedMember();

    const { context, page } = await newPage(browser);
    const trail = record(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Lookup' }).click();
    await page.getByLabel('Tracking ID').fill(` ${trackingId.toLowerCase()}`);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await page.getByText(trackingId, { exact: true }).waitFor();
    await page.getByText('700 mcg').waitFor();
    await snapshot(page, trail, 'profile lookup');
    await context.close();

    expectNoTrackingId(trail);
    expect(trail.requests.some((r) => /^POST .*\/api\/experiences\/tracking\/lookup$/.test(r))).toBe(true);
    expect(trail.trackingBodies.some((body) => body.includes(trackingId))).toBe(true);
  });
});

describe('the Privacy page says what this site does', () => {
  it('the schedule as set (here PUBLISH_EVERY=0: at once), after a loading line; every field correctable; flags called flags; no link to another project', async () => {
    const { context, page } = await newPage(browser);
    // The schedule's answer held back a moment: the section says it is loading, never a schedule it does not know.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/publication', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy');
    // The section's card: its heading, in the card's header, in the card.
    const when = page.getByRole('heading', { name: 'When your report becomes public' }).locator('xpath=../..');
    await when.getByText('Loading this site’s publication schedule...').waitFor();
    release();
    await when
      .getByText(/public the moment they are sent/)
      .first()
      .waitFor();
    expect(await when.textContent()).not.toMatch(/fixed times|every \d+ hours?|6 hours/);

    const overview = (await page.getByRole('tabpanel', { name: 'Overview' }).textContent()) ?? '';
    expect(overview).toContain('Members who flag an experience');
    expect(overview).not.toMatch(/who reported it|reported by members/);

    await page.getByRole('tab', { name: 'Your Rights' }).click();
    const rights = page.getByRole('tabpanel', { name: 'Your Rights' });
    await rights.getByText(/lets you correct every field of your report/).waitFor();
    expect(await rights.textContent()).toContain('becomes public at once');

    // The e2e build names no repository (VITE_SOURCE_URL unset): no link to one that is not this project's.
    for (const tab of ['Overview', 'Technical Details']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
      expect(
        await page.locator('main a[href^="http"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      ).toEqual([]);
    }
    await context.close();
  });
});
