// The Research Hub's choices live in the URL (shareable, reload keeps them): tab, the Database
// table's sort and page, the pending list's page, the Reports tab's view and opened report.
// Unknown values fall back to the defaults.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUEUE_VIEWS, type QueueView } from '@contract/moderation';
import type { ResearchPeptideSort } from '@/api/research';

export const TABS = ['overview', 'database', 'export', 'api', 'guidelines', 'users', 'reports', 'activity'] as const;
export type ResearchTab = (typeof TABS)[number];
export const SORTS: readonly ResearchPeptideSort[] = ['experiences', 'rating', 'name'];

export interface ResearchParams {
  tab: ResearchTab;
  sort: ResearchPeptideSort;
  page: number;
  usersPage: number;
  queue: QueueView;
  /** A report opened from the Activity tab (an id), or null. */
  report: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

export function readResearchParams(params: URLSearchParams): ResearchParams {
  const tab = params.get('tab') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    tab: (TABS as readonly string[]).includes(tab) ? (tab as ResearchTab) : 'overview',
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as ResearchPeptideSort) : 'experiences',
    page: positive(params.get('page')),
    usersPage: positive(params.get('usersPage')),
    queue: (QUEUE_VIEWS as readonly string[]).includes(params.get('queue') ?? '') ? (params.get('queue') as QueueView) : 'waiting',
    report: UUID.test(params.get('report') ?? '') ? params.get('report') : null,
  };
}

export function useResearchParams(): [ResearchParams, (changes: Partial<ResearchParams>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<ResearchParams>) => {
      setParams(
        (prev) => {
          const next = { ...readResearchParams(prev), ...changes };
          const out = new URLSearchParams(prev);
          const put = (key: string, value: string, fallback: string) => (value === fallback ? out.delete(key) : out.set(key, value));
          put('tab', next.tab, 'overview');
          put('sort', next.sort, 'experiences');
          put('page', String(next.page), '1');
          put('usersPage', String(next.usersPage), '1');
          put('queue', next.queue, 'waiting');
          put('report', next.report ?? '', '');
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [readResearchParams(params), update];
}
