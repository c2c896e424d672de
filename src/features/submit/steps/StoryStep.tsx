// Step 4: the story, optional sourcing, and the card as others will see it.
import { PublicCardPreview } from '../PublicCardPreview';
import { SourcingSection } from '../SourcingSection';
import { StoryEditor } from '../StoryEditor';
import type { StepProps } from './step-props';

type Props = StepProps & { peptide: { _id: string; name: string; category: string } | undefined };

export function StoryStep(props: Props) {
  const { form, set, errors, onBlur, peptide } = props;
  return (
    <>
      <StoryEditor value={form.story} onChange={(v) => set('story', v)} error={errors.story} onBlur={() => onBlur('story')} />
      <SourcingSection form={form} set={set} errors={errors} onBlur={onBlur} />
      <PublicCardPreview form={form} peptide={peptide} />
    </>
  );
}
