// The Research Hub's choices live in the URL through src/lib/url-state.ts (shareable, a reload
// keeps them): tab, the Database table's sort and page, the pending list's page, the Reports
// tab's view, reason filter and opened report, and the report whose history the Activity tab
// shows. Unknown values fall back to the defaults.
import { z } from 'zod/mini';
import { QUEUE_FILTERS, QUEUE_VIEWS } from '@contract/moderation';
import type { ResearchPeptideSort } from '@/api/research';
import { id, oneOf, pageNumber, useUrlState, type UrlState } from '@/lib/url-state';

/**
 * The tabs in the order they are shown. The Hub opens on its first tab, like every page with tabs
 * (docs/product-rules.md, "Pages and navigation"): the queue, which moderators come here for.
 */
export const TABS = ['reports', 'overview', 'database', 'export', 'api', 'guidelines', 'users', 'activity'] as const;
export type ResearchTab = (typeof TABS)[number];
export const SORTS = ['experiences', 'rating', 'name'] as const satisfies readonly ResearchPeptideSort[];

const researchSchema = z.object({
  tab: oneOf(TABS),
  sort: oneOf(SORTS),
  page: pageNumber(),
  usersPage: pageNumber(),
  queue: oneOf(QUEUE_VIEWS, 'waiting'),
  /** The waiting view narrowed to one hold reason or to open flags. */
  reason: oneOf(QUEUE_FILTERS, 'all'),
  /** A report opened from the Activity tab (an id), or null. */
  report: id(),
  /** The Activity tab narrowed to one report's history (an id), or null for every report. */
  activityReport: id(),
});
export type ResearchParams = UrlState<typeof researchSchema>;

export const useResearchParams = () => useUrlState(researchSchema);
