// The moderators' queue of reports (docs/product-rules.md, "Moderation"): held and flagged
// reports, or hidden ones, oldest first with cursor paging; one report by id; and the
// decisions publish, hide and restore. Registration approval is src/api/moderation.ts.
import { pathOf } from '@contract/endpoints';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueView } from '@contract/moderation';
import { ModerationDecisionResponse, ModerationQueueResponse, type HideRequest, type QueueItem } from '@contract/moderation-api';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';
import { moderationLogKey } from './moderation-log';

export const QUEUE_PAGE_SIZE = 10;
export type QueuePage = { items: QueueItem[]; nextCursor: string | null };
export type QueueParams = { view?: QueueView; experienceId?: string; cursor?: string; limit?: number };

export async function fetchModerationQueue(params: QueueParams): Promise<QueuePage> {
  const response = await api.get<unknown>(pathOf('moderationQueue'), { params });
  const data = readData(ModerationQueueResponse, response.data, { listKey: 'items' });
  if (!data) throw new ApiError('Failed to load the reports queue', response.status, response.data);
  return { items: data.items, nextCursor: data.nextCursor ?? null };
}

export const moderationQueueKey = ['moderation', 'queue'] as const;

export function moderationQueueQueryOptions(view: QueueView) {
  return infiniteQueryOptions({
    queryKey: [...moderationQueueKey, 'list', view],
    queryFn: ({ pageParam }) => fetchModerationQueue({ view, limit: QUEUE_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });
}

export function useModerationQueue(view: QueueView) {
  return useInfiniteQuery(moderationQueueQueryOptions(view));
}

/** One report whatever its status (null when it does not exist any more). */
export function useModerationReport(experienceId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...moderationQueueKey, 'one', experienceId],
      queryFn: async () => (await fetchModerationQueue({ experienceId })).items[0] ?? null,
      staleTime: 10_000,
    }),
  );
}

const DECISION_ENDPOINTS = { publish: 'moderationPublish', restore: 'moderationRestore', hide: 'moderationHide' } as const;

export type Decision = { id: string; action: 'publish' | 'restore' } | { id: string; action: 'hide'; hide: HideRequest };

export async function decideReport(decision: Decision): Promise<{ id: string; status: string; message: string }> {
  const path = pathOf(DECISION_ENDPOINTS[decision.action], { id: decision.id });
  const response = await api.post<unknown>(path, decision.action === 'hide' ? decision.hide : undefined);
  const data = readData(ModerationDecisionResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  const message = (response.data as { message?: unknown }).message;
  return { ...data, message: typeof message === 'string' ? message : 'Done.' };
}

/**
 * After a decision, successful or not (a 409 means someone else decided first), the queue, the
 * log, the overview's counts and every public list reload: a report just entered or left them.
 */
export function useReportDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSettled: async () => {
      await Promise.all(
        [moderationQueueKey, moderationLogKey, ['research'], ['experiences'], ['peptides'], ['analytics']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
