// Step 4: the story, optional sourcing, and the card as others will see it. While the person
// writes, the hold rules their text is likely to meet are said here, in the contract's sentences,
// and the preview is labelled as waiting for review (src/lib/hold-hints.ts; the server decides).
import { HOLD_REASON_TEXT } from '@contract/moderation';
import { cleanList } from '@contract/rules';
import { likelyHoldReasons } from '@/lib/hold-hints';
import { dosageTextOf } from '@/lib/dose/dose-draft';
import { PublicCardPreview } from '../PublicCardPreview';
import { SourcingSection } from '../SourcingSection';
import { StoryEditor } from '../StoryEditor';
import type { WizardForm } from '../wizard-rules';
import type { StepProps } from './step-props';

type Props = StepProps & { peptide: { _id: string; name: string; category: string } | undefined };

/** The texts a reader of the report would see, as the server's hold rules read them (services/publication.ts heldTexts). */
export function readableTexts(form: WizardForm): string[] {
  return [
    form.story,
    dosageTextOf(form.dose),
    ...cleanList(form.effects),
    ...cleanList(form.stack),
    ...Object.keys(form.outcomes),
    form.sourcingBatchId,
    form.publishSourcing ? form.sourcingVendorUrl : '',
  ];
}

export function StoryStep(props: Props) {
  const { form, set, errors, onBlur, peptide } = props;
  const holds = likelyHoldReasons(readableTexts(form));
  return (
    <>
      <StoryEditor
        value={form.story}
        onChange={(v) => set('story', v)}
        error={errors.story}
        onBlur={() => onBlur('story')}
      />
      <div role="status" aria-live="polite">
        {holds.length > 0 && (
          <div
            data-testid="hold-hint"
            className="space-y-1 rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground"
          >
            <p className="font-medium">Your report will wait for a moderator’s review before it is public:</p>
            <ul className="list-disc space-y-1 pl-5">
              {holds.map((reason) => (
                <li key={reason}>{HOLD_REASON_TEXT[reason]}</li>
              ))}
            </ul>
            <p>Remove it if you want your report published without waiting.</p>
          </div>
        )}
      </div>
      <SourcingSection form={form} set={set} errors={errors} onBlur={onBlur} />
      <PublicCardPreview form={form} peptide={peptide} waitsForReview={holds.length > 0} />
    </>
  );
}
