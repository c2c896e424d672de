// The wizard's Previous and Next buttons, Submit on the last step.
import { Button } from '@/components/ui';
import type { WizardStep } from './wizard-rules';

export function WizardNav({
  step,
  submitting,
  onPressing,
  onPrevious,
  onNext,
}: {
  step: WizardStep;
  submitting: boolean;
  /** Whether a pointer presses a button now: the field left by that press shows no message yet
   *  (use-step-errors.ts says why). */
  onPressing: (pressing: boolean) => void;
  onPrevious: () => void;
  /** Checks the step and goes on when it is valid. */
  onNext: () => void;
}) {
  return (
    <div
      className="flex justify-between gap-2 pt-2"
      onPointerDown={() => onPressing(true)}
      onPointerUp={() => onPressing(false)}
      onPointerCancel={() => onPressing(false)}
    >
      {/* Nothing to go back to on step 1: no button rather than a disabled one. */}
      {step > 1 && (
        <Button type="button" variant="outline" onClick={onPrevious}>
          Previous
        </Button>
      )}
      {step < 4 ? (
        // Keyed apart, and the click's default prevented: step 4 can render during this click (the
        // router's update of the new history entry), and a button turned into Submit under it would send the form.
        <Button
          key="next"
          type="button"
          className="ml-auto"
          onClick={(e) => {
            e.preventDefault();
            onNext();
          }}
        >
          Next
        </Button>
      ) : (
        <Button key="submit" type="submit" className="ml-auto" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Experience'}
        </Button>
      )}
    </div>
  );
}
