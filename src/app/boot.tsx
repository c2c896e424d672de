// Starting the app in #root: hydrating the page the build pre-rendered, or rendering afresh.
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { type Root, createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { preloadPageAt } from './AppRoutes';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Runs `onMounted` once the tree it wraps is on the page. Renders nothing of its own. */
function AfterMount({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

/**
 * The build pre-rendered each public page as a visitor with nothing stored sees it at this exact
 * URL (src/prerender.tsx). Only then does the live app match it node for node; a stored session,
 * theme or draft, or filters in the query string, change what the first render shows.
 */
function matchesPrerender(): boolean {
  try {
    return window.location.search === '' && window.localStorage.length === 0 && window.sessionStorage.length === 0;
  } catch {
    return false; // storage that cannot be read: render afresh
  }
}

/** Starts the app in `root`; resolves with the React root once the first render is scheduled. */
export async function boot(root: HTMLElement): Promise<Root> {
  const shell = root.firstElementChild;
  if (!(shell instanceof HTMLElement)) {
    // No pre-rendered page (a page with an id in its path, or the dev server). The first render as
    // a transition: React yields to the browser every few milliseconds instead of holding the main
    // thread for the whole tree.
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
    return reactRoot;
  }
  // The page is on show already and inert (server/lib/spa-preload.ts). Its code loads first, so
  // the first render is that page, never the loading skeleton.
  await preloadPageAt(window.location.pathname).catch(() => undefined); // the error boundary offers a reload
  if (matchesPrerender()) {
    // Hydration adopts the HTML as it is (no second copy of the page built and laid out), then
    // the page becomes interactive. As a transition it yields to the browser every few
    // milliseconds; nothing can be clicked meanwhile, as the page is still inert.
    const interactive = () => shell.removeAttribute('inert');
    let reactRoot: Root | undefined;
    startTransition(() => {
      reactRoot = hydrateRoot(shell, <AfterMount onMounted={interactive}>{app}</AfterMount>);
    });
    return reactRoot!;
  }
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
  return reactRoot;
}
