// The correction form's benefits: a slider per rated outcome, the add-effect row (which refuses a
// side effect, as the wizard's step 3 does: src/features/submit/steps/OutcomesStep.tsx), when the
// effects began, the other effects and the stack.
import { useState } from 'react';
import { NOT_RATED, OUTCOME_MAX, OUTCOME_MIN } from '@contract/rules';
import { sideEffectNames, sideEffectNotBenefit } from '@contract/side-effects';
import { TIMELINES } from '@contract/vocabulary';
import { useEffects } from '@/api/effects';
import { usePeptideCatalogue } from '@/api/peptides';
import { AddNameRow } from '@/components/form/AddNameRow';
import { Button, Input } from '@/components/ui';
import { Slider } from '@/components/ui/slider';
import { Choice, type FieldsProps, fieldId, invalid, Row } from './CorrectionFields';

/**
 * The names that are side effects for the chosen peptide, lower case, as the server reads them
 * (server/services/experiences.ts benefitsApart): the shared words, the effect vocabulary's side
 * effects and the peptide's own list, less its common effects. Until the catalogue and the
 * vocabulary are in, the shared words alone.
 */
function useNotBenefits(peptideId: string): Set<string> {
  const peptide = usePeptideCatalogue().data?.find((p) => p._id === peptideId);
  const vocabulary = useEffects().data ?? [];
  return sideEffectNames(
    { commonEffects: peptide?.commonEffects ?? [], sideEffects: peptide?.sideEffects ?? [] },
    vocabulary.filter((e) => e.type === 'side').map((e) => e.name),
  );
}

/** What happened: rated outcomes (one add-effect control), when, other effects and the stack. */
export function OutcomeFields({
  form,
  set,
  errors,
  pending,
  setPending,
}: FieldsProps & { pending: string; setPending: (text: string) => void }) {
  const [nameError, setNameError] = useState<string | null>(null);
  const notBenefits = useNotBenefits(form.peptide._id);
  const add = () => {
    const name = pending.trim();
    // The server would move it out of the rated benefits (contract/side-effects.ts splitSideEffects): say so here, as the wizard does.
    if (notBenefits.has(name.toLowerCase())) {
      setNameError(sideEffectNotBenefit(name));
      return;
    }
    setNameError(null);
    if (!name || Object.keys(form.outcomes).some((k) => k.toLowerCase() === name.toLowerCase())) return;
    set('outcomes', { ...form.outcomes, [name]: null });
    setPending('');
  };
  const problem = nameError ?? errors.outcomes;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Benefits (1-10)</legend>
      {Object.entries(form.outcomes).map(([name, value]) => (
        <div key={name} className="grid gap-1">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{name}</span>
            {Object.keys(form.outcomes).length > 1 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${name}`}
                onClick={() =>
                  set('outcomes', Object.fromEntries(Object.entries(form.outcomes).filter(([k]) => k !== name)))
                }
              >
                Remove
              </Button>
            )}
          </div>
          <Slider
            label={name}
            min={OUTCOME_MIN}
            max={OUTCOME_MAX}
            value={value}
            unsetLabel={NOT_RATED}
            onValueChange={(v) => set('outcomes', { ...form.outcomes, [name]: v })}
          />
        </div>
      ))}
      <AddNameRow
        id={fieldId('outcomes')}
        label="Add an effect to rate"
        action="Add effect"
        className="grid gap-1.5"
        value={pending}
        onValueChange={(text) => {
          setPending(text);
          setNameError(null);
        }}
        onAdd={add}
        problem={problem ? { id: `${fieldId('outcomes')}-error`, text: problem } : undefined}
      />
      <Choice
        field="timeline"
        label="When did you notice effects?"
        values={TIMELINES}
        value={form.timeline}
        onChange={(v) => set('timeline', v)}
        errors={errors}
      />
      <Row
        field="effects"
        label="Extra effects"
        errors={errors}
        hint="Separate effects with commas; blank entries are ignored."
      >
        <Input
          id={fieldId('effects')}
          value={form.effects}
          onChange={(e) => set('effects', e.target.value)}
          {...invalid('effects', errors)}
        />
      </Row>
      <Row field="stack" label="Stack (other compounds)" errors={errors} hint="Separate entries with commas.">
        <Input
          id={fieldId('stack')}
          value={form.stack}
          onChange={(e) => set('stack', e.target.value)}
          {...invalid('stack', errors)}
        />
      </Row>
    </fieldset>
  );
}
