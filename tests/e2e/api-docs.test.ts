// The API reference page: Swagger UI served by our own server at /api/docs, reading the OpenAPI
// document. It lists the operations, makes no request to any other host, loads under the site's
// CSP with nothing blocked, has no axe violations on a phone or a desktop, and its try-it-out
// calls the running server with the token typed into Authorize.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { baseURL, launch, newPage } from './browser';
import { screenshot } from './screenshots';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/api/docs', () => {
  it('lists the operations from here only, with no axe violations at 360 and 1280 px', async () => {
    const failures: string[] = [];
    const origin = new URL(baseURL()).origin;
    for (const width of [360, 1280]) {
      const label = `${width}px`;
      const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
      const errors: string[] = [];
      const elsewhere: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('request', (r) => {
        if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      const res = await page.goto('/api/docs');
      expect(res?.status(), label).toBe(200);
      await page.locator('.swagger-ui .info .title').filter({ hasText: 'Peptide Community API' }).waitFor();
      await page.locator('#operations-experiences-submitExperience').waitFor();
      await page.locator('#operations-analytics-researchExport').waitFor();
      await screenshot(page, `api-docs-${width}`, { fullPage: false });
      for (const v of await axeViolations(page))
        failures.push(`${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(errors, label).toEqual([]);
      expect(elsewhere, label).toEqual([]);
      await context.close();
    }
    expect(failures).toEqual([]);
  });

  it('try-it-out calls this server with the token given to Authorize', async () => {
    const { context, page } = await newPage(browser);
    const moderator = inject('moderator');
    const login = await page.request.post('/api/users/login', { data: moderator });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    await page.goto('/api/docs');
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.locator('.auth-container input').first().fill(token);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.auth-btn-wrapper button.btn-done').click();
    const me = page.locator('#operations-users-me');
    await me.locator('.opblock-summary').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/me'));
    await me.getByRole('button', { name: 'Execute' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
    await expect(
      me.locator('.live-responses-table tbody .response-col_status').first().textContent(),
    ).resolves.toContain('200');
    await context.close();
  });

  it('try-it-out works from another name of the same server, and the page links the changelog', async () => {
    // The server's PUBLIC_URL names it 127.0.0.1; `localhost` is a second name of it (another
    // origin), as www. and the bare name are of a site. Over plain HTTP only a loopback name
    // serves the page at all: the CSP's upgrade-insecure-requests sends anything else to HTTPS.
    const other = await launch();
    try {
      const port = new URL(baseURL()).port;
      const origin = `http://localhost:${port}`;
      const { context, page } = await newPage(other, { baseURL: origin });
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') blocked.push(m.text());
      });
      await page.goto('/api/docs');
      await expect(page.getByRole('link', { name: 'the changelog' }).getAttribute('href')).resolves.toBe(
        '/api/changelog',
      );
      const health = page.locator('#operations-system-health');
      await health.locator('.opblock-summary').click();
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/health'));
      await health.getByRole('button', { name: 'Execute' }).click();
      const response = await answered;
      expect(response.url()).toBe(`${origin}/api/health`);
      expect(response.status()).toBe(200);
      await expect(
        health.locator('.live-responses-table tbody .response-col_status').first().textContent(),
      ).resolves.toContain('200');
      expect(blocked).toEqual([]);
      const changelog = await page.request.get('/api/changelog');
      expect(changelog.headers()['content-type']).toMatch(/^text\/markdown/);
      await expect(changelog.text()).resolves.toMatch(/^# API changelog/);
      await context.close();
    } finally {
      await other.close();
    }
  });
});
