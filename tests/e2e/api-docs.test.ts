// The API reference page: served by the API at /api/docs, rendered from the
// OpenAPI document, lists the routes, loads under the site's CSP with nothing blocked, and has
// no axe violations on a phone or a desktop, in light and dark.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/api/docs', () => {
  it('lists the routes and has no axe violations at 360 and 1280 px, light and dark', async () => {
    const failures: string[] = [];
    for (const width of [360, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const label = `${width}px ${colorScheme}`;
        const { context, page } = await newPage(browser, { viewport: { width, height: 800 }, colorScheme });
        const blocked: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') blocked.push(m.text());
        });
        const res = await page.goto('/api/docs');
        expect(res?.status(), label).toBe(200);
        await page.getByRole('heading', { level: 1, name: 'Peptide Community API' }).waitFor();
        // The route list: each operation a heading with its method and path.
        await expect(page.getByRole('heading', { name: 'POST /api/experiences', exact: true }).count()).resolves.toBe(1);
        await expect(page.getByRole('heading', { name: 'GET /api/research/export', exact: true }).count()).resolves.toBe(1);
        expect(await page.getByRole('link', { name: /OpenAPI 3\.1\.0 document/ }).getAttribute('href')).toBe('/api/openapi.json');
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
        for (const v of await axeViolations(page)) failures.push(`${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(blocked, label).toEqual([]);
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  });
});
