// Votes (docs/product-rules.md): cast one, withdraw it, and the signed-in member's votes on a
// page of experiences in one request. Counts always come back from the server.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VoteType } from '@contract/common';
import type { VoteCounts } from '@contract/experiences';
import { VOTE_WITHDRAWN_MESSAGE } from '@contract/vocabulary';
import { call } from './client';
import { ApiError } from './errors';

export type MyVotes = Record<string, { voteType: VoteType; voteId: string }>;

export async function castVote(
  experienceId: string,
  voteType: VoteType,
): Promise<{ voteType: VoteType; votes: VoteCounts }> {
  const data = await call('vote', { params: { id: experienceId }, body: { voteType } });
  return { voteType: data.vote.voteType, votes: data.votes };
}

export function withdrawVote(experienceId: string): Promise<{ withdrawn: boolean; votes: VoteCounts }> {
  return call('withdrawVote', { params: { id: experienceId } });
}

/** The server's new counts, written into every cached copy of that experience at once. */
function withVotes(value: unknown, experienceId: string, votes: VoteCounts): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => withVotes(item, experienceId, votes));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (record._id === experienceId && 'votes' in record) return { ...record, votes };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    next[key] = withVotes(item, experienceId, votes);
    changed ||= next[key] !== item;
  }
  return changed ? next : value;
}

function showCounts(queryClient: QueryClient, experienceId: string, votes: VoteCounts) {
  queryClient.setQueriesData({ queryKey: ['experiences'] }, (data: unknown) => withVotes(data, experienceId, votes));
}

// Counts everywhere are re-read from the server afterwards (docs/product-rules.md, "Votes").
const refetchVotes = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['experiences'] }),
    queryClient.invalidateQueries({ queryKey: ['votes'] }),
  ]);

type VoteChange = { experienceId: string; voteType: VoteType; withdraw: boolean };

/** Casts a vote, or withdraws the member's vote; the answer's counts show at once. */
export function useVoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ experienceId, voteType, withdraw }: VoteChange) =>
      withdraw ? { voteType: null, ...(await withdrawVote(experienceId)) } : castVote(experienceId, voteType),
    onSuccess: (result, { experienceId }) => showCounts(queryClient, experienceId, result.votes),
    // Not awaited: the buttons are free again as soon as the server has answered.
    onSettled: () => {
      void refetchVotes(queryClient);
    },
  });
}

export interface VoteNotice {
  title: string;
  description: string;
  variant?: 'destructive';
}

/**
 * Voting on a page of experiences: visitors get the sign-in notice on that card; a member's
 * vote goes to the server, and pressing the chosen type again withdraws it. The app shell's
 * session and toasts come in as `signedIn` and `notify` (this layer never imports the app).
 */
export function useVoting({ signedIn, notify }: { signedIn: boolean; notify: (notice: VoteNotice) => void }) {
  const mutation = useVoteMutation();
  /** The experience whose vote needs a sign-in first (the notice shows on that card). */
  const [signInFor, setSignInFor] = useState<string | null>(null);
  /** Votes cast (a type) or withdrawn (null) on this page; cast ones stay highlighted. */
  const [chosenHere, setChosenHere] = useState<Record<string, VoteType | null>>({});

  /** `current` is the vote the member is shown to hold on it now. */
  const vote = (experienceId: string, voteType: VoteType, current: VoteType | undefined) => {
    if (!signedIn) {
      setSignInFor(experienceId);
      return;
    }
    const withdraw = current === voteType;
    mutation.mutate(
      { experienceId, voteType, withdraw },
      {
        onSuccess: (result) => {
          setChosenHere((prev) => ({ ...prev, [experienceId]: result.voteType }));
          if (withdraw) notify({ title: 'Vote Withdrawn', description: VOTE_WITHDRAWN_MESSAGE });
          else notify({ title: 'Vote Recorded', description: `Your ${voteType} vote has been recorded.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setChosenHere((prev) => ({ ...prev, [experienceId]: voteType }));
            notify({
              title: 'Already Voted',
              description: `You have already marked this experience as ${voteType}.`,
              variant: 'destructive',
            });
          } else {
            notify({ title: 'Error', description: error.message, variant: 'destructive' });
          }
        },
      },
    );
  };

  /** The member's vote on an experience: chosen on this page, else what the server said. */
  const currentFor = (experienceId: string, fromServer: VoteType | undefined): VoteType | undefined =>
    experienceId in chosenHere ? (chosenHere[experienceId] ?? undefined) : fromServer;

  const pendingFor = mutation.isPending ? mutation.variables?.experienceId : undefined;
  return { vote, currentFor, votedHere: (id: string) => Boolean(chosenHere[id]), signInFor, pendingFor, signedIn };
}

export type Voting = ReturnType<typeof useVoting>;

export async function fetchMyVotes(experienceIds: string[]): Promise<MyVotes> {
  return (await call('myVotes', { query: { experienceIds: experienceIds.join(',') } })).votes;
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
