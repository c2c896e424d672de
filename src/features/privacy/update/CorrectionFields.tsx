// The fields of the correction form, in the wizard's order and words (labels from
// contract/vocabulary.ts); each problem in red under its field.
import { useState, type ReactNode } from 'react';
import {
  AGE_RANGES,
  BIOLOGICAL_SEXES,
  FREQUENCIES,
  PRIMARY_PURPOSES,
  ROUTES,
  WIZARD_ACTIVITY_LEVELS,
  optionLabel,
} from '@contract/vocabulary';
import { useCatalogueSearch } from '@/api/peptides';
import { PeptidePicker } from '@/components/peptide-picker/PeptidePicker';
import { Input, Label, Select } from '@/components/ui';
import { DoseFields } from '@/components/dose/DoseFields';
import type { CorrectionErrors, CorrectionField, CorrectionForm } from './correction-form';

export const fieldId = (field: CorrectionField) => `update-${field}`;
const DOSE_IDS = {
  amount: fieldId('doseAmount'),
  unit: 'update-doseUnit',
  strength: fieldId('doseStrength'),
  strengthUnit: 'update-doseStrengthUnit',
};

type Set = <K extends keyof CorrectionForm>(key: K, value: CorrectionForm[K]) => void;
export interface FieldsProps {
  form: CorrectionForm;
  set: Set;
  errors: CorrectionErrors;
}

export function invalid(field: CorrectionField, errors: CorrectionErrors) {
  return errors[field] ? ({ 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } as const) : {};
}

export function Problem({ field, errors }: { field: CorrectionField; errors: CorrectionErrors }) {
  if (!errors[field]) return null;
  return (
    <p id={`${fieldId(field)}-error`} className="text-sm text-destructive-text">
      {errors[field]}
    </p>
  );
}

export function Row({
  field,
  label,
  errors,
  children,
  hint,
}: {
  field: CorrectionField;
  label: string;
  errors: CorrectionErrors;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={fieldId(field)}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <Problem field={field} errors={errors} />
    </div>
  );
}

export function Choice({
  field,
  label,
  values,
  value,
  onChange,
  errors,
}: {
  field: CorrectionField;
  label: string;
  values: readonly string[];
  value: string;
  onChange: (v: string) => void;
  errors: CorrectionErrors;
}) {
  return (
    <Row field={field} label={label} errors={errors}>
      <Select id={fieldId(field)} value={value} onChange={(e) => onChange(e.target.value)} {...invalid(field, errors)}>
        <option value="">Choose…</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </Select>
    </Row>
  );
}

/**
 * What was used: peptide (searched on the device among every peptide, as the wizard searches:
 * nothing typed is sent before the correction itself), the dose (the wizard's fields: amount, unit,
 * strength), frequency, duration, route.
 */
export function UsageFields({ form, set, errors }: FieldsProps) {
  const [query, setQuery] = useState('');
  const search = useCatalogueSearch(query);
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">What you used</legend>
      <Row field="peptideId" label="Peptide" errors={errors}>
        <PeptidePicker
          id={fieldId('peptideId')}
          selected={form.peptide}
          onSelect={(p) => p && set('peptide', { _id: p._id, name: p.name, category: p.category })}
          query={query}
          onQueryChange={setQuery}
          search={search}
          invalid={Boolean(errors.peptideId)}
          describedBy={errors.peptideId ? `${fieldId('peptideId')}-error` : undefined}
        />
      </Row>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <DoseFields
            ids={DOSE_IDS}
            value={form.dose}
            onChange={(dose) => set('dose', dose)}
            errors={{ amount: errors.doseAmount, strength: errors.doseStrength }}
            usual={search.catalogue?.find((p) => p._id === form.peptide._id)?.usualDose ?? null}
            hint={!form.doseBefore.fields && form.doseBefore.written ? `Now: ${form.doseBefore.written}` : undefined}
          />
        </div>
        <Choice
          field="frequency"
          label="Frequency"
          values={FREQUENCIES}
          value={form.frequency}
          onChange={(v) => set('frequency', v)}
          errors={errors}
        />
        <Row field="duration" label="Duration (days)" errors={errors}>
          <Input
            id={fieldId('duration')}
            inputMode="numeric"
            value={form.duration}
            onChange={(e) => set('duration', e.target.value)}
            {...invalid('duration', errors)}
          />
        </Row>
        <Choice
          field="routeOfAdministration"
          label="Route of administration"
          values={ROUTES}
          value={form.routeOfAdministration}
          onChange={(v) => set('routeOfAdministration', v)}
          errors={errors}
        />
      </div>
    </fieldset>
  );
}

