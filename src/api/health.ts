// API and database liveness (GET /api/health; docs/product-rules.md, "The API").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import { HealthResponse } from '@contract/analytics';
import { api } from './client';
import { ApiError } from './errors';

export type Health = { status: 'ok'; db: 'ok' };

export async function fetchHealth(): Promise<Health> {
  const response = await api.get<unknown>('/api/health');
  const data = readData(HealthResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data;
}

export function healthQueryOptions() {
  return queryOptions({ queryKey: ['health'], queryFn: fetchHealth, staleTime: 60_000 });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
