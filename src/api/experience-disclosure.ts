// Would a new report with these quasi-identifiers show them publicly?
// (GET /api/experiences/disclosure; public, no sign-in; the wizard's "what others will see".)
import { useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';

export type DisclosureParams = { peptideId: string; ageRange: string; biologicalSex: string; activityLevel: string };

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export async function fetchDisclosure(params: DisclosureParams): Promise<{ demographicsShown: boolean }> {
  const [{ DisclosureResponse }, response] = await Promise.all([schemas(), api.get<unknown>('/api/experiences/disclosure', { params })]);
  const data = readData(DisclosureResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return { demographicsShown: data.demographicsShown };
}

/** Asked only once every part is chosen; `null` params keep it idle. */
export function useDisclosure(params: DisclosureParams | null) {
  return useQuery({
    queryKey: ['experiences', 'disclosure', params],
    queryFn: () => fetchDisclosure(params!),
    enabled: params !== null,
    staleTime: 60_000,
    // The wizard offers its own Retry; an answer for other choices is never shown meanwhile.
    retry: false,
  });
}
