// The four-step report wizard. Each step is checked with the contract's schema before Next
// (wizard-validation.ts); a refusal the server still sends goes to the step and field it names.
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SubmitExperienceRequest } from '@contract/experiences';
import { HONEYPOT_MESSAGE } from '@contract/rules';
import { refusedInputs } from '@/api/errors';
import { useEffects } from '@/api/effects';
import { useSubmitExperience, type SubmitResult } from '@/api/experience-submit';
import { usePublicationSchedule } from '@/api/publication';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { Badge, Button, Card, CardContent, CardHeader, Progress } from '@/components/ui';
import { Confirmation } from './Confirmation';
import { PublicationNote } from './PublicationNote';
import { ContextStep } from './steps/ContextStep';
import { OutcomesStep } from './steps/OutcomesStep';
import { PeptideStep } from './steps/PeptideStep';
import { SignedInNote } from './SignedInNote';
import { StoryStep } from './steps/StoryStep';
import { useChosenPeptide } from './use-chosen-peptide';
import { useProfilePrefill } from './use-profile-prefill';
import { useWizardDraft } from './use-wizard-draft';
import { buildPayload, EMPTY_FORM, type WizardForm, type WizardStep } from './wizard-rules';
import {
  FIELD_STEP,
  fieldElement,
  fieldOfPath,
  stepErrors,
  type FieldErrors,
  type WizardField,
} from './wizard-validation';

const STEP_TITLES = ['Peptide Details', 'Context & Goals', 'Outcomes & Effects', 'Personal Story'] as const;
const FAILURE = 'Failed to submit your experience. Please try again.';

export function SubmitPage() {
  const [result, setResult] = useState<SubmitResult | null>(null);
  const { step, setStep, form, setForm, clearDraft } = useWizardDraft(result === null);
  const prefilled = useProfilePrefill(form, setForm);
  const { toast } = useToast();
  const chosen = useChosenPeptide(form, setForm, setStep);
  const effects = useEffects();
  // Asked now, when the wizard opens, never at its last step (src/api/publication.ts).
  const schedule = usePublicationSchedule();
  const submit = useSubmitExperience();
  // Errors show for a field once it is left, and for the whole step once Next is pressed.
  const [touched, setTouched] = useState<ReadonlySet<WizardField>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<WizardStep>>(() => new Set());
  // What the server refused (a 400 naming a field), shown until that field changes.
  const [serverError, setServerError] = useState<{ field: WizardField; text: string } | null>(null);
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
  const errors = stepErrors(form, step);
  const shown: FieldErrors = Object.fromEntries(
    (Object.keys(errors) as WizardField[])
      .filter((f) => attempted.has(step) || touched.has(f))
      .map((f) => [f, errors[f]]),
  );
  if (serverError && FIELD_STEP[serverError.field] === step) shown[serverError.field] = serverError.text;

  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerError(null);
    setFormError(null);
  };
  // A press on Previous/Next/Submit blurs the field first: showing its message then would push
  // the buttons down before the click lands, and the click would be lost. The click checks anyway.
  const navPressed = useRef(false);
  const touch = (field: WizardField) => {
    if (!navPressed.current) setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  };
  const choosePeptide = (p: Parameters<typeof chosen.choose>[0]) => {
    chosen.choose(p);
    setServerError(null);
  };

  /** True when the step is valid; otherwise shows its errors and focuses the first invalid field. */
  const checkStep = () => {
    setAttempted((a) => new Set(a).add(step));
    const first = Object.keys(errors)[0] as WizardField | undefined;
    if (!first) return true;
    fieldElement(first)?.focus();
    return false;
  };
  /**
   * Shows a step, brings it into view and moves focus to its heading (or to `field`), so a phone
   * does not stay scrolled down on the old step with focus on the page.
   */
  const goTo = (next: WizardStep, field?: WizardField) => {
    flushSync(() => setStep(next));
    const target = field ? fieldElement(field) : headingRef.current;
    target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: field ? 'center' : 'start' });
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
      setAttempted(new Set<WizardStep>([1, 2, 3, 4]));
      goTo(FIELD_STEP[earlier], earlier);
      return;
    }
    submit.mutate(buildPayload(form) as SubmitExperienceRequest, {
      // No toast: the confirmation replaces the form and takes focus, and a toast over it would
      // cover "Submit Another Experience" on a phone.
      onSuccess: (answer) => {
        clearDraft();
        setResult(answer);
      },
      onError: refused,
    });
  };

  const reset = () => {
    clearDraft();
    setForm(EMPTY_FORM);
    setStep(1);
    setTouched(new Set());
    setAttempted(new Set());
    setServerError(null);
    setFormError(null);
    setResult(null);
    submit.reset();
  };

  if (result) return <Confirmation result={result} schedule={schedule} onReset={reset} />;

  const stepProps = { form, set, errors: shown, onBlur: touch };
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-8">
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-3xl font-bold">Share Your Experience</h1>
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
            {/* Honeypot: hidden from people and assistive technology. */}
            <div
              aria-hidden="true"
              style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
            >
              <label htmlFor="website">Website</label>
              <input
                id="website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={form.website}
                onChange={(e) => set('website', e.target.value)}
              />
            </div>
            {step === 1 && (
              <PeptideStep {...stepProps} peptide={peptide} loading={chosen.loading} onChoosePeptide={choosePeptide} />
            )}
            {step === 2 && <ContextStep prefilled={prefilled} {...stepProps} />}
            {step === 3 && (
              <OutcomesStep
                {...stepProps}
                commonEffects={peptide?.commonEffects ?? []}
                effectNames={(effects.data ?? []).map((e) => e.name)}
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
            <div
              className="flex justify-between gap-2 pt-2"
              onPointerDown={() => (navPressed.current = true)}
              onPointerUp={() => (navPressed.current = false)}
              onPointerCancel={() => (navPressed.current = false)}
            >
              {/* Nothing to go back to on step 1: no button rather than a disabled one. */}
              {step > 1 && (
                <Button type="button" variant="outline" onClick={() => goTo((step - 1) as WizardStep)}>
                  Previous
                </Button>
              )}
              {step < 4 ? (
                // Keyed apart, and the click's default prevented: step 4 renders during this click
                // (goTo flushes it), and a button turned into Submit under it would send the form.
                <Button
                  key="next"
                  type="button"
                  className="ml-auto"
                  onClick={(e) => {
                    e.preventDefault();
                    if (checkStep()) goTo((step + 1) as WizardStep);
                  }}
                >
                  Next
                </Button>
              ) : (
                <Button key="submit" type="submit" className="ml-auto" disabled={submit.isPending}>
                  {submit.isPending ? 'Submitting...' : 'Submit Experience'}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </form>
    </div>
  );
}
