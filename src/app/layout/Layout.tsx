import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { SessionEndedNotice } from '@/app/session/SessionEndedNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { focusNewPage } from './page-focus';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageSkeleton } from './PageSkeleton';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// Loaded just after the first paint, out of the first load: it has nothing to say until a fetch fails.
const StaleDataNotice = lazy(async () => ({ default: (await import('./StaleDataNotice')).StaleDataNotice }));

export function Layout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(pathname);
  const main = useRef<HTMLElement>(null);

  // On route change (not the first render), focus moves into the new page (page-focus.ts).
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (navigationType !== 'POP') document.scrollingElement?.scrollTo?.(0, 0);
    return main.current ? focusNewPage(main.current) : undefined;
  }, [pathname, navigationType]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content arriving after the
          first paint never pushes it across the screen (layout shift). */}
      <main
        ref={main}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-[1200px] flex-1 px-4 py-8 outline-none"
      >
        <SessionEndedNotice />
        <Suspense fallback={null}>
          <StaleDataNotice />
        </Suspense>
        {/* Keyed by path: a new page starts without the previous page's error or fallback state. */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
