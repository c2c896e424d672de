// Step 3: rate benefits 1-10 (the peptide's common effects, or its overall effect when it lists
// none, plus effects the person adds through the one add-effect control), list side effects apart
// with their severities (SideEffectsField.tsx), and say when effects began. Every slider starts at
// "Not rated" and only the ones moved are sent (docs/product-rules.md, "Forms"). What is typed in
// the add-effect box and not added stays in the draft, and Next asks about it
// (wizard-validation.ts pendingEffect). A side effect typed there is refused: it would never be rated.
import { useState } from 'react';
import { sideEffectNames } from '@contract/side-effects';
import { TIMELINES } from '@contract/vocabulary';
import { cleanList, NOT_RATED, OUTCOME_MAX, OUTCOME_MIN } from '@contract/rules';
import { AddNameRow } from '@/components/form/AddNameRow';
import { Button, Select } from '@/components/ui';
import { Slider } from '@/components/ui/slider';
import { errorProps, Field, FieldError } from '../Field';
import { Options } from '../Options';
import { checkOutcomeName } from '../wizard-validation';
import { SideEffectsField } from './SideEffectsField';
import type { StepProps } from './step-props';

type Props = StepProps & {
  commonEffects: readonly string[];
  /** The chosen peptide's known side effects. */
  sideEffects: readonly string[];
  /** The effect vocabulary (GET /api/effects): benefits suggested here, side effects under Side effects. */
  effects: readonly { name: string; type: 'positive' | 'side' }[];
};

export function OutcomesStep({ form, set, errors, commonEffects, sideEffects, effects }: Props) {
  const newName = form.pendingEffect;
  const setNewName = (name: string) => set('pendingEffect', name);
  const [nameError, setNameError] = useState<string | null>(null);
  const common = new Set(commonEffects.map((e) => e.trim().toLowerCase()));
  const vocabularySideEffects = effects.filter((e) => e.type === 'side').map((e) => e.name);
  // The names the server would move out of the benefits (contract/side-effects.ts), less this peptide's own benefits.
  const notBenefits = sideEffectNames({ commonEffects, sideEffects }, vocabularySideEffects);
  // Each once, whatever the letter case, as the contract lists side effects; never one of the peptide's benefits.
  const knownSideEffects = cleanList(sideEffects).filter(
    (name, i, all) =>
      !common.has(name.toLowerCase()) && all.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === i,
  );
  const add = () => {
    const checked = checkOutcomeName(newName, form.outcomes, notBenefits);
    if ('error' in checked) {
      setNameError(checked.error);
      return;
    }
    set('outcomes', { ...form.outcomes, [checked.name]: null });
    setNewName('');
    setNameError(null);
  };
  const remove = (name: string) => {
    set('outcomes', Object.fromEntries(Object.entries(form.outcomes).filter(([k]) => k !== name)));
  };
  const describedBy = ['outcomes-help', errors.outcomes && 'outcomes-error'].filter(Boolean).join(' ');
  const offered = Object.entries(form.outcomes);
  return (
    <>
      <fieldset className="space-y-3" aria-describedby={describedBy}>
        <legend className="text-sm font-medium">Benefits (1-10)</legend>
        <p id="outcomes-help" className="text-sm text-muted-foreground">
          {commonEffects.length > 0
            ? `Rate the benefits you noticed from 1 (none) to 10 (strong); leave the others at "${NOT_RATED}". Add any other benefit you noticed; side effects have their own list below.`
            : `This peptide lists no common effects yet: rate its overall effect, and add any benefit you noticed. Leave what you cannot judge at "${NOT_RATED}". Side effects have their own list below.`}
        </p>
        {offered.map(([name, value], i) => (
          <div key={name} className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{name}</span>
              {!common.has(name.toLowerCase()) && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(name)}
                >
                  Remove
                </Button>
              )}
            </div>
            <Slider
              // The first slider is where "rate at least one" is fixed (wizard-validation.ts FOCUS_ID).
              id={`outcome-${i}`}
              label={name}
              min={OUTCOME_MIN}
              max={OUTCOME_MAX}
              value={value}
              unsetLabel={NOT_RATED}
              onValueChange={(v) => set('outcomes', { ...form.outcomes, [name]: v })}
              {...(i === 0 ? errorProps('outcomes', errors.outcomes) : {})}
            />
          </div>
        ))}
        {offered.length > 0 && <FieldError id="outcomes" error={errors.outcomes} />}
        <AddNameRow
          id="outcome-name"
          label="Add an effect to rate"
          action="Add effect"
          placeholder="e.g. Sleep quality"
          value={newName}
          onValueChange={(text) => {
            setNewName(text);
            setNameError(null);
          }}
          onAdd={add}
          suggestions={{
            id: 'effect-suggestions',
            names: effects.filter((e) => !notBenefits.has(e.name.trim().toLowerCase())).map((e) => e.name),
          }}
          // A typed effect's problem first; with no slider left, "rate at least one effect" is fixed here: add one.
          problem={
            nameError || errors.pendingEffect
              ? { id: 'outcome-name-error', text: nameError ?? errors.pendingEffect }
              : offered.length === 0 && errors.outcomes
                ? { id: 'outcomes-error' }
                : undefined
          }
        />
        {offered.length === 0 && <FieldError id="outcomes" error={errors.outcomes} />}
      </fieldset>
      <SideEffectsField
        form={form}
        set={set}
        errors={errors}
        known={knownSideEffects}
        suggestions={vocabularySideEffects}
      />
      <Field id="timeline" text="When did you notice effects?" error={errors.timeline}>
        <Select
          id="timeline"
          value={form.timeline}
          onChange={(e) => set('timeline', e.target.value)}
          {...errorProps('timeline', errors.timeline)}
        >
          <Options values={TIMELINES} placeholder="Select timeline" />
        </Select>
      </Field>
    </>
  );
}
