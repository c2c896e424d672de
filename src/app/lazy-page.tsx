import { type ComponentType, lazy, useState } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * React.lazy for a page's named export, plus `preload()`. A page whose code has already loaded
 * renders in the same pass instead of suspending for a tick, so the first render after a
 * preload is the page itself, never the loading skeleton (src/app/boot.tsx).
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        loading = undefined; // a failed chunk may load on the next visit
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
