// The moderation log (docs/product-rules.md, "Moderation"): who did what to which report, newest
// first (in the order it was written), cursor paged, filtered by action, moderator and report.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationAction } from '@contract/moderation';
import type { ModerationLogEntry } from '@contract/moderation-api';
import { call } from './client';

export const LOG_PAGE_SIZE = 20;
export type LogPage = { entries: ModerationLogEntry[]; nextCursor: string | null };
export type LogFilters = { action?: ModerationAction; moderatorId?: string; experienceId?: string };

export async function fetchModerationLog(params: LogFilters & { cursor?: string; limit?: number }): Promise<LogPage> {
  const data = await call('moderationLog', {
    query: params,
    listKey: 'entries',
    invalid: 'Failed to load the moderation log',
  });
  return { entries: data.entries, nextCursor: data.nextCursor ?? null };
}

export const moderationLogKey = ['moderation', 'log'] as const;

export function moderationLogQueryOptions(filters: LogFilters) {
  return infiniteQueryOptions({
    queryKey: [...moderationLogKey, filters],
    queryFn: ({ pageParam }) => fetchModerationLog({ ...filters, limit: LOG_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });
}

export function useModerationLog(filters: LogFilters) {
  return useInfiniteQuery(moderationLogQueryOptions(filters));
}
