// The comparison itself: mean outcome ratings of the chosen peptides as bars, and the same numbers as a table.
import type { ChartConfiguration } from 'chart.js';
import type { ComparedPeptide, OutcomeDifference } from '@contract/analytics';
import { useCallback, useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChartCanvas, type ThemeColors } from '../charts/ChartCanvas';
import { outcomeLabel } from '@contract/vocabulary';
import { MIN_RATINGS_FOR_MEAN } from '@contract/rules';
import { PeptideRating } from '@/components/peptide/PeptideRating';
import { formatCount, formatMean } from '@/lib/format';
import { DataTable, axisTitle } from './chart-parts';
import { OutcomeDifferences } from './OutcomeDifferences';

const STANDARD_OUTCOMES = ['energy', 'sleep', 'mood', 'performance', 'recovery'];

/** The outcomes any compared peptide has, the five standard ones first. */
function outcomeNames(peptides: ComparedPeptide[]): string[] {
  const all = new Set(peptides.flatMap((p) => p.outcomeMeans.map((o) => o.name)));
  const rest = [...all].filter((n) => !STANDARD_OUTCOMES.includes(n)).sort();
  return [...STANDARD_OUTCOMES.filter((n) => all.has(n)), ...rest];
}

/** Splits a long axis label into lines (chart.js draws an array as several lines), so it is not cut off on phones. */
function wrapLabel(text: string, width = 14): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const outcomeOf = (p: ComparedPeptide, name: string) => p.outcomeMeans.find((o) => o.name === name);

export function Comparison({
  peptides,
  differences,
}: {
  peptides: ComparedPeptide[];
  differences: OutcomeDifference[];
}) {
  const outcomes = useMemo(() => outcomeNames(peptides), [peptides]);
  const build = useCallback(
    (colors: ThemeColors): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: outcomes.map((name) => wrapLabel(outcomeLabel(name))),
        datasets: peptides.map((p, i) => ({
          label: p.name,
          // Means of fewer than MIN_RATINGS_FOR_MEAN ratings are not drawn; the table says how few.
          data: outcomes.map((name) => {
            const o = outcomeOf(p, name);
            return o && o.n >= MIN_RATINGS_FOR_MEAN ? o.mean : null;
          }),
          backgroundColor: colors.series[i % colors.series.length],
        })),
      },
      options: {
        // Horizontal bars: outcome names stay readable on a phone instead of rotating.
        indexAxis: 'y',
        plugins: { legend: { position: 'bottom', labels: { color: colors.foreground, boxWidth: 12 } } },
        scales: {
          y: { grid: { display: false }, ticks: { color: colors.foreground } },
          x: { min: 0, max: 10, title: axisTitle('Mean rating (out of 10)', colors), grid: { color: colors.border } },
        },
      },
    }),
    [peptides, outcomes],
  );

  const summary =
    `Bar chart of mean outcome ratings out of 10 for ${peptides.map((p) => p.name).join(', ')}. ` +
    peptides
      .map((p) => `${p.name}: average rating ${formatMean(p.averageRating, p.ratingInterval, p.totalExperiences)}`)
      .join('; ') +
    '.';

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle as="h3">Outcome means</CardTitle>
          <CardDescription>
            Mean rating of each outcome out of 10, the range its true mean likely lies in (95%), and n, the number of
            experiences that rated it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 max-sm:p-4">
          {outcomes.length === 0 ? (
            <p className="text-muted-foreground">No outcome ratings have been shared for these peptides yet.</p>
          ) : (
            <ChartCanvas
              label={summary}
              build={build}
              height={Math.max(240, outcomes.length * (peptides.length * 14 + 16) + 90)}
            />
          )}
          <DataTable
            caption="Peptide comparison"
            head={['', ...peptides.map((p) => p.name)]}
            rows={[
              { key: 'category', cells: ['Category', ...peptides.map((p) => p.category)] },
              {
                key: 'rating',
                cells: [
                  'Average rating',
                  ...peptides.map((p) => (
                    <PeptideRating
                      key={p._id}
                      peptideId={p._id}
                      rating={p.averageRating}
                      interval={p.ratingInterval}
                      n={p.totalExperiences}
                      label=""
                    />
                  )),
                ],
              },
              { key: 'experiences', cells: ['Experiences', ...peptides.map((p) => formatCount(p.totalExperiences))] },
              { key: 'popularity', cells: ['Popularity', ...peptides.map((p) => `${Math.round(p.popularity)}%`)] },
              ...outcomes.map((name) => ({
                key: `outcome-${name}`,
                cells: [
                  outcomeLabel(name),
                  ...peptides.map((p) => {
                    const o = outcomeOf(p, name);
                    return o ? formatMean(o.mean, o.interval, o.n) : '—';
                  }),
                ],
              })),
            ]}
          />
          <OutcomeDifferences outcomes={outcomes} peptides={peptides} differences={differences} />
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {peptides.map((p) => (
          <Card key={p._id}>
            <CardHeader className="max-sm:px-4 max-sm:pt-4">
              <CardTitle as="h3" className="text-lg">
                {p.name}
              </CardTitle>
              <CardDescription>{p.category}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-sm max-sm:p-4">
              <div>
                <h4 className="mb-1 font-medium">Common effects</h4>
                {p.commonEffects.length ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {p.commonEffects.map((e) => (
                      <li key={e}>
                        <Badge variant="secondary">{e}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground">None listed</p>
                )}
              </div>
              <div>
                <h4 className="mb-1 font-medium">Most reported effects</h4>
                {p.reportedEffects.length ? (
                  <ul className="flex flex-col gap-0.5">
                    {p.reportedEffects.slice(0, 5).map((e) => (
                      <li key={e.name} className="flex justify-between gap-2">
                        <span>{e.name}</span>
                        <span className="tabular-nums text-muted-foreground">
                          {formatCount(e.count)} {e.count === 1 ? 'report' : 'reports'}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground">No effects reported yet</p>
                )}
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
