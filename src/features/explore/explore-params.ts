// Explore's choices live in the URL (shareable, back button works): tab, period, grouping and
// the compared peptides. Unknown values fall back to the defaults rather than breaking the page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const TABS = ['overview', 'top', 'usage', 'growth', 'compare'] as const;
export type ExploreTab = (typeof TABS)[number];
export type Period = 'monthly' | 'weekly';
export type GroupBy = 'peptide' | 'category';

export const MAX_COMPARE = 3;

export interface ExploreParams {
  tab: ExploreTab;
  period: Period;
  groupBy: GroupBy;
  compare: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readExploreParams(params: URLSearchParams): ExploreParams {
  const tab = params.get('tab');
  const compare = [...new Set((params.get('compare') ?? '').split(',').map((s) => s.trim()))].filter((s) => UUID.test(s));
  return {
    tab: (TABS as readonly string[]).includes(tab ?? '') ? (tab as ExploreTab) : 'overview',
    period: params.get('period') === 'weekly' ? 'weekly' : 'monthly',
    groupBy: params.get('groupBy') === 'category' ? 'category' : 'peptide',
    compare: compare.slice(0, MAX_COMPARE),
  };
}

/** The current choices and a setter that writes only what differs from the defaults. */
export function useExploreParams(): [ExploreParams, (changes: Partial<ExploreParams>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<ExploreParams>) => {
      setParams(
        (prev) => {
          const next = { ...readExploreParams(prev), ...changes };
          const out = new URLSearchParams(prev);
          const put = (key: string, value: string, fallback: string) => (value === fallback ? out.delete(key) : out.set(key, value));
          put('tab', next.tab, 'overview');
          put('period', next.period, 'monthly');
          put('groupBy', next.groupBy, 'peptide');
          put('compare', next.compare.slice(0, MAX_COMPARE).join(','), '');
          return out;
        },
        // A tab or filter change replaces the entry; the back button leaves the page, as for the other filters.
        { replace: true },
      );
    },
    [setParams],
  );
  return [readExploreParams(params), update];
}
