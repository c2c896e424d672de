// The submitter's view of moderation on tracking lookup (docs/product-rules.md, "Moderation"):
// the status in words, why a report waits for review, the moderator's reason when hidden, when a
// change waiting for its group becomes public (at the earliest and the latest), and whether it
// went public in a group the longest wait forced out small (src/lib/publication.ts).
// The moderator's note is not shown: it stays in the moderation log for moderators.
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { HIDE_REASON_TEXT, HOLD_REASON_TEXT } from '@contract/moderation';
import { cn } from '@/lib/cn';
import { QUEUED_SUMMARY, appearsAt, groupNote, smallGroupText } from '@/lib/publication';

export const STATUS_LABEL = {
  published: 'Published',
  held: 'Waiting for review',
  hidden: 'Hidden by a moderator',
  queued: 'Waiting for publication',
} as const satisfies Record<OwnExperience['status'], string>;

const STATUS_TONE: Record<OwnExperience['status'], string> = {
  published: 'border-success-border bg-success-soft text-success-soft-foreground',
  held: 'border-warning-border bg-warning text-warning-foreground',
  hidden: 'border-warning-border bg-warning text-warning-foreground',
  queued: 'border-border bg-muted text-foreground',
};

const STATUS_SUMMARY: Record<OwnExperience['status'], string> = {
  published: 'Everyone can read it on the Community page and it counts in every figure.',
  held: 'It is not public until a moderator publishes it.',
  hidden: 'It is not public and does not count in any figure. You can still export, correct or delete it.',
  queued: QUEUED_SUMMARY,
};

/** When what waits for its group becomes public, in the words of src/lib/publication.ts. */
function pendingText(
  status: OwnExperience['status'],
  publicFrom: string,
  publicBy: string | null,
  schedule: PublicationSchedule | undefined,
): string {
  if (status === 'queued') return appearsAt(publicFrom, publicBy, schedule);
  if (status === 'published') return appearsAt(publicFrom, publicBy, schedule, 'Your changes appear');
  return appearsAt(publicFrom, publicBy, schedule, 'A moderator approved it: it appears');
}

type Shown = Pick<OwnExperience, 'status' | 'holdReasons' | 'hiddenReason' | 'publicFrom'> &
  Partial<Pick<OwnExperience, 'publicBy' | 'smallGroupAt'>>;

/** `schedule`: the site's publication settings (GET /api/publication), when the page has them. */
export function ReportStatus({ experience, schedule }: { experience: Shown; schedule?: PublicationSchedule }) {
  const { status, holdReasons, hiddenReason, publicFrom, publicBy = null, smallGroupAt = null } = experience;
  return (
    <div className={cn('grid gap-2 rounded-md border p-3 text-sm', STATUS_TONE[status])}>
      <p className="text-base font-semibold">
        Status: <span>{STATUS_LABEL[status]}</span>
      </p>
      {status === 'hidden' && (
        <p className="font-medium">{hiddenReason ? HIDE_REASON_TEXT[hiddenReason.code] : HIDE_REASON_TEXT.other}</p>
      )}
      <p>{STATUS_SUMMARY[status]}</p>
      {publicFrom && <p data-testid="public-from">{pendingText(status, publicFrom, publicBy, schedule)}</p>}
      {publicFrom && status !== 'held' && <p data-testid="group-note">{groupNote(schedule)}</p>}
      {!publicFrom && status === 'published' && smallGroupAt && (
        <p data-testid="small-group">{smallGroupText(smallGroupAt, schedule)}</p>
      )}
      {status === 'held' && holdReasons.length > 0 && (
        <ul className="list-disc space-y-1 pl-5">
          {holdReasons.map((code) => (
            <li key={code}>{HOLD_REASON_TEXT[code]}</li>
          ))}
        </ul>
      )}
      {(status === 'held' || status === 'hidden') && <p>If you correct it, it goes back to a moderator for review.</p>}
    </div>
  );
}
