// Step 4's "This is what others will see": the same ExperienceCard the community feed shows,
// built from the form (public-preview.ts), with the demographics the disclosure endpoint says
// would be shown. No vote buttons and no title link, so nothing in it can be clicked.
import { useDisclosure, type DisclosureParams } from '@/api/experience-disclosure';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { Button } from '@/components/ui';
import { previewExperience } from './public-preview';
import type { WizardForm } from './wizard-rules';
import { K_ANONYMITY } from '@contract/rules';

type PeptideInfo = { _id: string; name: string; category: string };

function disclosureParams(form: WizardForm): DisclosureParams | null {
  const { peptideId, ageRange, biologicalSex, activityLevel } = form;
  return peptideId && ageRange && biologicalSex && activityLevel ? { peptideId, ageRange, biologicalSex, activityLevel } : null;
}

export function PublicCardPreview({ form, peptide }: { form: WizardForm; peptide: PeptideInfo | undefined }) {
  const disclosure = useDisclosure(disclosureParams(form));
  // A Retry after a failure counts as loading again (the query keeps its error meanwhile).
  const loading = disclosure.isFetching && (disclosure.isPending || disclosure.isError);
  const failed = disclosure.isError && !disclosure.isFetching;
  // The server answers only what is public already (server/services/experiences.ts disclosure):
  // "not shown" may change to shown when this report completes a combination.
  const notYetShown = disclosure.data?.demographicsShown === false && !loading;
  // Until the answer is in, and when it cannot be had, the preview assumes "not shown".
  const experience = previewExperience(form, peptide, disclosure.data?.demographicsShown === true);
  return (
    <section aria-labelledby="public-preview-heading" className="space-y-3 border-t border-border pt-4">
      <div className="space-y-1">
        <h3 id="public-preview-heading" className="text-base font-semibold">
          This is what others will see
        </h3>
        <p className="text-sm text-muted-foreground">Your report as it will appear on the Community page once published. This preview is not clickable.</p>
      </div>
      <div data-testid="public-card-preview">
        <ExperienceCard
          experience={experience}
          titleLink={false}
          headingLevel="h4"
          demographicsNote={loading ? <span className="font-normal italic text-muted-foreground">Checking…</span> : undefined}
        />
      </div>
      <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {loading && <p>Checking whether your age range, sex and activity level will be shown…</p>}
        {notYetShown && (
          <p>
            Fewer than {K_ANONYMITY} reports of this peptide share your age range, sex and activity level, so they are not shown. If yours makes{' '}
            {K_ANONYMITY}, they will be shown on all of them, yours included.
          </p>
        )}
        {failed && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p>
              Could not check whether your age range, sex and activity level will be shown, so the preview shows them as not shown. The rule is applied
              when you submit.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void disclosure.refetch()}>
              Retry
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
