// The build pre-renders the public pages (src/prerender.tsx); the app then starts on that HTML
// (src/app/boot.tsx). A visitor with nothing stored gets the HTML adopted as it is (hydration),
// which only works if the live app renders exactly what the build did: React reports any
// difference through console.error, and this test fails on it.
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from '@/app/boot';
import { PAGE_QUERY_STATE_ID } from '@contract/page-render';
import { PRERENDERED_PATHS, communityWithData, prerenderPage } from '@/prerender';
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

let community: ReturnType<typeof mockCommunityApi>;
beforeEach(() => {
  community = mockCommunityApi();
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

  // The server renders /community with its first page of reports (server/lib/page-render.ts),
  // with the API's answer beside it as a data block; the app must adopt that page as it is.
  it('adopts /community rendered with its reports, keeping each card, without asking the API again', async () => {
    window.history.replaceState(null, '', communityWithData.path);
    const body = await (await fetch(new URL(communityWithData.api, window.location.origin))).json();
    const { html, state } = await communityWithData.render(body);
    document.body.innerHTML =
      `<div id="root"><div inert>${html}</div></div>` +
      `<script type="application/json" id="${PAGE_QUERY_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
    const root = document.getElementById('root')!;
    const firstStory = community.experiences[0].story.slice(0, 40);
    const card = [...root.querySelectorAll('li')].find((li) => li.textContent?.includes(firstStory));
    expect(card).toBeDefined();
    const asked = community.listQueries.length;
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    // The same element, now the app's, and the data block read and gone.
    expect(root.contains(card!)).toBe(true);
    expect(document.getElementById(PAGE_QUERY_STATE_ID)).toBeNull();
    // Current as served: not asked for again (a second request and a phone's main thread).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(community.listQueries.length).toBe(asked);
    expect(root.contains(card!)).toBe(true);
  });
});
