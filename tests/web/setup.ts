// Vitest setup for the "web" project (jsdom): jest-dom matchers, the MSW API mock that fails
// on any request no handler answers, and a clean slate after every test.
// oxlint-disable-next-line import/no-unassigned-import -- registers the jest-dom matchers
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetAuthCache } from '@/api/auth-storage';
import { http } from '@/api/http';
import { forgetHandedTrackingId } from '@/lib/tracking-id';
import { backend } from './msw/backend';
import { resetAccountHandlers } from './msw/account-handlers';
import { server } from './msw/server';

// jsdom lacks pointer capture, which Radix toasts use for swipe-to-dismiss.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

// Pages are lazy chunks and every response is parsed on arrival: on a busy 2-core CI machine the
// first render can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// A test's API calls still under way when it ends (its app is unmounted, not its calls) finish
// before the slate is wiped. One answered later, in the next test, found no session stored and
// ended "its" session: the client's in-memory token it left (null) hid the session the next test
// had just stored, and that test saw Login, not Logout (tests/web/test-isolation.test.tsx).
// Counted on the app's HTTP client from the call to its settling, so a refresh and a retry made
// inside the call's interceptors count as part of it.
let callsUnderWay = 0;
http.interceptors.request.use((config) => {
  callsUnderWay++;
  return config;
});
http.interceptors.response.use(
  (response) => {
    callsUnderWay--;
    return response;
  },
  (error: unknown) => {
    callsUnderWay--;
    throw error;
  },
);

/** Until no call is under way across two short turns (a finished one may lead to another). */
async function settleCalls(limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  let quietTurns = 0;
  while (quietTurns < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    quietTurns = callsUnderWay === 0 ? quietTurns + 1 : 0;
  }
}

afterEach(async () => {
  cleanup();
  // Real timers first: a test's fake ones would never let the wait below end.
  vi.useRealTimers();
  await settleCalls();
  server.resetHandlers();
  backend.reset();
  resetAccountHandlers();
  localStorage.clear();
  sessionStorage.clear();
  resetAuthCache();
  forgetHandedTrackingId();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

afterAll(() => server.close());
