// The public tabs: Overview (most popular peptides, effectiveness ratings) and Top Rated (the
// same peptides ranked by rating).
// Plain HTML bars here: no chart library is needed, so visitors never download one.
import type { Analytics } from '@contract/analytics';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/lib/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { MIN_RATINGS_FOR_MEAN, RATING_SCALE } from '@contract/rules';
import { outcomeLabel } from '@contract/vocabulary';
import { PeptideRating } from '@/components/peptide/PeptideRating';
import { RANKED_BY_LOWER_END, formatCount, formatDecimal, formatMean, type LikelyRange } from '@/lib/format';

const NO_TOP = 'No top peptides data available';

/**
 * A mean out of 10 as a bar with its likely range and n; a mean of fewer than
 * MIN_RATINGS_FOR_MEAN ratings (null from the API) has no bar, only how few. `peptideId`: the bar
 * is that peptide's rating (PeptideRating).
 */
function RatingBar({
  label,
  value,
  interval,
  n,
  peptideId,
}: {
  label: string;
  value: number | null;
  interval: LikelyRange;
  n: number;
  peptideId?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        {peptideId ? (
          <PeptideRating
            peptideId={peptideId}
            rating={value}
            interval={interval}
            n={n}
            label=""
            className="text-muted-foreground"
          />
        ) : (
          <span className="tabular-nums text-muted-foreground">{formatMean(value, interval, n)}</span>
        )}
      </div>
      {value !== null && n >= MIN_RATINGS_FOR_MEAN && (
        <Progress
          value={Number(formatDecimal(value))}
          max={RATING_SCALE}
          label={`${label}: ${formatDecimal(value)} out of ${RATING_SCALE}, n = ${n}`}
        />
      )}
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
                  <span className="w-6 shrink-0 text-sm font-semibold tabular-nums text-muted-foreground">
                    {i + 1}.
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link to={paths.peptide(p._id)} className="font-medium text-primary-strong hover:underline">
                      {p.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">{p.category}</p>
                  </div>
                  <div className="shrink-0 text-right text-sm tabular-nums">
                    <p className="font-medium">
                      <PeptideRating
                        peptideId={p._id}
                        rating={p.rating}
                        interval={p.ratingInterval}
                        n={p.experiences}
                        label=""
                        showN={false}
                      />
                    </p>
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
          <CardDescription>
            Each peptide's rating out of 10 (the mean of its reports' overall ratings), then each outcome's mean, each
            with the range its true mean likely lies in (95%) and the number of experiences behind it; with fewer than{' '}
            {MIN_RATINGS_FOR_MEAN}, too few to say.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6 max-sm:p-4">
          {analytics.effectivenessData.length === 0 ? (
            <p className="text-muted-foreground">
              No effectiveness ratings yet. Share the first experience to start them.
            </p>
          ) : (
            analytics.effectivenessData.map((entry) => {
              const outcomes = Object.entries(entry.effectiveness);
              return (
                <section key={entry.peptideId} aria-label={entry.peptide} className="flex flex-col gap-3">
                  {/* The same figure as the list beside it: one rating per peptide on this page. */}
                  <RatingBar
                    label={entry.peptide}
                    value={entry.rating}
                    interval={entry.ratingInterval}
                    n={entry.experiences}
                    peptideId={entry.peptideId}
                  />
                  {outcomes.length > 0 && (
                    <details className="text-sm">
                      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                        By outcome
                      </summary>
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {outcomes.map(([name, value]) => (
                          <RatingBar
                            key={name}
                            label={outcomeLabel(name)}
                            value={value}
                            interval={entry.intervals[name] ?? null}
                            n={entry.sampleSizes[name] ?? entry.experiences}
                          />
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

/** What the Top Rated tab and its heading are called: what it ranks by, beside Overview's ranking by reports. */
export const TOP_RATED_LABEL = 'Top Rated';

/**
 * The most reported peptides by rating (docs/product-rules.md, "How sure"): the lower end of the
 * likely range first, so a high mean from few reports does not lead; one without a mean last,
 * then by reports (the order they came in).
 */
function byRating(top: Analytics['topPeptides']): Analytics['topPeptides'] {
  const score = (p: Analytics['topPeptides'][number]) => p.ratingInterval?.low ?? Number.NEGATIVE_INFINITY;
  return [...top].sort((a, b) => score(b) - score(a));
}

export function TopPeptidesTab({ analytics }: { analytics: Analytics }) {
  const top = byRating(analytics.topPeptides);
  return (
    <Card>
      <CardHeader className="max-sm:px-4 max-sm:pt-4">
        <CardTitle>{TOP_RATED_LABEL}</CardTitle>
        <CardDescription>
          The {top.length} most reported peptides by their rating out of 10, best first. {RANKED_BY_LOWER_END}
        </CardDescription>
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
                <p className="text-sm">
                  <PeptideRating
                    peptideId={p._id}
                    rating={p.rating}
                    interval={p.ratingInterval}
                    n={p.experiences}
                    label="Average rating"
                    showN={false}
                    className="font-semibold"
                  />
                </p>
                {p.rating !== null && p.experiences >= MIN_RATINGS_FOR_MEAN && (
                  <Progress
                    value={Number(formatDecimal(p.rating))}
                    max={RATING_SCALE}
                    label={`${p.name} average rating ${formatDecimal(p.rating)} out of ${RATING_SCALE}`}
                  />
                )}
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
