// An address with no page: said plainly, with the address shown and the ways onward a visitor is
// most likely after, instead of a silent move to Home.
import { Link, useLocation } from 'react-router-dom';
import { PageHeading } from '@/components/page/PageHeading';
import { buttonClasses } from '@/components/ui';
import { paths } from '@/lib/paths';

const ONWARD = [
  { to: paths.home, label: 'Home' },
  { to: paths.community, label: 'Community experiences' },
  { to: paths.peptides, label: 'Peptide database' },
  { to: paths.submit, label: 'Share your experience' },
  { to: paths.privacy, label: 'Look up your report (Privacy page)' },
] as const;

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="grid max-w-2xl gap-4 py-8">
      <PageHeading>Page not found</PageHeading>
      <p className="text-muted-foreground">
        There is no page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm text-foreground [overflow-wrap:anywhere]">
          {pathname}
        </code>
        . The address may be mistyped, or the page may have moved.
      </p>
      <nav aria-label="Ways onward">
        <ul className="flex flex-wrap gap-2">
          {ONWARD.map(({ to, label }, i) => (
            <li key={to}>
              <Link to={to} className={buttonClasses({ variant: i === 0 ? 'primary' : 'outline' })}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
