// The app shell in real Chromium against the built app and the real server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  approvedMember,
  baseURL,
  confirmationLink,
  firstPeptide,
  launch,
  moderatorToken,
  newPage,
  pendingAccountId,
  registeredAndConfirmed,
  submitExperience,
  uniqueEmail,
} from './browser';
import { pageIdle, trackRequests } from './page-idle';
import { signIn } from './sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const storage = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    userData: localStorage.getItem('userData'),
  }));

describe('session in the browser', () => {
  it('registers, is approved, signs in, keeps the session on reload and logs out', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('shell');
    const password = 'member-password-1';

    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByPlaceholder('Choose a password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // A page says to confirm the address (tests/e2e/account.test.ts follows the mails in the page).
    await page.waitForURL('**/registered');
    expect((await storage(page)).accessToken).toBeNull();

    // The owner opens the mailed link and presses its button; the moderator approves through the API.
    await page.goto(await confirmationLink(email));
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your address is confirmed' }).waitFor();
    const id = await pendingAccountId(email, await moderatorToken());
    expect((await api('POST', `/api/users/${id}/approve`, undefined, await moderatorToken())).status).toBe(200);

    await signIn(page, email, password);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: email }).waitFor();
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    const stored = await storage(page);
    expect(stored.accessToken).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    expect(JSON.parse(stored.userData!).email).toBe(email);

    await page.reload();
    await header.getByRole('link', { name: email }).waitFor();

    // The sign-out is done when the server has answered its revocation, not after some time.
    const revoked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/auth/logout' && r.request().method() === 'POST',
    );
    await header.getByRole('button', { name: 'Logout' }).click();
    expect((await revoked).status()).toBe(200);
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await storage(page)).toEqual({ accessToken: null, refreshToken: null, userData: null });
    expect(new URL(page.url()).pathname).toBe('/');
    // The server revoked the session too: the old refresh token no longer works.
    expect((await api('POST', '/api/auth/refresh', { refreshToken: stored.refreshToken })).status).toBe(401);
    await context.close();
  });

  it('revokes the session on the server even when the page navigates away at the same moment', async () => {
    const { context, page } = await newPage(browser);
    const member = await approvedMember();
    await signIn(page, member.email, member.password);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: member.email }).waitFor();
    const stored = await storage(page);
    expect((await api('GET', '/api/users/me', undefined, stored.accessToken!)).status).toBe(200);

    // Logout, and in the same task the tab goes elsewhere (a closed tab or a followed link):
    // nothing of the page is left to send the revocation afterwards.
    await page.evaluate(() => {
      const logout = [...document.querySelectorAll('header button')].find((b) =>
        b.textContent?.includes('Logout'),
      ) as HTMLButtonElement;
      logout.click();
      window.location.assign('about:blank');
    });
    await page.waitForURL('about:blank');
    // The server ends the sign-in: its access token and refresh token are refused (polled, as
    // nothing in the page is left to wait for).
    await expect
      .poll(async () => (await api('GET', '/api/users/me', undefined, stored.accessToken!)).status, { timeout: 10_000 })
      .toBe(401);
    expect((await api('POST', '/api/auth/refresh', { refreshToken: stored.refreshToken })).status).toBe(401);
    await context.close();
  });

  it('shows the approval message when a pending account signs in', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('pending');
    await registeredAndConfirmed(email, 'pending-password');
    await signIn(page, email, 'pending-password', { landing: false });
    await page.getByText('awaiting approval', { exact: false }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await context.close();
  });

  it('shows the Research Hub link to moderators only', async () => {
    const { context, page } = await newPage(browser);
    const member = await approvedMember();
    await signIn(page, member.email, member.password, { landing: false });
    await page.getByRole('banner').getByRole('link', { name: member.email }).waitFor();
    expect(await page.getByRole('link', { name: 'Research Hub' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Profile' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('routes and theme', () => {
  it('says an unknown path has no page, keeps its address, and offers ways onward', async () => {
    const { context, page } = await newPage(browser);
    // A 404 as well, for link checkers and search engines; a page of the app is a 200.
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await page
      .getByRole('navigation', { name: 'Ways onward' })
      .getByRole('link', { name: 'Community experiences' })
      .click();
    await page.waitForURL((url) => url.pathname === '/community');
    expect((await page.goto('/Community/?sort=rating'))?.status()).toBe(200);
    await context.close();
  });

  it('sends a signed-out visitor from /profile to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await context.close();
  });

  it('keeps the chosen theme across a reload, applied before the app runs', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Dark theme' }).first().click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });

  it('follows the system preference by default', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await context.close();
  });
});

describe('first screen from the HTML (pre-rendered pages)', () => {
  it('shows the page before any JavaScript runs, inert, with the page title', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community Experiences', level: 1 }).waitFor();
    expect(await page.getByText('Anonymous reports from the community.', { exact: false }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Community Experiences · Peptide Community');
    // Nothing in it can be typed into or clicked before the app takes over.
    expect(await page.locator('#root > div[inert]').count()).toBe(1);
    // Pre-rendered without filters: an address with some is left to the app, so no default
    // filter values show for a moment.
    await page.goto('/community?sort=rating');
    expect(await page.locator('#root > *').count()).toBe(0);
    await context.close();
  });

  it("paints the page first and only then fetches the app's code, which then takes over", async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/', '/community']) {
      await page.goto(path);
      await page.waitForFunction(() => !document.querySelector('#root [inert]'));
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
          .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(timing.paint, path).toBeGreaterThan(0);
      // The entry (about 2 kB with Vite's preload helper and the bundler's runtime) comes with
      // the HTML...
      const isEntry = (file: string) => /^\/assets\/(index|preload-helper|rolldown-runtime)-/.test(file);
      expect(timing.scripts.filter((script) => isEntry(script.file)).length, path).toBeGreaterThanOrEqual(1);
      // ...the core and the page's chunks are requested once the page is on screen.
      const appCode = timing.scripts.filter((script) => !isEntry(script.file));
      expect(appCode.length, path).toBeGreaterThanOrEqual(2);
      for (const script of appCode) expect(script.start, `${path}: ${script.file}`).toBeGreaterThan(timing.paint!);
    }
    await context.close();
  });

  it("reads the API's answers without fetching json-bigint, which only a big number needs", async () => {
    // A story with the words json-bigint refuses as keys: in a value they need no json-bigint.
    const created = await submitExperience(
      await firstPeptide(),
      'A note on the constructor of my routine and __proto__ habits: slept better by the second week, no side effects worth naming.',
    );
    expect(created.status).toBe(201);
    const { context, page } = await newPage(browser);
    // Addresses with a query string: the server sends them without their data (server/lib/page-render.ts),
    // so the app asks the API, and the feed's answer holds the story above.
    for (const path of ['/explore', '/community?sort=newest', '/peptides?sort=name']) {
      const answer = page.waitForResponse(
        (response) => new URL(response.url()).pathname.startsWith('/api/') && response.ok(),
      );
      await page.goto(path);
      await answer;
      await page.waitForLoadState('networkidle');
      const files = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      expect(
        files.some((file) => /^\/assets\/http-/.test(file)),
        `${path} loaded the HTTP client`,
      ).toBe(true);
      expect(
        files.filter((file) => /^\/assets\/json-big-/.test(file)),
        path,
      ).toEqual([]);
    }
    await context.close();
  });

  // Nothing stored: the app hydrates the page. A stored theme: it renders the page afresh, which
  // without the page's code loaded first would pass through the loading skeleton.
  it.each([
    ['a visitor with nothing stored (hydrated)', null],
    ['a visitor with a stored theme (rendered afresh)', 'dark'],
  ] as const)(
    'hands over to the app without a loading skeleton, and what is typed at once is kept: %s',
    async (_name, theme) => {
      const { context, page } = await newPage(browser);
      // Records whether the page-loading skeleton or a second heading ever appeared.
      await page.addInitScript((storedTheme) => {
        if (storedTheme) localStorage.setItem('theme', storedTheme);
        const seen = { skeleton: false, maxHeadings: 0 };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Loading page"]')) seen.skeleton = true;
          seen.maxHeadings = Math.max(seen.maxHeadings, document.querySelectorAll('h1').length);
        }).observe(document, { childList: true, subtree: true });
      }, theme);
      for (const [path, heading, label] of [
        ['/peptides', 'Peptide Database', 'Search peptides'],
        ['/submit', 'Share Your Experience', 'Dose'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        // Typed into as soon as the field is there; kept after the app took over.
        const field = page.getByLabel(label, { exact: true });
        await field.fill('BPC');
        await page.waitForFunction(() => !document.querySelector('#root [inert]'));
        expect(await field.inputValue()).toBe('BPC');
        const seen = await page.evaluate(
          () => (window as unknown as { __seen: { skeleton: boolean; maxHeadings: number } }).__seen,
        );
        expect(seen).toEqual({ skeleton: false, maxHeadings: 1 });
      }
      await context.close();
    },
  );
});

// /community arrives with its first page of reports rendered by the server (server/lib/page-render.ts):
// a phone paints the reports from the HTML instead of after the app has run and asked the API.
describe('/community with its reports in the HTML', () => {
  it('paints the first reports before the app runs, and the app adopts them without a mismatch', async () => {
    const html = await (await fetch(new URL('/community', baseURL()))).text();
    const feed = (await api('GET', '/api/experiences?search=&category=all&sort=newest&limit=20')).body.data
      .experiences as { _id: string }[];
    expect(feed.length).toBeGreaterThan(0);
    // The cards, in the order of the API's first page, and the same answer as the app's data.
    const linked = [...html.matchAll(/href="\/experiences\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect([...new Set(linked)]).toEqual(feed.map((e) => e._id));
    const block = /<script type="application\/json" id="page-query-state">([^<]*)<\/script>/.exec(html);
    expect(block, 'the data block').not.toBeNull();
    expect(JSON.stringify(JSON.parse(block![1]))).toContain(feed[0]._id);

    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 800 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    // When the largest paint happened, when the app took over (#root's inert wrapper lost its
    // attribute), and whether any card was ever removed (rebuilt instead of adopted).
    await page.addInitScript(() => {
      const seen = { paints: [] as number[], takeover: 0, cardsRemoved: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.paints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && record.attributeName === 'inert' && !seen.takeover)
            seen.takeover = performance.now();
          for (const node of record.removedNodes)
            if (node instanceof Element && node.querySelector('a[href^="/experiences/"]')) seen.cardsRemoved++;
        }
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] });
    });
    await page.goto('/community');
    await page.waitForFunction(() => (window as unknown as { __seen: { takeover: number } }).__seen.takeover > 0);
    await page
      .getByRole('link', { name: /Read the full report/ })
      .first()
      .waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { paints: number[]; takeover: number; cardsRemoved: number } }).__seen,
    );
    expect(errors).toEqual([]);
    expect(seen.cardsRemoved).toBe(0);
    expect(seen.paints.length).toBeGreaterThan(0);
    // Every largest-paint candidate came from the HTML, before the app took over.
    expect(Math.max(...seen.paints)).toBeLessThan(seen.takeover);
    await context.close();
  });
});

