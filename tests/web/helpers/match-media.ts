import { vi } from 'vitest';

/** A controllable `prefers-color-scheme` (jsdom has no matchMedia). */
export function mockColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      media,
      get matches() {
        return media.includes('dark') ? dark : false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  return {
    setDark(value: boolean) {
      dark = value;
      for (const listener of listeners)
        listener({ matches: value, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
  };
}
