// Tracking ID lookup, shared by Privacy "Your Data" and Profile "Lookup": features never import
// each other, so it lives here, and takes its data as props (`useTrackingLookup` in
// src/api/tracking.ts gives them) since src/components/ never calls the API.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Search from 'lucide-react/icons/search';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label, Skeleton } from '@/components/ui';
import { TRACKING_ID_EXAMPLE, cleanTrackingId, trackingIdProblem } from '@/lib/tracking-id';
import { OwnReportCard } from './OwnReportCard';

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
        // Said in the page, not in a toast over the report it found (and never green for a hidden one).
        setNotice('Found: your submission is shown below.');
      } else {
        // The report shown before belongs to another ID: it goes, with its buttons.
        lookup.clear();
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
        <OwnReportCard
          experience={experience}
          schedule={schedule}
          showContent={showContent}
          titleId={`${inputId}-result`}
          actions={actions?.(experience, controls)}
        />
      )}
    </div>
  );
}
