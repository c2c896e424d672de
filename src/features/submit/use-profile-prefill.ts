// Fills the wizard's empty demographics from the signed-in member's profile, once, when the
// member chose so on this device (src/lib/wizard-prefill.ts). Reads the profile with the sign-in
// token (GET /api/users/me) in the browser; the report is still sent without it.
import { useEffect, useRef, useState } from 'react';
import { useMe } from '@/api/users';
import { useAuth } from '@/app/session/AuthProvider';
import { prefillEnabled, wizardDemographicsFrom } from '@/lib/wizard-prefill';
import type { WizardForm } from './wizard-rules';

/** Answers whether anything was filled in (the step says so). */
export function useProfilePrefill(form: WizardForm, setForm: (update: (f: WizardForm) => WizardForm) => void): boolean {
  const { status } = useAuth();
  const [wanted] = useState(prefillEnabled);
  const me = useMe(wanted && status === 'signed-in');
  const done = useRef(false);
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (done.current || !me.data) return;
    done.current = true;
    const from = wizardDemographicsFrom(me.data.demographics);
    const empty = (['ageRange', 'biologicalSex', 'activityLevel'] as const).filter((k) => !form[k] && from[k]);
    if (!empty.length) return;
    setForm((f) => ({ ...f, ...Object.fromEntries(empty.map((k) => [k, from[k]])) }));
    setFilled(true);
  }, [me.data, form, setForm]);
  return filled;
}
