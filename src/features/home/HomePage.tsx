// Home (spec section 2): title, tagline, the two calls to action, four stat cards from the
// public analytics, and the tabs Popular Peptides, Recent Experiences and Community Insights.
import Activity from 'lucide-react/icons/activity';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { coreOutcomeMeanOutOfFive, oneDecimal } from '@contract/rules';
import { usePublicAnalytics } from '@/api/analytics';
import { useHomeExperiences } from '@/api/experiences';
import { usePeptides } from '@/api/peptides';
import { useToast } from '@/app/toast/ToastProvider';
import { StoryText } from '@/components/experience/StoryText';
import { shortDate } from '@/components/experience/format';
import { PageHeading } from '@/components/page/PageHeading';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PRODUCT_NAME, TAGLINE } from '@/lib/brand';

const signed = (n: number) => `${n >= 0 ? '+' : ''}${oneDecimal(n)}%`;
const cardLink = 'block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Loading() {
  return (
    <div role="status" className="grid gap-3">
      <p className="text-sm text-muted-foreground">Loading...</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    </div>
  );
}

function InlineError({ message }: { message: string }) {
  return <p className="text-sm text-destructive">{message}</p>;
}

function StatCards() {
  const analytics = usePublicAnalytics();
  if (analytics.isPending) {
    return (
      <div role="status" aria-label="Loading statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[106px]" />
        ))}
      </div>
    );
  }
  if (analytics.isError) return <InlineError message={analytics.error.message} />;
  const a = analytics.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Experiences" icon={Activity} value={a.totalExperiences.toLocaleString('en-US')} detail={`${signed(a.experienceGrowth)} from last month`} />
      <StatCard label="Peptides Tracked" icon={FlaskConical} value={a.totalPeptides.toLocaleString('en-US')} detail={`across ${a.categories} categories`} />
      <StatCard label="Avg Rating" icon={Star} value={`${oneDecimal(a.averageRating)}/10`} detail="mean of all experience ratings" />
      <StatCard label="Active Users" icon={Users} value={(a.activeUsers || a.totalExperiences).toLocaleString('en-US')} detail="this month" />
    </div>
  );
}

function PopularPeptides() {
  const query = usePeptides({ sort: 'experiences', limit: 6 });
  if (query.isPending) return <Loading />;
  if (query.isError) return <InlineError message={query.error.message} />;
  if (query.data.peptides.length === 0) return <p className="text-muted-foreground">No peptides in the database yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.peptides.map((p) => (
        <li key={p._id}>
          <Link to={`/peptides/${p._id}`} className={cardLink}>
            <Card className="grid h-full gap-2 p-5 transition-colors duration-150 hover:border-primary">
              <h3 className="font-semibold">{p.name}</h3>
              <div>
                <Badge>{p.category}</Badge>
              </div>
              <p className="flex justify-between text-sm text-muted-foreground tabular-nums">
                <span>{p.totalExperiences.toLocaleString('en-US')} experiences</span>
                <span>{oneDecimal(p.averageRating)}/10</span>
              </p>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RecentExperiences() {
  const query = useHomeExperiences();
  if (query.isPending) return <Loading />;
  if (query.isError) return <InlineError message={query.error.message} />;
  if (query.data.length === 0) {
    return (
      <p className="text-muted-foreground">
        No experiences yet. <Link to="/submit" className="text-primary-strong underline">Share the first experience</Link>.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 lg:grid-cols-3">
      {query.data.slice(0, 3).map((e) => {
        const mean = coreOutcomeMeanOutOfFive(e.outcomes);
        return (
          <li key={e._id}>
            <Link to={`/experiences/${e._id}`} className={cardLink}>
              <Card className="grid h-full gap-2 p-5 transition-colors duration-150 hover:border-primary">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{e.peptideName}</h3>
                  <Badge variant="outline">{e.dosage}</Badge>
                </div>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={e.createdAt}>{shortDate(e.createdAt)}</time>
                  {e.demo ? ' · Demo data' : ''}
                </p>
                <StoryText story={e.story} className="line-clamp-2 text-sm" />
                <p className="text-sm font-medium tabular-nums">{mean === null ? 'Not rated' : `${mean.toFixed(1)}/5`}</p>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function CommunityInsights() {
  const analytics = usePublicAnalytics();
  if (analytics.isPending) return <Loading />;
  if (analytics.isError) return <InlineError message={analytics.error.message} />;
  const trending = analytics.data.trendingCategories;
  if (trending.length === 0) return <p className="text-muted-foreground">Not enough reports this month to show trends yet.</p>;
  return (
    <Card className="p-5">
      <h3 className="mb-3 font-semibold">Trending categories</h3>
      <ul className="grid gap-2">
        {trending.map((c) => (
          <li key={c.name} className="flex items-center justify-between gap-3 text-sm">
            <span>{c.name}</span>
            <Badge variant={c.growth >= 0 ? 'success' : 'secondary'}>{signed(c.growth)}</Badge>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">Growth of each category's reports this month against last month.</p>
    </Card>
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
          <Link to="/submit" className={buttonClasses({ size: 'lg' })}>
            Share Experience
          </Link>
          <Link to="/explore" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Explore Data
          </Link>
        </div>
      </section>

      <section aria-label="Community statistics">
        <StatCards />
      </section>

      <Tabs defaultValue="popular">
        <TabsList aria-label="Home sections">
          <TabsTrigger value="popular">Popular Peptides</TabsTrigger>
          <TabsTrigger value="recent">Recent Experiences</TabsTrigger>
          <TabsTrigger value="insights">Community Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="popular">
          <PopularPeptides />
        </TabsContent>
        <TabsContent value="recent">
          <RecentExperiences />
        </TabsContent>
        <TabsContent value="insights">
          <CommunityInsights />
        </TabsContent>
      </Tabs>
    </div>
  );
}
