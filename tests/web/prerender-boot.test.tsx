// The build pre-renders the public pages (src/prerender.tsx); the app then starts on that HTML
// (src/app/boot.tsx). A visitor with nothing stored gets the HTML adopted as it is (hydration),
// which only works if the live app renders exactly what the build did: React reports any
// difference through console.error, and this test fails on it.
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from '@/app/boot';
import { PRERENDERED_PATHS, prerenderPage } from '@/prerender';
import { mockCommunityApi } from './msw/community-handlers';
import { mockExploreApi } from './msw/explore-fixtures';

/** index.html as the server sends it for `path` (server/lib/spa-preload.ts). */
async function servePrerendered(path: string) {
  window.history.replaceState(null, '', path);
  const { html } = await prerenderPage(path);
  document.body.innerHTML = `<div id="root"><div inert>${html}</div></div>`;
  return document.getElementById('root')!;
}

let started: Root | undefined;

async function start(root: HTMLElement) {
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    started = await boot(root);
  });
  await waitFor(() => expect(root.querySelector('[inert]')).toBeNull());
  return errors;
}

beforeEach(() => {
  mockCommunityApi();
  mockExploreApi();
});

afterEach(() => {
  act(() => started?.unmount());
  started = undefined;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('starting on a pre-rendered page', () => {
  it.each(PRERENDERED_PATHS)('adopts the HTML of %s as it is, with no mismatch, and makes it interactive', async (path) => {
    const root = await servePrerendered(path);
    const heading = root.querySelector('h1');
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    // The same element, now the app's: hydrated, not rebuilt.
    if (heading) expect(root.querySelector('h1')).toBe(heading);
    expect(root.querySelector('main')).not.toBeNull();
  });

  it('renders afresh for a visitor with a stored choice, showing that choice', async () => {
    localStorage.setItem('theme', 'dark');
    const root = await servePrerendered('/community');
    const heading = root.querySelector('h1');
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    const fresh = root.querySelector('h1');
    expect(fresh).toHaveTextContent('Community Experiences');
    expect(fresh).not.toBe(heading);
    // The pre-render shows "System"; the visitor chose Dark.
    const dark = root.querySelectorAll('button[aria-label="Dark theme"]');
    expect([...dark].every((button) => button.getAttribute('aria-pressed') === 'true')).toBe(true);
  });

  it('renders afresh when filters in the address differ from the pre-rendered page', async () => {
    const root = await servePrerendered('/community');
    window.history.replaceState(null, '', '/community?sort=rating');
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLSelectElement>('#community-sort')!.value).toBe('rating');
  });
});
