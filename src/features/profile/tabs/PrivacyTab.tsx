// Privacy: whether this device fills in the report wizard's demographics from the profile. Kept in
// this browser only (src/lib/wizard-prefill.ts), so it takes effect at once, without Save.
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { prefillEnabled, setPrefillEnabled } from '@/lib/wizard-prefill';
import { Check } from './fields';

export function PrivacyTab() {
  const [prefill, setPrefill] = useState(prefillEnabled);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
        <CardDescription>
          Reports you submit stay anonymous whatever you choose here: nothing links them to your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Check
          id="prefillWizard"
          label="Prefill the wizard’s demographics from my profile on this device"
          description="When you share an experience on this device while signed in, the age range, biological sex and activity level are filled in from your profile, for you to check and change. The choice is kept in this browser only; a report carries only what the wizard shows, never your account."
          checked={prefill}
          onChange={(on) => {
            setPrefillEnabled(on);
            setPrefill(on);
          }}
        />
      </CardContent>
    </Card>
  );
}
