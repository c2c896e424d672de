// After a report is sent: the tracking id to keep; when it becomes public (with its group, at the
// earliest and the latest: src/lib/publication.ts) and what its group hides; and, when it waits for
// a moderator, why (contract/moderation.ts HOLD_REASON_TEXT).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PublicationSchedule } from '@contract/experiences';
import { HOLD_REASON_TEXT } from '@contract/moderation';
import type { SubmitResult } from '@/api/experience-submit';
import { Button, Card, CardContent, CardHeader, buttonClasses } from '@/components/ui';
import { paths } from '@/lib/paths';
import { REVIEW_FROM, appearsAt, groupNote } from '@/lib/publication';
import { handOnClick } from '@/lib/tracking-id';
import { TrackingIdKey } from './TrackingIdKey';

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

type Props = { result: SubmitResult; schedule: PublicationSchedule | undefined; onReset: () => void };

/**
 * Until the ID is copied or downloaded, closing the tab (or leaving the site) asks first: the
 * history entry keeps the ID for a refresh and Back, but a closed tab takes it along.
 */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask for a return value to show their dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

export function Confirmation({ result, schedule, onReset }: Props) {
  const { trackingId, status, holdReasons, publicFrom, publicBy } = result;
  const [saved, setSaved] = useState(false);
  useWarnBeforeLeaving(!saved);
  const held = status === 'held' || status === 'hidden';
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-8">
      <Card>
        <CardHeader>
          <ConfirmationHeading />
        </CardHeader>
        <CardContent className="space-y-4">
          {status === 'queued' && publicFrom && (
            <div className="space-y-2 rounded-md border border-border bg-muted p-3 text-sm">
              <p data-testid="public-from">
                {appearsAt(publicFrom, publicBy, schedule)} Until then only you can see it, with your tracking ID.
              </p>
              <p data-testid="group-note">{groupNote(schedule)}</p>
            </div>
          )}
          {held && (
            <div data-testid="held-notice" className="space-y-2 rounded-md border border-border bg-muted p-3 text-sm">
              <p className="font-medium">
                Your report is not public yet: it waits for a moderator’s review{publicFrom ? `, ${REVIEW_FROM}` : ''}.
              </p>
              {holdReasons.length > 0 && (
                <ul className="list-disc space-y-1 pl-5">
                  {holdReasons.map((reason) => (
                    <li key={reason}>{HOLD_REASON_TEXT[reason]}</li>
                  ))}
                </ul>
              )}
              <p>
                To see when it is published, look it up with your tracking ID on the Privacy page, under “Your Data”.
              </p>
            </div>
          )}
          <TrackingIdKey trackingId={trackingId} onSaved={() => setSaved(true)} />
          <div className="flex flex-wrap gap-2">
            {/* Public: its page. Not yet: the author's own view, by the tracking ID (handed over in
                memory, never the address or the history entry), until the publication batch makes it public. */}
            {status === 'published' ? (
              <Link to={paths.experience(result.experienceId)} className={buttonClasses({})}>
                View your report
              </Link>
            ) : (
              <Link to={paths.privacy} onClick={handOnClick(trackingId)} className={buttonClasses({})}>
                View your report
              </Link>
            )}
            <Link to={paths.community} className={buttonClasses({ variant: 'outline' })}>
              View Community Experiences
            </Link>
            <Button type="button" variant="outline" onClick={onReset}>
              Submit Another Experience
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
