// Step 4's "This is what others will see": the same ExperienceCard the community feed shows,
// built from the form (public-preview.ts), with the demographics shown when the peptide's public
// list of shown combinations holds the form's own: decided here, on the device, so the report's
// age range, sex and activity level leave the browser only with Submit. No vote buttons and no
// title link, so nothing in it can be clicked.
import { isShown, useDisclosedCombinations } from '@/api/experience-disclosure';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { Badge, Button } from '@/components/ui';
import { previewExperience } from './public-preview';
import type { WizardForm } from './wizard-rules';
import { K_ANONYMITY } from '@contract/rules';

type PeptideInfo = { _id: string; name: string; category: string };

export function PublicCardPreview({ form, peptide, waitsForReview = false }: { form: WizardForm; peptide: PeptideInfo | undefined; waitsForReview?: boolean }) {
  const disclosed = useDisclosedCombinations(form.peptideId || null);
  const complete = Boolean(form.ageRange && form.biologicalSex && form.activityLevel);
  // A Retry after a failure counts as loading again (the query keeps its error meanwhile).
  const loading = complete && disclosed.isFetching && (disclosed.isPending || disclosed.isError);
  const failed = complete && disclosed.isError && !disclosed.isFetching;
  const shown =
    complete && disclosed.data !== undefined && isShown(disclosed.data.combinations, { ageRange: form.ageRange, biologicalSex: form.biologicalSex, activityLevel: form.activityLevel });
  // The list is what is public already: "not shown" may change once reports settle.
  const notYetShown = complete && disclosed.data !== undefined && !shown && !loading;
  // Until the list is in, and when it cannot be had, the preview assumes "not shown".
  const experience = previewExperience(form, peptide, shown);
  return (
    <section aria-labelledby="public-preview-heading" className="space-y-3 border-t border-border pt-4">
      <div className="space-y-1">
        <h3 id="public-preview-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {waitsForReview ? 'This is what others will see once a moderator approves it' : 'This is what others will see'}
          {waitsForReview && <Badge variant="warning">Waits for review</Badge>}
        </h3>
        <p className="text-sm text-muted-foreground">
          {waitsForReview
            ? 'Your report as it will appear on the Community page if a moderator publishes it. This preview is not clickable.'
            : 'Your report as it will appear on the Community page once published. This preview is not clickable.'}
        </p>
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
            Fewer than {K_ANONYMITY} reports of this peptide
            {disclosed.data && disclosed.data.settleDays > 0 ? ` public for ${disclosed.data.settleDays} days or more` : ''} share your age range, sex and
            activity level, so they are not shown. Once {K_ANONYMITY} such reports share them, they are shown on all of them, yours included.
          </p>
        )}
        {failed && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p>
              Could not check whether your age range, sex and activity level will be shown, so the preview shows them as not shown. The rule is applied
              when you submit.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void disclosed.refetch()}>
              Retry
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
