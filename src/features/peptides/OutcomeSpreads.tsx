// "How reports rate it" on a peptide's page (docs/product-rules.md, "How sure"): each outcome's
// mean with its likely range and n, and the spread of its ratings as a small 1-10 histogram. The
// bars only repeat the counts, which the label of each histogram reads out in full.
import type { OutcomeSpread } from '@contract/peptides';
import { outcomeLabel } from '@contract/vocabulary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatCount, formatMean } from '@/lib/format';

const RATINGS = Array.from({ length: 10 }, (_, i) => i + 1);

function Histogram({ label, counts }: { label: string; counts: number[] }) {
  const most = Math.max(1, ...counts);
  const spoken = RATINGS.map((r, i) => `${r}: ${formatCount(counts[i] ?? 0)}`).join(', ');
  return (
    <div role="img" aria-label={`Ratings of ${label}, from 1 to 10: ${spoken}`} className="flex flex-col gap-1">
      <div className="flex h-12 items-end gap-1">
        {RATINGS.map((r, i) => (
          <div
            key={r}
            className="flex-1 rounded-t-sm bg-primary"
            style={{ height: `${((counts[i] ?? 0) / most) * 100}%`, minHeight: counts[i] ? 2 : 0 }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-1 text-center text-xs text-muted-foreground tabular-nums">
        {RATINGS.map((r) => (
          <span key={r} className="flex-1">
            {r}
          </span>
        ))}
      </div>
    </div>
  );
}

export function OutcomeSpreads({ outcomes }: { outcomes: OutcomeSpread[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">How reports rate it</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {outcomes.length === 0 ? (
          <p className="text-muted-foreground">No outcome ratings yet.</p>
        ) : (
          <>
            <p className="text-muted-foreground">
              Each outcome's mean out of 10 with the range its true mean likely lies in (95%) and the number of reports
              that rated it, then how many gave each rating from 1 to 10.
            </p>
            <ul className="grid gap-4 sm:grid-cols-2">
              {outcomes.map((o) => (
                <li key={o.name} data-outcome-spread={o.name} className="flex flex-col gap-2">
                  <p>
                    <span className="font-medium">{outcomeLabel(o.name)}</span>{' '}
                    <span className="tabular-nums text-muted-foreground">{formatMean(o.mean, o.interval, o.n)}</span>
                  </p>
                  <Histogram label={outcomeLabel(o.name)} counts={o.counts} />
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
