// The signed-in member's own flags on a page of reports (`GET /api/flags?experienceIds=...`), one
// request per page like their votes (src/api/votes.ts): a card shows "Flagged" from page load.
import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@contract/endpoints';
import type { FlagReason } from '@contract/moderation';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/moderation-api');

export type MyFlags = Record<string, { reason: FlagReason }>;
export const myFlagsKey = ['flags', 'mine'] as const;

export async function fetchMyFlags(experienceIds: string[]): Promise<MyFlags> {
  const [{ MyFlagsResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(ENDPOINTS.myFlags.path, { params: { experienceIds: experienceIds.join(',') } }),
  ]);
  const data = readData(MyFlagsResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data.flags;
}

/** The member's flags on these reports; none (not an error) when the lookup fails: the server still refuses a second flag (409). */
export function useMyFlags(experienceIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: [...myFlagsKey, experienceIds],
    queryFn: () => fetchMyFlags(experienceIds).catch((): MyFlags => ({})),
    enabled: enabled && experienceIds.length > 0,
    staleTime: 30_000,
  });
}
