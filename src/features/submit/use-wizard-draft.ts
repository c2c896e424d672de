// The wizard's draft: kept in this tab's sessionStorage after every change, so a reload or a
// detour keeps what was typed; cleared when the report is sent or the person starts again.
import { useEffect, useState } from 'react';
import { restoreDose } from '@/lib/dose/dose-draft';
import { EMPTY_FORM, type WizardForm, type WizardStep } from './wizard-rules';

// Versioned: a draft saved before outcomes could be left "Not rated" holds 5s the person may never
// have touched, so it is not restored (docs/product-rules.md, "Forms").
const DRAFT_KEY = 'submitExperienceDraft-2';
type Draft = { step: WizardStep; form: WizardForm };

function loadDraft(): Draft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Draft>;
      const step = parsed.step && [1, 2, 3, 4].includes(parsed.step) ? parsed.step : 1;
      const { dosage, ...saved } = (parsed.form ?? {}) as Partial<WizardForm> & { dosage?: unknown };
      // A draft saved before doses had a unit holds a text `dosage`: read it where unambiguous.
      return { step, form: { ...EMPTY_FORM, ...saved, dose: restoreDose(saved.dose, dosage) } };
    }
  } catch {
    /* ignore a broken draft */
  }
  return { step: 1, form: EMPTY_FORM };
}

/** The step and form, restored from the draft; `saving` false stops saving (after a send). */
export function useWizardDraft(saving: boolean) {
  const [initial] = useState(loadDraft);
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [form, setForm] = useState<WizardForm>(initial.form);
  useEffect(() => {
    if (saving) sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step, form }));
  }, [step, form, saving]);
  const clearDraft = () => sessionStorage.removeItem(DRAFT_KEY);
  return { step, setStep, form, setForm, clearDraft };
}
