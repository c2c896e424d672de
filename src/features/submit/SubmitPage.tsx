import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import Copy from 'lucide-react/icons/copy';
import {
  AGE_RANGES,
  BIOLOGICAL_SEXES,
  FREQUENCIES,
  PRIMARY_PURPOSES,
  ROUTES,
  TIMELINES,
  WIZARD_ACTIVITY_LEVELS,
} from '@contract/vocabulary';
import type { SubmitExperienceRequest } from '@contract/experiences';
import { HONEYPOT_MESSAGE, OUTCOME_MAX, OUTCOME_MIN } from '@contract/rules';
import { useEffects } from '@/api/effects';
import { useSubmitExperience } from '@/api/experience-submit';
import { usePeptides } from '@/api/peptides';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Input, Progress, Select, buttonClasses } from '@/components/ui';
import { Slider } from '@/components/ui/slider';
import { Field } from './Field';
import { PublicCardPreview } from './PublicCardPreview';
import { SourcingSection } from './SourcingSection';
import { StoryEditor } from './StoryEditor';
import { buildPayload, EMPTY_FORM, missingFields, outcomesFor, sourcingErrors, type SourcingField, type WizardForm, type WizardStep } from './wizard-rules';

const DRAFT_KEY = 'submitExperienceDraft';
const STEP_TITLES = ['Peptide Details', 'Context & Goals', 'Outcomes & Effects', 'Personal Story'] as const;
const FAILURE = 'Failed to submit your experience. Please try again.';
type Draft = { step: WizardStep; form: WizardForm };

function loadDraft(): Draft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Draft>;
      const step = parsed.step && [1, 2, 3, 4].includes(parsed.step) ? parsed.step : 1;
      return { step, form: { ...EMPTY_FORM, ...(parsed.form ?? {}) } };
    }
  } catch {
    /* ignore a broken draft */
  }
  return { step: 1, form: EMPTY_FORM };
}

function label(value: string): string {
  return value
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

function Options({ values, placeholder }: { values: readonly string[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  );
}

function ListEditor({ id, title, items, onChange, list }: { id: string; title: string; items: string[]; onChange: (items: string[]) => void; list?: string }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{title}</legend>
      {items.map((item, i) => (
        <div key={i} className="flex gap-2">
          <Input
            id={`${id}-${i}`}
            aria-label={`${title} ${i + 1}`}
            value={item}
            list={list}
            maxLength={60}
            onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <Button type="button" variant="ghost" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Remove ${title} ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...items, ''])}>
        Add {title.toLowerCase()}
      </Button>
    </fieldset>
  );
}

/** Focused once on arrival, so keyboard and screen-reader users land on the result. */
function ConfirmationHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-semibold leading-tight outline-none">
      Thank you for sharing!
    </h1>
  );
}

