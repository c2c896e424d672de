import FlaskConical from 'lucide-react/icons/flask-conical';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/lib/brand';
import { useAuth } from '@/app/session/AuthProvider';
import { AccountArea } from './AccountArea';
import { NavLinks } from './NavLinks';
import { ThemeToggle } from './ThemeToggle';
import { navItemsFor } from './nav-items';
import { paths } from '@/lib/paths';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The header (docs/design.md, "Space and layout"). From 768 px: name, theme and account on one row,
 * navigation under it (eight links and an email do not fit one row). Below 768 px: a menu button
 * opens a panel (a disclosure: no focus trap needed, Escape closes it) holding navigation, theme
 * and account.
 */
export function Header() {
  const { user } = useAuth();
  const items = navItemsFor(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex h-14 max-w-[1200px] items-center gap-3 px-4">
        <Link
          to={paths.home}
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <FlaskConical className="size-5 text-primary" aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>
        <div className="ml-auto hidden items-center gap-3 md:flex">
          <ThemeToggle />
          <AccountArea />
        </div>
        <button
          ref={menuButton}
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring md:hidden"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          <span className="sr-only">Menu</span>
        </button>
      </div>

      {menuOpen && (
        <div id={MOBILE_MENU_ID} className="border-t border-border px-4 pb-4 pt-2 md:hidden">
          <nav aria-label="Main">
            <NavLinks items={items} vertical onNavigate={close} />
          </nav>
          <div className="mt-3 flex flex-col gap-3 border-t border-border pt-3">
            <ThemeToggle className="self-start" />
            <AccountArea onNavigate={close} />
          </div>
        </div>
      )}

      {/* After the panel, so the menu button's next Tab stop is the panel's first link. */}
      <nav aria-label="Main" className="hidden border-t border-border md:block">
        <div className="mx-auto max-w-[1200px] overflow-x-auto px-4 py-1.5">
          <NavLinks items={items} />
        </div>
      </nav>
    </header>
  );
}
