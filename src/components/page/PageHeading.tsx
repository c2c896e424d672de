import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/cn';

/** The browser tab's title for a page headed `heading`, e.g. "Community Experiences · Peptide Community". */
export function pageTitle(heading: string): string {
  return heading === PRODUCT_NAME ? PRODUCT_NAME : `${heading} · ${PRODUCT_NAME}`;
}

/**
 * The page's h1. After a route change, focus lands here so screen readers announce the page
 * (src/app/layout/page-focus.ts).
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  // The tab title names the page too (WCAG 2.4.2).
  useEffect(() => {
    if (typeof children === 'string') document.title = pageTitle(children);
  }, [children]);

  return (
    <h1 tabIndex={-1} className={cn('text-3xl font-bold tracking-tight focus:outline-none', className)}>
      {children}
    </h1>
  );
}
