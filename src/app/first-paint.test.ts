import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadModules } from './first-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});

describe('afterFirstPaint', () => {
  it("waits for the browser's first contentful paint where paint timing exists", async () => {
    let report: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    const observed: unknown[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    let done = false;
    const waiting = afterFirstPaint(10_000).then(() => {
      done = true;
    });
    // Entries from before the call count too.
    expect(observed).toEqual([{ type: 'paint', buffered: true }]);
    report!({ getEntriesByName: () => [] }); // first-paint alone: nothing contentful yet
    await Promise.resolve();
    expect(done).toBe(false);
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await waiting;
    expect(done).toBe(true);
  });

  it('without paint timing, waits for a second animation frame: the first frame has been drawn by then', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let done = false;
    const waiting = afterFirstPaint(10_000).then(() => {
      done = true;
    });
    frames.shift()!(0); // the frame that paints the page
    await Promise.resolve();
    expect(done).toBe(false);
    frames.shift()!(16); // the next one
    await waiting;
    expect(done).toBe(true);
  });

  it('stops waiting after the timeout when no frame comes (a page opened in a background tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let done = false;
    const waiting = afterFirstPaint(300).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});

describe('preloadModules', () => {
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  it('starts a module preload for each of our chunks the server named', () => {
    preloadModules('/assets/CommunityPage-1.js /assets/card-1.js');
    expect(preloaded()).toEqual(['/assets/CommunityPage-1.js', '/assets/card-1.js']);
    // Same credentials mode as the module scripts that will use them, or the preload is wasted.
    expect(document.head.querySelector('link[rel="modulepreload"]')!.getAttribute('crossorigin')).toBe('');
  });

  it('ignores an absent list, empty entries and anything outside /assets/', () => {
    preloadModules(undefined);
    preloadModules('');
    preloadModules('https://elsewhere.example/x.js  /api/peptides /assets/ok-1.js');
    expect(preloaded()).toEqual(['/assets/ok-1.js']);
  });
});
