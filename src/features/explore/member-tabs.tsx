// The member tabs of the Data Explorer (decisions.md "Data that is real"): usage trends, growth
// trends and the comparison of up to 3 peptides. Loaded on demand with chart.js, members only.
import type { ChartConfiguration } from 'chart.js';
import type { ComparedPeptide, Trends } from '@contract/analytics';
import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useCompare, useTrends } from '@/api/analytics';
import { errorMessage } from '@/api/errors';
import { usePeptides } from '@/api/peptides';
import { LoadError } from '@/components/page/LoadError';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ChartCanvas, type ThemeColors } from './charts/ChartCanvas';
import { OTHER_KEY, foldSeries } from './charts/fold-series';
import { OTHER_DASH, PHONE_SERIES } from './charts/palette';
import { usePhoneScreen } from './charts/use-phone-screen';
import { MAX_COMPARE, type GroupBy, type Period } from './explore-params';
import { outcomeLabel } from '@contract/vocabulary';
import { formatCount, formatGrowth, formatRating } from '@/lib/format';
import { periodLabel } from './format';

const UNIT: Record<Period, { one: string; many: string }> = {
  monthly: { one: 'month', many: 'months' },
  weekly: { one: 'week', many: 'weeks' },
};

function ChartSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status" aria-label="Loading chart">
        Loading chart
      </span>
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-6 w-1/2" />
    </div>
  );
}

