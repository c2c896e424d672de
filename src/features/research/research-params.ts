// The Research Hub's choices live in the URL through src/lib/url-state.ts (shareable, a reload
// keeps them): tab, the Database table's sort and page, the pending list's page, the Reports
// tab's view and opened report. Unknown values fall back to the defaults.
import { z } from 'zod/mini';
import { QUEUE_VIEWS } from '@contract/moderation';
import type { ResearchPeptideSort } from '@/api/research';
import { id, oneOf, pageNumber, useUrlState, type UrlState } from '@/lib/url-state';

export const TABS = ['overview', 'database', 'export', 'api', 'guidelines', 'users', 'reports', 'activity'] as const;
export type ResearchTab = (typeof TABS)[number];
export const SORTS = ['experiences', 'rating', 'name'] as const satisfies readonly ResearchPeptideSort[];

const researchSchema = z.object({
  tab: oneOf(TABS),
  sort: oneOf(SORTS),
  page: pageNumber(),
  usersPage: pageNumber(),
  queue: oneOf(QUEUE_VIEWS, 'waiting'),
  /** A report opened from the Activity tab (an id), or null. */
  report: id(),
});
export type ResearchParams = UrlState<typeof researchSchema>;

export const useResearchParams = () => useUrlState(researchSchema);
