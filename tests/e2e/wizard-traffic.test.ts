// What someone who sees the traffic (a proxy, the host) sees of a wizard run, in real Chromium
// against the built app and the real server: every request from a peptide page's "Share your
// experience with ..." link to Submit, signed out and signed in (docs/product-rules.md,
// "Anonymity"). No URL path or query, and no Referer, names the peptide (its id or name) or
// anything typed; the catalogue is searched on the device, the link's peptide rides in the
// fragment, and the padded POST and its fixed-size answer are the only requests about the report.
// tests/server/traffic-attacks.test.ts plays the attacker on these requests.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_ANSWER_BYTES, PADDED_BODY_BYTES } from '../../contract/rules';
import { approvedMember, firstPeptide, launch, newPage, peptideOption } from './browser';
import { signIn } from './sign-in';
import { fillAboutYouStep } from './wizard-steps';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Seen {
  method: string;
  url: URL;
  referer: string | undefined;
  bytes: number;
}

function record(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (request: Request) => {
    seen.push({
      method: request.method(),
      url: new URL(request.url()),
      referer: request.headers().referer,
      bytes: request.postDataBuffer()?.length ?? 0,
    });
  });
  return seen;
}

/** A run of the wizard from the peptide page's link to the confirmation; what it typed. */
async function wizardRun(page: Page, peptide: { _id: string; name: string }, marker: string) {
  await page.goto(`/peptides/${peptide._id}`);
  await page.getByRole('heading', { level: 1, name: peptide.name }).waitFor();
  const seen = record(page);
  await page.getByRole('link', { name: `Share your experience with ${peptide.name}` }).click();
  await page.getByText('Step 1 of 4').waitFor();
  const picker = page.getByRole('combobox', { name: 'Peptide' });
  await expect.poll(() => picker.inputValue()).toBe(peptide.name);
  // The fragment did its work and left the address.
  await expect
    .poll(() => page.evaluate(() => window.location.pathname + window.location.search + window.location.hash))
    .toBe('/submit');
  // Searching for another peptide, then keeping the chosen one: typed, never sent.
  const typedSearch = `${marker}search`;
  await picker.fill(typedSearch);
  await page.getByText(`No peptide matches “${typedSearch}”.`).waitFor();
  await picker.fill(peptide.name.slice(0, 3));
  await peptideOption(page, peptide.name).click();
  // A dose is a number now: one this run alone types.
  const dosage = `${10_000 + (Date.now() % 89_999)}.25`;
  await page.getByLabel('Dose', { exact: true }).fill(dosage);
  await page.getByLabel('Frequency').selectOption('daily');
  await page.getByLabel('Duration (days)').fill('37');
  await page.getByLabel('Route of administration').selectOption('oral');
  await fillAboutYouStep(page);
  await page.getByRole('slider').first().fill('7');
  const effect = `${marker}effect`;
  await page.getByLabel('Add an effect to rate').fill(effect);
  await page.getByLabel('Add an effect to rate').press('Enter');
  await page.getByRole('slider', { name: effect }).fill('6');
  await page.getByLabel('When did you notice effects?').selectOption('1-week');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 4 of 4').waitFor();
  const story = `Traffic ${marker}. Six weeks on it for a sore tendon: nothing the first week, then steadily better, and I slept more soundly by the end.`;
  await page.getByLabel('Your story').fill(story);
  const signedInNote = await page.getByTestId('signed-in-note').isVisible();
  await page.getByRole('button', { name: 'Submit Experience' }).click();
  await page.getByRole('heading', { name: 'Thank you for sharing!' }).waitFor();
  return { seen, typed: [typedSearch, dosage, effect, story, marker], signedInNote };
}

/** Every request's path and query, and Referer, that names the peptide or anything typed. */
function naming(seen: Seen[], peptide: { _id: string; name: string }, typed: string[]): string[] {
  const words = [peptide._id, peptide.name, ...typed].map((w) => w.toLowerCase());
  return seen
    .flatMap((s) => [`${s.method} ${decodeURIComponent(s.url.pathname + s.url.search)}`, `Referer ${s.referer ?? ''}`])
    .filter((line) => words.some((w) => line.toLowerCase().includes(w)));
}

describe('a wizard run, from a peptide page to Submit', () => {
  for (const signedIn of [false, true]) {
    it(`${signedIn ? 'signed in' : 'signed out'}: no URL names the peptide or anything typed; the report travels padded, in one POST`, async () => {
      const peptide = await firstPeptide();
      const { context, page } = await newPage(browser);
      if (signedIn) {
        const { email, password } = await approvedMember();
        await signIn(page, email, password);
      }
      const marker = `zq${Date.now().toString(36)}${signedIn ? 'in' : 'out'}`;
      const posted: { status: number; bytes: number; encoding: string | undefined }[] = [];
      page.on('response', async (response) => {
        if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/experiences') {
          posted.push({
            status: response.status(),
            bytes: (await response.body()).length,
            encoding: response.headers()['content-encoding'],
          });
        }
      });
      const run = await wizardRun(page, peptide, marker);
      const api = run.seen.filter((s) => s.url.pathname.startsWith('/api/'));
      console.log(
        `[wizard traffic, ${signedIn ? 'signed in' : 'signed out'}] ${api.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`).join(', ')}`,
      );

      expect(naming(run.seen, peptide, run.typed)).toEqual([]);
      // The report: one POST of the padded size, without the sign-in token, answered at its fixed size.
      const posts = api.filter((s) => s.method === 'POST' && s.url.pathname === '/api/experiences');
      expect(posts.map((p) => p.bytes)).toEqual([PADDED_BODY_BYTES]);
      await expect.poll(() => posted.length).toBe(1);
      expect(posted[0]).toEqual({ status: 201, bytes: AUTHOR_ANSWER_BYTES.submission, encoding: undefined });
      // Every other API request is a read the same for everyone (or, signed in, about the account).
      const reads = new Set(
        api.filter((s) => s !== posts[0]).map((s) => `${s.method} ${s.url.pathname}${s.url.search}`),
      );
      const allowed = new Set([
        'GET /api/peptides/catalogue',
        'GET /api/effects',
        'GET /api/publication',
        'GET /api/users/me',
        'POST /api/auth/refresh',
      ]);
      expect([...reads].filter((r) => !allowed.has(r))).toEqual([]);
      expect(run.signedInNote).toBe(signedIn);
      await context.close();
    }, 120_000);
  }

  it('an older link, /submit?peptide=<id>, still chooses the peptide, and the address drops it', async () => {
    const peptide = await firstPeptide();
    const { context, page } = await newPage(browser);
    await page.goto(`/submit?peptide=${peptide._id}`);
    await page.getByText('Step 1 of 4').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Peptide' }).inputValue()).toBe(peptide.name);
    await expect
      .poll(() => page.evaluate(() => window.location.pathname + window.location.search + window.location.hash))
      .toBe('/submit');
    await context.close();
  });
});
