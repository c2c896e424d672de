// Explore's choices live in the URL through src/lib/url-state.ts (shareable, a reload keeps them):
// tab, period, grouping and the compared peptides. Unknown values fall back to the defaults
// rather than breaking the page.
import { z } from 'zod/mini';
import { idList, oneOf, useUrlState } from '@/lib/url-state';

export const TABS = ['overview', 'top', 'usage', 'growth', 'compare'] as const;
export type ExploreTab = (typeof TABS)[number];
export type Period = 'monthly' | 'weekly';
export type GroupBy = 'peptide' | 'category';

export const MAX_COMPARE = 3;

const exploreSchema = z.object({
  tab: oneOf(TABS),
  period: oneOf(['monthly', 'weekly']),
  groupBy: oneOf(['peptide', 'category']),
  compare: idList(MAX_COMPARE),
});

/** The current choices and a setter that writes only what differs from the defaults. */
export const useExploreParams = () => useUrlState(exploreSchema);
