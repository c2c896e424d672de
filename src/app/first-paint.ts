// What the entry (src/main.tsx) needs before it loads the app. Deliberately free of imports: this
// file is part of the ~2 kB fetched before the first paint.

/**
 * Resolves once the page as it stands has been painted: when the browser reports its first
 * contentful paint (or, without paint timing, once the second animation frame begins, the first
 * having been drawn). A page in a background tab is not painted, so a timer ends the wait.
 */
export function afterFirstPaint(timeoutMs = 300): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(done));
    }
  });
}

/** Starts fetching the space-separated module URLs in `list` (from the server) in parallel. */
export function preloadModules(list: string | undefined): void {
  for (const href of list?.split(' ') ?? []) {
    if (!href.startsWith('/assets/')) continue; // only our own hashed chunks
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
