// The author's report as their lookup shows it: every answer they gave (the wizard's four steps),
// where it stands, and, once public, a link to its public page. Only the holder of the tracking ID
// sees it; the lines "only you see these" mark what no public page shows.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { optionLabel } from '@contract/vocabulary';
import { DemographicsText } from '@/components/experience/Demographics';
import { StoryText } from '@/components/experience/StoryText';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatSideEffects, shortDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ReportStatus } from './ReportStatus';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm text-muted-foreground sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

const ONLY_YOU = <span className="font-normal text-muted-foreground">(only you see these)</span>;
const list = (items: readonly string[]) => (items.length ? items.map(optionLabel).join(', ') : 'None');

/** The sourcing as the author gave it, and whether the public card shows it. */
function SourcingText({ experience }: { experience: OwnExperience }) {
  const s = experience.sourcing;
  if (!s) return <>None</>;
  const parts = [
    s.vendorUrl,
    s.batchId && `batch ${s.batchId}`,
    s.purityPercentage !== undefined && `${s.purityPercentage}% pure`,
    s.volumeMl !== undefined && `${s.volumeMl} mL`,
  ].filter(Boolean);
  return (
    <>
      {parts.join(' · ') || 'None'}{' '}
      <span className="font-normal text-muted-foreground">
        {experience.publishSourcing ? '(on the public card)' : '(only you see these)'}
      </span>
    </>
  );
}

type Props = {
  experience: OwnExperience;
  schedule: PublicationSchedule | undefined;
  /** Benefits, side effects, effects, the author's own answers and the story too (the Privacy page's lookup). */
  showContent: boolean;
  titleId: string;
  actions?: ReactNode;
};

export function OwnReportCard({ experience, schedule, showContent, titleId, actions }: Props) {
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Your submission</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ReportStatus experience={experience} schedule={schedule} />
        {experience.status === 'published' && (
          <p className="text-sm">
            <Link
              to={paths.experience(experience._id)}
              className="font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
            >
              View its public page
            </Link>
          </p>
        )}
        <dl className="space-y-2">
          <Row term="Tracking ID">
            <code className="font-mono text-sm">{experience.trackingId}</code>
          </Row>
          <Row term="Peptide">{experience.peptideName}</Row>
          <Row term="Dose">{experience.dosage}</Row>
          <Row term="Frequency">{optionLabel(experience.frequency)}</Row>
          <Row term="Duration">{experience.duration} days</Row>
          <Row term="Route">{optionLabel(experience.route)}</Row>
          <Row term="Purposes">{list(experience.primaryPurpose)}</Row>
          <Row term="Effects noticed">{optionLabel(experience.timeline)}</Row>
          <Row term="Stack">{experience.stack.length ? experience.stack.join(', ') : 'None'}</Row>
          <Row term="Submitted">{shortDate(experience.createdAt)}</Row>
          {experience.updatedAt && <Row term="Last updated">{shortDate(experience.updatedAt)}</Row>}
          {showContent && (
            <>
              <Row term="Benefits (1-10)">
                {Object.entries(experience.outcomes)
                  .map(([name, v]) => `${name} ${v}/10`)
                  .join(', ')}
              </Row>
              <Row term="Side effects">{formatSideEffects(experience.sideEffects)}</Row>
              <Row term="Extra effects">{experience.effects.length ? experience.effects.join(', ') : 'None'}</Row>
              {/* The author's own answers: no public page shows them (docs/product-rules.md, "Anonymity"). */}
              <Row term="Age range · Sex · Activity">
                <DemographicsText demographics={experience.demographics} /> {ONLY_YOU}
              </Row>
              <Row term="Sourcing">
                <SourcingText experience={experience} />
              </Row>
              <Row term="Story">
                <StoryText as="span" story={experience.story} className="font-normal" />
              </Row>
            </>
          )}
        </dl>
        {actions}
      </CardContent>
    </Card>
  );
}
