// "The page has settled", decided from what the page is doing rather than from a time:
// Playwright's `networkidle` waits for 500 ms without a request after every navigation, which was
// most of the accessibility scans' time (about 550 ms of each 1.2 s route visit, tests/e2e/a11y-scan.ts).
// Here a page counts its requests in flight (documents, scripts, API calls alike) and is settled
// when none is in flight, nothing on it shows that it is loading (loadingShown below), and that
// still holds once its main thread has been idle (mainThreadIdle below): a render under way or a
// request its effects are about to start keeps it busy.
import type { Page } from 'playwright-core';

const tracked = new WeakMap<Page, { inflight: () => number; idle: () => Promise<void> }>();

/** Starts counting `page`'s requests; call before its first navigation. Idempotent. */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  let inflight = 0;
  let waiters: (() => void)[] = [];
  const ended = () => {
    inflight = Math.max(0, inflight - 1);
    if (inflight === 0) {
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    }
  };
  page.on('request', () => {
    inflight += 1;
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  tracked.set(page, {
    inflight: () => inflight,
    idle: () => (inflight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  });
}

/**
 * Resolves when the page's main thread has had nothing to do, twice with a frame between: React
 * renders a transition in slices it queues as tasks, and starts a request from an effect after
 * the commit, so an idle callback runs only once that work is done (capped at a second each).
 */
const mainThreadIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(
          () => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 1000 })),
          { timeout: 1000 },
        ),
      ),
  );

/**
 * What this app shows while something loads: an empty #root, a region marked busy, the pre-rendered shell before
 * hydration, a skeleton (`animate-pulse`, src/components/ui/skeleton.tsx), a spinner
 * (`animate-spin`, src/components/ui/spinner.tsx) or a status line that says it is loading.
 */
function loadingShown(): boolean {
  // Nothing rendered yet: the app's first render is under way (a transition, over several frames).
  if (!document.querySelector('#root > *')) return true;
  if (document.querySelector('[aria-busy="true"], #root > [inert], .animate-pulse, .animate-spin')) return true;
  return [...document.querySelectorAll('[role="status"]')].some((el) =>
    /^\s*(loading|checking)/i.test(el.textContent ?? ''),
  );
}

const busy = (page: Page) => page.evaluate(loadingShown);

/**
 * Resolves once `page` has settled (above), or after `timeoutMs` whatever it is doing: a page that
 * never settles is then checked as it is, as the old `networkidle` wait did.
 */
export async function pageIdle(page: Page, timeoutMs = 10_000): Promise<void> {
  const state = tracked.get(page);
  if (!state) throw new Error('pageIdle: call trackRequests(page) before the page navigates');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const left = deadline - Date.now();
    await Promise.race([state.idle(), new Promise((resolve) => setTimeout(resolve, left))]);
    if (state.inflight() > 0) continue;
    if (await busy(page)) {
      await page
        .waitForFunction(`!(${loadingShown.toString()})()`, undefined, {
          timeout: Math.max(1, deadline - Date.now()),
          polling: 'raf',
        })
        .catch(() => undefined);
      continue;
    }
    await mainThreadIdle(page);
    if (state.inflight() === 0 && !(await busy(page))) return;
  }
}
