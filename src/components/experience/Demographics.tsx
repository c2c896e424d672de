// A report's quasi-identifiers (age range, biological sex, activity level) as a public view
// shows them: the values, or DEMOGRAPHICS_NOT_SHOWN where the server withheld them (it sends
// null below K_ANONYMITY similar reports: contract/experiences.ts, contract/rules.ts).
import type { PublicDemographics } from '@contract/experiences';
import { DEMOGRAPHICS_NOT_SHOWN } from '@contract/rules';
import { cn } from '@/lib/cn';
import { optionLabel } from '@contract/vocabulary';

type Part = keyof PublicDemographics;
const ALL_PARTS: readonly Part[] = ['ageRange', 'biologicalSex', 'activityLevel'];

/** "30-34 · Female · Moderate"; empty parts are left out. */
export function demographicsText(d: PublicDemographics, parts: readonly Part[] = ALL_PARTS): string {
  return parts
    .map((p) => d[p].trim())
    .filter(Boolean)
    .map(optionLabel)
    .join(' · ');
}

/** The values, or the quiet "Not shown (fewer than 5 similar reports)" note when withheld. */
export function DemographicsText({ demographics, parts, className }: { demographics: PublicDemographics | null; parts?: readonly Part[]; className?: string }) {
  if (!demographics) {
    return (
      <span className={cn('font-normal italic text-muted-foreground', className)} data-demographics="withheld">
        {DEMOGRAPHICS_NOT_SHOWN}
      </span>
    );
  }
  return <span className={className}>{demographicsText(demographics, parts)}</span>;
}
