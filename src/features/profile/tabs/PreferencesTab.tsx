// Preferences: the units weight and height are shown in, and the one notification there is.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { HeightUnitSelect, WeightUnitSelect } from '../Measurements';
import { Check, Field } from './fields';
import type { ProfileTabProps } from './tab-props';

export function PreferencesTab({ form, set, setWeightUnit, setHeightUnit }: ProfileTabProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>
          Units change how your weight and height are shown; the values themselves stay as you entered them.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="pref-weight-unit" label="Weight unit">
            <WeightUnitSelect id="pref-weight-unit" value={form.weightUnit} onChange={setWeightUnit} />
          </Field>
          <Field id="pref-height-unit" label="Height unit">
            <HeightUnitSelect id="pref-height-unit" value={form.heightUnit} onChange={setHeightUnit} />
          </Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium">Notifications</legend>
          <Check
            id="notifyWeeklyDigest"
            label="Weekly digest"
            description="Each Monday, an email with the week’s most helpful reports. Off unless you turn it on; every digest has a link to stop it."
            checked={form.notifyWeeklyDigest}
            onChange={(v) => set('notifyWeeklyDigest', v)}
          />
          <p className="text-sm text-muted-foreground">
            Emails about your account itself (approval, a password reset you asked for) are always sent: they are not
            newsletters.
          </p>
        </fieldset>
      </CardContent>
    </Card>
  );
}
