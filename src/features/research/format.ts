// Number and file-name formats for the Research Hub: figures carry their unit, scale and n.

import { formatCount, formatRating } from '@/lib/format';

export { formatCount };

/** A 0-1 share as a whole percentage, e.g. 0.834 -> "83%". */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;

/** A 1-10 mean with one decimal and its scale, or an em dash when there is no data. */
export const formatMean = (mean: number | null) => (mean === null ? '—' : formatRating(mean));

/** "10 per hour", "600 per minute", "10 per 15 minutes". */
export function formatWindow(max: number, windowSeconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (windowSeconds % size === 0) {
      const n = windowSeconds / size;
      return `${formatCount(max)} per ${n === 1 ? name : `${n} ${name}s`}`;
    }
  }
  return `${formatCount(max)} per ${windowSeconds} seconds`;
}

/** Today's date as YYYY-MM-DD (UTC), for export file names. */
export const today = () => new Date().toISOString().slice(0, 10);
