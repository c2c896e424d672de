// Step 3's "Side effects": the peptide's known side effects as boxes to tick, others typed, each
// with a severity chosen by the person (none is filled in for them). Nothing ticked is the
// default and means none; side effects never enter the report's rating (docs/product-rules.md,
// "Side effects"). What is typed and not added stays in the draft, like the add-effect box
// (wizard-validation.ts pendingSideEffect).
import { useState } from 'react';
import { SEVERITIES, SEVERITY_LABELS, SIDE_EFFECTS_MAX, type Severity } from '@contract/side-effects';
import { AddNameRow } from '@/components/form/AddNameRow';
import { Button, Checkbox, Label, Select } from '@/components/ui';
import { errorProps, FieldError } from '../Field';
import type { WizardSideEffect } from '../wizard-rules';
import { checkSideEffectName, NEEDS_SEVERITY, SEVERITY_REQUIRED } from '../wizard-validation';
import type { StepProps } from './step-props';

type Props = Pick<StepProps, 'form' | 'set' | 'errors'> & {
  /** The chosen peptide's known side effects, offered as boxes to tick. */
  known: readonly string[];
  /** Names the add box suggests (the effect vocabulary's side effects). */
  suggestions: readonly string[];
};

const lower = (s: string) => s.trim().toLowerCase();

/** The id of a listed side effect's severity choice; its message has this id plus "-error". */
const severityId = (index: number) => `side-effect-${index}-severity`;

/** The severity of one listed side effect; marked for focus while it has none (wizard-validation.ts NEEDS_SEVERITY). */
function SeverityChoice({
  entry,
  index,
  error,
  onChange,
}: {
  entry: WizardSideEffect;
  index: number;
  error: string | undefined;
  onChange: (severity: Severity | '') => void;
}) {
  const id = severityId(index);
  return (
    <>
      <Label htmlFor={id} className="sr-only">
        Severity of {entry.name}
      </Label>
      <Select
        id={id}
        className="min-w-0 flex-1 min-[420px]:w-48 min-[420px]:flex-none"
        value={entry.severity}
        onChange={(e) => onChange(e.target.value as Severity | '')}
        {...{ [NEEDS_SEVERITY]: entry.severity ? undefined : '' }}
        {...errorProps(id, error)}
      >
        <option value="">Choose severity</option>
        {SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {SEVERITY_LABELS[s]}
          </option>
        ))}
      </Select>
    </>
  );
}

// One row per side effect: its name (or box) and its choice side by side from 420 px, stacked
// below that; the message under both, lined up with the choice.
const ROW = 'grid items-center gap-x-3 gap-y-1 min-[420px]:grid-cols-[minmax(0,1fr)_auto]';
const ROW_ERROR = 'min-[420px]:col-span-2 min-[420px]:justify-self-end';

export function SideEffectsField({ form, set, errors, known, suggestions }: Props) {
  const [nameError, setNameError] = useState<string | null>(null);
  const listed = form.sideEffects;
  const indexOf = (name: string) => listed.findIndex((s) => lower(s.name) === lower(name));
  const knownKeys = new Set(known.map(lower));
  const added = listed
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => !knownKeys.has(lower(entry.name)));
  const full = listed.length >= SIDE_EFFECTS_MAX;
  // The severity message goes under each side effect without one; any other (the contract's) under the add box.
  const missingShown = errors.sideEffects === SEVERITY_REQUIRED;
  const missing = (index: number) => (missingShown && !listed[index]?.severity ? SEVERITY_REQUIRED : undefined);
  const listError = missingShown ? undefined : errors.sideEffects;
  const addError = nameError ?? errors.pendingSideEffect ?? listError;

  const setSeverity = (index: number, severity: Severity | '') =>
    set(
      'sideEffects',
      listed.map((s, i) => (i === index ? { ...s, severity } : s)),
    );
  const remove = (index: number) =>
    set(
      'sideEffects',
      listed.filter((_, i) => i !== index),
    );
  const add = () => {
    const checked = checkSideEffectName(form.pendingSideEffect, listed, Object.keys(form.outcomes), known);
    if ('error' in checked) {
      setNameError(checked.error);
      return;
    }
    set('sideEffects', [...listed, { name: checked.name, severity: '' }]);
    set('pendingSideEffect', '');
    setNameError(null);
  };

  return (
    // The border sets it apart from the benefits above; on a wrapper, since a fieldset draws its legend across its own border.
    <div className="border-t border-border pt-4">
      <fieldset id="side-effects" className="space-y-3" aria-describedby="side-effects-help">
        <legend className="text-sm font-medium">Side effects</legend>
        <p id="side-effects-help" className="text-sm text-muted-foreground">
          Nothing ticked means you had no side effects. Tick or add each one you had and choose how bad it was. Side
          effects are listed on your report with their severity and never change its rating.
        </p>
        {known.length > 0 && (
          <ul className="grid gap-2" aria-label="Known side effects of this peptide">
            {known.map((name, k) => {
              const index = indexOf(name);
              const ticked = index >= 0;
              return (
                <li key={name} className={ROW}>
                  <label className="flex min-h-10 min-w-0 items-center gap-2 text-sm [overflow-wrap:anywhere]">
                    <Checkbox
                      id={`side-effect-known-${k}`}
                      checked={ticked}
                      disabled={!ticked && full}
                      onChange={(e) =>
                        e.target.checked ? set('sideEffects', [...listed, { name, severity: '' }]) : remove(index)
                      }
                    />
                    {name}
                  </label>
                  {ticked && (
                    <>
                      {/* Indented under its box on a phone, so it reads as this box's choice. */}
                      <div className="flex pl-6 min-[420px]:pl-0">
                        <SeverityChoice
                          entry={listed[index]!}
                          index={index}
                          error={missing(index)}
                          onChange={(v) => setSeverity(index, v)}
                        />
                      </div>
                      <div className={`${ROW_ERROR} pl-6 min-[420px]:pl-0`}>
                        <FieldError id={severityId(index)} error={missing(index)} />
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {added.length > 0 && (
          <ul className="grid gap-2" aria-label="Side effects you added">
            {added.map(({ entry, index }) => (
              <li key={entry.name} className={ROW}>
                <span className="flex min-h-10 min-w-0 items-center text-sm [overflow-wrap:anywhere]">
                  {entry.name}
                </span>
                <div className="flex items-center gap-2">
                  <SeverityChoice
                    entry={entry}
                    index={index}
                    error={missing(index)}
                    onChange={(v) => setSeverity(index, v)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${entry.name}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </div>
                <div className={ROW_ERROR}>
                  <FieldError id={severityId(index)} error={missing(index)} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <AddNameRow
          id="side-effect-name"
          label="Add a side effect"
          action="Add side effect"
          placeholder="e.g. Headache"
          value={form.pendingSideEffect}
          onValueChange={(text) => {
            set('pendingSideEffect', text);
            setNameError(null);
          }}
          onAdd={add}
          suggestions={{ id: 'side-effect-suggestions', names: suggestions }}
          problem={addError ? { id: 'side-effect-name-error', text: addError } : undefined}
        >
          {full && (
            <p className="text-xs text-muted-foreground">{SIDE_EFFECTS_MAX} side effects is the most a report lists.</p>
          )}
        </AddNameRow>
      </fieldset>
    </div>
  );
}
