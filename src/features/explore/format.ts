// Number formats for Explore: every figure carries its unit and scale (design.md).
import { monthYear, shortDate } from '@/lib/format';

export const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** "+12.5%" or "-3%": the sign always shown, one decimal at most. */
export function signedPercent(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded >= 0 ? '+' : ''}${rounded}%`;
}

export { formatCount } from '@/lib/format';

/** A period's label from its first day (ISO date, UTC): "Mar 2026" (monthly) or "Mar 2, 2026" (weekly). */
export function periodLabel(isoDate: string, period: 'monthly' | 'weekly'): string {
  const iso = `${isoDate}T00:00:00Z`;
  const label = period === 'monthly' ? monthYear(iso) : shortDate(iso);
  return label === iso ? isoDate : label; // not a date: shown as it came
}

/** The mean of a record's values, or null when it has none. */
export function meanOf(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** "energy" -> "Energy", "sleep-quality" -> "Sleep quality". */
export function outcomeLabel(name: string): string {
  const text = name.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
