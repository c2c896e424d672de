// Votes (decisions.md "Votes"): cast one, and the signed-in member's votes on a page of
// experiences in one request. Counts always come back from the server.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@contract/common';
import type { VoteCounts } from '@contract/experiences';
import { readData } from '@contract/normalize';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first response, not with the page (they are not needed to paint it).
const schemas = () => import('@contract/experiences');

export type MyVotes = Record<string, { voteType: VoteType; voteId: string }>;

export async function castVote(experienceId: string, voteType: VoteType): Promise<{ voteType: VoteType; votes: VoteCounts }> {
  const [{ VoteResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(`/api/experiences/${encodeURIComponent(experienceId)}/vote`, { voteType }),
  ]);
  const data = readData(VoteResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return { voteType: data.vote.voteType, votes: data.votes };
}

export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ experienceId, voteType }: { experienceId: string; voteType: VoteType }) => castVote(experienceId, voteType),
    // Counts everywhere are re-read from the server (spec: experiences reload after a vote).
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['experiences'] }), queryClient.invalidateQueries({ queryKey: ['votes'] })]),
  });
}

export async function fetchMyVotes(experienceIds: string[]): Promise<MyVotes> {
  const [{ MyVotesResponse }, response] = await Promise.all([schemas(), api.get<unknown>('/api/votes', { params: { experienceIds: experienceIds.join(',') } })]);
  const data = readData(MyVotesResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data.votes;
}

/** The member's votes on these experiences; none (not an error) when the lookup fails. */
export function useMyVotes(experienceIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: ['votes', 'mine', experienceIds],
    queryFn: () => fetchMyVotes(experienceIds).catch((): MyVotes => ({})),
    enabled: enabled && experienceIds.length > 0,
    staleTime: 30_000,
  });
}
