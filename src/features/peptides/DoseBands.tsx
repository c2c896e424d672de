// "Does a higher dose do more?" on a peptide's page (docs/product-rules.md, "What people take, on
// the page"): each outcome's mean with its 95% interval for the lower, middle and higher third of
// the doses per administration. The server lists an outcome only where every third has at least 5
// ratings of it (contract/doses.ts computeDoseFigures); with none, the page shows nothing of it and
// "What people take" says why (WhatPeopleTake.tsx). Every figure is written out; the bars beside
// them only repeat the intervals on the 1-10 scale, as OutcomeSpreads.tsx does with its counts.
import type { BandMean, DoseBand, DoseFiguresAnswer } from '@contract/doses';
import { outcomeLabel } from '@contract/vocabulary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatDoseAmount, formatDoseRange, formatMean } from '@/lib/format';

const BAND_LABELS: Record<DoseBand, string> = {
  lower: 'Lower doses',
  middle: 'Middle doses',
  higher: 'Higher doses',
};

/** Where a rating falls on the 1-10 scale, in percent of the bar's width. */
const at = (rating: number) => `${((Math.min(10, Math.max(1, rating)) - 1) / 9) * 100}%`;

/** The band's doses: "100-200 mcg", or one amount when every report in it took the same. */
function bandDoses(band: BandMean): string {
  return band.fromMcg === band.toMcg ? formatDoseAmount(band.fromMcg) : formatDoseRange(band.fromMcg, band.toMcg);
}

/** "Lower doses (100-200 mcg): 6.8, likely 6.1-7.5, n = 14". */
function bandText(band: BandMean): string {
  return `${BAND_LABELS[band.band]} (${bandDoses(band)}): ${formatMean(band.mean, band, band.n)}`;
}

function IntervalBar({ band }: { band: BandMean }) {
  return (
    <div aria-hidden="true" className="relative h-2 rounded-full bg-muted">
      <div
        className="absolute inset-y-0 rounded-full bg-primary/40"
        style={{ left: at(band.low), right: `calc(100% - ${at(band.high)})` }}
      />
      <div
        className="absolute top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary"
        style={{ left: at(band.mean) }}
      />
    </div>
  );
}

export function DoseBands({ bands }: { bands: DoseFiguresAnswer['bands'] }) {
  if (bands.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Does a higher dose do more?</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="text-muted-foreground">
          Reports split into thirds by dose per administration; each mean out of 10 with its 95% interval and the number
          of ratings. Intervals that overlap do not show a difference.
        </p>
        <div className="grid gap-6 md:grid-cols-2">
          {bands.map((o) => (
            <section key={o.outcome} data-dose-bands={o.outcome} className="grid gap-2">
              <h3 className="font-medium">{outcomeLabel(o.outcome)}</h3>
              <ul className="grid gap-3">
                {o.bands.map((band) => (
                  <li key={band.band} className="grid gap-1">
                    <span className="tabular-nums">{bandText(band)}</span>
                    <IntervalBar band={band} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p aria-hidden="true" className="text-xs text-muted-foreground">
          Each bar: the 95% interval on the 1-10 scale; the dot, the mean.
        </p>
      </CardContent>
    </Card>
  );
}
