// The signed-in member's own flags on a page of reports (`GET /api/flags?experienceIds=...`), one
// request per page like their votes (src/api/votes.ts): a card shows "Flagged" from page load.
import { useQuery } from '@tanstack/react-query';
import type { FlagReason } from '@contract/moderation';
import { call } from './client';

export type MyFlags = Record<string, { reason: FlagReason }>;
export const myFlagsKey = ['flags', 'mine'] as const;

export async function fetchMyFlags(experienceIds: string[]): Promise<MyFlags> {
  return (await call('myFlags', { query: { experienceIds: experienceIds.join(',') } })).flags;
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
