// What waits for the moderators (`GET /api/moderation/summary`): the Research Hub's Overview figure
// and the Reports tab's badge. Read again after every decision (moderationKey) and every minute
// while a moderator has the Hub open, so a count never lags far behind other moderators' work.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationSummary } from '@contract/moderation-api';
import { call } from './client';
import { moderationKey } from './moderation-queue';

export function fetchModerationSummary(): Promise<ModerationSummary> {
  return call('moderationSummary', { invalid: 'Failed to load what waits for review' });
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
