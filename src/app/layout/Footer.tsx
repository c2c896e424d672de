import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, SAFETY_TEXT } from '@/lib/brand';
import { FOOTER_ITEMS } from './nav-items';

/** Read once: a page left open over New Year keeps last year's notice, which is fine. */
const YEAR = new Date().getFullYear();
const noSubscription = () => () => undefined;

const linkClass =
  'rounded-sm text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

export function Footer() {
  // The pre-rendered pages carry the build's year; hydration starts from it and then shows this
  // year's, so a build from last December still hydrates without a mismatch.
  const year = useSyncExternalStore(
    noSubscription,
    () => YEAR,
    () => __BUILD_YEAR__,
  );
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto flex max-w-[1200px] flex-col gap-4 px-4 py-6 text-sm text-muted-foreground md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-2xl flex-col gap-1">
          <p>{SAFETY_TEXT}</p>
          <p>
            © {year} {PRODUCT_NAME}.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            {FOOTER_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