/** The table beside a chart: the same numbers as text. It scrolls inside its own box on phones. */
function DataTable({ caption, head, rows }: { caption: string; head: ReactNode[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="max-w-full overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {head.map((cell, i) => (
              <th key={i} scope="col" className={cn('whitespace-nowrap px-3 py-2 text-left font-medium', i === 0 && 'sticky left-0 bg-muted')}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-border">
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="sticky left-0 whitespace-nowrap bg-card px-3 py-2 text-left font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="whitespace-nowrap px-3 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const axisTitle = (text: string, colors: ThemeColors, display = true) => ({ display, text, color: colors.muted });

// ---------------------------------------------------------------------------------------------
// Usage Trends

export function UsageTrends({ period, groupBy, onGroupBy }: { period: Period; groupBy: GroupBy; onGroupBy: (g: GroupBy) => void }) {
  const trends = useTrends({ period, groupBy });
  const unit = UNIT[period];
  return (
    <Card>
      <CardHeader className="max-sm:px-4 max-sm:pt-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Usage Trends</CardTitle>
          <CardDescription>
            Experiences shared per {unit.one} over the last 12 {unit.many}, by {groupBy}.
          </CardDescription>
        </div>
        <div role="group" aria-label="Group by" className="inline-flex shrink-0 self-start rounded-lg bg-muted p-1">
          {(['peptide', 'category'] as const).map((g) => (
            <Button
              key={g}
              size="sm"
              variant={groupBy === g ? 'primary' : 'ghost'}
              aria-pressed={groupBy === g}
              onClick={() => onGroupBy(g)}
            >
              By {g}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="max-sm:p-4">
        {trends.isPending ? (
          <ChartSkeleton />
        ) : trends.isError ? (
          <LoadError title="Failed to load the data" message={errorMessage(trends.error, 'Please try again.')} retrying={trends.isFetching} onRetry={() => void trends.refetch()} />
        ) : (
          <UsageChart trends={trends.data} period={period} />
        )}
      </CardContent>
    </Card>
  );
}

function UsageChart({ trends, period }: { trends: Trends; period: Period }) {
  const unit = UNIT[period];
  const labels = trends.buckets.map((b) => periodLabel(b, period));
  const total = trends.totals.reduce((a, b) => a + b, 0);
  // On a phone the most reported few and "Other": more lines are unreadable there. The table
  // below keeps every series.
  const phone = usePhoneScreen();
  const drawn = useMemo(() => (phone ? foldSeries(trends.series, PHONE_SERIES) : trends.series), [phone, trends.series]);
  const folded = drawn.length < trends.series.length;
  const build = useCallback(
    (colors: ThemeColors, narrow: boolean): ChartConfiguration<'line'> => ({
      type: 'line',
      data: {
        labels: trends.buckets.map((b) => periodLabel(b, period)),
        datasets: drawn.map((s, i) => {
          const other = s.key === OTHER_KEY;
          const colour = other ? colors.other : colors.series[i % colors.series.length]!;
          // Monotone curves never overshoot between points, so a count never dips below zero.
          return {
            label: s.name,
            data: s.counts,
            borderColor: colour,
            backgroundColor: colour,
            borderDash: other ? OTHER_DASH : undefined,
            cubicInterpolationMode: 'monotone',
            pointRadius: 3,
          };
        }),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { color: colors.foreground, boxWidth: 12 } } },
        scales: {
          x: { title: axisTitle(unit.one === 'month' ? 'Month' : 'Week starting', colors, !narrow), grid: { color: colors.border } },
          y: { beginAtZero: true, ticks: { precision: 0 }, title: axisTitle('Experiences', colors), grid: { color: colors.border } },
        },
      },
    }),
    [trends, period, unit, drawn],
  );

  if (total === 0) {
    return <p className="py-6 text-muted-foreground">No experiences were shared in the last 12 {unit.many}. Share the first one to start the trend.</p>;
  }
  const leader = trends.series[0];
  const by = trends.groupBy === 'peptide' ? 'peptide' : 'category';
  const summary =
    `Line chart of experiences per ${unit.one} by ${by} over the last 12 ${unit.many}: ${formatCount(total)} in total` +
    (leader ? `; the most reported ${by} is ${leader.name} with ${formatCount(leader.counts.reduce((a, b) => a + b, 0))}.` : '.') +
    ` Lines: ${drawn.map((s) => s.name).join(', ')}.`;
  return (
    <div className="flex flex-col gap-4">
      <ChartCanvas label={summary} build={build} />
      {folded && (
        <p className="text-sm text-muted-foreground">
          The chart shows the {PHONE_SERIES} most reported {by === 'peptide' ? 'peptides' : 'categories'} and sums the rest as Other; the table lists every one.
        </p>
      )}
      <DataTable
        caption={`Experiences per ${unit.one} by ${by}`}
        // Total first: on a narrow screen it is the column seen without scrolling.
        head={[by === 'peptide' ? 'Peptide' : 'Category', 'Total', ...labels]}
        rows={[
          ...trends.series.map((s) => ({
            key: s.key,
            cells: [s.name, formatCount(s.counts.reduce((a, b) => a + b, 0)), ...s.counts.map(formatCount)],
          })),
          { key: '__total', cells: ['All', formatCount(total), ...trends.totals.map(formatCount)] },
        ]}
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Growth Trends

export function GrowthTrends({ period }: { period: Period }) {
  // Same request as Usage Trends by peptide, so switching tabs reuses the cached answer.
  const trends = useTrends({ period, groupBy: 'peptide' });
  const unit = UNIT[period];
  return (
    <Card>
      <CardHeader className="max-sm:px-4 max-sm:pt-4">
        <CardTitle>Growth Trends</CardTitle>
        <CardDescription>
          Experiences per {unit.one} and their growth on the previous {unit.one}, over the last 12 {unit.many}.
        </CardDescription>
      </CardHeader>
      <CardContent className="max-sm:p-4">
        {trends.isPending ? (
          <ChartSkeleton />
        ) : trends.isError ? (
          <LoadError title="Failed to load the data" message={errorMessage(trends.error, 'Please try again.')} retrying={trends.isFetching} onRetry={() => void trends.refetch()} />
        ) : (
          <GrowthChart trends={trends.data} period={period} />
        )}
      </CardContent>
    </Card>
  );
}

/** Growth is undefined after a period with no experiences: shown as a gap, not as +100% or +0%. */
const growthOf = (trends: Trends) => trends.growth.map((g, i) => (i === 0 || !trends.totals[i - 1] ? null : g));

function GrowthChart({ trends, period }: { trends: Trends; period: Period }) {
  const unit = UNIT[period];
  const labels = trends.buckets.map((b) => periodLabel(b, period));
  const growth = growthOf(trends);
  const build = useCallback(
    (colors: ThemeColors, narrow: boolean): ChartConfiguration<'bar' | 'line'> => ({
      type: 'bar',
      data: {
        labels: trends.buckets.map((b) => periodLabel(b, period)),
        datasets: [
          {
            type: 'bar',
            label: 'Experiences',
            data: trends.totals,
            backgroundColor: colors.series[0],
            yAxisID: 'y',
            order: 2,
          },
          {
            type: 'line',
            label: 'Growth (%)',
            data: growthOf(trends),
            borderColor: colors.series[1],
            backgroundColor: colors.series[1],
            cubicInterpolationMode: 'monotone',
            yAxisID: 'growth',
            spanGaps: false,
            order: 1,
          },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { color: colors.foreground, boxWidth: 12 } } },
        scales: {
          x: { title: axisTitle(unit.one === 'month' ? 'Month' : 'Week starting', colors, !narrow), grid: { color: colors.border } },
          y: { beginAtZero: true, ticks: { precision: 0 }, title: axisTitle('Experiences', colors, !narrow), grid: { color: colors.border } },
          growth: {
            position: 'right',
            title: axisTitle(`Growth on previous ${unit.one} (%)`, colors, !narrow),
            grid: { drawOnChartArea: false },
            ticks: { callback: (v) => `${v}%` },
          },
        },
      },
    }),
    [trends, period, unit],
  );

  const total = trends.totals.reduce((a, b) => a + b, 0);
  if (total === 0) {
    return <p className="py-6 text-muted-foreground">No experiences were shared in the last 12 {unit.many}, so there is no growth to show yet.</p>;
  }
  const last = trends.totals.length - 1;
  const lastGrowth = growth[last];
  const summary =
    `Bar chart of experiences per ${unit.one} over the last 12 ${unit.many} with a growth line: ` +
    `${formatCount(trends.totals[last] ?? 0)} this ${unit.one}` +
    (lastGrowth === null || lastGrowth === undefined ? '.' : `, ${formatGrowth(lastGrowth)} on the previous ${unit.one}.`);
  return (
    <div className="flex flex-col gap-4">
      <ChartCanvas label={summary} build={build} />
      <DataTable
        caption={`Experiences and growth per ${unit.one}`}
        head={[unit.one === 'month' ? 'Month' : 'Week starting', 'Experiences', `Growth on previous ${unit.one}`]}
        rows={trends.buckets.map((b, i) => ({
          key: b,
          cells: [labels[i], formatCount(trends.totals[i] ?? 0), growth[i] == null ? '—' : formatGrowth(growth[i] ?? 0)],
        }))}
      />
      <p className="text-sm text-muted-foreground">— means the previous {unit.one} had no experiences, so there is no growth rate to show.</p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Compare

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

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function ComparePeptides({ selected: fromUrl, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  // The router writes the URL in a transition; the boxes follow the click at once and the URL
  // catches up (then this copy is dropped, so back/forward and shared links still rule).
  const [pending, setPending] = useState<string[] | null>(null);
  if (pending && sameIds(pending, fromUrl)) setPending(null);
  const selected = pending ?? fromUrl;
  const [search, setSearch] = useState('');
  const searchId = useId();
  const debouncedSearch = useDebounced(search.trim(), 300);
  // The catalogue, paged and searched by the server; the most reported peptides first.
  const catalogue = usePeptides({ search: debouncedSearch, sort: 'experiences', limit: 50 });
  const compare = useCompare(selected);
  // Names of the chosen peptides, also when a search hides them from the list: remembered on
  // click, and read from the comparison for ids that came with the URL.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names: Record<string, string> = { ...picked };
  for (const p of catalogue.data?.peptides ?? []) names[p._id] = p.name;
  for (const p of compare.data ?? []) names[p._id] = p.name;

  const full = selected.length >= MAX_COMPARE;
  const toggle = (id: string, name?: string) => {
    if (name) setPicked((prev) => ({ ...prev, [id]: name }));
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : full ? selected : [...selected, id];
    setPending(next);
    onChange(next);
  };
  const peptides = catalogue.data?.peptides ?? [];

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle>Compare Peptides</CardTitle>
          <CardDescription>Compare up to 3 peptides side by side: ratings, outcome means, common effects and experience counts.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 max-sm:p-4">
          <div className="flex flex-wrap items-center gap-2" aria-live="polite">
            <span className="text-sm text-muted-foreground">
              {selected.length} of {MAX_COMPARE} selected
            </span>
            {selected.map((id) => (
              <Badge key={id} variant="default" className="gap-1 py-1 pr-1">
                {names[id] ?? 'Peptide'}
                <button
                  type="button"
                  onClick={() => {
                    toggle(id);
                    // The button leaves with its chip: keep keyboard focus in the tool.
                    document.getElementById(searchId)?.focus();
                  }}
                  aria-label={`Remove ${names[id] ?? 'peptide'} from the comparison`}
                  className="rounded-full p-0.5 hover:bg-card focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            ))}
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor={searchId} className="text-sm font-medium">
              Find a peptide
            </label>
            <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search by name" />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Choose up to {MAX_COMPARE} peptides</legend>
            {catalogue.isPending ? (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-10" />
                ))}
              </div>
            ) : catalogue.isError ? (
              <LoadError title="Failed to load the data" message={errorMessage(catalogue.error, 'Please try again.')} retrying={catalogue.isFetching} onRetry={() => void catalogue.refetch()} />
            ) : peptides.length === 0 ? (
              <p className="text-sm text-muted-foreground">No peptides found matching your criteria.</p>
            ) : (
              <div className="grid max-h-72 gap-2 overflow-y-auto pr-1 sm:grid-cols-2 lg:grid-cols-3">
                {peptides.map((p) => {
                  const checked = selected.includes(p._id);
                  return (
                    <label
                      key={p._id}
                      className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:checked]:border-primary"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--primary)]"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={() => toggle(p._id, p.name)}
                      />
                      <span className="min-w-0 flex-1 truncate">{p.name}</span>
                      <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                        {formatCount(p.totalExperiences)}
                        <span className="sr-only"> experiences</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            {catalogue.data && catalogue.data.total > peptides.length && (
              <p className="text-sm text-muted-foreground">
                Showing the {peptides.length} most reported of {formatCount(catalogue.data.total)} peptides: search to find the others.
              </p>
            )}
            {full && <p className="text-sm text-muted-foreground">You can compare at most {MAX_COMPARE} peptides: remove one to choose another.</p>}
          </fieldset>
        </CardContent>
      </Card>

      {selected.length === 0 ? (
        <p className="text-muted-foreground">Choose up to {MAX_COMPARE} peptides above to compare them.</p>
      ) : compare.isPending ? (
        <ChartSkeleton />
      ) : compare.isError ? (
        <LoadError title="Failed to load the data" message={errorMessage(compare.error, 'Please try again.')} retrying={compare.isFetching} onRetry={() => void compare.refetch()} />
      ) : (
        <Comparison peptides={compare.data} />
      )}
    </div>
  );
}

function Comparison({ peptides }: { peptides: ComparedPeptide[] }) {
  const outcomes = useMemo(() => outcomeNames(peptides), [peptides]);
  const build = useCallback(
    (colors: ThemeColors): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: outcomes.map((name) => wrapLabel(outcomeLabel(name))),
        datasets: peptides.map((p, i) => ({
          label: p.name,
          data: outcomes.map((name) => outcomeOf(p, name)?.mean ?? null),
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
    peptides.map((p) => `${p.name}: average rating ${formatRating(p.averageRating)} from ${formatCount(p.totalExperiences)} experiences`).join('; ') +
    '.';

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle as="h3">Outcome means</CardTitle>
          <CardDescription>Mean rating of each outcome out of 10; n is the number of experiences that rated it.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 max-sm:p-4">
          {outcomes.length === 0 ? (
            <p className="text-muted-foreground">No outcome ratings have been shared for these peptides yet.</p>
          ) : (
            <ChartCanvas label={summary} build={build} height={Math.max(240, outcomes.length * (peptides.length * 14 + 16) + 90)} />
          )}
          <DataTable
            caption="Peptide comparison"
            head={['', ...peptides.map((p) => p.name)]}
            rows={[
              { key: 'category', cells: ['Category', ...peptides.map((p) => p.category)] },
              {
                key: 'rating',
                cells: ['Average rating', ...peptides.map((p) => (p.totalExperiences ? formatRating(p.averageRating) : '—'))],
              },
              { key: 'experiences', cells: ['Experiences', ...peptides.map((p) => formatCount(p.totalExperiences))] },
              { key: 'popularity', cells: ['Popularity', ...peptides.map((p) => `${Math.round(p.popularity)}%`)] },
              ...outcomes.map((name) => ({
                key: `outcome-${name}`,
                cells: [
                  outcomeLabel(name),
                  ...peptides.map((p) => {
                    const o = outcomeOf(p, name);
                    return o ? `${formatRating(o.mean)} (n = ${formatCount(o.n)})` : '—';
                  }),
                ],
              })),
            ]}
          />
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
