// Anonymous experience submission (POST /api/experiences): the tracking ID, whether the report is
// queued for the next publication batch or waits for a moderator (and why), and when it becomes
// public. The body is padded (./padded-body) and the answer of one size (contract/rules.ts
// AUTHOR_ANSWER_BYTES), so neither size points at the report.
import { useMutation } from '@tanstack/react-query';
import type { SubmitExperienceRequest } from '@contract/experiences';
import type { AuthorStatus, HoldReason } from '@contract/moderation';
import { call } from './client';
import { ApiError } from './errors';

export type SubmitResult = {
  trackingId: string;
  /** The report's public id: its page, once it is public. */
  experienceId: string;
  status: AuthorStatus;
  holdReasons: HoldReason[];
  /** When the report appears on the public pages at the earliest (a publication batch); null: at once. */
  publicFrom: string | null;
  /** ... and at the latest, once it has waited the site's longest wait; null with publicFrom. */
  publicBy: string | null;
};

export async function submitExperience(body: SubmitExperienceRequest): Promise<SubmitResult> {
  const { data, status } = await call('submitExperience', { body, padded: true, read: 'reply' });
  if (!data.trackingId) throw new ApiError('Invalid response from server', status, data);
  return {
    trackingId: data.trackingId,
    experienceId: data.experience._id,
    status: data.status,
    holdReasons: data.holdReasons,
    publicFrom: data.publicFrom,
    publicBy: data.publicBy,
  };
}

export function useSubmitExperience() {
  return useMutation({ mutationFn: submitExperience });
}
