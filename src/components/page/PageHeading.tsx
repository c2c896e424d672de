import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/cn';
import { RouteFocusContext } from './route-focus';

/** The browser tab's title for a page headed `heading`, e.g. "Community Experiences · Peptide Community". */
export function pageTitle(heading: string): string {
  return heading === PRODUCT_NAME ? PRODUCT_NAME : `${heading} · ${PRODUCT_NAME}`;
}

/** The page's h1. After a route change, focus lands here so screen readers announce the page. */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const routeFocus = useContext(RouteFocusContext);

  useEffect(() => {
    if (routeFocus?.takePending()) ref.current?.focus();
  }, [routeFocus]);

  // The tab title names the page too (WCAG 2.4.2).
  useEffect(() => {
    if (typeof children === 'string') document.title = pageTitle(children);
  }, [children]);

  return (
    <h1 ref={ref} tabIndex={-1} className={cn('text-3xl font-bold tracking-tight focus:outline-none', className)}>
      {children}
    </h1>
  );
}
