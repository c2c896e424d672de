// Tracking ID lookup, shared by Privacy "Your Data" and Profile "Lookup": features never import
// each other, so it lives here, and takes its data as props (`useTrackingLookup` in
// src/api/tracking.ts gives them) since src/components/ never calls the API.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Search from 'lucide-react/icons/search';
import type { OwnExperience } from '@contract/experiences';
import { optionLabel } from '@contract/vocabulary';
import { StoryText } from '@/components/experience/StoryText';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label, Skeleton } from '@/components/ui';
import { shortDate } from '@/lib/format';
import { ReportStatus } from './ReportStatus';

export const TRACKING_PLACEHOLDER = 'TRK-12345678901234567890';
const EMPTY_MESSAGE = 'Please enter a tracking ID';
const NOT_FOUND = 'Experience not found';
const FAILED = 'Failed to lookup experience';

/** What a lookup found: `not-found` covers both an unknown and a malformed tracking ID. */
export type TrackingLookupOutcome = 'found' | 'not-found' | 'failed';

/** The data behind the form: the found report (kept current by the caller) and the lookup itself. */
export interface TrackingLookupData {
  experience: OwnExperience | undefined;
  lookUp: (trackingId: string) => Promise<TrackingLookupOutcome>;
  clear: () => void;
}

/** A short message for the page's toast after each lookup. */
export type TrackingLookupNotify = (message: { title: string; description: string; variant: 'success' | 'destructive' }) => void;

export interface TrackingLookupControls {
  /** Forgets the shown report (after it was deleted). */
  clear: () => void;
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
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm text-muted-foreground sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

export function TrackingLookup({ showContent = false, actions, title = 'Find your submission', lookup, notify }: TrackingLookupProps) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const trimmed = value.trim();
  const showEmpty = touched && !trimmed;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!trimmed) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const outcome = await lookup.lookUp(trimmed);
      if (outcome === 'found') {
        notify?.({ title: 'Success', description: 'Experience found successfully', variant: 'success' });
      } else {
        const message = outcome === 'not-found' ? NOT_FOUND : FAILED;
        setFailure(message);
        notify?.({ title: 'Error', description: message, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  const experience = lookup.experience;
  const controls: TrackingLookupControls = {
    clear: () => {
      lookup.clear();
      setValue('');
      setTouched(false);
      setNotice('The report is gone: a new lookup with that tracking ID finds nothing.');
    },
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
            <Label htmlFor={inputId}>Tracking ID</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                value={value}
                placeholder={TRACKING_PLACEHOLDER}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                aria-invalid={showEmpty || Boolean(failure) || undefined}
                aria-describedby={showEmpty || failure ? errorId : undefined}
                onChange={(e) => {
                  setValue(e.target.value);
                  setTouched(true);
                  setFailure(null);
                }}
                className="font-mono"
              />
              <Button type="submit" disabled={!trimmed || busy}>
                <Search aria-hidden="true" />
                {busy ? 'Looking up...' : 'Look Up'}
              </Button>
            </div>
            {(showEmpty || failure) && (
              <p id={errorId} role="alert" className="text-sm text-destructive-text">
                {showEmpty ? EMPTY_MESSAGE : failure}
              </p>
            )}
            <p className="text-xs text-muted-foreground">The ID you were shown after submitting: TRK- followed by 20 digits.</p>
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
            <ReportStatus experience={experience} />
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
                  <Row term="Outcomes (1-10)">
                    {Object.entries(experience.outcomes)
                      .map(([name, v]) => `${name} ${v}/10`)
                      .join(', ')}
                  </Row>
                  <Row term="Extra effects">{experience.effects.length ? experience.effects.join(', ') : 'None'}</Row>
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
