// Data Explorer (docs/product-rules.md, "Pages and navigation", "Figures"): public figures for
// everyone; usage trends, growth trends and the comparison for signed-in members only.
import { QueryErrorResetBoundary, useQuery } from '@tanstack/react-query';
import { Activity, FlaskConical, Star, Users } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { publicAnalyticsQueryOptions } from '@/api/analytics';
import { useAuth } from '@/app/session/AuthProvider';
import { PageHeading } from '@/components/page/PageHeading';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { STAT_GRID, StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ExploreErrorBoundary } from './ExploreErrorBoundary';
import { MemberGate } from './MemberGate';
import { OverviewTab, TOP_RATED_LABEL, TopPeptidesTab } from './OverviewTab';
import { TABS, type ExploreTab, type Period, useExploreParams } from './explore-params';
import { SO_FAR, averageRatingStat, formatCount, formatGrowthSoFar } from '@/lib/format';

// The member tabs carry chart.js: loaded only when a signed-in member opens one of them.
const UsageTrends = lazy(async () => ({ default: (await import('./tabs')).UsageTrends }));
const GrowthTrends = lazy(async () => ({ default: (await import('./tabs')).GrowthTrends }));
const ComparePeptides = lazy(async () => ({ default: (await import('./tabs')).ComparePeptides }));

const TAB_LABELS: Record<ExploreTab, string> = {
  overview: 'Overview',
  top: TOP_RATED_LABEL,
  usage: 'Usage Trends',
  growth: 'Growth Trends',
  compare: 'Compare',
};

const GATE_TEXT: Record<'usage' | 'growth' | 'compare', string> = {
  usage: 'Please log in to view usage trends: experiences per period by peptide and by category.',
  growth: 'Please log in to view growth trends: how the number of experiences changes from period to period.',
  compare: 'Please log in to use the compare tool, which compares up to 3 peptides side by side.',
};

export function ExplorePage() {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ExploreErrorBoundary onReset={reset}>
          <Explorer />
        </ExploreErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** The tabs the Period choice changes: the two trend charts. */
const PERIOD_TABS: readonly ExploreTab[] = ['usage', 'growth'];

function Explorer() {
  // A failed load goes to the boundary ("Something went wrong" plus the message).
  const analytics = useQuery({ ...publicAnalyticsQueryOptions(), throwOnError: true });
  const [params, update] = useExploreParams();
  const { status } = useAuth();

  if (!analytics.data) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading data explorer" />
      </div>
    );
  }
  const a = analytics.data;

  const memberTab = (tab: 'usage' | 'growth' | 'compare') => {
    if (status === 'checking') return <Spinner label="Checking your session" className="py-12" />;
    if (status !== 'signed-in') return <MemberGate description={GATE_TEXT[tab]} />;
    return (
      <Suspense fallback={<Spinner label="Loading charts" className="w-full py-12" />}>
        {tab === 'usage' && (
          <UsageTrends period={params.period} groupBy={params.groupBy} onGroupBy={(groupBy) => update({ groupBy })} />
        )}
        {tab === 'growth' && <GrowthTrends period={params.period} />}
        {tab === 'compare' && <ComparePeptides selected={params.compare} onChange={(compare) => update({ compare })} />}
      </Suspense>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <PageHeading>Data Explorer</PageHeading>
          <p className="max-w-2xl text-muted-foreground">
            Aggregated community data: the most popular peptides, ratings, effectiveness and trends.
          </p>
        </div>
        {/* Only where it changes what is shown: the two trend tabs. */}
        {PERIOD_TABS.includes(params.tab) && status === 'signed-in' && (
          <div className="flex flex-col gap-2 sm:w-48">
            <Label htmlFor="explore-period">Period</Label>
            <Select
              id="explore-period"
              value={params.period}
              onChange={(event) => update({ period: event.target.value as Period })}
            >
              <option value="monthly">Monthly</option>
              <option value="weekly">Weekly</option>
            </Select>
          </div>
        )}
      </div>

      <section aria-labelledby="explore-summary" className={STAT_GRID}>
        {/* Keeps the heading order (h1, h2, then the cards' h3) for screen-reader navigation. */}
        <h2 id="explore-summary" className="sr-only">
          Summary
        </h2>
        <StatCard
          label="Total Experiences"
          value={formatCount(a.totalExperiences)}
          detail={formatGrowthSoFar(a.experienceGrowth)}
          icon={Activity}
        />
        <StatCard
          label="Peptides Tracked"
          value={formatCount(a.totalPeptides)}
          detail={`across ${a.categories} ${a.categories === 1 ? 'category' : 'categories'}`}
          icon={FlaskConical}
        />
        <StatCard
          label="Avg Rating"
          {...averageRatingStat(a.averageRating, a.averageRatingInterval, a.totalExperiences)}
          icon={Star}
        />
        <StatCard
          label="Active Users"
          value={formatCount(a.activeUsers)}
          detail={`this month ${SO_FAR}`}
          icon={Users}
        />
      </section>

      <Tabs value={params.tab} onValueChange={(tab) => update({ tab: tab as ExploreTab })}>
        <TabsList aria-label="Data Explorer views">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab analytics={a} />
        </TabsContent>
        <TabsContent value="top">
          <TopPeptidesTab analytics={a} />
        </TabsContent>
        <TabsContent value="usage">{memberTab('usage')}</TabsContent>
        <TabsContent value="growth">{memberTab('growth')}</TabsContent>
        <TabsContent value="compare">{memberTab('compare')}</TabsContent>
      </Tabs>
    </div>
  );
}
