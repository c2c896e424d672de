// Growth Trends (members): experiences per period and the growth on the previous one.
import type { ChartConfiguration } from 'chart.js';
import type { Trends } from '@contract/analytics';
import { useCallback, useMemo } from 'react';
import { useTrends } from '@/api/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChartCanvas, type ThemeColors } from '../charts/ChartCanvas';
import { type Period } from '../explore-params';
import { formatCount, formatGrowth, formatGrowthSoFar } from '@/lib/format';
import { bucketLabels, growthTooltipLine } from '../format';
import { ChartQuery, DataTable, UNIT, axisTitle } from './chart-parts';

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
        <ChartQuery query={trends}>{(data) => <GrowthChart trends={data} period={period} />}</ChartQuery>
      </CardContent>
    </Card>
  );
}

/**
 * Growth is undefined after a period with no experiences: shown as a gap, not as +100% or +0%.
 * The period in progress has the growth of its days so far over the same days of the one before
 * (null where those had none): server/services/analytics.ts equalSpans.
 */
const growthOf = (trends: Trends) => trends.growth.map((g, i) => (i === 0 || !trends.totals[i - 1] ? null : g));

function GrowthChart({ trends, period }: { trends: Trends; period: Period }) {
  const unit = UNIT[period];
  const labels = useMemo(() => bucketLabels(trends.buckets, period), [trends.buckets, period]);
  const growth = growthOf(trends);
  const last = trends.totals.length - 1;
  const build = useCallback(
    (colors: ThemeColors, narrow: boolean): ChartConfiguration<'bar' | 'line'> => ({
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            type: 'bar',
            label: 'Experiences',
            data: trends.totals,
            // The period in progress is an outline: a part of a period, not a whole one that fell.
            backgroundColor: trends.totals.map((_, i) => (i === last ? 'transparent' : colors.series[0])),
            borderColor: colors.series[0],
            borderWidth: trends.totals.map((_, i) => (i === last ? 2 : 0)),
            yAxisID: 'y',
            order: 2,
          },
          {
            type: 'line',
            label: 'Growth (%)',
            data: growthOf(trends),
            borderColor: colors.series[1],
            backgroundColor: colors.series[1],
            // The period in progress's point is hollow, like its bar: a comparison of days so far.
            pointBackgroundColor: trends.totals.map((_, i) => (i === last ? colors.card : colors.series[1])),
            tension: 0,
            yAxisID: 'growth',
            spanGaps: false,
            order: 1,
          },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { color: colors.foreground, boxWidth: 12 } },
          tooltip: {
            callbacks: {
              label: (item) =>
                growthTooltipLine(
                  item.datasetIndex === 0 ? 'experiences' : 'growth',
                  item.raw as number | null,
                  item.dataIndex === last,
                  unit.one,
                ),
            },
          },
        },
        scales: {
          x: {
            title: axisTitle(unit.one === 'month' ? 'Month' : 'Week starting', colors, !narrow),
            grid: { color: colors.border },
          },
          y: {
            beginAtZero: true,
            ticks: { precision: 0 },
            title: axisTitle('Experiences', colors, !narrow),
            grid: { color: colors.border },
          },
          growth: {
            position: 'right',
            title: axisTitle(`Growth on previous ${unit.one} (%)`, colors, !narrow),
            grid: { drawOnChartArea: false },
            ticks: { callback: (v) => `${v}%` },
          },
        },
      },
    }),
    [trends, labels, last, unit],
  );

  const total = trends.totals.reduce((a, b) => a + b, 0);
  if (total === 0) {
    return (
      <p className="py-6 text-muted-foreground">
        No experiences were shared in the last 12 {unit.many}, so there is no growth to show yet.
      </p>
    );
  }
  const whole = last - 1;
  const wholeGrowth = growth[whole];
  const summary =
    `Bar chart of experiences per ${unit.one} over the last 12 ${unit.many} with a growth line: ` +
    `${formatCount(trends.totals[last] ?? 0)} so far this ${unit.one} (to ${trends.asOf}), ` +
    `${formatGrowthSoFar(growth[last] ?? null, unit.one)}; ` +
    `${formatCount(trends.totals[whole] ?? 0)} last ${unit.one}` +
    (wholeGrowth === null || wholeGrowth === undefined ? '.' : `, ${formatGrowth(wholeGrowth)} on the one before.`);
  return (
    <div className="flex flex-col gap-4">
      <ChartCanvas label={summary} build={build} />
      <DataTable
        caption={`Experiences and growth per ${unit.one}`}
        head={[unit.one === 'month' ? 'Month' : 'Week starting', 'Experiences', `Growth on previous ${unit.one}`]}
        rows={trends.buckets.map((b, i) => ({
          key: b,
          cells: [
            labels[i],
            formatCount(trends.totals[i] ?? 0),
            i === last
              ? formatGrowthSoFar(growth[i] ?? null, unit.one)
              : growth[i] == null
                ? '—'
                : formatGrowth(growth[i] ?? 0),
          ],
        }))}
      />
      <p className="text-sm text-muted-foreground">
        The last {unit.one} is in progress (outlined bar, hollow point): counted up to {trends.asOf}, and its growth
        compares its days so far with the same days of the {unit.one} before. Elsewhere — means the previous {unit.one}{' '}
        had no experiences, so there is no growth rate to show.
      </p>
    </div>
  );
}
