// The public tabs: Overview (most popular peptides, effectiveness ratings) and Top Peptides.
// Plain HTML bars here: no chart library is needed, so visitors never download one.
import type { Analytics } from '@contract/analytics';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/lib/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { outcomeLabel } from '@contract/vocabulary';
import { formatCount, formatDecimal, formatRating } from '@/lib/format';
import { meanOf } from './format';

const NO_TOP = 'No top peptides data available';

function RatingBar({ label, value, n }: { label: string; value: number; n: number }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums text-muted-foreground">
          <span className="font-medium text-foreground">{formatRating(value)}</span> (n = {formatCount(n)})
        </span>
      </div>
      <Progress value={Number(formatDecimal(value))} max={10} label={`${label}: ${formatDecimal(value)} out of 10, n = ${n}`} />
    </div>
  );
}

export function OverviewTab({ analytics }: { analytics: Analytics }) {
  const top = analytics.topPeptides;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle>Most Popular Peptides</CardTitle>
          <CardDescription>Ranked by number of shared experiences.</CardDescription>
        </CardHeader>
        <CardContent className="max-sm:p-4">
          {top.length === 0 ? (
            <p className="text-muted-foreground">{NO_TOP}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-border">
              {top.map((p, i) => (
                <li key={p._id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <span className="w-6 shrink-0 text-sm font-semibold tabular-nums text-muted-foreground">{i + 1}.</span>
                  <div className="min-w-0 flex-1">
                    <Link to={paths.peptide(p._id)} className="font-medium text-primary-strong hover:underline">
                      {p.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">{p.category}</p>
                  </div>
                  <div className="shrink-0 text-right text-sm tabular-nums">
                    <p className="font-medium">{formatRating(p.rating)}</p>
                    <p className="text-muted-foreground">
                      {formatCount(p.experiences)} {p.experiences === 1 ? 'experience' : 'experiences'}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle>Effectiveness Ratings</CardTitle>
          <CardDescription>Mean outcome ratings out of 10, with the number of experiences that rated each.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6 max-sm:p-4">
          {analytics.effectivenessData.length === 0 ? (
            <p className="text-muted-foreground">No effectiveness ratings yet. Share the first experience to start them.</p>
          ) : (
            analytics.effectivenessData.map((entry) => {
              const outcomes = Object.entries(entry.effectiveness);
              const mean = meanOf(outcomes.map(([, v]) => v));
              return (
                <section key={entry.peptideId} aria-label={entry.peptide} className="flex flex-col gap-3">
                  {mean === null ? (
                    <p className="text-sm">
                      <span className="font-medium">{entry.peptide}</span>: no outcome ratings yet
                    </p>
                  ) : (
                    <RatingBar label={entry.peptide} value={mean} n={entry.experiences} />
                  )}
                  {outcomes.length > 0 && (
                    <details className="text-sm">
                      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">By outcome</summary>
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {outcomes.map(([name, value]) => (
                          <RatingBar key={name} label={outcomeLabel(name)} value={value} n={entry.sampleSizes[name] ?? entry.experiences} />
                        ))}
                      </div>
                    </details>
                  )}
                </section>
              );
            })
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function TopPeptidesTab({ analytics }: { analytics: Analytics }) {
  const top = analytics.topPeptides;
  return (
    <Card>
      <CardHeader className="max-sm:px-4 max-sm:pt-4">
        <CardTitle>Top Peptides</CardTitle>
        <CardDescription>The most reported peptides with their average rating.</CardDescription>
      </CardHeader>
      <CardContent className="max-sm:p-4">
        {top.length === 0 ? (
          <p className="text-muted-foreground">{NO_TOP}</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {top.map((p, i) => (
              <li key={p._id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
                <div className="flex flex-col items-start gap-1.5">
                  <Link to={paths.peptide(p._id)} className="font-semibold text-primary-strong hover:underline">
                    <span className="tabular-nums">#{i + 1}</span> {p.name}
                  </Link>
                  <Badge variant="secondary">{p.category}</Badge>
                </div>
                <p className="text-sm tabular-nums">
                  Average rating <span className="font-semibold">{formatRating(p.rating)}</span>
                </p>
                <Progress value={Number(formatDecimal(p.rating))} max={10} label={`${p.name} average rating ${formatDecimal(p.rating)} out of 10`} />
                <p className="text-sm text-muted-foreground tabular-nums">
                  {formatCount(p.experiences)} {p.experiences === 1 ? 'experience' : 'experiences'}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
