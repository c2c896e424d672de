// Display helpers shared by every screen that shows an experience.
import { ratingOutOfFive } from '@contract/rules';

export const OUTCOME_LABELS: Record<string, string> = { energy: 'Energy', sleep: 'Sleep', mood: 'Mood', performance: 'Performance', recovery: 'Recovery' };

export function outcomeLabel(key: string): string {
  // An own label only: a report may name an outcome "toString" or "valueOf".
  return Object.hasOwn(OUTCOME_LABELS, key) ? OUTCOME_LABELS[key] : key;
}

/** decisions.md: an experience's rating (mean of its 1-10 outcomes) shown out of 5, one decimal. */
export function ratingFiveText(rating10: number): string {
  const five = ratingOutOfFive(rating10);
  return five === null ? 'Not rated' : `${five.toFixed(1)}/5`;
}

/** "Oct 28, 2026" (the day as stored, in UTC, so it reads the same everywhere). */
export { shortDate } from '@/lib/format';

/** "twice-weekly" -> "Twice weekly". */
export function humanise(value: string): string {
  const text = value.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
