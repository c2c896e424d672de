// Step 1: which peptide (searched on the device among every peptide: src/api/peptides.ts
// useCatalogueSearch), how much (an amount and a unit, checked against what is usual for it:
// dose/DoseFields.tsx), how often, how long, which route.
import { useState } from 'react';
import type { CatalogueEntry } from '@contract/peptides';
import { FREQUENCIES, ROUTES } from '@contract/vocabulary';
import { useCatalogueSearch } from '@/api/peptides';
import { PeptidePicker } from '@/components/peptide-picker/PeptidePicker';
import { Input, Select } from '@/components/ui';
import { DoseFields } from '@/components/dose/DoseFields';
import { errorProps, Field } from '../Field';
import { Options } from '../Options';
import type { StepProps } from './step-props';

// The ids Next focuses for a dose problem are the wizard's field names (wizard-validation.ts FOCUS_ID).
const DOSE_IDS = { amount: 'doseAmount', unit: 'doseUnit', strength: 'doseStrength', strengthUnit: 'doseStrengthUnit' };

type Props = StepProps & {
  /** The chosen peptide, once the catalogue is here. */
  peptide: CatalogueEntry | undefined;
  loading: boolean;
  onChoosePeptide: (peptide: CatalogueEntry) => void;
};

export function PeptideStep({ form, set, errors, onBlur, peptide, loading, onChoosePeptide }: Props) {
  const [query, setQuery] = useState('');
  const search = useCatalogueSearch(query);
  return (
    <>
      <Field id="peptideId" text="Peptide" error={errors.peptideId}>
        <PeptidePicker
          id="peptideId"
          selected={peptide ?? null}
          onSelect={(p) => {
            const full = search.catalogue?.find((o) => o._id === p?._id);
            if (full) onChoosePeptide(full);
          }}
          query={query}
          onQueryChange={setQuery}
          search={search}
          placeholder={loading ? 'Loading the chosen peptide…' : 'Type to search peptides'}
          invalid={Boolean(errors.peptideId)}
          describedBy={errors.peptideId ? 'peptideId-error' : undefined}
          onBlur={() => onBlur('peptideId')}
        />
      </Field>
      <DoseFields
        ids={DOSE_IDS}
        value={form.dose}
        onChange={(dose) => set('dose', dose)}
        errors={{ amount: errors.doseAmount, strength: errors.doseStrength }}
        onBlur={(field) => onBlur(field === 'amount' ? 'doseAmount' : 'doseStrength')}
        usual={peptide?.usualDose ?? null}
      />
      <Field id="frequency" text="Frequency" error={errors.frequency}>
        <Select
          id="frequency"
          value={form.frequency}
          onChange={(e) => set('frequency', e.target.value)}
          {...errorProps('frequency', errors.frequency)}
        >
          <Options values={FREQUENCIES} placeholder="Select frequency" />
        </Select>
      </Field>
      <Field id="duration" text="Duration (days)" error={errors.duration}>
        <Input
          id="duration"
          inputMode="numeric"
          value={form.duration}
          onBlur={() => onBlur('duration')}
          onChange={(e) => set('duration', e.target.value)}
          {...errorProps('duration', errors.duration)}
        />
      </Field>
      <Field id="route" text="Route of administration" error={errors.route}>
        <Select
          id="route"
          value={form.routeOfAdministration}
          onChange={(e) => set('routeOfAdministration', e.target.value)}
          {...errorProps('route', errors.route)}
        >
          <Options values={ROUTES} placeholder="Select route" />
        </Select>
      </Field>
    </>
  );
}
