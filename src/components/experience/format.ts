// Display helpers shared by every screen that shows an experience.
// Labels are in contract/vocabulary.ts (optionLabel, outcomeLabel) and figures in src/lib/format.ts.

/** "Oct 28, 2026" (the day as stored, in UTC, so it reads the same everywhere). */
export { shortDate } from '@/lib/format';
