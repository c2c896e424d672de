// Step 1: which peptide (searched on the device among every peptide: src/api/peptides.ts
// useCatalogueSearch), how much, how often, how long, which route.
import { useState } from 'react';
import type { CatalogueEntry } from '@contract/peptides';
import { FREQUENCIES, ROUTES } from '@contract/vocabulary';
import { useCatalogueSearch } from '@/api/peptides';
import { PeptidePicker } from '@/components/peptide-picker/PeptidePicker';
import { Input, Select } from '@/components/ui';
import { errorProps, Field } from '../Field';
import { Options } from '../Options';
import type { StepProps } from './step-props';

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
      <Field id="dosage" text="Dosage" error={errors.dosage}>
        <Input
          id="dosage"
          maxLength={60}
          placeholder="e.g. 250mcg"
          value={form.dosage}
          onBlur={() => onBlur('dosage')}
          onChange={(e) => set('dosage', e.target.value)}
          {...errorProps('dosage', errors.dosage)}
        />
      </Field>
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
