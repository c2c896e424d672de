// Screenshots of every screen for review (not an assertion): `SCREENSHOTS=1 npx vitest run
// --project e2e tests/e2e/screens.test.ts` (tests/e2e/screenshots.ts says where they go).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, launch, newPage } from './browser';
import { pageIdle, trackRequests } from './page-idle';
import { screenshot, screenshotsWanted } from './screenshots';

let browser: Browser;
beforeAll(async () => {
  if (screenshotsWanted) browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.runIf(screenshotsWanted)('screens', () => {
  it('every public screen in light and dark at 1280 and 360 px', async () => {
    const peptide = (await api('GET', '/api/peptides?sort=experiences&limit=1')).body.data.peptides[0]._id;
    const experience = (await api('GET', '/api/experiences?limit=1')).body.data.experiences[0]._id;
    const routes: [string, string][] = [
      ['home', '/'],
      ['community', '/community'],
      ['experience', `/experiences/${experience}`],
      ['peptides', '/peptides'],
      ['peptide', `/peptides/${peptide}`],
      ['submit', '/submit'],
      ['privacy', '/privacy'],
    ];
    for (const width of [1280, 360]) {
      for (const theme of ['light', 'dark']) {
        const { context, page } = await newPage(browser, { viewport: { width, height: 900 } });
        trackRequests(page);
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        for (const [name, route] of routes) {
          await page.goto(route);
          await page.locator('h1').first().waitFor();
          await pageIdle(page);
          await screenshot(page, `screen-${name}-${width}-${theme}`, { fullPage: width === 1280 });
        }
        await context.close();
      }
    }
  }, 300_000);
});
