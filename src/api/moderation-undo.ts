// Undo (`POST /api/moderation/experiences/{id}/undo`, docs/product-rules.md "Moderation"): takes
// back a publish or restore waiting for its batch, or a hide made since the last batch. A 409
// carries the server's sentence ("... Restore the report instead.").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoneDecision } from '@contract/moderation-api';
import { call } from './client';
import { refreshAfterDecision } from './moderation-queue';

export type UndoResult = { id: string; undone: UndoneDecision; message: string };

export async function undoDecision(id: string): Promise<UndoResult> {
  const { data, message } = await call('moderationUndo', { params: { id }, read: 'reply' });
  return { id: data.id, undone: data.undone, message: message ?? 'Undone.' };
}

/**
 * Undoes one decision or several (a bulk one), each on its own: resolves to what was undone and
 * the sentences of what could not be. The report comes back to its view when the lists are read again.
 */
export function useUndoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const settled = await Promise.allSettled(ids.map((id) => undoDecision(id)));
      return {
        undone: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
        failures: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : [])),
      };
    },
    onSettled: () => {
      void refreshAfterDecision(queryClient);
    },
  });
}
