// Step 4's "This is what others will see": the same ExperienceCard the community feed shows,
// built from the form on the device (public-preview.ts), so nothing is asked of the server. It
// shows no age range, sex or activity level, as no published report does (docs/product-rules.md,
// "Anonymity"), and says where those answers go instead. No vote buttons and no title link, so
// nothing in it can be clicked.
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { Badge } from '@/components/ui';
import { SHARES_MIN_REPORTS } from '@contract/rules';
import { previewExperience } from './public-preview';
import type { WizardForm } from './wizard-rules';

type PeptideInfo = { _id: string; name: string; category: string };

export function PublicCardPreview({
  form,
  peptide,
  waitsForReview = false,
}: {
  form: WizardForm;
  peptide: PeptideInfo | undefined;
  waitsForReview?: boolean;
}) {
  const experience = previewExperience(form, peptide);
  return (
    <section aria-labelledby="public-preview-heading" className="space-y-3 border-t border-border pt-4">
      <div className="space-y-1">
        <h3 id="public-preview-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {waitsForReview
            ? 'This is what others will see once a moderator approves it'
            : 'This is what others will see'}
          {waitsForReview && <Badge variant="warning">Waits for review</Badge>}
        </h3>
        <p className="text-sm text-muted-foreground">
          {waitsForReview
            ? 'Your report as it will appear on the Community page if a moderator publishes it. This preview is not clickable.'
            : 'Your report as it will appear on the Community page once published. This preview is not clickable.'}
        </p>
      </div>
      <div data-testid="public-card-preview">
        <ExperienceCard experience={experience} titleLink={false} headingLevel="h4" />
      </div>
      <p className="text-sm text-muted-foreground">
        Your age range, sex and activity level are not on the card, nor anywhere public with your report: they count
        only in the peptide’s shares of who reports it, which its page shows from {SHARES_MIN_REPORTS} reports on, each
        question on its own.
      </p>
    </section>
  );
}
