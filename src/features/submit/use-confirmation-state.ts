// The confirmation's result kept in this tab's history entry (docs/product-rules.md, "Anonymity",
// "The tracking ID after sending"): a refresh, or Back then Forward, shows the tracking ID again.
// Never in storage or the address; the entry's state stays with the tab and goes with it.
import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AUTHOR_STATUSES, HOLD_REASONS } from '@contract/moderation';
import type { SubmitResult } from '@/api/experience-submit';
import { TRACKING_ID_RE } from '@contract/rules';

const STATE_KEY = 'submitted';

/** `done`: called once the history has moved, `arrived` false when it left the wizard's page meanwhile. */
type Moving = { answer: SubmitResult; from: string; path: string; done: (arrived: boolean) => void };

/** A result read back from the history entry, checked: the entry's state is whatever the tab kept. */
function resultOf(state: unknown): SubmitResult | null {
  const value = (state as Record<string, unknown> | null)?.[STATE_KEY] as Partial<SubmitResult> | undefined;
  if (!value || typeof value !== 'object') return null;
  const okTime = (t: unknown) => t === null || typeof t === 'string';
  return typeof value.trackingId === 'string' &&
    TRACKING_ID_RE.test(value.trackingId) &&
    typeof value.experienceId === 'string' &&
    (AUTHOR_STATUSES as readonly unknown[]).includes(value.status) &&
    Array.isArray(value.holdReasons) &&
    value.holdReasons.every((r) => (HOLD_REASONS as readonly unknown[]).includes(r)) &&
    okTime(value.publicFrom) &&
    okTime(value.publicBy)
    ? (value as SubmitResult)
    : null;
}

/**
 * The result shown by the confirmation, kept in the history entry the wizard was opened in: `keep`
 * goes back over the entries of the later steps (use-step-history.ts) and writes it there,
 * replacing that entry, so Back leaves the wizard as before; `startAnother` opens a new entry for
 * the next report, so Back still finds this one's confirmation.
 */
export function useConfirmationState() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  // A result on its way back to the wizard's first entry, written there on arrival (before the
  // entry is painted), and only then shown: a reload in between would find no result in the entry.
  // Never written into another page's entry, should the person have left before Back arrived.
  const [moving, setMoving] = useState<Moving | null>(null);
  useLayoutEffect(() => {
    if (!moving || location.key === moving.from) return;
    // The history has answered: the entry arrived at gets the result, and the move is over.
    if (location.pathname === moving.path)
      void navigate(here, { replace: true, state: { [STATE_KEY]: moving.answer } });
    moving.done(location.pathname === moving.path);
  }, [moving, location.key, location.pathname, navigate, here]);
  return {
    result: resultOf(location.state),
    /** Whether a result is on its way to its entry: the wizard stays as it is, its Submit still busy. */
    keeping: moving !== null,
    /** `back`: how many wizard entries lie before the current one; `kept`: called once it is written. */
    keep: (answer: SubmitResult, back: number, kept: () => void) => {
      if (back > 0) {
        const done = (arrived: boolean) => {
          setMoving(null);
          if (arrived) kept();
        };
        setMoving({ answer, from: location.key, path: location.pathname, done });
        void navigate(-back);
        return;
      }
      void navigate(here, { replace: true, state: { [STATE_KEY]: answer } });
      kept();
    },
    startAnother: () => {
      setMoving(null);
      void navigate(here, { state: null });
    },
  };
}
