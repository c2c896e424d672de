// Overview: real figures from the database only (docs/product-rules.md, "Figures"); invented
// placeholder figures (papers, citations, collaborations) are not shown. What waits for the
// moderators comes first, from its own request (GET /api/moderation/summary), with a way to the queue.
import {
  Activity,
  CalendarClock,
  CalendarDays,
  ClipboardCheck,
  EyeOff,
  Flag,
  FlaskConical,
  Inbox,
  ThumbsUp,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { useModerationSummary } from '@/api/moderation-summary';
import { buttonClasses } from '@/components/ui/button';
import { STAT_GRID } from '@/components/ui/stat-card';
import { paths } from '@/lib/paths';
import { useEffect } from 'react';
import { useResearchOverview } from '@/api/research';
import { errorMessage } from '@/api/errors';
import { useToast } from '@/app/toast/ToastProvider';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { LoadError } from '@/components/page/LoadError';
import { formatCount, formatShare } from './format';

/** What waits for a decision, in four figures, and the way to the queue. */
function ModerationFigures() {
  const summary = useModerationSummary();
  if (summary.isPending) {
    return (
      <div className={STAT_GRID} aria-busy="true" aria-label="Loading what waits for review">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (summary.isError) {
    return (
      <LoadError
        title="Failed to load what waits for review"
        message={errorMessage(summary.error, 'The counts could not be loaded.')}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  }
  const s = summary.data;
  return (
    <section aria-labelledby="moderation-figures" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="moderation-figures" className="text-lg font-semibold">
          Moderation
        </h2>
        <Link
          to={`${paths.research}?tab=reports`}
          className={buttonClasses({ variant: s.waiting ? 'primary' : 'outline', size: 'sm' })}
        >
          {s.waiting ? 'Review the queue' : 'Open the queue'}
        </Link>
      </div>
      <div className={STAT_GRID}>
        <StatCard
          label="Waiting for Review"
          value={formatCount(s.waiting)}
          detail={`${formatCount(s.held)} held, ${formatCount(s.flagged)} published with open flags`}
          icon={Inbox}
        />
        <StatCard
          label="Flagged"
          value={formatCount(s.flagged)}
          detail="published reports with open flags"
          icon={Flag}
        />
        <StatCard
          label="Scheduled"
          value={formatCount(s.scheduled)}
          detail="publishes and restores waiting for the next batch"
          icon={CalendarClock}
        />
        <StatCard label="Hidden" value={formatCount(s.hidden)} detail="removed by a moderator" icon={EyeOff} />
      </div>
    </section>
  );
}

export function OverviewTab() {
  return (
    <div className="flex flex-col gap-6">
      <ModerationFigures />
      <ResearchFigures />
    </div>
  );
}

function ResearchFigures() {
  const overview = useResearchOverview();
  const { toast } = useToast();

  useEffect(() => {
    if (overview.isError) toast({ variant: 'destructive', description: 'Failed to load analytics data' });
  }, [overview.isError, toast]);

  if (overview.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading research figures">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (overview.isError) {
    return (
      <LoadError
        title="Failed to load analytics data"
        message={errorMessage(overview.error, 'The research figures could not be loaded.')}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const o = overview.data;
  return (
    <section aria-label="Research figures" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label="Experiences"
          value={formatCount(o.experiences)}
          detail="reports shared by the community"
          icon={Activity}
        />
        <StatCard
          label="Experiences This Month"
          value={formatCount(o.experiencesThisMonth)}
          detail="since the 1st of this month (UTC)"
          icon={CalendarDays}
        />
        <StatCard label="Peptides" value={formatCount(o.peptides)} detail="in the catalogue" icon={FlaskConical} />
        <StatCard
          label="Votes"
          value={formatCount(o.votes)}
          detail="helpful, not helpful, detailed and concerning"
          icon={ThumbsUp}
        />
        <StatCard
          label="Pending Registrations"
          value={formatCount(o.pendingRegistrations)}
          detail={`${formatCount(o.members)} approved ${o.members === 1 ? 'member' : 'members'}`}
          icon={UserPlus}
        />
        <StatCard
          label="Reports with Optional Details"
          value={o.experiences ? formatShare(o.optionalDetailsShare) : '—'}
          detail={`published reports naming a stack, extra effects or sourcing (n = ${formatCount(o.experiences)})`}
          icon={ClipboardCheck}
        />
      </div>
    </section>
  );
}
