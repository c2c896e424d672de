// One decision for several reports (`POST /api/moderation/bulk`, docs/product-rules.md
// "Moderation"): publish, or hide with a reason, up to BULK_MAX at once, each answered on its own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkDecisionRequest } from '@contract/moderation-api';
import { call } from './client';
import { moderationQueueKey, refreshAfterDecision, removeFromQueueLists } from './moderation-queue';

export type BulkResult = {
  id: string;
  ok: boolean;
  status: string | null;
  publicFrom: string | null;
  error: string | null;
};

export async function decideReports(body: BulkDecisionRequest): Promise<{ results: BulkResult[]; message: string }> {
  const { data, message } = await call('moderationBulk', { body, read: 'reply' });
  const done = data.results.filter((r) => r.ok).length;
  return { results: data.results, message: message ?? `${done} of ${data.results.length} decided.` };
}

/** The reports decided leave the lists at once; those refused stay, with the server's reason in the answer. */
export function useBulkDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReports,
    onMutate: () => queryClient.cancelQueries({ queryKey: moderationQueueKey }),
    onSuccess: ({ results }) =>
      removeFromQueueLists(
        queryClient,
        results.filter((r) => r.ok).map((r) => r.id),
      ),
    onSettled: () => {
      void refreshAfterDecision(queryClient);
    },
  });
}
