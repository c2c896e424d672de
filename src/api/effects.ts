// Effect vocabulary (GET /api/effects).
import { pathOf } from '@contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import type { Effect } from '@contract/experiences';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export async function fetchEffects(): Promise<Effect[]> {
  const [{ EffectsResponse }, response] = await Promise.all([schemas(), api.get<unknown>(pathOf('effects'))]);
  const data = readData(EffectsResponse, response.data, { listKey: 'effects' });
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data.effects;
}

export function effectsQueryOptions() {
  return queryOptions({ queryKey: ['effects'], queryFn: fetchEffects, staleTime: 300_000 });
}

export function useEffects() {
  return useQuery(effectsQueryOptions());
}
