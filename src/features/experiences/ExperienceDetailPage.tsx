// /experiences/{id}: the whole report as the public list shows it, with its votes.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import LinkIcon from 'lucide-react/icons/link';
import { useState } from 'react';
import { Link, matchPath, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/api/errors';
import { useExperience } from '@/api/experiences';
import { useFlagAction } from '@/api/flags';
import { useMyFlags } from '@/api/my-flags';
import { useMyVotes, useVoting } from '@/api/votes';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { VoteButtons, VoteSignInNotice } from '@/components/experience/VoteButtons';
import { PageHeading } from '@/components/page/PageHeading';
import { Button, buttonClasses } from '@/components/ui';
import { SafetyNotice } from '@/components/ui/safety-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { cameFromOf } from '@/lib/came-from';
import { COMMUNITY_PEPTIDE_PARAM, ROUTE_PATTERNS, paths, withQuery } from '@/lib/paths';

/** The page a report was opened from, by its name: a peptide's page by the peptide's. */
function backText(path: string, peptideName: string | undefined): string {
  const pathname = path.split(/[?#]/)[0];
  if (matchPath(ROUTE_PATTERNS.peptide, pathname)) return `Back to ${peptideName ?? 'the peptide'}`;
  if (matchPath(ROUTE_PATTERNS.community, pathname)) return 'Back to Community';
  if (matchPath(ROUTE_PATTERNS.home, pathname)) return 'Back to Home';
  return 'Back';
}

/**
 * Back to the page the report was opened from (src/lib/came-from.ts), as the browser's Back would
 * (the tab, the reports loaded and the place on it kept); opened directly, to Community.
 */
function BackLink({ peptideName }: { peptideName?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const from = cameFromOf(location.state);
  return (
    <Link
      to={from ?? paths.community}
      onClick={(event) => {
        if (!from || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className="inline-flex items-center gap-1 text-sm text-primary-strong hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> {from ? backText(from, peptideName) : 'Back to Community'}
    </Link>
  );
}

/** Ways on from a report: the peptide's other reports, and its address to share. */
function Onward({ peptideId, peptideName }: { peptideId: string; peptideName: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        to={withQuery(paths.community, COMMUNITY_PEPTIDE_PARAM, peptideId)}
        className={buttonClasses({ variant: 'outline', wrap: true })}
      >
        More {peptideName} reports
      </Link>
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          void navigator.clipboard?.writeText(window.location.href).then(
            () => setCopied('Link copied.'),
            () => setCopied('Could not copy: copy the address from the address bar.'),
          );
        }}
      >
        <LinkIcon aria-hidden="true" />
        Copy link
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {copied}
      </p>
    </div>
  );
}

export function ExperienceDetailPage() {
  const { id = '' } = useParams();
  const query = useExperience(id);
  // Session and toasts come from the app shell; src/api never imports it.
  const voting = useVoting({ signedIn: Boolean(useAuth().user), notify: useToast().toast });
  const flagFor = useFlagAction({ signedIn: Boolean(useAuth().user), notify: useToast().toast });
  const myVotes = useMyVotes(query.data ? [query.data._id] : [], voting.signedIn);
  const myFlags = useMyFlags(query.data ? [query.data._id] : [], voting.signedIn);

  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading experience">
        <BackLink />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : undefined;
    const missing = status === 404 || status === 400;
    return (
      <div className="grid justify-items-start gap-4">
        <BackLink />
        <PageHeading>{missing ? 'Experience not found' : 'Failed to load experience'}</PageHeading>
        <p className="text-muted-foreground">
          {missing
            ? 'This report does not exist, was deleted by the person who shared it, or is not public: waiting for a moderator or removed by one.'
            : query.error.message}
        </p>
      </div>
    );
  }

  const e = query.data;
  const current = voting.currentFor(e._id, myVotes.data?.[e._id]?.voteType);
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <BackLink peptideName={e.peptideName} />
        <PageHeading>{`${e.peptideName} experience`}</PageHeading>
        <p className="text-muted-foreground">
          An anonymous report on{' '}
          <Link
            to={paths.peptide(e.peptideId)}
            className="font-medium text-primary-strong underline underline-offset-4"
          >
            {e.peptideName}
          </Link>{' '}
          shared with the community.
        </p>
      </div>
      <SafetyNotice />
      <ExperienceCard
        experience={e}
        titleLink={false}
        highlighted={voting.votedHere(e._id)}
        flag={flagFor(e._id, Boolean(myFlags.data?.[e._id]))}
      >
        <div className="grid gap-3 border-t border-border pt-3">
          <VoteButtons
            types={['helpful', 'not-helpful', 'detailed', 'concerning']}
            counts={e.votes}
            current={current}
            busy={voting.pendingFor === e._id}
            onVote={(type) => voting.vote(e._id, type, current)}
            showTotal
          />
          {voting.signInFor === e._id && <VoteSignInNotice />}
        </div>
      </ExperienceCard>
      <Onward peptideId={e.peptideId} peptideName={e.peptideName} />
    </div>
  );
}
