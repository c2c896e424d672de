// Step 1: which peptide, how much, how often, how long, which route.
import { FREQUENCIES, ROUTES } from '@contract/vocabulary';
import { Input, Select } from '@/components/ui';
import { errorProps, Field } from '../Field';
import { Options } from '../Options';
import type { StepProps } from './step-props';

type Props = StepProps & {
  peptides: readonly { _id: string; name: string }[];
  loading: boolean;
  onChoosePeptide: (id: string) => void;
};

export function PeptideStep({ form, set, errors, onBlur, peptides, loading, onChoosePeptide }: Props) {
  return (
    <>
      <Field id="peptideId" text="Peptide" error={errors.peptideId}>
        <Select id="peptideId" value={form.peptideId} onChange={(e) => onChoosePeptide(e.target.value)} {...errorProps('peptideId', errors.peptideId)}>
          <option value="">{loading ? 'Loading peptides...' : 'Select a peptide'}</option>
          {peptides.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </Select>
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
        <Select id="frequency" value={form.frequency} onChange={(e) => set('frequency', e.target.value)} {...errorProps('frequency', errors.frequency)}>
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
        <Select id="route" value={form.routeOfAdministration} onChange={(e) => set('routeOfAdministration', e.target.value)} {...errorProps('route', errors.route)}>
          <Options values={ROUTES} placeholder="Select route" />
        </Select>
      </Field>
    </>
  );
}
