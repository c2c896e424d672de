// Anonymous experience submission (POST /api/experiences): the tracking ID, and whether the
// report is public or waits for a moderator (and why).
import { useMutation } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import type { SubmitExperienceRequest } from '@contract/experiences';
import type { ExperienceStatus, HoldReason } from '@contract/moderation';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export type SubmitResult = { trackingId: string; status: ExperienceStatus; holdReasons: HoldReason[] };

export async function submitExperience(body: SubmitExperienceRequest): Promise<SubmitResult> {
  const [{ SubmitExperienceResponse }, response] = await Promise.all([schemas(), api.post<unknown>('/api/experiences', body)]);
  const data = readData(SubmitExperienceResponse, response.data);
  if (!data?.trackingId) throw new ApiError('Invalid response from server', response.status, response.data);
  return { trackingId: data.trackingId, status: data.status, holdReasons: data.holdReasons };
}

export function useSubmitExperience() {
  return useMutation({ mutationFn: submitExperience });
}
