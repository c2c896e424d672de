// A report's quasi-identifiers (age range, biological sex, activity level) as a public view
// shows them: the values, or DEMOGRAPHICS_NOT_SHOWN where the server withheld them (it sends
// null below K_ANONYMITY similar reports: contract/experiences.ts, contract/rules.ts).
import type { PublicDemographics } from '@contract/experiences';
import { DEMOGRAPHICS_NOT_SHOWN, K_ANONYMITY } from '@contract/rules';
import { cn } from '@/lib/cn';
import { optionLabel } from '@contract/vocabulary';

type Part = keyof PublicDemographics;

/** Why they are hidden, said on demand (here, not in the contract: only these cards say it). */
export const DEMOGRAPHICS_WHY = `Fewer than ${K_ANONYMITY} reports of this peptide share this age range, sex and activity level, so they are not shown. Once ${K_ANONYMITY} do, they are shown on all of them.`;
const ALL_PARTS: readonly Part[] = ['ageRange', 'biologicalSex', 'activityLevel'];

/** "30-34 · Female · Moderate"; empty parts are left out. */
export function demographicsText(d: PublicDemographics, parts: readonly Part[] = ALL_PARTS): string {
  return parts
    .map((p) => d[p].trim())
    .filter(Boolean)
    .map(optionLabel)
    .join(' · ');
}

/**
 * The values, or the quiet "Hidden for privacy" where withheld, with why on demand (a native
 * disclosure; `explain` false where the reason is already said beside it, as in the wizard's preview).
 */
export function DemographicsText({
  demographics,
  parts,
  className,
  explain = true,
}: {
  demographics: PublicDemographics | null;
  parts?: readonly Part[];
  className?: string;
  explain?: boolean;
}) {
  if (!demographics) {
    if (!explain) {
      return (
        <span className={cn('font-normal text-muted-foreground', className)} data-demographics="withheld">
          {DEMOGRAPHICS_NOT_SHOWN}
        </span>
      );
    }
    return (
      <details className={cn('font-normal text-muted-foreground', className)} data-demographics="withheld">
        <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
          <span className="text-muted-foreground">{DEMOGRAPHICS_NOT_SHOWN}</span> <span className="text-xs underline underline-offset-2">Why?</span>
        </summary>
        <p className="mt-1 text-xs">{DEMOGRAPHICS_WHY}</p>
      </details>
    );
  }
  return <span className={className}>{demographicsText(demographics, parts)}</span>;
}
