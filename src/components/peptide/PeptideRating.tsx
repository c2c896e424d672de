// A peptide's rating as every page shows it (docs/product-rules.md, "How sure"): the mean the
// server rounded once, with its likely range and its n, and fewer than MIN_RATINGS_FOR_MEAN
// reports said in words instead of a number. One component, so one peptide reads one way on every
// page; `data-peptide-rating` marks every place it is shown, for tests.
import { cn } from '@/lib/cn';
import { formatMean, type LikelyRange } from '@/lib/format';

export function PeptideRating({
  peptideId,
  rating,
  interval,
  n,
  label = 'Rating',
  showN = true,
  className,
}: {
  peptideId: string;
  /** The mean as the API gives it: null below 5 reports. */
  rating: number | null;
  interval: LikelyRange;
  /** Reports behind the mean (the peptide's experiences). */
  n: number;
  /** The words before the figure; empty where a column heading already says it. */
  label?: string;
  /** False where the number of experiences stands right beside it; too few are said either way. */
  showN?: boolean;
  className?: string;
}) {
  const figure = rating !== null && interval !== null;
  return (
    <span data-peptide-rating={peptideId} className={cn('tabular-nums', className)}>
      {figure && label ? `${label} ` : ''}
      {formatMean(rating, interval, n, { showN })}
    </span>
  );
}
