// Home: title, tagline, the two calls to action, the safety notice, four stat cards from the
// public analytics, and the tabs Popular Peptides, Recent Experiences and Community Insights.
import Activity from 'lucide-react/icons/activity';
import CalendarDays from 'lucide-react/icons/calendar-days';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Star from 'lucide-react/icons/star';
import { Suspense, lazy, useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePublicAnalytics } from '@/api/analytics';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { PageHeading } from '@/components/page/PageHeading';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { STAT_GRID, StatCard } from '@/components/ui/stat-card';
import { PRODUCT_NAME, SAFETY_NOTICE_CLASSES, SAFETY_TEXT, TAGLINE } from '@/lib/brand';
import { cn } from '@/lib/cn';
import { SO_FAR, averageRatingStat, formatCount, formatGrowthSoFar } from '@/lib/format';
import { paths } from '@/lib/paths';

const HomeTabs = lazy(async () => ({ default: (await import('./HomeTabs')).HomeTabs }));

/** The tab bar's shape while its code arrives, so nothing below jumps. */
function TabsPlaceholder() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-4">
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-40" />
    </div>
  );
}

function StatCards() {
  const analytics = usePublicAnalytics();
  // The cards render in the background once the answer is in (as every list on Home does), so
  // the phone's main thread is never held for the whole section at once.
  const a = useDeferredValue(analytics.data);
  if (analytics.isError) {
    return (
      <LoadError
        title="Failed to load statistics"
        message={analytics.error.message}
        retrying={analytics.isFetching}
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  if (!a) {
    return (
      <div role="status" aria-label="Loading statistics" className={STAT_GRID}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[92px] sm:h-[106px]" />
        ))}
      </div>
    );
  }
  return (
    <div className={STAT_GRID}>
      <StatCard
        label="Total Experiences"
        icon={Activity}
        value={formatCount(a.totalExperiences)}
        detail={formatGrowthSoFar(a.experienceGrowth)}
      />
      <StatCard
        label="Peptides Tracked"
        icon={FlaskConical}
        value={formatCount(a.totalPeptides)}
        detail={`across ${a.categories} categories`}
      />
      <StatCard
        label="Avg Rating"
        icon={Star}
        {...averageRatingStat(a.averageRating, a.averageRatingInterval, a.totalExperiences)}
      />
      {/* What the community shared this month; members active is Explore's figure, beside the member tabs it counts for. */}
      <StatCard
        label="This Month"
        icon={CalendarDays}
        value={formatCount(a.experiencesThisMonth)}
        detail={`${a.experiencesThisMonth === 1 ? 'report shared' : 'reports shared'} ${SO_FAR}`}
      />
    </div>
  );
}

export function HomePage() {
  const analytics = usePublicAnalytics();
  const { toast } = useToast();
  useEffect(() => {
    if (analytics.isError) toast({ title: 'Error', description: analytics.error.message, variant: 'destructive' });
  }, [analytics.isError, analytics.error, toast]);

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col items-start gap-4">
        <PageHeading className="text-4xl">{PRODUCT_NAME}</PageHeading>
        <p className="max-w-2xl text-lg text-muted-foreground">{TAGLINE}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.submit} className={buttonClasses({ size: 'lg' })}>
            Share Experience
          </Link>
          <Link to={paths.explore} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Explore Data
          </Link>
        </div>
        {/* The safety notice's words and look; without its icon, which would double this page's first load of icons. */}
        <aside aria-label="Safety notice" className={cn(SAFETY_NOTICE_CLASSES, 'max-w-2xl')}>
          <p>{SAFETY_TEXT}</p>
        </aside>
      </section>

      <section aria-label="Community statistics">
        <StatCards />
      </section>

      {/* Below the fold: its code (Radix tabs and three lists) loads after the first paint. */}
      <Suspense fallback={<TabsPlaceholder />}>
        <HomeTabs />
      </Suspense>
    </div>
  );
}
