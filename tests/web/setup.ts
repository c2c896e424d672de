// Vitest setup for the "web" project (jsdom): jest-dom matchers, the MSW API mock that fails
// on any request no handler answers, and a clean slate after every test.
// oxlint-disable-next-line import/no-unassigned-import -- registers the jest-dom matchers
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetAuthCache } from '@/api/auth-storage';
import { backend } from './msw/backend';
import { server } from './msw/server';

// jsdom lacks pointer capture, which Radix toasts use for swipe-to-dismiss.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

// Pages are lazy chunks and every response is parsed on arrival: on a busy 2-core CI machine the
// first render can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  backend.reset();
  localStorage.clear();
  sessionStorage.clear();
  resetAuthCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

afterAll(() => server.close());
