// Publication in batches, in Chromium against a server with the default settings (batches every
// 6 hours, a peptide's shares from reports public for 7 days; docs/product-rules.md "Publication
// in batches"). A signed-in member writes a report through the wizard while every request is
// recorded: no URL and no cache entry holds the report's demographics, nothing asks which
// combinations a peptide shows (that question is retired), and the submission and the correction
// are padded to one size. The site's publication settings are asked once, when the wizard opens,
// never at its last step, where the wizard says what they mean before Submit. The confirmation,
// the lookup of the queued report and the delete dialog say when it can become public (with its
// group of at least BATCH_MIN_CHANGES, the default 5) and what its group hides. SCREENSHOTS=1 also
// takes their screenshots, light and dark, at 360 and 1280 px, into the screenshot folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGE_RANGES, BIOLOGICAL_SEXES, WIZARD_ACTIVITY_LEVELS } from '../../contract/vocabulary';
import { PADDED_BODY_BYTES } from '../../contract/rules';
import { PATHS_WITH_DATA } from '../../contract/page-render';
import { parsePublishEvery } from '../../server/config';
import { nextBatchAt } from '../../server/services/publication/grid';
import { startAppServer, type AppServer } from './app-server';
import { moderatorPage } from './held-queue';
import { fillWizardToStory } from './wizard-steps';
import { apiAt, firstPeptide, launch } from './browser';
import { screenshot, screenshotsWanted } from './screenshots';

// A combination nothing else in a URL could spell.
const MINE = { ageRange: AGE_RANGES[5], biologicalSex: BIOLOGICAL_SEXES[1], activityLevel: WIZARD_ACTIVITY_LEVELS[3] };
const STORY =
  'Six weeks for a tendon that would not settle. By week three I could load it again and by week five it was quiet. No side effects.';
/** The default: batches at 00, 06, 12 and 18 UTC. */
const PUBLISH_EVERY = '6h';
const METRICS_TOKEN = 'publication-e2e-metrics-token';
/**
 * Three times what the scenario below took on the loaded CI machine (under 20 s): a run starting
 * this close to a batch time (0.3% of the day) waits for the batch, up to about a minute.
 */
const SCENARIO_MS = 60_000;

