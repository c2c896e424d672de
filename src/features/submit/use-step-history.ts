// The wizard's steps as this tab's history entries: Next opens an entry, so the browser's Back
// goes to the previous step and Forward returns to the next. The step lives in the entry's state,
// never in the address (docs/product-rules.md, "Anonymity": no URL of the wizard names anything it
// asks); the answers stay in the draft (use-wizard-draft.ts), which follows the step shown.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { WizardStep } from './wizard-rules';

const STATE_KEY = 'wizardStep';

/**
 * What an entry holds: its step, the draft it belongs to, how many wizard entries lie before it
 * (0: the one the wizard was opened in, whose Back leaves the wizard) and the step it was opened
 * from, when that is the entry before it.
 */
type StepEntry = { step: WizardStep; draft: string; depth: number; from: WizardStep | null };

const isStep = (n: unknown): n is WizardStep => n === 1 || n === 2 || n === 3 || n === 4;

/** An entry read back from the history, checked: the entry's state is whatever the tab kept. */
function entryOf(state: unknown): StepEntry | null {
  const value = (state as Record<string, unknown> | null)?.[STATE_KEY] as Partial<StepEntry> | undefined;
  if (!value || typeof value !== 'object') return null;
  return isStep(value.step) &&
    typeof value.draft === 'string' &&
    Number.isSafeInteger(value.depth) &&
    (value.depth ?? -1) >= 0 &&
    (value.from === null || isStep(value.from))
    ? (value as StepEntry)
    : null;
}

/**
 * The step shown: the current entry's, when it belongs to this draft; otherwise (the wizard
 * opened from a link or the navigation, or an entry left from a report already sent) the draft's.
 */
export function useStepHistory(draft: { id: string; step: WizardStep; setStep: (step: WizardStep) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const found = entryOf(location.state);
  const entry = found?.draft === draft.id ? found : null;
  const step = entry?.step ?? draft.step;
  const depth = entry?.depth ?? 0;
  const here = `${location.pathname}${location.search}`;
  const state = (e: StepEntry) => ({ [STATE_KEY]: e });

  // The draft keeps the step Back or Forward showed, for a reload or a detour.
  const { setStep } = draft;
  useEffect(() => {
    if (entry && entry.step !== draft.step) setStep(entry.step);
  }, [entry, draft.step, setStep]);

  return {
    step,
    /** How many wizard entries lie before this one: the confirmation goes back over them (use-confirmation-state.ts). */
    depth,
    /** Opens `next` in a new entry (Next, or a step a refusal names); this one first records its own step. */
    open(next: WizardStep) {
      if (!entry) void navigate(here, { replace: true, state: state({ step, draft: draft.id, depth, from: null }) });
      void navigate(here, { state: state({ step: next, draft: draft.id, depth: depth + 1, from: step }) });
    },
    /** Previous: Back, when the entry before is that step; otherwise this entry shows it instead. */
    previous() {
      const before = (step - 1) as WizardStep;
      if (entry && entry.depth > 0 && entry.from === before) {
        void navigate(-1);
        return;
      }
      void navigate(here, {
        replace: true,
        state: state({ step: before, draft: draft.id, depth, from: entry?.from ?? null }),
      });
    },
  };
}
