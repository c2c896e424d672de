// Usage Trends (members): experiences per period by peptide or by category, a line chart and its table.
import type { ChartConfiguration } from 'chart.js';
import type { Trends } from '@contract/analytics';
import { useCallback, useMemo } from 'react';
import { useTrends } from '@/api/analytics';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChartCanvas, type ThemeColors } from '../charts/ChartCanvas';
import { CHART_SERIES, chartSeries } from '../charts/chart-series';
import { type GroupBy, type Period } from '../explore-params';
import { formatCount } from '@/lib/format';
import { bucketLabels } from '../format';
import { ChartQuery, DataTable, UNIT, axisTitle } from './chart-parts';

export function UsageTrends({
  period,
  groupBy,
  onGroupBy,
}: {
  period: Period;
  groupBy: GroupBy;
  onGroupBy: (g: GroupBy) => void;
}) {
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
        <ChartQuery query={trends}>{(data) => <UsageChart trends={data} period={period} />}</ChartQuery>
      </CardContent>
    </Card>
  );
}

/** The dash of a line's last segment, into the period in progress. */
const IN_PROGRESS_DASH = [4, 4];

function UsageChart({ trends, period }: { trends: Trends; period: Period }) {
  const unit = UNIT[period];
  const labels = useMemo(() => bucketLabels(trends.buckets, period), [trends.buckets, period]);
  const total = trends.totals.reduce((a, b) => a + b, 0);
  // The most reported few: more lines are a tangle. The table below keeps every series.
  const drawn = useMemo(() => chartSeries(trends.series), [trends.series]);
  const left = trends.series.length - drawn.length;
  const last = trends.buckets.length - 1;
  const build = useCallback(
    (colors: ThemeColors, narrow: boolean): ChartConfiguration<'line'> => ({
      type: 'line',
      data: {
        labels,
        datasets: drawn.map((s, i) => {
          const colour = colors.series[i % colors.series.length]!;
          // Straight segments between the counts (a curve suggests values nobody counted); the
          // segment into the period in progress is dashed.
          return {
            label: s.name,
            data: s.counts,
            borderColor: colour,
            backgroundColor: colour,
            tension: 0,
            segment: {
              borderDash: (ctx: { p1DataIndex: number }) => (ctx.p1DataIndex === last ? IN_PROGRESS_DASH : undefined),
            },
            pointRadius: 3,
          };
        }),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { color: colors.foreground, boxWidth: 12 } } },
        scales: {
          x: {
            title: axisTitle(unit.one === 'month' ? 'Month' : 'Week starting', colors, !narrow),
            grid: { color: colors.border },
          },
          y: {
            beginAtZero: true,
            ticks: { precision: 0 },
            title: axisTitle('Experiences', colors),
            grid: { color: colors.border },
          },
        },
      },
    }),
    [labels, unit, drawn, last],
  );

  if (total === 0) {
    return (
      <p className="py-6 text-muted-foreground">
        No experiences were shared in the last 12 {unit.many}. Share the first one to start the trend.
      </p>
    );
  }
  const leader = trends.series[0];
  const by = trends.groupBy === 'peptide' ? 'peptide' : 'category';
  const summary =
    `Line chart of experiences per ${unit.one} by ${by} over the last 12 ${unit.many}: ${formatCount(total)} in total` +
    (leader
      ? `; the most reported ${by} is ${leader.name} with ${formatCount(leader.counts.reduce((a, b) => a + b, 0))}.`
      : '.') +
    ` Lines: ${drawn.map((s) => s.name).join(', ')}.`;
  return (
    <div className="flex flex-col gap-4">
      <ChartCanvas label={summary} build={build} />
      <p className="text-sm text-muted-foreground">
        {left > 0 &&
          `The chart draws the ${CHART_SERIES} most reported ${by === 'peptide' ? 'peptides' : 'categories'}; the table lists every one. `}
        The last {unit.one} is in progress (dashed): counted up to {trends.asOf}.
      </p>
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
