// Step 2: why, who (never shown with the report: they count only in the peptide's shares), and
// what else was taken.
import { AGE_RANGES, BIOLOGICAL_SEXES, PRIMARY_PURPOSES, WIZARD_ACTIVITY_LEVELS } from '@contract/vocabulary';
import { SHARES_MIN_REPORTS } from '@contract/rules';
import { Select } from '@/components/ui';
import { errorProps, Field, FieldError } from '../Field';
import { ListEditor } from '../ListEditor';
import { Options } from '../Options';
import type { StepProps } from './step-props';

export function ContextStep({ form, set, errors, prefilled = false }: StepProps & { prefilled?: boolean }) {
  const purposeError = errors.primaryPurpose;
  return (
    <>
      {prefilled && (
        <p
          role="status"
          className="rounded-md border border-primary/40 bg-primary-soft p-3 text-sm text-primary-soft-foreground"
        >
          Age range, biological sex and activity level were filled in from your profile, as you chose on this device.
          Check them: the report carries only what these fields show, and never your account.
        </p>
      )}
      <fieldset className="space-y-2" aria-describedby={purposeError ? 'primaryPurpose-error' : undefined}>
        <legend className="text-sm font-medium">Primary purpose</legend>
        <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
          {PRIMARY_PURPOSES.map((p, i) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input
                id={`primaryPurpose-${i}`}
                type="checkbox"
                checked={form.primaryPurpose.includes(p)}
                aria-invalid={purposeError ? true : undefined}
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
        <FieldError id="primaryPurpose" error={purposeError} />
      </fieldset>
      <p className="text-sm text-muted-foreground">
        Your age range, biological sex and activity level are never shown with your report. They count only in the
        shares of who reports this peptide, which its page shows from {SHARES_MIN_REPORTS} reports on, each question on
        its own.
      </p>
      <Field id="ageRange" text="Age range" error={errors.ageRange}>
        <Select
          id="ageRange"
          value={form.ageRange}
          onChange={(e) => set('ageRange', e.target.value)}
          {...errorProps('ageRange', errors.ageRange)}
        >
          <Options values={AGE_RANGES} placeholder="Select age range" />
        </Select>
      </Field>
      <Field id="biologicalSex" text="Biological sex" error={errors.biologicalSex}>
        <Select
          id="biologicalSex"
          value={form.biologicalSex}
          onChange={(e) => set('biologicalSex', e.target.value)}
          {...errorProps('biologicalSex', errors.biologicalSex)}
        >
          <Options values={BIOLOGICAL_SEXES} placeholder="Select biological sex" />
        </Select>
      </Field>
      <Field id="activityLevel" text="Activity level" error={errors.activityLevel}>
        <Select
          id="activityLevel"
          value={form.activityLevel}
          onChange={(e) => set('activityLevel', e.target.value)}
          {...errorProps('activityLevel', errors.activityLevel)}
        >
          <Options values={WIZARD_ACTIVITY_LEVELS} placeholder="Select activity level" />
        </Select>
      </Field>
      <ListEditor
        id="stack"
        title="Stack entry"
        items={form.stack}
        onChange={(v) => set('stack', v)}
        error={errors.stack}
      />
    </>
  );
}
