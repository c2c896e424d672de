// A peptide page's Experiences tab: its reports newest first, how many there are, Load more (the
// community feed's cursor pages: src/api/experiences.ts usePeptideExperiences) and the way to
// Community filtered to the peptide, where they can be searched and sorted.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { VOTE_TYPES } from '@contract/vocabulary';
import { usePeptideExperiences } from '@/api/experiences';
import { useFlagAction } from '@/api/flags';
import { useMyFlags } from '@/api/my-flags';
import { useMyVotes, useVoting } from '@/api/votes';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { VoteButtons, VoteSignInNotice } from '@/components/experience/VoteButtons';
import { LoadError } from '@/components/page/LoadError';
import { LoadMore } from '@/components/page/LoadMore';
import { formatCount } from '@/lib/format';
import { COMMUNITY_PEPTIDE_PARAM, paths, withQuery } from '@/lib/paths';

const REPORT_NOUN = ['report', 'reports'] as const;

export function PeptideExperiences({ peptideId, peptideName }: { peptideId: string; peptideName: string }) {
  const query = usePeptideExperiences(peptideId);
  // Session and toasts come from the app shell; src/api never imports it.
  const voting = useVoting({ signedIn: Boolean(useAuth().user), notify: useToast().toast });
  const flagFor = useFlagAction({ signedIn: Boolean(useAuth().user), notify: useToast().toast });
  const listRef = useRef<HTMLUListElement>(null);
  const experiences = query.data?.pages.flatMap((p) => p.experiences) ?? [];
  // Votes are looked up only when signed in; one request for the page (docs/product-rules.md, "Votes").
  const ids = experiences.map((e) => e._id);
  const myVotes = useMyVotes(ids, voting.signedIn);
  const myFlags = useMyFlags(ids, voting.signedIn);
  if (query.isPending)
    return (
      <p className="text-muted-foreground" role="status">
        Loading experiences...
      </p>
    );
  if (query.isError && experiences.length === 0) {
    return (
      <LoadError
        title="Failed to load experiences"
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (experiences.length === 0) {
    return (
      <p className="text-muted-foreground">
        No experiences shared for this peptide yet.{' '}
        <Link to={paths.submitWith(peptideId)} className="text-primary-strong underline">
          Share the first experience
        </Link>
        .
      </p>
    );
  }
  // The first page says how many are published (a trigger-kept counter: server/services/experience-feed.ts).
  const total = query.data?.pages[0]?.total?.count ?? null;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        {total !== null && (
          <p className="text-muted-foreground tabular-nums" data-testid="peptide-experiences-total">
            {formatCount(total)} {total === 1 ? REPORT_NOUN[0] : REPORT_NOUN[1]}
          </p>
        )}
        <Link
          to={withQuery(paths.community, COMMUNITY_PEPTIDE_PARAM, peptideId)}
          className="font-medium text-primary-strong underline underline-offset-4"
        >
          Search and sort {peptideName} reports in Community
        </Link>
      </div>
      <ul ref={listRef} className="grid gap-4" aria-label={`${peptideName} reports`}>
        {experiences.map((exp) => {
          const current = voting.currentFor(exp._id, myVotes.data?.[exp._id]?.voteType);
          return (
            <li key={exp._id}>
              {/* The same card as Community and the report's page, with its way in. */}
              <ExperienceCard
                experience={exp}
                clampStory
                highlighted={voting.votedHere(exp._id)}
                flag={flagFor(exp._id, Boolean(myFlags.data?.[exp._id]))}
              >
                <div className="grid gap-3 border-t border-border pt-3">
                  {/* Every type that counts in the total, so the total is the sum of what is shown. */}
                  <VoteButtons
                    types={VOTE_TYPES}
                    counts={exp.votes}
                    current={current}
                    busy={voting.pendingFor === exp._id}
                    onVote={(type) => voting.vote(exp._id, type, current)}
                    showTotal
                  />
                  {voting.signInFor === exp._id && <VoteSignInNotice />}
                </div>
              </ExperienceCard>
            </li>
          );
        })}
      </ul>
      {query.isFetchNextPageError && !query.isFetchingNextPage && (
        <LoadError
          title="Failed to load more experiences"
          message={query.error?.message}
          onRetry={() => void query.fetchNextPage()}
        />
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        list={listRef}
        shown={experiences.length}
        noun={REPORT_NOUN}
        endText={`That is every ${peptideName} report.`}
      />
    </div>
  );
}
