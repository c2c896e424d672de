// Overview: real figures from the database only (docs/product-rules.md, "Figures"); invented
// placeholder figures (papers, citations, collaborations) are not shown.
import { Activity, CalendarDays, ClipboardCheck, FlaskConical, ThumbsUp, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useResearchOverview } from '@/api/research';
import { errorMessage } from '@/api/errors';
import { useToast } from '@/app/toast/ToastProvider';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { LoadError } from '@/components/page/LoadError';
import { formatCount, formatShare } from './format';

export function OverviewTab() {
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
        <StatCard label="Experiences" value={formatCount(o.experiences)} detail="reports shared by the community" icon={Activity} />
        <StatCard
          label="Experiences This Month"
          value={formatCount(o.experiencesThisMonth)}
          detail="since the 1st of this month (UTC)"
          icon={CalendarDays}
        />
        <StatCard label="Peptides" value={formatCount(o.peptides)} detail="in the catalogue" icon={FlaskConical} />
        <StatCard label="Votes" value={formatCount(o.votes)} detail="helpful, not helpful, detailed and concerning" icon={ThumbsUp} />
        <StatCard
          label="Pending Registrations"
          value={formatCount(o.pendingRegistrations)}
          detail={`${formatCount(o.members)} approved ${o.members === 1 ? 'member' : 'members'}`}
          icon={UserPlus}
        />
        <StatCard
          label="Complete Reports"
          value={o.experiences ? formatShare(o.completeReportShare) : '—'}
          detail={`story of 100+ characters and full demographics (n = ${formatCount(o.experiences)})`}
          icon={ClipboardCheck}
        />
      </div>
    </section>
  );
}
