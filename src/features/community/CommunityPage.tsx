// /community: filters in the URL, run by the server; keyset-paged feed with
// Load more; helpful / not-helpful votes with the counts the server returns.
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { Link } from 'react-router-dom';
import type { Experience } from '@contract/experiences';
import { COMMUNITY_CATEGORY_LABELS, COMMUNITY_SORT_LABELS } from '@contract/vocabulary';
import { type ExperiencePage, useCommunityExperiences } from '@/api/experiences';
import { useFlagAction } from '@/api/flags';
import { useMyFlags } from '@/api/my-flags';
import { type Voting, useMyVotes, useVoting } from '@/api/votes';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { VoteButtons, VoteSignInNotice } from '@/components/experience/VoteButtons';
import { LoadError } from '@/components/page/LoadError';
import { LoadMore } from '@/components/page/LoadMore';
import { PageIntro } from '@/components/page/PageIntro';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { PeptideFilter } from './PeptideFilter';
import { useCommunityFilters } from './community-filters';
import { paths } from '@/lib/paths';

type FlagFor = ReturnType<typeof useFlagAction>;

const NO_PAGES: ExperiencePage[] = [];
const REPORT_NOUN = ['report', 'reports'] as const;

/** One server page of cards, with the member's votes and flags on it fetched in one request each. */
function ExperienceBatch({
  experiences,
  voting,
  flagFor,
}: {
  experiences: Experience[];
  voting: Voting;
  flagFor: FlagFor;
}) {
  const ids = experiences.map((e) => e._id);
  const myVotes = useMyVotes(ids, voting.signedIn);
  const myFlags = useMyFlags(ids, voting.signedIn);
  return experiences.map((e) => {
    const current = voting.currentFor(e._id, myVotes.data?.[e._id]?.voteType);
    return (
      <li key={e._id} className="list-item-lazy">
        <ExperienceCard
          experience={e}
          highlighted={voting.votedHere(e._id)}
          clampStory
          flag={flagFor(e._id, Boolean(myFlags.data?.[e._id]))}
        >
          <div className="grid gap-3 border-t border-border pt-3">
            <VoteButtons
              types={['helpful', 'not-helpful']}
              counts={e.votes}
              current={current}
              busy={voting.pendingFor === e._id}
              onVote={(type) => voting.vote(e._id, type, current)}
            />
            {voting.signInFor === e._id && <VoteSignInNotice />}
          </div>
        </ExperienceCard>
      </li>
    );
  });
}

export function CommunityPage() {
  const { filters, searchDraft, setSearchDraft, update, clear, isFiltered } = useCommunityFilters();
  // On a phone the filters fold behind one button, so the first report starts on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  // What narrows the list; the sort order only orders it, so it is not counted.
  const activeFilters = [filters.search !== '', filters.peptide !== '', filters.category !== 'all'].filter(
    Boolean,
  ).length;
  const query = useCommunityExperiences(filters);
  // Session and toasts come from the app shell; src/api never imports it.
  const voting = useVoting({ signedIn: Boolean(useAuth().user), notify: useToast().toast });
  const { toast } = useToast();
  const flagFor = useFlagAction({ signedIn: Boolean(useAuth().user), notify: toast });
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (query.isError) toast({ title: 'Error', description: query.error.message, variant: 'destructive' });
  }, [query.isError, query.error, toast]);

  // A new answer's cards render in the background, a slice at a time, so a slow phone stays
  // responsive while twenty reports are built; until then the screen shows what it showed.
  const shown = useDeferredValue(query.data);
  const rendering = query.data !== undefined && shown !== query.data;
  const pages = shown?.pages ?? NO_PAGES;
  const count = pages.reduce((n, p) => n + p.experiences.length, 0);
  // The first page says how many reports match (a search is counted up to MATCH_COUNT_CAP: "1,000+").
  const total = pages[0]?.total ?? null;
  const single = total?.count === 1 && !total.capped;
  const narrowed = filters.search !== '' || filters.category !== 'all' || filters.peptide !== '';
  const totalText = total
    ? `${formatCount(total.count)}${total.capped ? '+' : ''} ${single ? 'report' : 'reports'}${narrowed ? (single ? ' matches' : ' match') : ''}`
    : '';
  // Announced once a list has landed; a filter change keeps the old list visible meanwhile.
  const settled = query.isSuccess && !query.isFetching && !rendering;
  const announce = settled ? `${totalText ? `${totalText}, ` : ''}${count} shown` : '';

  return (
    <div className="grid gap-6">
      <PageIntro title="Community Experiences">
        Anonymous reports from the community. Vote on the ones that help others decide.
      </PageIntro>

      <Button
        type="button"
        variant="outline"
        className="justify-self-start sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls="community-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters ({activeFilters})
      </Button>
      <Card id="community-filters" className={filtersOpen ? 'p-4 sm:p-5' : 'hidden p-4 sm:block sm:p-5'}>
        <form
          role="search"
          aria-label="Filter experiences"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="community-search">Search</Label>
            <Input
              id="community-search"
              type="search"
              placeholder="Search experiences..."
              value={searchDraft}
              onChange={(e) => setSearchDraft(e.target.value)}
            />
          </div>
          <PeptideFilter value={filters.peptide} onChange={(peptide) => update({ peptide })} />
          <div className="grid gap-1.5">
            <Label htmlFor="community-category">Category</Label>
            <Select
              id="community-category"
              value={filters.category}
              onChange={(e) => update({ category: e.target.value })}
            >
              {Object.entries(COMMUNITY_CATEGORY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="community-sort">Sort</Label>
            <Select id="community-sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value })}>
              {Object.entries(COMMUNITY_SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" onClick={clear} disabled={!isFiltered} className="sm:col-span-2 lg:col-span-1">
            Clear Filters
          </Button>
        </form>
      </Card>

      <p className="sr-only" role="status">
        {announce}
      </p>

      {query.isPending || (rendering && shown === undefined) ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading experiences" />
        </div>
      ) : query.isError && pages.length === 0 ? (
        <LoadError
          title="Failed to load experiences"
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : count === 0 ? (
        <div className="grid justify-items-center gap-3 py-12 text-center">
          <p className="text-muted-foreground">
            {isFiltered ? 'No experiences match these filters.' : 'No experiences have been shared yet.'}
          </p>
          {isFiltered ? (
            <Button variant="outline" onClick={clear}>
              Clear Filters
            </Button>
          ) : (
            <Link to={paths.submit} className={buttonClasses()}>
              Share the first experience
            </Link>
          )}
        </div>
      ) : (
        <>
          {totalText && (
            <p className="text-sm text-muted-foreground tabular-nums" data-testid="community-total">
              {totalText}
            </p>
          )}
          <ul ref={listRef} className="grid gap-4" aria-busy={query.isFetching && !query.isFetchingNextPage}>
            {pages.map((page, i) => (
              <ExperienceBatch key={i} experiences={page.experiences} voting={voting} flagFor={flagFor} />
            ))}
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
            shown={count}
            noun={REPORT_NOUN}
          />
        </>
      )}
    </div>
  );
}
