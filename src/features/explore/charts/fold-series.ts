// Too many lines are unreadable on a phone: keep the most reported series and sum the rest.

export interface CountSeries {
  key: string;
  name: string;
  counts: number[];
}

/** The server's key for the series that already sums what is beyond its own limit. */
export const OTHER_KEY = 'other';

/**
 * The first `max` series (the server sends them most reported first) and one "Other" series
 * summing the rest, including any "Other" the server already sent. Up to `max + 1` series are
 * returned unchanged, since folding one series into "Other" would hide it for nothing.
 */
export function foldSeries(series: readonly CountSeries[], max: number): CountSeries[] {
  if (series.length <= max + 1) return [...series];
  const named = series.filter((s) => s.key !== OTHER_KEY);
  const kept = named.slice(0, max);
  const rest = series.filter((s) => !kept.includes(s));
  const length = Math.max(0, ...series.map((s) => s.counts.length));
  const counts = Array.from({ length }, (_, i) => rest.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  return [...kept, { key: OTHER_KEY, name: 'Other', counts }];
}
