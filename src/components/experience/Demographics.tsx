// A report's age range, biological sex and activity level as its author (tracking lookup) and the
// moderators reviewing it see them. Never on a public card: no report shows them to the public,
// each peptide shows the shares of its reports instead (docs/product-rules.md, "Anonymity").
import type { PublicDemographics } from '@contract/experiences';
import { optionLabel } from '@contract/vocabulary';

/** "30-34 · Female · Moderate"; empty parts are left out. */
export function demographicsText(d: PublicDemographics): string {
  return [d.ageRange, d.biologicalSex, d.activityLevel]
    .map((p) => p.trim())
    .filter(Boolean)
    .map(optionLabel)
    .join(' · ');
}

/** The values; "Not given" where an answer carries none. */
export function DemographicsText({
  demographics,
  className,
}: {
  demographics: PublicDemographics | null;
  className?: string;
}) {
  if (!demographics) return <span className="font-normal text-muted-foreground">Not given</span>;
  return <span className={className}>{demographicsText(demographics)}</span>;
}
