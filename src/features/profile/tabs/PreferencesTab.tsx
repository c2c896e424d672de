// Preferences: the units weight and height are shown in (saved with Save Profile), and the one
// notification there is (saved at once, ./DigestSwitch.tsx).
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { HeightUnitSelect, WeightUnitSelect } from '../Measurements';
import { DigestSwitch } from './DigestSwitch';
import { Field } from './fields';
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
          <DigestSwitch checked={form.notifyWeeklyDigest} onSaved={(on) => set('notifyWeeklyDigest', on)} />
          <p className="text-sm text-muted-foreground">
            Emails about your account itself (approval, a password reset you asked for) are always sent: they are not
            newsletters.
          </p>
        </fieldset>
      </CardContent>
    </Card>
  );
}