export function SubmitPage() {
  const [initial] = useState(loadDraft);
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [form, setForm] = useState<WizardForm>(initial.form);
  const [trackingId, setTrackingId] = useState<string | null>(null);
  const { toast } = useToast();
  const peptides = usePeptides({ limit: 100, sort: 'name' });
  const effects = useEffects();
  const submit = useSubmitExperience();

  useEffect(() => {
    if (trackingId) return;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step, form }));
  }, [step, form, trackingId]);

  const loadFailed = peptides.isError || effects.isError;
  useEffect(() => {
    if (loadFailed) toast({ title: 'Error', description: 'Failed to load form data. Please refresh the page.', variant: 'destructive' });
  }, [loadFailed, toast]);

  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const peptideList = peptides.data?.peptides ?? [];
  const missing = missingFields(step, form);
  const sourcingErrs = sourcingErrors(form);
  // A sourcing error shows once the member leaves the field, not while they are still typing.
  const [touched, setTouched] = useState<ReadonlySet<SourcingField>>(() => new Set());
  const touch = (field: SourcingField) => setTouched((t) => new Set(t).add(field));

  const choosePeptide = (id: string) => {
    const p = peptideList.find((x) => x._id === id);
    setForm((f) => ({ ...f, peptideId: id, outcomes: outcomesFor(p?.commonEffects ?? []) }));
  };

  const onSubmit = () => {
    if (form.website.trim()) {
      toast({ title: 'Error', description: HONEYPOT_MESSAGE, variant: 'destructive' });
      return;
    }
    if (missing.length) return;
    submit.mutate(buildPayload(form) as SubmitExperienceRequest, {
      onSuccess: ({ trackingId: id }) => {
        sessionStorage.removeItem(DRAFT_KEY);
        setTrackingId(id);
        toast({ title: 'Experience Submitted!', description: `Your tracking ID is ${id}`, variant: 'success' });
      },
      onError: (error) => {
        const message = error instanceof Error && error.message.trim() ? error.message : FAILURE;
        toast({ title: 'Submission Failed', description: message, variant: 'destructive' });
      },
    });
  };

  const reset = () => {
    sessionStorage.removeItem(DRAFT_KEY);
    setForm(EMPTY_FORM);
    setStep(1);
    setTouched(new Set());
    setTrackingId(null);
    submit.reset();
  };

  if (trackingId) {
    return (
      <div className="mx-auto max-w-2xl space-y-6 py-8">
        <Card>
          <CardHeader>
            <ConfirmationHeading />
          </CardHeader>
          <CardContent className="space-y-4">
            <p>Your tracking ID:</p>
            <div className="flex items-center gap-2">
              <code data-testid="tracking-id" className="rounded bg-muted px-3 py-2 font-mono">
                {trackingId}
              </code>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label="Copy tracking ID"
                onClick={() => {
                  void navigator.clipboard?.writeText(trackingId).then(
                    () => toast({ title: 'Copied', description: 'Tracking ID copied to clipboard', variant: 'success' }),
                    () => undefined,
                  );
                }}
              >
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">Save this tracking ID: you need it to track or update your submission.</p>
            <div className="flex flex-wrap gap-2">
              <Link to="/community" className={buttonClasses({})}>
                View Community Experiences
              </Link>
              <Button type="button" variant="outline" onClick={reset}>
                Submit Another Experience
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6 py-8">
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-3xl font-bold">Share Your Experience</h1>
          <Badge variant="secondary" className="shrink-0 whitespace-nowrap">
            Step {step} of 4
          </Badge>
        </div>
        <p className="text-muted-foreground">Tell the community what you used and what happened, in four short steps. No account needed.</p>
        <Progress value={step} max={4} label={`Step ${step} of 4`} />
      </div>
      {loadFailed && (
        <LoadError
          title="Failed to load form data"
          message={(peptides.error ?? effects.error)?.message}
          retrying={peptides.isFetching || effects.isFetching}
          onRetry={() => {
            if (peptides.isError) void peptides.refetch();
            if (effects.isError) void effects.refetch();
          }}
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
            <CardTitle>{STEP_TITLES[step - 1]}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {/* Honeypot: hidden from people and assistive technology. */}
            <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
              <label htmlFor="website">Website</label>
              <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" value={form.website} onChange={(e) => set('website', e.target.value)} />
            </div>
            {step === 1 && (
              <>
                <Field id="peptideId" text="Peptide">
                  <Select id="peptideId" value={form.peptideId} onChange={(e) => choosePeptide(e.target.value)}>
                    <option value="">{peptides.isLoading ? 'Loading peptides...' : 'Select a peptide'}</option>
                    {peptideList.map((p) => (
                      <option key={p._id} value={p._id}>
                        {p.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field id="dosage" text="Dosage">
                  <Input id="dosage" maxLength={60} placeholder="e.g. 250mcg" value={form.dosage} onChange={(e) => set('dosage', e.target.value)} />
                </Field>
                <Field id="frequency" text="Frequency">
                  <Select id="frequency" value={form.frequency} onChange={(e) => set('frequency', e.target.value)}>
                    <Options values={FREQUENCIES} placeholder="Select frequency" />
                  </Select>
                </Field>
                <Field id="duration" text="Duration (days)">
                  <Input id="duration" inputMode="numeric" value={form.duration} onChange={(e) => set('duration', e.target.value)} />
                </Field>
                <Field id="route" text="Route of administration">
                  <Select id="route" value={form.routeOfAdministration} onChange={(e) => set('routeOfAdministration', e.target.value)}>
                    <Options values={ROUTES} placeholder="Select route" />
                  </Select>
                </Field>
              </>
            )}
            {step === 2 && (
              <>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Primary purpose</legend>
                  <div className="grid grid-cols-2 gap-2">
                    {PRIMARY_PURPOSES.map((p) => (
                      <label key={p} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={form.primaryPurpose.includes(p)}
                          onChange={(e) => set('primaryPurpose', e.target.checked ? [...form.primaryPurpose, p] : form.primaryPurpose.filter((x) => x !== p))}
                        />
                        {p}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <Field id="ageRange" text="Age range">
                  <Select id="ageRange" value={form.ageRange} onChange={(e) => set('ageRange', e.target.value)}>
                    <Options values={AGE_RANGES} placeholder="Select age range" />
                  </Select>
                </Field>
                <Field id="biologicalSex" text="Biological sex">
                  <Select id="biologicalSex" value={form.biologicalSex} onChange={(e) => set('biologicalSex', e.target.value)}>
                    <Options values={BIOLOGICAL_SEXES} placeholder="Select biological sex" />
                  </Select>
                </Field>
                <Field id="activityLevel" text="Activity level">
                  <Select id="activityLevel" value={form.activityLevel} onChange={(e) => set('activityLevel', e.target.value)}>
                    <Options values={WIZARD_ACTIVITY_LEVELS} placeholder="Select activity level" />
                  </Select>
                </Field>
                <ListEditor id="stack" title="Stack entry" items={form.stack} onChange={(v) => set('stack', v)} />
              </>
            )}
            {step === 3 && (
              <>
                <fieldset className="space-y-3">
                  <legend className="text-sm font-medium">Outcomes (1-10)</legend>
                  {Object.keys(form.outcomes).length === 0 && <p className="text-sm text-muted-foreground">Choose a peptide on step 1 to rate its common effects.</p>}
                  {Object.entries(form.outcomes).map(([name, value]) => (
                    <div key={name} className="space-y-1">
                      <span className="text-sm">{name}</span>
                      <Slider label={name} min={OUTCOME_MIN} max={OUTCOME_MAX} value={value} onValueChange={(v) => set('outcomes', { ...form.outcomes, [name]: v })} />
                    </div>
                  ))}
                </fieldset>
                <ListEditor id="effects" title="Extra effect" items={form.effects} onChange={(v) => set('effects', v)} list="effect-suggestions" />
                <datalist id="effect-suggestions">
                  {(effects.data ?? []).map((e) => (
                    <option key={e._id} value={e.name} />
                  ))}
                </datalist>
                <Field id="timeline" text="When did you notice effects?">
                  <Select id="timeline" value={form.timeline} onChange={(e) => set('timeline', e.target.value)}>
                    <Options values={TIMELINES} placeholder="Select timeline" />
                  </Select>
                </Field>
              </>
            )}
            {step === 4 && (
              <>
                <StoryEditor value={form.story} onChange={(v) => set('story', v)} />
                <SourcingSection form={form} errors={sourcingErrs} touched={touched} onBlur={touch} set={set} />
                <PublicCardPreview form={form} peptide={peptideList.find((p) => p._id === form.peptideId)} />
              </>
            )}
            {missing.length > 0 && (
              <p role="status" className="text-sm text-muted-foreground">
                Still needed: {missing.join(', ')}
              </p>
            )}
            <div className="flex justify-between gap-2 pt-2">
              <Button type="button" variant="outline" disabled={step === 1} onClick={() => setStep((s) => (s > 1 ? ((s - 1) as WizardStep) : s))}>
                Previous
              </Button>
              {step < 4 ? (
                <Button type="button" disabled={missing.length > 0} onClick={() => setStep((s) => (s + 1) as WizardStep)}>
                  Next
                </Button>
              ) : (
                <Button type="submit" disabled={missing.length > 0 || submit.isPending}>
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
