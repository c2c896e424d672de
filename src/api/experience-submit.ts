// Anonymous experience submission (POST /api/experiences); returns the tracking ID.
import { useMutation } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import type { SubmitExperienceRequest } from '@contract/experiences';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export async function submitExperience(body: SubmitExperienceRequest): Promise<{ trackingId: string }> {
  const [{ SubmitExperienceResponse }, response] = await Promise.all([schemas(), api.post<unknown>('/api/experiences', body)]);
  const data = readData(SubmitExperienceResponse, response.data);
  if (!data?.trackingId) throw new ApiError('Invalid response from server', response.status, response.data);
  return { trackingId: data.trackingId };
}

export function useSubmitExperience() {
  return useMutation({ mutationFn: submitExperience });
}
