// Explore's own formats; figures (counts, ratings, growth) use src/lib/format.ts like every screen.
import { SO_FAR, formatCount, formatGrowth, formatGrowthSoFar, monthYear, shortDate } from '@/lib/format';

/** A period's label from its first day (ISO date, UTC): "Mar 2026" (monthly) or "Mar 2, 2026" (weekly). */
export function periodLabel(isoDate: string, period: 'monthly' | 'weekly'): string {
  const iso = `${isoDate}T00:00:00Z`;
  const label = period === 'monthly' ? monthYear(iso) : shortDate(iso);
  return label === iso ? isoDate : label; // not a date: shown as it came
}

/**
 * Every period's label, the last one marked as in progress ("Dec 2026 (so far)"): the server
 * counts it up to today, so it is never read as a whole period.
 */
export function bucketLabels(buckets: readonly string[], period: 'monthly' | 'weekly'): string[] {
  return buckets.map((b, i) =>
    i === buckets.length - 1 ? `${periodLabel(b, period)} ${SO_FAR}` : periodLabel(b, period),
  );
}

/**
 * A line of the Growth chart's tooltip: the period in progress says its count and growth are so
 * far, the growth over the same days of the period before (the server's rule for it).
 */
export function growthTooltipLine(
  series: 'experiences' | 'growth',
  value: number | null,
  inProgress: boolean,
  unit: 'month' | 'week',
): string {
  if (series === 'experiences') return `Experiences${inProgress ? ` ${SO_FAR}` : ''}: ${formatCount(value ?? 0)}`;
  if (inProgress) return `Growth: ${formatGrowthSoFar(value, unit)}`;
  return value === null
    ? `Growth on previous ${unit}: none to compare`
    : `Growth on previous ${unit}: ${formatGrowth(value)}`;
}
