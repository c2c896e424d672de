// The wizard's draft: kept in this tab's sessionStorage after every change, so a reload or a
// detour keeps what was typed; cleared when the report is sent or the person starts again.
import { useEffect, useRef, useState } from 'react';
import { restoreDose } from '@/lib/dose/dose-draft';
import { EMPTY_FORM, type WizardForm, type WizardStep } from './wizard-rules';

// Versioned: a draft saved before outcomes could be left "Not rated" holds 5s the person may never
// have touched, so it is not restored (docs/product-rules.md, "Forms").
const DRAFT_KEY = 'submitExperienceDraft-2';
/**
 * `id` names this draft: the history entries of its steps carry it (use-step-history.ts), so an
 * entry left from a report already sent is told from this one's. Not secret, only distinct.
 */
type Draft = { id: string; step: WizardStep; form: WizardForm };

const newId = () => Math.random().toString(36).slice(2, 10);
const emptyDraft = (): Draft => ({ id: newId(), step: 1, form: EMPTY_FORM });

function loadDraft(): Draft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Draft>;
      const step = parsed.step && [1, 2, 3, 4].includes(parsed.step) ? parsed.step : 1;
      const id = typeof parsed.id === 'string' && parsed.id ? parsed.id : newId();
      const { dosage, ...saved } = (parsed.form ?? {}) as Partial<WizardForm> & { dosage?: unknown };
      // A draft saved before doses had a unit holds a text `dosage`: read it where unambiguous.
      return { id, step, form: { ...EMPTY_FORM, ...saved, dose: restoreDose(saved.dose, dosage) } };
    }
  } catch {
    /* ignore a broken draft */
  }
  return emptyDraft();
}

/** The step and form, restored from the draft; `saving` false stops saving (after a send). */
export function useWizardDraft(saving: boolean) {
  const [initial] = useState(loadDraft);
  const [id, setId] = useState(initial.id);
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [form, setForm] = useState<WizardForm>(initial.form);
  // An emptied draft is not stored until something is typed or chosen: nothing of the report just
  // sent outlives it, whatever order the confirmation's state arrives in.
  const emptied = useRef(false);
  useEffect(() => {
    if (emptied.current) {
      emptied.current = false;
      return;
    }
    if (saving) sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ id, step, form }));
  }, [id, step, form, saving]);
  /** Forgets the draft, stored and in memory: the next one starts empty on step 1, under a new id. */
  const restart = () => {
    sessionStorage.removeItem(DRAFT_KEY);
    const next = emptyDraft();
    emptied.current = true;
    setId(next.id);
    setStep(next.step);
    setForm(next.form);
  };
  return { id, step, setStep, form, setForm, restart };
}
