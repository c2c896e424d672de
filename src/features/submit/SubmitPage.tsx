// The four-step report wizard. Each step is checked with the contract's schema before Next
// (wizard-validation.ts); a refusal the server still sends goes to the step and field it names.
import { useEffect, useRef, useState } from 'react';
import type { SubmitExperienceRequest } from '@contract/experiences';
import { HONEYPOT_MESSAGE } from '@contract/rules';
import { refusedInputs } from '@/api/errors';
import { useEffects } from '@/api/effects';
import { useSubmitExperience } from '@/api/experience-submit';
import { usePublicationSchedule } from '@/api/publication';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { PageHeading } from '@/components/page/PageHeading';
import { Badge, Card, CardContent, CardHeader, Progress } from '@/components/ui';
import { Confirmation } from './Confirmation';
import { Honeypot } from './Honeypot';
import { PublicationNote } from './PublicationNote';
import { ContextStep } from './steps/ContextStep';
import { OutcomesStep } from './steps/OutcomesStep';
import { PeptideStep } from './steps/PeptideStep';
import { SignedInNote } from './SignedInNote';
import { StoryStep } from './steps/StoryStep';
import { useChosenPeptide } from './use-chosen-peptide';
import { useConfirmationState } from './use-confirmation-state';
import { useProfilePrefill } from './use-profile-prefill';
import { useStepErrors } from './use-step-errors';
import { useStepHistory } from './use-step-history';
import { useWizardDraft } from './use-wizard-draft';
import { WizardNav } from './WizardNav';
import { buildPayload, type WizardForm, type WizardStep } from './wizard-rules';
import { FIELD_STEP, fieldElement, fieldOfPath, stepErrors, type WizardField } from './wizard-validation';

const STEP_TITLES = ['Peptide Details', 'Context & Goals', 'Outcomes & Effects', 'Personal Story'] as const;
const FAILURE = 'Failed to submit your experience. Please try again.';

/** Focuses `field`, or else the step's heading, and brings it into view. */
function focusTarget(field: WizardField | undefined, heading: HTMLElement | null) {
  const target = field ? fieldElement(field) : heading;
  target?.focus({ preventScroll: true });
  target?.scrollIntoView?.({ block: field ? 'center' : 'start' });
}

