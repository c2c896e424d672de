// Home (spec section 2). The stat cards and tabs arrive with the browse screens; for now the
// title, tagline, the two calls to action and whether the API answers.
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page/PageHeading';
import { buttonClasses } from '@/components/ui/button';
import { PRODUCT_NAME, TAGLINE } from '@/lib/brand';
import { ApiStatus } from './ApiStatus';

export function HomePage() {
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col items-start gap-4">
        <PageHeading className="text-4xl">{PRODUCT_NAME}</PageHeading>
        <p className="max-w-2xl text-lg text-muted-foreground">{TAGLINE}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/submit" className={buttonClasses({ size: 'lg' })}>
            Share Experience
          </Link>
          <Link to="/explore" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Explore Data
          </Link>
        </div>
      </section>
      <ApiStatus />
    </div>
  );
}
