// Tracking ID lookup, shared by Privacy "Your Data" and Profile "Lookup": features never import
// each other, so it lives here, and takes its data as props (`useTrackingLookup` in
// src/api/tracking.ts gives them) since src/components/ never calls the API.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Search from 'lucide-react/icons/search';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { optionLabel } from '@contract/vocabulary';
import { DemographicsText } from '@/components/experience/Demographics';
import { StoryText } from '@/components/experience/StoryText';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label, Skeleton } from '@/components/ui';
import { formatSideEffects, shortDate } from '@/lib/format';
import { TRACKING_ID_EXAMPLE, cleanTrackingId, trackingIdProblem } from '@/lib/tracking-id';
import { ReportStatus } from './ReportStatus';

const EMPTY_MESSAGE = 'Please enter a tracking ID';
const NOT_FOUND = 'Experience not found';
const FAILED = 'Failed to lookup experience';

/**
 * What a lookup found: `not-found` covers an unknown tracking ID (and a malformed one another
 * host refused); `unreachable`, no answer from the server (`unreachableText` says it).
 */
export type TrackingLookupOutcome = 'found' | 'not-found' | 'failed' | 'unreachable';

/** The data behind the form: the found report (kept current by the caller) and the lookup itself. */
export interface TrackingLookupData {
  experience: OwnExperience | undefined;
  lookUp: (trackingId: string) => Promise<TrackingLookupOutcome>;
  clear: () => void;
  /** The app's one sentence for a server that cannot be reached. */
  unreachableText: string;
}

/** A short message for the page's toast after each lookup. */
export type TrackingLookupNotify = (message: {
  title: string;
  description: string;
  variant: 'success' | 'destructive';
}) => void;

export interface TrackingLookupControls {
  /** Forgets the shown report (after it was deleted), saying `notice` where it stood: what happens next. */
  clear: (notice?: string) => void;
}

export interface TrackingLookupProps {
  /** Extra parts under the fields: the Privacy page shows story, outcomes and effects. */
  showContent?: boolean;
  /** Buttons acting on the found report (export, update, delete). */
  actions?: (experience: OwnExperience, controls: TrackingLookupControls) => ReactNode;
  /** The lookup card's heading. */
  title?: string;
  lookup: TrackingLookupData;
  notify?: TrackingLookupNotify;
  /** A tracking ID handed over by another page (the confirmation's "View your report"): looked up at once. */
  initialTrackingId?: string | null;
  /** The site's publication settings (GET /api/publication), which the status words with. */
  schedule?: PublicationSchedule;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm text-muted-foreground sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

export function TrackingLookup({
  showContent = false,
  actions,
  title = 'Find your submission',
  lookup,
  notify,
  initialTrackingId,
  schedule,
}: TrackingLookupProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [value, setValue] = useState(initialTrackingId ?? '');
  const [busy, setBusy] = useState(false);
  // What is wrong with the ID (said under the field, nothing sent), or what the lookup answered.
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async (typed: string) => {
    const trimmed = typed.trim();
    setNotice(null);
    if (!trimmed) {
      setFailure(EMPTY_MESSAGE);
      return;
    }
    // The format is explained here, before anything is sent.
    const problem = trackingIdProblem(trimmed);
    if (problem) {
      setFailure(problem);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await lookup.lookUp(cleanTrackingId(trimmed));
      if (outcome === 'found') {
        notify?.({ title: 'Success', description: 'Experience found successfully', variant: 'success' });
      } else {
        const message =
          outcome === 'not-found' ? NOT_FOUND : outcome === 'unreachable' ? lookup.unreachableText : FAILED;
        setFailure(message);
        notify?.({ title: 'Error', description: message, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void run(value);
  };
  // Looked up once on arrival when another page handed the ID over.
  const handed = useRef(false);
  useEffect(() => {
    if (!initialTrackingId || handed.current) return;
    handed.current = true;
    void run(initialTrackingId);
    // Only on arrival: `run` is recreated each render, the handed ID is not.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [initialTrackingId]);

  const experience = lookup.experience;
  const controls: TrackingLookupControls = {
    clear: (next) => {
      lookup.clear();
      setValue('');
      setFailure(null);
      setNotice(`Deleted: a new lookup with that tracking ID finds nothing.${next ? ` ${next}` : ''}`);
    },
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-2">
            <Label htmlFor={inputId}>Tracking ID</Label>
            <p id={hintId} className="text-sm text-muted-foreground">
              The ID you were shown after submitting: TRK- followed by 20 digits, like{' '}
              <span className="whitespace-nowrap font-mono">{TRACKING_ID_EXAMPLE}</span>. Spaces do not matter.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                value={value}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                aria-invalid={Boolean(failure) || undefined}
                aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
                onChange={(e) => {
                  setValue(e.target.value);
                  setFailure(null);
                }}
                className="font-mono"
              />
              {/* Never disabled: pressed on an empty or malformed ID, it says what is wrong. */}
              <Button type="submit" aria-disabled={busy || undefined}>
                <Search aria-hidden="true" />
                {busy ? 'Looking up...' : 'Look Up'}
              </Button>
            </div>
            {failure && (
              <p id={errorId} role="alert" className="text-sm text-destructive-text">
                {failure}
              </p>
            )}
          </form>
          {notice && (
            <p role="status" className="mt-3 text-sm text-muted-foreground">
              {notice}
            </p>
          )}
        </CardContent>
      </Card>

      {busy && !experience && <Skeleton className="h-40 w-full" />}

      {experience && (
        <Card aria-labelledby={`${inputId}-result`}>
          <CardHeader>
            <CardTitle id={`${inputId}-result`}>Your submission</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ReportStatus experience={experience} schedule={schedule} />
            <dl className="space-y-2">
              <Row term="Tracking ID">
                <code className="font-mono text-sm">{experience.trackingId}</code>
              </Row>
              <Row term="Peptide">{experience.peptideName}</Row>
              <Row term="Dosage">{experience.dosage}</Row>
              <Row term="Frequency">{optionLabel(experience.frequency)}</Row>
              <Row term="Duration">{experience.duration} days</Row>
              <Row term="Route">{optionLabel(experience.route)}</Row>
              <Row term="Submitted">{shortDate(experience.createdAt)}</Row>
              {experience.updatedAt && <Row term="Last updated">{shortDate(experience.updatedAt)}</Row>}
              {showContent && (
                <>
                  <Row term="Benefits (1-10)">
                    {Object.entries(experience.outcomes)
                      .map(([name, v]) => `${name} ${v}/10`)
                      .join(', ')}
                  </Row>
                  <Row term="Side effects">{formatSideEffects(experience.sideEffects)}</Row>
                  <Row term="Extra effects">{experience.effects.length ? experience.effects.join(', ') : 'None'}</Row>
                  {/* The author's own answers: no public page shows them (docs/product-rules.md, "Anonymity"). */}
                  <Row term="Age range · Sex · Activity">
                    <DemographicsText demographics={experience.demographics} />{' '}
                    <span className="font-normal text-muted-foreground">(only you see these)</span>
                  </Row>
                  <Row term="Story">
                    <StoryText as="span" story={experience.story} className="font-normal" />
                  </Row>
                </>
              )}
            </dl>
            {actions?.(experience, controls)}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
