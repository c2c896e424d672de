// Members flag a report for the moderators: `POST /api/experiences/{id}/flag {reason, note?}`
// (docs/product-rules.md, "Moderation"). One flag per member per report (again: 409); the
// FLAG_HOLD_THRESHOLD-th open flag holds the report, which then leaves every public list. The
// member's earlier flags come from `GET /api/flags` (src/api/my-flags.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FlagReason } from '@contract/moderation';
import { call } from './client';
import { ApiError, errorMessage } from './errors';
import { myFlagsKey } from './my-flags';

export const FLAG_SENT = { title: 'Flag sent', description: 'Thank you. A moderator will look at this report.' };
export const FLAG_SENT_HELD = {
  title: 'Flag sent',
  description: 'Thank you. Enough members have flagged this report: it is hidden until a moderator reviews it.',
};
export const ALREADY_FLAGGED = 'You have already flagged this report.';
const FAILED = 'Your flag could not be sent. Please try again.';

export type FlagInput = { reason: FlagReason; note: string };

export async function flagExperience(
  experienceId: string,
  { reason, note }: FlagInput,
): Promise<{ status: 'published' | 'held' | 'hidden' }> {
  const trimmed = note.trim();
  const data = await call('flag', {
    params: { id: experienceId },
    body: trimmed ? { reason, note: trimmed } : { reason },
  });
  return { status: data.status };
}

/** Every answer a held report leaves: lists, the report itself, peptide counts and figures. */
const PUBLIC_KEYS = [['experiences'], ['peptides'], ['analytics'], ['research']] as const;

export function useFlagExperience() {
  const queryClient = useQueryClient();
  const refreshPublic = () =>
    Promise.all(PUBLIC_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  return useMutation({
    mutationFn: ({ experienceId, ...flag }: FlagInput & { experienceId: string }) => flagExperience(experienceId, flag),
    onSuccess: ({ status }) => {
      void queryClient.invalidateQueries({ queryKey: myFlagsKey });
      return status === 'published' ? undefined : refreshPublic();
    },
    // 404: the report is no longer public (held, hidden or deleted meanwhile).
    onError: (error) => (error instanceof ApiError && error.status === 404 ? refreshPublic() : undefined),
  });
}

/** What a card's Flag action needs (src/components/experience/FlagAction.tsx takes it as props). */
export interface FlagActionState {
  signedIn: boolean;
  /** Flagged by this member: known from page load, sent from this page, or refused with 409. */
  flagged: boolean;
  /** Sends the flag: resolves to null when sent, or to the message to show in the dialog. */
  send: (flag: FlagInput) => Promise<string | null>;
}

/**
 * The Flag action of every card on a page: `flagFor(id, flaggedBefore)` gives a card its props,
 * `flaggedBefore` being what `GET /api/flags` said of it (useMyFlags). `notify` shows the success
 * toast (the page passes the app's toast).
 */
export function useFlagAction({
  signedIn,
  notify,
}: {
  signedIn: boolean;
  notify: (toast: { title: string; description: string; variant: 'success' }) => void;
}) {
  const mutation = useFlagExperience();
  const [flaggedHere, setFlaggedHere] = useState<ReadonlySet<string>>(() => new Set());
  const markFlagged = (id: string) => setFlaggedHere((prev) => new Set(prev).add(id));

  return (experienceId: string, flaggedBefore = false): FlagActionState => ({
    signedIn,
    flagged: flaggedBefore || flaggedHere.has(experienceId),
    send: async (flag) => {
      try {
        const { status } = await mutation.mutateAsync({ experienceId, ...flag });
        markFlagged(experienceId);
        notify({ ...(status === 'published' ? FLAG_SENT : FLAG_SENT_HELD), variant: 'success' });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          markFlagged(experienceId);
          return ALREADY_FLAGGED;
        }
        return errorMessage(error, FAILED);
      }
    },
  });
}
