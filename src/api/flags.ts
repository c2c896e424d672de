// Members flag a report for the moderators: `POST /api/experiences/{id}/flag {reason, note?}`
// (docs/product-rules.md, "Moderation"). One flag per member per report (again: 409); the
// FLAG_HOLD_THRESHOLD-th open flag holds the report, which then leaves every public list.
import { pathOf } from '@contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FlagReason } from '@contract/moderation';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError, errorMessage } from './errors';

// The schemas load with the first flag, not with the page.
const schemas = () => import('@contract/moderation-api');

export const FLAG_SENT = { title: 'Report sent', description: 'Thank you. A moderator will look at this experience.' };
export const FLAG_SENT_HELD = {
  title: 'Report sent',
  description: 'Thank you. Enough members have reported this experience: it is hidden until a moderator reviews it.',
};
export const ALREADY_REPORTED = 'You have already reported this experience.';
const FAILED = 'Your report could not be sent. Please try again.';

export type FlagInput = { reason: FlagReason; note: string };

export async function flagExperience(experienceId: string, { reason, note }: FlagInput): Promise<{ status: 'published' | 'held' | 'hidden' }> {
  const trimmed = note.trim();
  const [{ FlagResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(pathOf('flag', { id: experienceId }), trimmed ? { reason, note: trimmed } : { reason }),
  ]);
  const data = readData(FlagResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return { status: data.status };
}

/** Every answer a held report leaves: lists, the report itself, peptide counts and figures. */
const PUBLIC_KEYS = [['experiences'], ['peptides'], ['analytics'], ['research']] as const;

export function useFlagExperience() {
  const queryClient = useQueryClient();
  const refreshPublic = () => Promise.all(PUBLIC_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  return useMutation({
    mutationFn: ({ experienceId, ...flag }: FlagInput & { experienceId: string }) => flagExperience(experienceId, flag),
    onSuccess: ({ status }) => (status === 'published' ? undefined : refreshPublic()),
    // 404: the report is no longer public (held, hidden or deleted meanwhile).
    onError: (error) => (error instanceof ApiError && error.status === 404 ? refreshPublic() : undefined),
  });
}

/** What a page's Report action needs (src/components/experience/ReportAction.tsx takes it as props). */
export interface ReportActionState {
  signedIn: boolean;
  /** Reported from this page (or refused with 409): the action shows "Reported". */
  reported: boolean;
  /** Sends the flag: resolves to null when sent, or to the message to show in the dialog. */
  send: (flag: FlagInput) => Promise<string | null>;
}

/**
 * The Report action of every card on a page: `reportFor(id)` gives a card its props. `notify`
 * shows the success toast (the page passes the app's toast).
 */
export function useReportAction({ signedIn, notify }: { signedIn: boolean; notify: (toast: { title: string; description: string; variant: 'success' }) => void }) {
  const mutation = useFlagExperience();
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());
  const markReported = (id: string) => setReported((prev) => new Set(prev).add(id));

  return (experienceId: string): ReportActionState => ({
    signedIn,
    reported: reported.has(experienceId),
    send: async (flag) => {
      try {
        const { status } = await mutation.mutateAsync({ experienceId, ...flag });
        markReported(experienceId);
        notify({ ...(status === 'published' ? FLAG_SENT : FLAG_SENT_HELD), variant: 'success' });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          markReported(experienceId);
          return ALREADY_REPORTED;
        }
        return errorMessage(error, FAILED);
      }
    },
  });
}