// Home and /peptides arrive with their first data too: Home's stat figures and popular peptides,
// /peptides its first page. The app starts from that data, so it neither asks for it again nor
// renders the page a second time.
describe('Home and /peptides with their data in the HTML', () => {
  it.each([
    ['/', '/api/peptides?sort=experiences&limit=6', ['/api/analytics/public', '/api/peptides']],
    ['/peptides', '/api/peptides?search=&category=all&sort=name&page=1&limit=24', ['/api/peptides']],
  ] as const)(
    '%s: its data in the HTML, adopted without a mismatch or a second request',
    async (path, listUrl, firstAsked) => {
      const html = await (await fetch(new URL(path, baseURL()))).text();
      expect(html).toContain('id="page-query-state"');
      expect(html).not.toContain('animate-pulse');
      // The peptides shown, in the API's order.
      const listed = (await api('GET', listUrl)).body.data.peptides as { _id: string }[];
      expect(listed.length).toBeGreaterThan(0);
      const linked = [...html.matchAll(/href="\/peptides\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
      expect([...new Set(linked)]).toEqual(listed.map((p) => p._id));

      const { context, page } = await newPage(browser, { viewport: { width: 360, height: 800 } });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.addInitScript(() => {
        const seen = { cardsRemoved: 0 };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element && node.querySelector('a[href^="/peptides/"]')) seen.cardsRemoved++;
        }).observe(document, { childList: true, subtree: true });
      });
      trackRequests(page);
      await page.goto(path);
      await page.waitForFunction(() => !document.querySelector('#root [inert]'));
      await page.locator(`a[href="/peptides/${listed[0]!._id}"]`).first().waitFor();
      // Settled: anything the app would have asked for once started has been asked (page-idle.ts).
      await pageIdle(page);
      expect(errors).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __seen: { cardsRemoved: number } }).__seen.cardsRemoved),
      ).toBe(0);
      expect(asked.filter((pathname) => (firstAsked as readonly string[]).includes(pathname))).toEqual([]);
      await context.close();
    },
  );
});
