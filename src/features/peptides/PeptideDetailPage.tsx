// /peptides/{id}, a peptide: overview (with who reports it) and the experiences shared about it.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Peptide, PeptideDetail } from '@contract/peptides';
import { ApiError } from '@/api/errors';
import { usePeptideDetail } from '@/api/peptides';
import { LoadError } from '@/components/page/LoadError';
import { PeptideRating } from '@/components/peptide/PeptideRating';
import { ReviewStatus } from './ReviewStatus';
import { SourceList } from './PeptideSources';
import { DoseBands } from './DoseBands';
import { OutcomeSpreads } from './OutcomeSpreads';
import { WhatPeopleTake } from './WhatPeopleTake';
import { WhoReports } from './WhoReports';
import { PeptideExperiences } from './PeptideExperiences';
import { PageHeading } from '@/components/page/PageHeading';
import {
  Badge,
  buttonClasses,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Progress,
  SafetyNotice,
  Skeleton,
} from '@/components/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';

const backLinkClass = 'inline-flex items-center gap-1 text-sm text-primary-strong hover:underline';

function BackLink() {
  return (
    <Link to={paths.peptides} className={backLinkClass}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Peptides
    </Link>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  );
}

/**
 * Where the page's text comes from. A reviewed page lists them at the end of its overview; a
 * member's page not reviewed yet shows them beside its status, so both are read together.
 */
function Sources({ peptide }: { peptide: Peptide }) {
  return (
    // Not reviewed: edged in the status badge's colour, and spaced from the status and the button.
    <Section title="Sources" className={peptide.reviewedAt ? undefined : 'my-2 border-warning-border'}>
      <SourceList sources={peptide.sources} />
    </Section>
  );
}

function BadgeList({ items, empty, variant }: { items: string[]; empty: string; variant?: 'outline' | 'warning' }) {
  if (items.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge variant={variant ?? 'outline'}>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Pairs({ entries }: { entries: [string, string][] }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-3">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value || 'Not specified'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Overview({ peptide }: { peptide: PeptideDetail }) {
  return (
    <div className="grid gap-4">
      <Section title="Description">
        <p>{peptide.description}</p>
        {peptide.detailedDescription && (
          <p className="mt-3 whitespace-pre-line text-muted-foreground">{peptide.detailedDescription}</p>
        )}
      </Section>
      <Section title="Mechanism of Action">
        <p className="whitespace-pre-line">{peptide.mechanism}</p>
      </Section>
      <Section title="Peptide Sequence">
        <p className="break-all font-mono">{peptide.peptide_sequence}</p>
      </Section>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Common Effects">
          <BadgeList items={peptide.commonEffects} empty="No common effects listed." />
        </Section>
        <Section title="Side Effects">
          <BadgeList items={peptide.sideEffects} empty="No side effects listed." variant="warning" />
        </Section>
      </div>
      <Section title="Popularity">
        <div className="flex items-center gap-3">
          <Progress value={Math.round(peptide.popularity)} label="Popularity" className="flex-1" />
          <span className="font-medium tabular-nums">{Math.round(peptide.popularity)}%</span>
        </div>
        <p className="mt-2 text-muted-foreground">
          Based on {peptide.totalExperiences} experiences and recent activity
        </p>
      </Section>
      <OutcomeSpreads outcomes={peptide.outcomes} />
      <WhatPeopleTake name={peptide.name} doses={peptide.doses} />
      <DoseBands bands={peptide.doses.bands} />
      <WhoReports name={peptide.name} reporters={peptide.reporters} />
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Dosage Ranges">
          <Pairs
            entries={[
              ['Low', peptide.dosageRanges.low],
              ['Medium', peptide.dosageRanges.medium],
              ['High', peptide.dosageRanges.high],
            ]}
          />
        </Section>
        <Section title="Timeline">
          <Pairs
            entries={[
              ['Onset', peptide.timeline.onset],
              ['Peak', peptide.timeline.peak],
              ['Duration', peptide.timeline.duration],
            ]}
          />
        </Section>
      </div>
      {peptide.reviewedAt && <Sources peptide={peptide} />}
    </div>
  );
}

const TABS = ['overview', 'experiences'] as const;
type PeptideTab = (typeof TABS)[number];

/**
 * The tab shown, kept in this history entry's state (never the URL: the page opens on Overview,
 * docs/product-rules.md "Pages and navigation"), so Back from a report opened on the Experiences
 * tab returns to that tab.
 */
function usePeptideTab(): [PeptideTab, (tab: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (typeof location.state === 'object' && location.state) || {};
  const kept = (state as { peptideTab?: unknown }).peptideTab;
  const tab = TABS.find((t) => t === kept) ?? 'overview';
  const choose = (next: string) => void navigate(location, { replace: true, state: { ...state, peptideTab: next } });
  return [tab, choose];
}

export function PeptideDetailPage() {
  const { id = '' } = useParams();
  const query = usePeptideDetail(id);
  const [tab, setTab] = usePeptideTab();

  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading peptide">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="grid justify-items-start gap-4 py-12">
        <PageHeading className="text-2xl">{notFound ? 'Peptide not found' : 'Peptide Details'}</PageHeading>
        {!notFound && (
          <LoadError
            title="Failed to load peptide"
            message={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
        <BackLink />
      </div>
    );
  }
  const peptide = query.data;
  return (
    <div className="grid gap-6">
      <BackLink />
      <div className="grid gap-2">
        <PageHeading>{peptide.name}</PageHeading>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge>{peptide.category}</Badge>
          <PeptideRating
            peptideId={peptide._id}
            rating={peptide.averageRating}
            interval={peptide.ratingInterval}
            n={peptide.totalExperiences}
          />
        </div>
        <ReviewStatus peptide={peptide} />
        {!peptide.reviewedAt && <Sources peptide={peptide} />}
        {/* The wizard opens with this peptide chosen. */}
        <Link to={paths.submitWith(peptide._id)} className={`${buttonClasses({ wrap: true })} justify-self-start`}>
          Share your experience with {peptide.name}
        </Link>
      </div>
      <SafetyNotice />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="experiences">Experiences</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview peptide={peptide} />
        </TabsContent>
        <TabsContent value="experiences">
          <PeptideExperiences peptideId={peptide._id} peptideName={peptide.name} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
