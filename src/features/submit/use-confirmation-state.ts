// The confirmation's result kept in this tab's history entry (docs/product-rules.md, "Anonymity",
// "The tracking ID after sending"): a refresh, or Back then Forward, shows the tracking ID again.
// Never in storage or the address; the entry's state stays with the tab and goes with it.
import { useLocation, useNavigate } from 'react-router-dom';
import { AUTHOR_STATUSES, HOLD_REASONS } from '@contract/moderation';
import type { SubmitResult } from '@/api/experience-submit';
import { TRACKING_ID_RE } from '@contract/rules';

const STATE_KEY = 'submitted';

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
 * The result shown by the confirmation, kept in the history entry: `keep` writes it into the
 * current entry (replacing it, so Back leaves the wizard as before); `startAnother` opens a new
 * entry for the next report, so Back still finds this one's confirmation.
 */
export function useConfirmationState() {
  const location = useLocation();
  const navigate = useNavigate();
  const result = resultOf(location.state);
  return {
    result,
    keep: (answer: SubmitResult) =>
      navigate(`${location.pathname}${location.search}`, { replace: true, state: { [STATE_KEY]: answer } }),
    startAnother: () => navigate(`${location.pathname}${location.search}`, { state: null }),
  };
}
