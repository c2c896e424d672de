// Two tabs of one signed-in member whose access token stops working at the same moment both
// refresh it and stay signed in: with Web Locks one tab refreshes and the other takes its tokens
// (src/api/http.ts); without them both refresh with the same token and the server's grace answers
// both with the same successor (server/services/users.ts refresh()).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approvedMember, launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Shaped like one of ours but long expired (and not signed by the server): it answers 401. */
const EXPIRED_ACCESS_TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', sid: 'x', exp: 1_600_000_000 })}.${'A'.repeat(43)}`;

const stored = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));

interface RefreshCall {
  status: number;
  refreshToken?: string;
}

/** Signs in in one tab, opens a second tab of the same context, both on the profile page. */
async function twoSignedInTabs(context: BrowserContext, first: Page) {
  const { email, password } = await approvedMember();
  await first.goto('/login');
  await first.getByLabel('Email').fill(email);
  await first.getByLabel('Password').fill(password);
  await first.getByRole('button', { name: 'Sign In' }).click();
  await first.waitForURL((url) => url.pathname === '/');
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
  }
  return { email, tabs: [first, second] as const };
}

/**
 * The access token both tabs share stops working: a third page of the origin stores an expired
 * one, and each tab, told by its storage event, uses it for its next request (src/api/auth-storage.ts).
 */
async function expireAccessTokenInBoth(context: BrowserContext, tabs: readonly Page[]) {
  for (const tab of tabs) {
    await tab.evaluate(() => {
      window.addEventListener('storage', (event) => {
        if (event.key === 'accessToken') (window as unknown as { expired: boolean }).expired = true;
      });
    });
  }
  const other = await context.newPage();
  await other.goto('/api/health');
  await other.evaluate((token) => localStorage.setItem('accessToken', token), EXPIRED_ACCESS_TOKEN);
  await other.close();
  for (const tab of tabs)
    await tab.waitForFunction(() => (window as unknown as { expired?: boolean }).expired === true);
}

/**
 * Every refresh call of the context. Each is held until both tabs' saves have been refused (401),
 * so both tabs are past their failed request while the refresh is in flight: the overlap this
 * test is about, made certain rather than hoped for with a pause.
 */
async function watchRefreshes(context: BrowserContext): Promise<Promise<RefreshCall>[]> {
  const calls: Promise<RefreshCall>[] = [];
  let refused = 0;
  let bothRefused!: () => void;
  const gate = new Promise<void>((resolve) => (bothRefused = resolve));
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (
      path === '/api/users/me' &&
      response.request().method() === 'PUT' &&
      response.status() === 401 &&
      ++refused === 2
    )
      bothRefused();
    if (path !== '/api/auth/refresh') return;
    calls.push(
      response.json().then((body: { data?: { refreshToken?: string } }) => ({
        status: response.status(),
        refreshToken: body.data?.refreshToken,
      })),
    );
  });
  await context.route('**/api/auth/refresh', async (route) => {
    await gate;
    await route.continue();
  });
  return calls;
}

/** Both tabs press Save at the same moment: PUT /api/users/me with the expired token, 401, refresh. */
async function saveInBoth(tabs: readonly Page[]) {
  // Clicked from the page itself: Playwright's click waits for a frame, which a tab in the
  // background only gets once it is brought forward, and both must ask at once.
  for (const tab of tabs) await tab.getByRole('button', { name: 'Save Profile' }).waitFor();
  await Promise.all(
    tabs.map((tab) =>
      tab.evaluate(() =>
        [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save Profile')!.click(),
      ),
    ),
  );
  for (const tab of tabs) {
    const toast = tab.getByText(/^(Profile updated successfully!|Failed to update profile)$/).first();
    await toast.waitFor();
    expect(await toast.textContent()).toBe('Profile updated successfully!');
  }
}

/** Still signed in: no redirect to /login, the header names the member, a reload keeps it so. */
async function expectSignedIn(tab: Page, email: string) {
  expect(new URL(tab.url()).pathname).toBe('/profile');
  await tab.reload();
  await tab.getByRole('heading', { name: 'Profile Settings' }).waitFor();
  await tab.getByRole('banner').getByRole('link', { name: email }).waitFor();
  expect(new URL(tab.url()).pathname).toBe('/profile');
}

describe('two tabs whose access token expires at once', () => {
  it('with Web Locks: one tab refreshes, the other takes its tokens; both stay signed in', async () => {
    const { context, page } = await newPage(browser);
    const { email, tabs } = await twoSignedInTabs(context, page);
    expect(await tabs[0].evaluate(() => 'locks' in navigator)).toBe(true);
    const before = await stored(tabs[0]);
    const refreshes = await watchRefreshes(context);
    await expireAccessTokenInBoth(context, tabs);

    await saveInBoth(tabs);

    // Usually one call: the tab that waited for the lock finds the other's tokens in storage.
    // But a tab's localStorage learns another tab's write asynchronously (each tab may run in
    // its own renderer process), so the waiting tab can still read the old refresh token just
    // after the lock is released, and then refreshes with it: the server's grace answers it
    // with the same successor (server/services/users.ts). Never a sign-out, never two sessions.
    // One call exactly is checked where timing is ours: tests/web/api-client.test.ts.
    const calls = await Promise.all(refreshes);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(2);
    for (const call of calls) expect(call).toEqual({ status: 200, refreshToken: calls[0]!.refreshToken });
    const after = await stored(tabs[1]);
    expect(after.refreshToken).toBe(calls[0]!.refreshToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(EXPIRED_ACCESS_TOKEN);
    for (const tab of tabs) await expectSignedIn(tab, email);
    await context.close();
  });

  it('without Web Locks: both tabs refresh with the same token, the server answers both with one successor', async () => {
    const { context, page } = await newPage(browser);
    // Browsers without the Web Locks API (or pages outside a secure context).
    await context.addInitScript(() => {
      delete (Navigator.prototype as { locks?: unknown }).locks;
    });
    const { email, tabs } = await twoSignedInTabs(context, page);
    expect(await tabs[0].evaluate(() => 'locks' in navigator)).toBe(false);
    const before = await stored(tabs[0]);
    const refreshes = await watchRefreshes(context);
    await expireAccessTokenInBoth(context, tabs);

    await saveInBoth(tabs);

    const calls = await Promise.all(refreshes);
    expect(calls.map((c) => c.status)).toEqual([200, 200]);
    expect(calls[1]!.refreshToken).toBe(calls[0]!.refreshToken);
    const after = await stored(tabs[0]);
    expect(after.refreshToken).toBe(calls[0]!.refreshToken);
    for (const tab of tabs) await expectSignedIn(tab, email);
    await context.close();

    // The stored token is the one live successor: it rotates once more, and the token it
    // replaced two generations back is now reuse, which ends the sign-in for good.
    const next = await api('POST', '/api/auth/refresh', { refreshToken: after.refreshToken });
    expect(next.status).toBe(200);
    expect((await api('POST', '/api/auth/refresh', { refreshToken: before.refreshToken })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { refreshToken: next.body.data.refreshToken })).status).toBe(401);
  });
});
