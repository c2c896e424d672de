// Home's tabs: Popular Peptides (default), Recent Experiences, Community Insights.
// Each list renders its answer in the background (useDeferredValue), a slice at a time.
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { usePublicAnalytics } from '@/api/analytics';
import { useHomeExperiences } from '@/api/experiences';
import { usePeptides } from '@/api/peptides';
import { StoryText } from '@/components/experience/StoryText';
import { LoadError } from '@/components/page/LoadError';
import { shortDate } from '@/components/experience/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SO_FAR, formatCount, formatGrowth, formatGrowthSoFar, formatReportRating } from '@/lib/format';
import { PeptideRating } from '@/components/peptide/PeptideRating';
import { Loading, cardLink } from './home-ui';
import { paths } from '@/lib/paths';

/** What the Popular Peptides tab lists (also what the server renders Home with: src/prerender.tsx). */
export const POPULAR_PEPTIDES_QUERY = { sort: 'experiences', limit: 6 } as const;

function PopularPeptides() {
  const query = usePeptides(POPULAR_PEPTIDES_QUERY);
  const data = useDeferredValue(query.data);
  if (query.isError)
    return (
      <LoadError
        title="Failed to load peptides"
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (!data) return <Loading />;
  if (data.peptides.length === 0) return <p className="text-muted-foreground">No peptides in the database yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {data.peptides.map((p) => (
        <li key={p._id}>
          <Link to={paths.peptide(p._id)} className={cardLink}>
            <Card className="grid h-full gap-2 p-5 transition-colors duration-150 hover:border-primary">
              <h2 className="font-semibold">{p.name}</h2>
              <div>
                <Badge>{p.category}</Badge>
              </div>
              <p className="flex justify-between text-sm text-muted-foreground tabular-nums">
                <span>{formatCount(p.totalExperiences)} experiences</span>
                <PeptideRating
                  peptideId={p._id}
                  rating={p.averageRating}
                  interval={p.ratingInterval}
                  n={p.totalExperiences}
                  showN={false}
                />
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
  const experiences = useDeferredValue(query.data);
  if (query.isError)
    return (
      <LoadError
        title="Failed to load experiences"
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (!experiences) return <Loading />;
  if (experiences.length === 0) {
    return (
      <p className="text-muted-foreground">
        No experiences yet.{' '}
        <Link to={paths.submit} className="text-primary-strong underline">
          Share the first experience
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="grid gap-4 lg:grid-cols-3">
      {experiences.slice(0, 3).map((e) => (
        <li key={e._id}>
          <Link to={paths.experience(e._id)} className={cardLink}>
            <Card className="grid h-full gap-2 p-5 transition-colors duration-150 hover:border-primary">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">{e.peptideName}</h2>
                <Badge variant="outline">{e.dosage}</Badge>
              </div>
              <p className="text-xs text-muted-foreground">
                <time dateTime={e.createdAt}>{shortDate(e.createdAt)}</time>
                {e.demo ? ' · Demo data' : ''}
              </p>
              <StoryText story={e.story} className="line-clamp-2 text-sm" />
              <p className="text-sm font-medium tabular-nums">{formatReportRating(e.outcomes)}</p>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CommunityInsights() {
  const analytics = usePublicAnalytics();
  const data = useDeferredValue(analytics.data);
  if (analytics.isError) {
    return (
      <LoadError
        title="Failed to load community insights"
        message={analytics.error.message}
        retrying={analytics.isFetching}
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  if (!data) return <Loading />;
  const trending = data.trendingCategories;
  if (trending.length === 0)
    return <p className="text-muted-foreground">Not enough reports this month to show trends yet.</p>;
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-semibold">Trending categories this month {SO_FAR}</h2>
      <ul className="grid gap-2">
        {trending.map((c) => (
          <li key={c.name} className="flex items-center justify-between gap-3 text-sm">
            <span>{c.name}</span>
            {c.growth === null ? (
              <span className="text-right text-xs text-muted-foreground">{formatGrowthSoFar(null)}</span>
            ) : (
              <Badge variant={c.growth >= 0 ? 'success' : 'secondary'}>{formatGrowth(c.growth)}</Badge>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">
        Growth of each category's reports this month so far against the same days of last month.
      </p>
    </Card>
  );
}

export function HomeTabs() {
  return (
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
  );
}
