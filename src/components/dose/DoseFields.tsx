// The dose as an amount and a unit (mcg, mg, IU, mL), with the solution's strength for mL
// (contract/doses.ts DoseInput); the check against what is usual for the peptide under it
// (DoseCheckNote.tsx) and the vial helper beside it (ReconstitutionHelper.tsx). Used by the
// wizard's first step (src/features/submit/steps/PeptideStep.tsx) and the Update dialog
// (src/features/privacy/update/CorrectionFields.tsx).
import { useState } from 'react';
import { DOSE_UNITS, type DoseUnit, STRENGTH_UNITS, type StrengthUnit, type UsualDose } from '@contract/doses';
import { Input, Label, Select } from '@/components/ui';
import { errorProps, FieldError } from '@/components/ui/field-error';
import { DoseCheckNote } from './DoseCheckNote';
import type { DoseDraft } from '@/lib/dose/dose-draft';
import { ReconstitutionHelper } from './ReconstitutionHelper';

/** The element ids of the four controls (an error is tied to `<id>-error`). */
export interface DoseFieldIds {
  amount: string;
  unit: string;
  strength: string;
  strengthUnit: string;
}

export interface DoseFieldsProps {
  ids: DoseFieldIds;
  value: DoseDraft;
  onChange: (next: DoseDraft) => void;
  errors: { amount?: string; strength?: string };
  onBlur?: (field: 'amount' | 'strength') => void;
  /** What is usual for the chosen peptide (its catalogue entry), or null when not known. */
  usual: UsualDose | null;
  /** Under the fields: the report's dose as written when it could not be read ("Now: a little"). */
  hint?: string;
}

export function DoseFields({ ids, value, onChange, errors, onBlur, usual, hint }: DoseFieldsProps) {
  // The check waits until the amount is left, so it does not flicker through "2", "25", "250".
  const [typing, setTyping] = useState(false);
  const change = (patch: Partial<DoseDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2">
        <Label htmlFor={ids.amount}>Dose</Label>
        <Label htmlFor={ids.unit}>Unit</Label>
        <Input
          id={ids.amount}
          inputMode="decimal"
          placeholder="e.g. 250"
          value={value.amount}
          onChange={(e) => {
            setTyping(true);
            change({ amount: e.target.value });
          }}
          onBlur={() => {
            setTyping(false);
            onBlur?.('amount');
          }}
          {...errorProps(ids.amount, errors.amount)}
        />
        <Select id={ids.unit} value={value.unit} onChange={(e) => change({ unit: e.target.value as DoseUnit })}>
          {DOSE_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
      </div>
      <FieldError id={ids.amount} error={errors.amount} />
      {value.unit === 'mL' && (
        <>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2">
            <Label htmlFor={ids.strength}>Strength of the solution</Label>
            <Label htmlFor={ids.strengthUnit}>Strength unit</Label>
            <Input
              id={ids.strength}
              inputMode="decimal"
              placeholder="e.g. 2.5"
              value={value.strengthAmount}
              onChange={(e) => change({ strengthAmount: e.target.value })}
              onBlur={() => onBlur?.('strength')}
              {...errorProps(ids.strength, errors.strength)}
            />
            <Select
              id={ids.strengthUnit}
              value={value.strengthUnit}
              onChange={(e) => change({ strengthUnit: e.target.value as StrengthUnit })}
            >
              {STRENGTH_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}/mL
                </option>
              ))}
            </Select>
          </div>
          <FieldError id={ids.strength} error={errors.strength} />
        </>
      )}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div aria-live="polite">
        {!typing && <DoseCheckNote draft={value} usual={usual} onSwitch={(unit) => change({ unit })} />}
      </div>
      <ReconstitutionHelper
        idPrefix={ids.amount}
        onUse={(mcg) => change({ amount: String(mcg), unit: 'mcg', strengthAmount: '' })}
      />
    </div>
  );
}