/** Why and who: purposes and the three demographics. */
export function ContextFields({ form, set, errors }: FieldsProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Context</legend>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.primaryPurpose ? `${fieldId('primaryPurpose')}-error` : undefined}
      >
        <legend className="text-sm font-medium">Primary purpose</legend>
        <div className="grid grid-cols-1 gap-1.5 min-[360px]:grid-cols-2">
          {PRIMARY_PURPOSES.map((p, i) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input
                id={i === 0 ? fieldId('primaryPurpose') : undefined}
                type="checkbox"
                checked={form.primaryPurpose.includes(p)}
                onChange={(e) =>
                  set(
                    'primaryPurpose',
                    e.target.checked ? [...form.primaryPurpose, p] : form.primaryPurpose.filter((x) => x !== p),
                  )
                }
              />
              {p}
            </label>
          ))}
        </div>
        <Problem field="primaryPurpose" errors={errors} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Choice
          field="ageRange"
          label="Age range"
          values={AGE_RANGES}
          value={form.ageRange}
          onChange={(v) => set('ageRange', v)}
          errors={errors}
        />
        <Choice
          field="biologicalSex"
          label="Biological sex"
          values={BIOLOGICAL_SEXES}
          value={form.biologicalSex}
          onChange={(v) => set('biologicalSex', v)}
          errors={errors}
        />
        <Choice
          field="activityLevel"
          label="Activity level"
          values={WIZARD_ACTIVITY_LEVELS}
          value={form.activityLevel}
          onChange={(v) => set('activityLevel', v)}
          errors={errors}
        />
      </div>
    </fieldset>
  );
}

/** Sourcing, and whether it is on the public card (purity never is). */
export function SourcingFields({ form, set, errors }: FieldsProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Sourcing (optional)</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Row field="vendorUrl" label="Vendor URL" errors={errors}>
          <Input
            id={fieldId('vendorUrl')}
            type="url"
            value={form.vendorUrl}
            onChange={(e) => set('vendorUrl', e.target.value)}
            {...invalid('vendorUrl', errors)}
          />
        </Row>
        <Row field="batchId" label="Batch ID" errors={errors}>
          <Input
            id={fieldId('batchId')}
            value={form.batchId}
            onChange={(e) => set('batchId', e.target.value)}
            {...invalid('batchId', errors)}
          />
        </Row>
        <Row field="purity" label="Purity (%)" errors={errors}>
          <Input
            id={fieldId('purity')}
            inputMode="decimal"
            value={form.purity}
            onChange={(e) => set('purity', e.target.value)}
            {...invalid('purity', errors)}
          />
        </Row>
        <Row field="volumeMl" label="Volume (ml)" errors={errors}>
          <Input
            id={fieldId('volumeMl')}
            inputMode="decimal"
            value={form.volumeMl}
            onChange={(e) => set('volumeMl', e.target.value)}
            {...invalid('volumeMl', errors)}
          />
        </Row>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={form.publishSourcing}
          onChange={(e) => set('publishSourcing', e.target.checked)}
        />
        <span>
          Publish sourcing details (vendor host, batch ID and volume; a vendor address sends the report to a moderator
          first)
        </span>
      </label>
    </fieldset>
  );
}
