// The moderators' queue of reports (docs/product-rules.md, "Moderation"): a view (waiting,
// scheduled, hidden) narrowed by reason, oldest first with cursor paging; one report by id; and
// the decisions publish, hide and restore. What follows a decision (the lists and counts read
// again) is here too, for the bulk and undo calls (moderation-bulk.ts, moderation-undo.ts).
// Registration approval is src/api/moderation.ts.
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueueFilter, QueueView } from '@contract/moderation';
import type { HideRequest, QueueItem } from '@contract/moderation-api';
import { call } from './client';

export const QUEUE_PAGE_SIZE = 10;
export type QueuePage = { items: QueueItem[]; nextCursor: string | null };
export type QueueParams = {
  view?: QueueView;
  reason?: QueueFilter;
  experienceId?: string;
  cursor?: string;
  limit?: number;
};

export async function fetchModerationQueue(params: QueueParams): Promise<QueuePage> {
  // `all` is the server's default: left out, the URL stays the plain one.
  const { reason, ...rest } = params;
  const data = await call('moderationQueue', {
    query: reason && reason !== 'all' ? { ...rest, reason } : rest,
    listKey: 'items',
    invalid: 'Failed to load the reports queue',
  });
  return { items: data.items, nextCursor: data.nextCursor ?? null };
}

/** Everything the moderators' screens read: the queue, the log and the summary sit under it. */
export const moderationKey = ['moderation'] as const;
export const moderationQueueKey = [...moderationKey, 'queue'] as const;

export function moderationQueueQueryOptions(view: QueueView, reason: QueueFilter = 'all') {
  return infiniteQueryOptions({
    queryKey: [...moderationQueueKey, 'list', view, view === 'waiting' ? reason : 'all'],
    queryFn: ({ pageParam }) =>
      fetchModerationQueue({
        view,
        reason: view === 'waiting' ? reason : undefined,
        limit: QUEUE_PAGE_SIZE,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });
}

export function useModerationQueue(view: QueueView, reason: QueueFilter = 'all') {
  return useInfiniteQuery(moderationQueueQueryOptions(view, reason));
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

export type Decision =
  | { id: string; action: 'publish' | 'restore' }
  | { id: string; action: 'hide'; hide: HideRequest };
export type DecisionResult = { id: string; status: QueueItem['status']; publicFrom: string | null; message: string };

export async function decideReport(decision: Decision): Promise<DecisionResult> {
  const params = { id: decision.id };
  const { data, message } =
    decision.action === 'hide'
      ? await call('moderationHide', { params, body: decision.hide, read: 'reply' })
      : await call(decision.action === 'publish' ? 'moderationPublish' : 'moderationRestore', {
          params,
          read: 'reply',
        });
  return { ...data, publicFrom: data.publicFrom ?? null, message: message ?? 'Done.' };
}

/**
 * Takes decided reports out of every loaded queue list at once, so the next report takes the
 * place of the one decided without waiting for the lists to be read again (they are, after).
 */
export function removeFromQueueLists(queryClient: QueryClient, ids: readonly string[]) {
  const gone = new Set(ids);
  queryClient.setQueriesData<InfiniteData<QueuePage>>(
    { queryKey: [...moderationQueueKey, 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => !gone.has(item.experience._id)),
        })),
      },
  );
}

/**
 * After a decision, successful or not (a 409 means someone else decided first), the queue, the
 * log, the counts and every public list are read again: a report just entered or left them.
 */
export function refreshAfterDecision(queryClient: QueryClient) {
  return Promise.all(
    [moderationKey, ['research'], ['experiences'], ['peptides'], ['analytics']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** One decision. The report leaves the lists as soon as the server agrees; they are read again after, without holding the caller. */
export function useReportDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    // A list read under way may have started before this decision: its answer would bring the report back.
    onMutate: () => queryClient.cancelQueries({ queryKey: moderationQueueKey }),
    onSuccess: (_result, decision) => removeFromQueueLists(queryClient, [decision.id]),
    onSettled: () => {
      void refreshAfterDecision(queryClient);
    },
  });
}
