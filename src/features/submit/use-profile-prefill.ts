// Fills the wizard's empty demographics from the signed-in member's profile, once, when the
// member chose so on this device (src/lib/wizard-prefill.ts). Reads the profile with the sign-in
// token (GET /api/users/me) in the browser; the report is still sent without it.
import { useState } from 'react';
import { useMe } from '@/api/users';
import { useAuth } from '@/app/session/AuthProvider';
import { prefillEnabled, wizardDemographicsFrom } from '@/lib/wizard-prefill';
import type { WizardForm } from './wizard-rules';

/**
 * Answers whether anything was filled in (the step says so). Called from SubmitPage's render,
 * whose own state `setForm` sets: the profile is applied during that render, once, as React
 * allows for a component's own state (no effect, no extra paint with empty fields).
 */
export function useProfilePrefill(form: WizardForm, setForm: (update: (f: WizardForm) => WizardForm) => void): boolean {
  const { status } = useAuth();
  const [wanted] = useState(prefillEnabled);
  const enabled = wanted && status === 'signed-in';
  // The session check at start may have cached the profile: without the choice it is not used.
  const me = useMe(enabled);
  const [applied, setApplied] = useState(false);
  const [filled, setFilled] = useState(false);
  if (!applied && enabled && me.data) {
    setApplied(true);
    const from = wizardDemographicsFrom(me.data.demographics);
    const empty = (['ageRange', 'biologicalSex', 'activityLevel'] as const).filter((k) => !form[k] && from[k]);
    if (empty.length) {
      setForm((f) => ({ ...f, ...Object.fromEntries(empty.map((k) => [k, from[k]])) }));
      setFilled(true);
    }
  }
  return filled;
}
