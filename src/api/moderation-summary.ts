// What waits for the moderators (`GET /api/moderation/summary`): the Research Hub's Overview figure
// and the Reports tab's badge. Read again after every decision (moderationKey) and every minute
// while a moderator has the Hub open, so a count never lags far behind other moderators' work.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@contract/endpoints';
import { ModerationSummaryResponse, type ModerationSummary } from '@contract/moderation-api';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';
import { moderationKey } from './moderation-queue';

export async function fetchModerationSummary(): Promise<ModerationSummary> {
  const response = await api.get<unknown>(ENDPOINTS.moderationSummary.path);
  const data = readData(ModerationSummaryResponse, response.data);
  if (!data) throw new ApiError('Failed to load what waits for review', response.status, response.data);
  return data;
}

export const moderationSummaryQueryOptions = queryOptions({
  queryKey: [...moderationKey, 'summary'],
  queryFn: fetchModerationSummary,
  staleTime: 10_000,
  refetchInterval: 60_000,
});

export function useModerationSummary(enabled = true) {
  return useQuery({ ...moderationSummaryQueryOptions, enabled });
}