let browser: Browser;
let server: AppServer;
let dataDir: string;
beforeAll(async () => {
  browser = await launch();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-batches-'));
  fs.cpSync(inject('dataTemplate'), dataDir, { recursive: true });
  server = await startAppServer({
    distDir: inject('distDir'),
    dataDir,
    env: { PUBLISH_EVERY, DEMOGRAPHICS_SETTLE_DAYS: '7', METRICS_TOKEN },
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  bodyBytes: number;
}

/** The run's moderator signed in on this server, every request of the page recorded. */
async function signedInContext(options: {
  width: number;
  theme: 'light' | 'dark';
}): Promise<{ context: BrowserContext; page: Page; requests: Recorded[] }> {
  const { context, page } = await moderatorPage(browser, server, options);
  const requests: Recorded[] = [];
  page.on('request', (r) =>
    requests.push({
      method: r.method(),
      url: r.url(),
      authorization: r.headers().authorization,
      bodyBytes: r.postDataBuffer()?.length ?? 0,
    }),
  );
  return { context, page, requests };
}

/** Writes and sends a report; returns its tracking ID and how many requests the page had made on reaching the last step. */
async function writeReport(page: Page, peptideName: string, requests: Recorded[] = []) {
  await fillWizardToStory(page, peptideName, MINE);
  const atLastStep = requests.length;
  // Before Submit, beside the button: what publication means on this site.
  await page
    .getByTestId('publication-rule')
    .getByText(/^Reports here are published in groups of at least 5 changes/)
    .waitFor();
  await page.getByLabel('Your story').fill(STORY);
  // The preview, built on the device: no demographics on the card, and where they go instead.
  await page.getByText(/Your age range, sex and activity level are not on the card/).waitFor();
  await page.getByRole('button', { name: 'Submit Experience' }).click();
  const trackingId = (await page.getByTestId('tracking-id').textContent())!.trim();
  await page.getByTestId('public-from').waitFor();
  return { trackingId, atLastStep };
}

/** Batches the server has run (its metrics): one runs at each batch time, queue empty or not. */
async function batchesRun(): Promise<number> {
  const text = await (
    await fetch(new URL('/metrics', server.baseURL), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const count = /^peptide_publication_batches_total (\d+)$/m.exec(text);
  if (!count) throw new Error(`no batch count in the metrics:\n${text.slice(0, 500)}`);
  return Number(count[1]);
}

/**
 * The scenario asserts what a report does between two batches, so none may run during it: a run
 * that begins within SCENARIO_MS of a batch time first waits for that batch.
 * Returns the count of batches run, for the end of the scenario to check that none ran.
 */
async function clearOfBatchTime(): Promise<number> {
  const startCount = await batchesRun();
  const next = nextBatchAt(new Date(), parsePublishEvery(PUBLISH_EVERY))!.getTime();
  if (next - Date.now() > SCENARIO_MS) return startCount;
  while ((await batchesRun()) === startCount) {
    if (Date.now() > next + 60_000)
      throw new Error('the batch due at ' + new Date(next).toISOString() + ' did not run within a minute');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return batchesRun();
}

async function lookUp(page: Page, trackingId: string) {
  await page.goto('/privacy');
  await page.getByRole('tab', { name: 'Your Data' }).click();
  await page.getByLabel('Tracking ID').fill(trackingId);
  await page.getByRole('button', { name: 'Look Up' }).click();
  await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
}

describe('a report sent between two batches', () => {
  it(
    'sends its demographics only with Submit, pads its bodies, and is told when it becomes public',
    async () => {
      const batchesAtStart = await clearOfBatchTime();
      const peptide = await firstPeptide(server.baseURL);
      // The pages the server renders with their data (server/lib/page-render.ts).
      const renderedPages = async () =>
        Promise.all(
          PATHS_WITH_DATA.map(async (pagePath) => {
            const res = await fetch(new URL(pagePath, server.baseURL));
            return { path: pagePath, etag: res.headers.get('etag'), html: await res.text() };
          }),
        );
      const { context, page, requests } = await signedInContext({ width: 1280, theme: 'light' });
      // Taken once the member is signed in: a sign-in counts toward Active Users, public at once.
      const before = await renderedPages();
      for (const rendered of before) expect(rendered.html, rendered.path).toContain('id="page-query-state"');
      const { trackingId, atLastStep } = await writeReport(page, peptide.name, requests);
      // Queued, it changes not a byte of the rendered pages.
      expect(await renderedPages()).toEqual(before);

      const confirmation = (await page.getByTestId('public-from').textContent())!;
      expect(confirmation).toMatch(
        /^Your report appears on the public pages with the first publication that holds at least 5 changes: at \d\d:\d\d UTC.* at the earliest, and by .* at the latest\./,
      );
      expect(await page.getByTestId('group-note').textContent()).toMatch(
        /^In a group of 5 or more nobody can tell from the time which one is yours\./,
      );
      // The settings were asked for once, when the wizard opened: none at its last step.
      const asked = requests
        .map((r, i) => ({ i, path: new URL(r.url).pathname }))
        .filter((r) => r.path === '/api/publication');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.i).toBeLessThan(atLastStep);

      // Every URL the page asked for, and every cache it keeps: no value of the report's demographics.
      const values = Object.values(MINE);
      const leaking = requests.filter((r) => values.some((v) => decodeURIComponent(r.url).includes(v)));
      expect(leaking.map((r) => r.url)).toEqual([]);
      expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toMatch(
        new RegExp(values.join('|')),
      );
      // No question about which combinations the peptide shows: the preview is built on the device.
      expect(requests.filter((r) => /\/disclos/.test(new URL(r.url).pathname)).map((r) => r.url)).toEqual([]);
      // The submission: no token, a body of the one padded size.
      const posts = requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/experiences');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.authorization).toBeUndefined();
      expect(posts[0]!.bodyBytes).toBe(PADDED_BODY_BYTES);

      // Not public before its batch; its author sees it queued.
      const own = await apiAt(server.baseURL, 'POST', '/api/experiences/tracking/lookup', { trackingId });
      expect((await apiAt(server.baseURL, 'GET', `/api/experiences/${own.body.data.experience._id}`)).status).toBe(404);
      await lookUp(page, trackingId);
      await page.getByText('Waiting for publication').waitFor();
      expect(await page.getByTestId('public-from').textContent()).toMatch(
        /^Your report appears on the public pages with the first publication that holds at least 5 changes: /,
      );

      // A correction: padded like the submission.
      await page.getByRole('button', { name: 'Update Experience' }).click();
      await page.getByLabel('Story').fill(`${STORY} Corrected after a week.`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Experience updated successfully', { exact: true }).first().waitFor();
      const puts = requests.filter(
        (r) => r.method === 'PUT' && new URL(r.url).pathname === '/api/experiences/tracking',
      );
      expect(puts).toHaveLength(1);
      expect(puts[0]!.bodyBytes).toBe(PADDED_BODY_BYTES);

      // Deleting: the dialog says the tracking ID ends at once.
      await page.getByRole('button', { name: 'Delete Data' }).click();
      await page
        .getByRole('dialog')
        .getByText(/Your tracking ID stops working at once/)
        .waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Your experience has been deleted.', { exact: true }).first().waitFor();
      expect((await apiAt(server.baseURL, 'POST', '/api/experiences/tracking/lookup', { trackingId })).status).toBe(
        404,
      );
      await context.close();
      // Had a batch run after all, the assertions above would not have been about a queued report.
      expect(await batchesRun(), 'a batch ran during the scenario').toBe(batchesAtStart);
    },
    SCENARIO_MS * 2 + 60_000,
  );

  it.runIf(screenshotsWanted)(
    'screenshots: the confirmation, the lookup of a queued report and the delete dialog, light and dark, 360 and 1280 px',
    async () => {
      const peptide = await firstPeptide(server.baseURL);
      for (const theme of ['light', 'dark'] as const) {
        for (const width of [360, 1280]) {
          const { context, page } = await signedInContext({ width, theme });
          const shot = (name: string) => screenshot(page, `publication-${name}-${width}-${theme}`);
          const { trackingId } = await writeReport(page, peptide.name);
          await shot('confirmation');
          await lookUp(page, trackingId);
          await page.getByText('Waiting for publication').waitFor();
          await shot('lookup-queued');
          // A public report with a correction waiting, and its delete dialog.
          const published = await apiAt(server.baseURL, 'POST', '/api/experiences/tracking/lookup', { trackingId });
          expect(published.status).toBe(200);
          await page.getByRole('button', { name: 'Delete Data' }).click();
          await page.getByRole('dialog').waitFor();
          await shot('delete-dialog');
          await context.close();
        }
      }
    },
    240_000,
  );
});
