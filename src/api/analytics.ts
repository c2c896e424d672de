// Community analytics: public figures (Home, Explore), member analytics, trends and comparison.
import { pathOf } from '@contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import type { Analytics, ComparedPeptide, Trends } from '@contract/analytics';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response rather than before the first paint (Home's budget).
const schemas = () => import('@contract/analytics');

async function fetchAnalyticsFrom(path: string): Promise<Analytics> {
  const [contract, response] = await Promise.all([schemas(), api.get<unknown>(path)]);
  return readAnalytics(contract, response.data, response.status);
}

/** An analytics answer's body as the figures (also the server's rendering of Home: src/prerender.tsx). */
export function readAnalytics(
  { AnalyticsResponse }: Pick<typeof import('@contract/analytics'), 'AnalyticsResponse'>,
  body: unknown,
  status?: number,
): Analytics {
  const data = readData(AnalyticsResponse, body);
  if (!data) throw new ApiError('Invalid analytics response', status, body);
  return data;
}

export const fetchPublicAnalytics = () => fetchAnalyticsFrom(pathOf('publicAnalytics'));
export const fetchMemberAnalytics = () => fetchAnalyticsFrom(pathOf('analytics'));

export function publicAnalyticsQueryOptions() {
  return queryOptions({ queryKey: ['analytics', 'public'], queryFn: fetchPublicAnalytics, staleTime: 60_000 });
}

export function usePublicAnalytics() {
  return useQuery(publicAnalyticsQueryOptions());
}

export type TrendsParams = { period: Trends['period']; groupBy: Trends['groupBy'] };

export async function fetchTrends(params: TrendsParams): Promise<Trends> {
  const [{ TrendsResponse }, response] = await Promise.all([schemas(), api.get<unknown>(pathOf('trends'), { params })]);
  const data = readData(TrendsResponse, response.data);
  if (!data) throw new ApiError('Invalid analytics response', response.status, response.data);
  return data;
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

export async function fetchCompare(ids: string[]): Promise<ComparedPeptide[]> {
  const [{ CompareResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(pathOf('compare'), { params: { ids: ids.join(',') } }),
  ]);
  const data = readData(CompareResponse, response.data, { listKey: 'peptides' });
  if (!data) throw new ApiError('Invalid analytics response', response.status, response.data);
  return data.peptides;
}

export function compareQueryOptions(ids: string[]) {
  return queryOptions({ queryKey: ['analytics', 'compare', ids], queryFn: () => fetchCompare(ids), staleTime: 60_000 });
}

export function useCompare(ids: string[], enabled = true) {
  return useQuery({ ...compareQueryOptions(ids), enabled: enabled && ids.length > 0 });
}
