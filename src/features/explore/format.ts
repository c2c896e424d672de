// Explore's own formats; figures (counts, ratings, growth) use src/lib/format.ts like every screen.
import { monthYear, shortDate } from '@/lib/format';

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
    i === buckets.length - 1 ? `${periodLabel(b, period)} (so far)` : periodLabel(b, period),
  );
}
