// Research Hub (docs/product-rules.md, "Pages and navigation"): moderators only. Members who reach
// the URL see why they cannot use it and no research call is made; the server refuses them (403)
// anyway.
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/app/session/AuthProvider';
import { PageIntro } from '@/components/page/PageIntro';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActivityTab } from './ActivityTab';
import { ApiAccessTab } from './ApiAccessTab';
import { DatabaseTab } from './DatabaseTab';
import { ExportTab } from './ExportTab';
import { GuidelinesTab } from './GuidelinesTab';
import { OverviewTab } from './OverviewTab';
import { ReportsTab } from './reports/ReportsTab';
import { UsersTab } from './UsersTab';
import { TABS, type ResearchTab, useResearchParams } from './research-params';
import { paths } from '@/lib/paths';
import type { ModerationSummary } from '@contract/moderation-api';
import { useModerationSummary } from '@/api/moderation-summary';
import { formatCount } from './format';

const TAB_LABELS: Record<ResearchTab, string> = {
  reports: 'Reports',
  overview: 'Overview',
  database: 'Database',
  export: 'Data Export',
  api: 'API Access',
  guidelines: 'Guidelines',
  users: 'User Management',
  activity: 'Activity',
};

/** What waits behind a tab, from GET /api/moderation/summary, and the words a screen reader hears after the count. */
const WAITING: Partial<Record<ResearchTab, { count: (s: ModerationSummary) => number; words: (n: number) => string }>> =
  {
    reports: { count: (s) => s.waiting, words: () => 'waiting' },
    users: {
      count: (s) => s.pendingRegistrations,
      words: (n) => (n === 1 ? 'registration waiting' : 'registrations waiting'),
    },
  };

/** A tab's count of what waits: "Reports 12 waiting" to a screen reader, a badge on screen. */
function WaitingBadge({ count, words }: { count: number; words: (n: number) => string }) {
  if (count <= 0) return null;
  // The spaces keep the name "Reports 12 waiting" (not "Reports12"); the flex tab does not draw it.
  // `relative` holds the sr-only words (absolute) inside the tab list, which scrolls sideways on a
  // phone: placed by the page instead, a badge on a tab out of view widened the page to 764 px.
  return (
    <>
      {' '}
      <span className="relative ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground">
        {formatCount(count)} <span className="sr-only">{words(count)}</span>
      </span>
    </>
  );
}

export function ResearchPage() {
  const { isModerator } = useAuth();
  return (
    <div className="flex flex-col">
      <PageIntro title="Research Hub">
        Moderation and research tools: community figures, data export, pending registrations and reports waiting for
        review.
      </PageIntro>
      {isModerator ? <Hub /> : <ModeratorsOnly />}
    </div>
  );
}

function ModeratorsOnly() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <ShieldAlert className="size-8 text-muted-foreground" aria-hidden />
        <h2 className="text-xl font-semibold">Moderators only</h2>
        <p className="max-w-md text-muted-foreground">
          The Research Hub is for moderators: it holds the research export and the registration queue. Your account does
          not have moderator access, so nothing here is available to it.
        </p>
        <Link to={paths.explore} className={buttonClasses({ variant: 'outline' })}>
          Explore community data
        </Link>
      </CardContent>
    </Card>
  );
}

function Hub() {
  const [params, update] = useResearchParams();
  const summary = useModerationSummary();
  return (
    <Tabs value={params.tab} onValueChange={(tab) => update({ tab: tab as ResearchTab })}>
      <TabsList aria-label="Research Hub sections">
        {TABS.map((tab) => {
          const waiting = WAITING[tab];
          return (
            <TabsTrigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
              {waiting && summary.data && <WaitingBadge count={waiting.count(summary.data)} words={waiting.words} />}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {/* Only the open tab is mounted (Radix default), so each tab fetches only when opened. */}
      <TabsContent value="reports">
        <ReportsTab view={params.queue} reason={params.reason} reportId={params.report} onChange={update} />
      </TabsContent>
      <TabsContent value="overview">
        <OverviewTab />
      </TabsContent>
      <TabsContent value="database">
        <DatabaseTab sort={params.sort} page={params.page} onChange={update} />
      </TabsContent>
      <TabsContent value="export">
        <ExportTab />
      </TabsContent>
      <TabsContent value="api">
        <ApiAccessTab />
      </TabsContent>
      <TabsContent value="guidelines">
        <GuidelinesTab />
      </TabsContent>
      <TabsContent value="users">
        <UsersTab page={params.usersPage} onPage={(usersPage) => update({ usersPage })} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivityTab experienceId={params.activityReport} onShowAll={() => update({ activityReport: null })} />
      </TabsContent>
    </Tabs>
  );
}
