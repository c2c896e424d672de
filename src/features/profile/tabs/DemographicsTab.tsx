// Demographics: all optional, kept with the account only, never attached to a report. Age range,
// biological sex and activity level (the wizard's own choices, contract/users.ts Demographics) can prefill the wizard on a device (tabs/PrivacyTab.tsx).
import { AGE_RANGES, BIOLOGICAL_SEXES, WIZARD_ACTIVITY_LEVELS } from '@contract/vocabulary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from '@/components/ui';
import { FeetInchesInputs, HeightUnitSelect, WeightUnitSelect } from '../Measurements';
import { withHeightText, withWeightText } from '../profile-form';
import { Field, OptionalChoice } from './fields';
import type { ProfileTabProps } from './tab-props';

export function DemographicsTab({ form, set, setForm, errors, touch, setWeightUnit, setHeightUnit }: ProfileTabProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Demographics</CardTitle>
        <CardDescription>
          All optional. Kept with your account only and never attached to the reports you submit. Age range, biological
          sex and activity level can fill in the report wizard for you, if you turn that on under Privacy.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Field id="ageRange" label="Age range">
          <OptionalChoice
            id="ageRange"
            value={form.ageRange}
            options={AGE_RANGES}
            onChange={(v) => set('ageRange', v)}
          />
        </Field>
        <Field id="biologicalSex" label="Biological sex">
          <OptionalChoice
            id="biologicalSex"
            value={form.biologicalSex}
            options={BIOLOGICAL_SEXES}
            onChange={(v) => set('biologicalSex', v)}
          />
        </Field>
        <Field id="weight" label={`Weight (${form.weightUnit})`} error={errors.weight}>
          <div className="flex gap-2">
            <Input
              id="weight"
              inputMode="decimal"
              value={form.weight}
              aria-invalid={Boolean(errors.weight) || undefined}
              aria-describedby={errors.weight ? 'weight-error' : undefined}
              onChange={(e) => setForm((f) => withWeightText(f, e.target.value))}
              onBlur={() => touch('weight')}
            />
            <div className="w-24 shrink-0">
              <Label htmlFor="weight-unit" className="sr-only">
                Weight unit
              </Label>
              <WeightUnitSelect id="weight-unit" value={form.weightUnit} onChange={setWeightUnit} />
            </div>
          </div>
        </Field>
        <Field
          id="height"
          label={form.heightUnit === 'cm' ? 'Height (cm)' : 'Height (ft and in)'}
          error={errors.height}
        >
          <div className="flex gap-2">
            {form.heightUnit === 'cm' ? (
              <Input
                id="height"
                inputMode="decimal"
                value={form.height.cm}
                aria-invalid={Boolean(errors.height) || undefined}
                aria-describedby={errors.height ? 'height-error' : undefined}
                onChange={(e) => setForm((f) => withHeightText(f, { cm: e.target.value }))}
                onBlur={() => touch('height')}
              />
            ) : (
              <FeetInchesInputs
                id="height"
                value={form.height}
                invalid={Boolean(errors.height)}
                describedBy={errors.height ? 'height-error' : undefined}
                onChange={(text) => setForm((f) => withHeightText(f, text))}
              />
            )}
            <div className="w-24 shrink-0">
              <Label htmlFor="height-unit" className="sr-only">
                Height unit
              </Label>
              <HeightUnitSelect id="height-unit" value={form.heightUnit} onChange={setHeightUnit} />
            </div>
          </div>
        </Field>
        <Field id="activityLevel" label="Activity level">
          <OptionalChoice
            id="activityLevel"
            value={form.activityLevel}
            options={WIZARD_ACTIVITY_LEVELS}
            onChange={(v) => set('activityLevel', v)}
          />
        </Field>
        <Field id="fitnessGoals" label="Fitness goals" hint="Separate with commas">
          <Input
            id="fitnessGoals"
            value={form.fitnessGoals}
            aria-describedby="fitnessGoals-hint"
            onChange={(e) => set('fitnessGoals', e.target.value)}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
