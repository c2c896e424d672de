// Where focus goes after a route change (not on the first load): to the new page's h1, so a screen
// reader announces the page and the next Tab starts in its content, not in the navigation just used.
// A page whose h1 is not there yet (its code or its data still loading) gets focus on its main
// region at once, and the h1 takes it over when it appears, unless the person has moved on.

/** How long a page may take to show its h1 before main keeps the focus. */
const WAIT_MS = 10_000;

function focusHeading(heading: HTMLElement) {
  // A plain <h1> is not focusable: make it a programmatic focus target (not a Tab stop).
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** Moves focus into `main` for a new page; returns the cleanup that stops waiting for its h1. */
export function focusNewPage(main: HTMLElement): () => void {
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    focusHeading(heading);
    return () => {};
  }
  main.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const arrived = main.querySelector<HTMLElement>('h1');
    if (!arrived) return;
    stop();
    // Only while focus is still where this put it: a person who tabbed on keeps their place.
    if (document.activeElement === main || document.activeElement === document.body) focusHeading(arrived);
  });
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
