// Number and file-name formats for the Research Hub: figures carry their unit, scale and n.

import { formatCount, formatMean } from '@/lib/format';

export { formatCount, formatMean };

/** A 0-1 share as a whole percentage, e.g. 0.834 -> "83%". */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;

/** Today's date as YYYY-MM-DD (UTC), for export file names. */
export const today = () => new Date().toISOString().slice(0, 10);
