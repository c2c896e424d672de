// Community analytics: public figures (Home, Explore), member analytics, trends and comparison.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import type { Analytics, ComparedPeptide, OutcomeDifference, Trends } from '@contract/analytics';
import { call } from './client';
import { ApiError } from './errors';

const INVALID = 'Invalid analytics response';

/** An analytics answer's body as the figures (also the server's rendering of Home: src/prerender.tsx). */
export function readAnalytics(
  { AnalyticsResponse }: Pick<typeof import('@contract/analytics'), 'AnalyticsResponse'>,
  body: unknown,
  status?: number,
): Analytics {
  const data = readData(AnalyticsResponse, body);
  if (!data) throw new ApiError(INVALID, status, body);
  return data;
}

export const fetchPublicAnalytics = (): Promise<Analytics> => call('publicAnalytics', { invalid: INVALID });
/** The figures members see: the public ones, as the research export has always written them. */
export async function fetchMemberAnalytics(): Promise<Analytics> {
  const { monthly: _monthly, byCategory: _byCategory, ...figures } = await call('analytics', { invalid: INVALID });
  return figures;
}

export function publicAnalyticsQueryOptions() {
  return queryOptions({ queryKey: ['analytics', 'public'], queryFn: fetchPublicAnalytics, staleTime: 60_000 });
}

export function usePublicAnalytics() {
  return useQuery(publicAnalyticsQueryOptions());
}

export type TrendsParams = { period: Trends['period']; groupBy: Trends['groupBy'] };

export function fetchTrends(params: TrendsParams): Promise<Trends> {
  return call('trends', { query: params, invalid: INVALID });
}

export function trendsQueryOptions(params: TrendsParams) {
  return queryOptions({
    queryKey: ['analytics', 'trends', params],
    queryFn: () => fetchTrends(params),
    staleTime: 60_000,
  });
}

export function useTrends(params: TrendsParams, enabled = true) {
  return useQuery({ ...trendsQueryOptions(params), enabled });
}

/** The compared peptides and, per outcome, whether each pair differs by more than chance. */
export type Comparison = { peptides: ComparedPeptide[]; differences: OutcomeDifference[] };

export async function fetchCompare(ids: string[]): Promise<Comparison> {
  const data = await call('compare', { query: { ids: ids.join(',') }, listKey: 'peptides', invalid: INVALID });
  return { peptides: data.peptides, differences: data.differences ?? [] };
}

export function compareQueryOptions(ids: string[]) {
  return queryOptions({ queryKey: ['analytics', 'compare', ids], queryFn: () => fetchCompare(ids), staleTime: 60_000 });
}

export function useCompare(ids: string[], enabled = true) {
  return useQuery({ ...compareQueryOptions(ids), enabled: enabled && ids.length > 0 });
}
