import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Experience } from '@contract/experiences';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { optionLabel, outcomeLabel } from '@contract/vocabulary';
import { formatReportRating, formatSideEffects } from '@/lib/format';
import { shortDate } from './format';
import { StoryText } from './StoryText';
import { FlagAction, type FlagActionProps } from './FlagAction';
import { paths } from '@/lib/paths';
import { cameFromState } from '@/lib/came-from';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

function Tags({
  label,
  items,
  variant = 'outline',
  as: Sub,
}: {
  label: string;
  items: string[];
  variant?: 'outline' | 'secondary';
  as: 'h3' | 'h4' | 'h5';
}) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <Sub className="text-xs font-medium text-muted-foreground">{label}</Sub>
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Badge variant={variant}>{item}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One experience with every field the community list shows: the same card on Community, a
 * peptide's page, the report's own page, the moderators' queue and the wizard's preview. Never
 * an age range, a sex or an activity level: no report shows them (docs/product-rules.md, "Anonymity").
 * `titleLink` adds "Read the full report" under the story (the way in; the peptide's name is a
 * heading, not a link that could be taken for the peptide's page); `children` holds the vote
 * controls. Without either the card has nothing to click (the wizard's preview:
 * src/features/submit/PublicCardPreview.tsx). `flag` adds the "Flag" action (for the
 * moderators) at the card's foot.
 */
export function ExperienceCard({
  experience: e,
  highlighted = false,
  titleLink = true,
  clampStory = false,
  headingLevel: Heading = 'h2',
  children,
  flag,
}: {
  experience: Experience;
  highlighted?: boolean;
  titleLink?: boolean;
  clampStory?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  children?: ReactNode;
  flag?: FlagActionProps;
}) {
  const outcomes = Object.entries(e.outcomes);
  const here = useLocation();
  // Section labels sit one level below the card's own heading (WCAG heading order).
  const Sub = Heading === 'h2' ? 'h3' : Heading === 'h3' ? 'h4' : 'h5';
  // Every sourcing value the server publishes (host, volume, batch: server/services/experiences.ts).
  const vendor = e.vendor
    ? [e.vendor.name, e.vendor.quantity, e.vendor.batchId && `batch ${e.vendor.batchId}`].filter(Boolean).join(' · ')
    : '';
  return (
    <Card
      className={cn(
        'grid min-w-0 gap-4 p-5 transition-colors duration-150 [overflow-wrap:anywhere]',
        highlighted && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <Heading className="text-lg font-semibold leading-tight">{e.peptideName}</Heading>
          <p className="text-xs text-muted-foreground">
            <time dateTime={e.createdAt}>{shortDate(e.createdAt)}</time>
            {e.peptideCategory ? ` · ${e.peptideCategory}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {e.demo && (
            <Badge variant="warning" title="Seeded demonstration data, not a member's report">
              Demo data
            </Badge>
          )}
          {/* Out of 10 and labelled, like every rating (docs/product-rules.md, "Figures"). */}
          <Badge variant="secondary" title="The mean of the benefits this report rates (side effects never enter it)">
            {formatReportRating(e.outcomes)}
          </Badge>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Dosage">{e.dosage}</Fact>
        <Fact label="Frequency">{optionLabel(e.frequency)}</Fact>
        <Fact label="Duration">{e.duration} days</Fact>
        <Fact label="Route">{optionLabel(e.route)}</Fact>
      </dl>

      {outcomes.length > 0 && (
        <div className="grid gap-1.5">
          <Sub className="text-xs font-medium text-muted-foreground">Benefits</Sub>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {outcomes.map(([key, value]) => (
              <li key={key}>
                {outcomeLabel(key)} <span className="font-semibold tabular-nums">{value}/10</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* Apart from the benefits and never in the rating (docs/product-rules.md, "Side effects"). */}
      {e.sideEffects.length > 0 && (
        <div className="grid gap-1.5">
          <Sub className="text-xs font-medium text-muted-foreground">Side effects</Sub>
          <p className="text-sm">{formatSideEffects(e.sideEffects)}</p>
        </div>
      )}

      <StoryText story={e.story} className={cn('text-sm', clampStory && 'line-clamp-4')} />
      {titleLink && (
        // Its purpose is clear from its card (WCAG 2.4.4 "in context"): the report under the heading.
        <Link
          to={paths.experience(e._id)}
          // The report's back link returns to this page (src/lib/came-from.ts).
          state={cameFromState(here.pathname + here.search)}
          className="justify-self-start text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          Read the full report
        </Link>
      )}

      <Tags label="Effects" items={e.effects} as={Sub} />
      <Tags label="Primary purpose" items={e.primaryPurpose} variant="secondary" as={Sub} />
      {vendor && <p className="text-xs text-muted-foreground">Vendor: {vendor}</p>}
      {children}
      {flag && <FlagAction {...flag} className="-mb-2 -mr-2 justify-self-end" />}
    </Card>
  );
}