export function SubmitPage() {
  // Kept in this tab's history entry: a refresh or Back then Forward shows the tracking ID again.
  const { result, keeping, keep, startAnother } = useConfirmationState();
  const draft = useWizardDraft(result === null);
  const { form, setForm } = draft;
  // Each step is a history entry: Back and Forward move between steps (use-step-history.ts).
  const steps = useStepHistory(draft);
  const step = steps.step;
  const prefilled = useProfilePrefill(form, setForm);
  const { toast } = useToast();
  const chosen = useChosenPeptide(form, setForm, draft.setStep);
  const effects = useEffects();
  // Asked now, when the wizard opens, never at its last step (src/api/publication.ts).
  const schedule = usePublicationSchedule();
  const submit = useSubmitExperience();
  const {
    shown,
    setPressing,
    setServerError,
    touch,
    checkStep,
    attemptAll,
    reset: resetErrors,
  } = useStepErrors(form, step);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const loadFailed = effects.isError;
  useEffect(() => {
    if (loadFailed)
      toast({
        title: 'Error',
        description: 'Failed to load form data. Please refresh the page.',
        variant: 'destructive',
      });
  }, [loadFailed, toast]);

  const peptide = chosen.peptide;
  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerError(null);
    setFormError(null);
  };
  const choosePeptide = (p: Parameters<typeof chosen.choose>[0]) => {
    chosen.choose(p);
    setServerError(null);
  };

  // Whenever another step shows (Next, Previous, the browser's Back and Forward; not on arrival),
  // it is brought into view and focus moves to its heading (or to the field a refusal names), so a
  // phone does not stay scrolled down on the old step with focus on the page.
  const focusNext = useRef<WizardField | undefined>(undefined);
  const stepShown = useRef(step);
  useEffect(() => {
    if (stepShown.current === step) return;
    stepShown.current = step;
    const field = focusNext.current;
    focusNext.current = undefined;
    focusTarget(field, headingRef.current);
  }, [step]);

  /** Shows a step in a new history entry, focusing its heading or `field`. */
  const goTo = (next: WizardStep, field?: WizardField) => {
    if (next === step) {
      focusTarget(field, headingRef.current);
      return;
    }
    focusNext.current = field;
    steps.open(next);
  };

  const refused = (error: unknown) => {
    const message = error instanceof Error && error.message.trim() ? error.message : FAILURE;
    // The field the 400's issues[].path names.
    const found = refusedInputs(error)
      .map((issue) => fieldOfPath(issue.path, issue.message))
      .find(Boolean);
    if (found) {
      setServerError(found);
      goTo(FIELD_STEP[found.field], found.field);
      return;
    }
    setFormError(message);
    toast({ title: 'Submission Failed', description: message, variant: 'destructive' });
  };

  const onSubmit = () => {
    if (form.website.trim()) {
      toast({ title: 'Error', description: HONEYPOT_MESSAGE, variant: 'destructive' });
      return;
    }
    if (!checkStep()) return;
    // Every step again: a draft restored on step 4 may hold an earlier step the rules now refuse.
    const earlier = Object.keys(stepErrors(form))[0] as WizardField | undefined;
    if (earlier) {
      attemptAll();
      goTo(FIELD_STEP[earlier], earlier);
      return;
    }
    submit.mutate(buildPayload(form) as SubmitExperienceRequest, {
      // No toast: the confirmation replaces the form and takes focus, and a toast over it would
      // cover "Submit Another Experience" on a phone.
      onSuccess: (answer) => keep(answer, steps.depth, draft.restart),
      onError: refused,
    });
  };

  const reset = () => {
    draft.restart();
    resetErrors();
    setFormError(null);
    startAnother();
    submit.reset();
  };

  if (result) return <Confirmation result={result} schedule={schedule} onReset={reset} />;

  const stepProps = { form, set, errors: shown, onBlur: touch };
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-8">
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <PageHeading>Share Your Experience</PageHeading>
          <Badge variant="secondary" className="shrink-0 whitespace-nowrap">
            Step {step} of 4
          </Badge>
        </div>
        <p className="text-muted-foreground">
          Tell the community what you used and what happened, in four short steps. No account needed.
        </p>
        <Progress value={step} max={4} label={`Step ${step} of 4`} />
      </div>
      {loadFailed && (
        <LoadError
          title="Failed to load form data"
          message={effects.error?.message}
          retrying={effects.isFetching}
          onRetry={() => void effects.refetch()}
        />
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 4) onSubmit();
        }}
      >
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-4 text-xl font-semibold leading-tight outline-none">
              {STEP_TITLES[step - 1]}
            </h2>
          </CardHeader>
          <CardContent className="space-y-4">
            <Honeypot value={form.website} onChange={(v) => set('website', v)} />
            {step === 1 && (
              <PeptideStep {...stepProps} peptide={peptide} loading={chosen.loading} onChoosePeptide={choosePeptide} />
            )}
            {step === 2 && <ContextStep prefilled={prefilled} {...stepProps} />}
            {step === 3 && (
              <OutcomesStep
                {...stepProps}
                commonEffects={peptide?.commonEffects ?? []}
                sideEffects={peptide?.sideEffects ?? []}
                effects={effects.data ?? []}
              />
            )}
            {step === 4 && <StoryStep {...stepProps} peptide={peptide} />}
            {step === 4 && <PublicationNote schedule={schedule} />}
            {step === 4 && <SignedInNote />}
            {formError && (
              <p role="alert" className="text-sm text-destructive-text">
                {formError}
              </p>
            )}
            <WizardNav
              step={step}
              submitting={submit.isPending || keeping}
              onPressing={setPressing}
              onPrevious={steps.previous}
              onNext={() => {
                if (checkStep()) goTo((step + 1) as WizardStep);
              }}
            />
          </CardContent>
        </Card>
      </form>
    </div>
  );
}
