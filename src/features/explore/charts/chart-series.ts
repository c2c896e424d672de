// Many lines make a chart unreadable: it draws the most reported few, and the table beside it
// lists every series.

export interface CountSeries {
  key: string;
  name: string;
  counts: number[];
}

/** The server's key for the series that sums what is beyond its own limit. */
export const OTHER_KEY = 'other';

/** Lines a chart draws at most: the most reported series; the table lists the rest. */
export const CHART_SERIES = 5;

/**
 * The first `max` named series (the server sends them most reported first). No "Other" line:
 * summing the rest made one line that dwarfed every peptide it stood beside.
 */
export function chartSeries(series: readonly CountSeries[], max = CHART_SERIES): CountSeries[] {
  return series.filter((s) => s.key !== OTHER_KEY).slice(0, max);
}
