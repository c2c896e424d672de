// Effect vocabulary (GET /api/effects).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Effect } from '@contract/experiences';
import { call } from './client';

export async function fetchEffects(): Promise<Effect[]> {
  return (await call('effects', { listKey: 'effects' })).effects;
}

export function effectsQueryOptions() {
  return queryOptions({ queryKey: ['effects'], queryFn: fetchEffects, staleTime: 300_000 });
}

export function useEffects() {
  return useQuery(effectsQueryOptions());
}
