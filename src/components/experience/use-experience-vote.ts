// Voting as the spec and decisions.md describe it: visitors see the sign-in notice, members'
// votes go to the server (which owns the counts and refuses a duplicate with 409).
import { useState } from 'react';
import type { VoteType } from '@contract/common';
import { ApiError } from '@/api/errors';
import { useCastVote } from '@/api/votes';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';

export function useExperienceVote() {
  const { user } = useAuth();
  const { toast } = useToast();
  const mutation = useCastVote();
  /** The experience whose vote needs a sign-in first (the notice shows on that card). */
  const [signInFor, setSignInFor] = useState<string | null>(null);
  /** Votes cast on this page: the cards are highlighted until the page is left. */
  const [castHere, setCastHere] = useState<Record<string, VoteType>>({});

  const vote = (experienceId: string, voteType: VoteType) => {
    if (!user) {
      setSignInFor(experienceId);
      return;
    }
    mutation.mutate(
      { experienceId, voteType },
      {
        onSuccess: (result) => {
          setCastHere((prev) => ({ ...prev, [experienceId]: result.voteType }));
          toast({ title: 'Vote Recorded', description: `Your ${voteType} vote has been recorded.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setCastHere((prev) => ({ ...prev, [experienceId]: voteType }));
            toast({ title: 'Already Voted', description: `You have already marked this experience as ${voteType}.`, variant: 'destructive' });
          } else {
            toast({ title: 'Error', description: error.message, variant: 'destructive' });
          }
        },
      },
    );
  };

  const pendingFor = mutation.isPending ? mutation.variables?.experienceId : undefined;
  return { vote, signInFor, castHere, pendingFor, signedIn: Boolean(user) };
}
