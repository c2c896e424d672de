// The moderation log (docs/product-rules.md, "Moderation"): who did what to which report, newest
// first (in the order it was written), cursor paged, filtered by action, moderator and report.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationAction } from '@contract/moderation';
import { ENDPOINTS } from '@contract/endpoints';
import { ModerationLogResponse, type ModerationLogEntry } from '@contract/moderation-api';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';

export const LOG_PAGE_SIZE = 20;
export type LogPage = { entries: ModerationLogEntry[]; nextCursor: string | null };
export type LogFilters = { action?: ModerationAction; moderatorId?: string; experienceId?: string };

export async function fetchModerationLog(params: LogFilters & { cursor?: string; limit?: number }): Promise<LogPage> {
  const response = await api.get<unknown>(ENDPOINTS.moderationLog.path, { params });
  const data = readData(ModerationLogResponse, response.data, { listKey: 'entries' });
  if (!data) throw new ApiError('Failed to load the moderation log', response.status, response.data);
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
