// One report in the moderators' queue, compact: why it is here at a glance (status, hold reasons,
// an excerpt with what the rules matched marked, the matches as chips, flags with their notes,
// the original of a repeat, a scheduled decision) and the decisions its status allows
// (server/services/moderation.ts). "Details" opens the whole report, what a correction changed
// and the history (QueueCardDetails.tsx).
import { Check, ChevronDown, EyeOff, RotateCcw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  HIDE_REASON_LABELS,
  HOLD_REASON_LABELS,
  MATCH_KIND_LABELS,
  FLAG_REASON_TEXT,
  KEEP_PUBLISHED_LABEL,
  type ExperienceStatus,
} from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { shortDate } from '@/components/experience/format';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { batchTime } from '@/lib/publication';
import { formatCount } from '../format';
import { Marked, MARK_CLASSES } from './Marked';
import { excerpt, matchPattern, plainStory } from './marks';
import { FlagNotes, QueueCardDetails } from './QueueCardDetails';
import { reportLabel } from './queue-words';

export type QueueAction = 'publish' | 'hide' | 'restore';

const STATUS: Record<ExperienceStatus, { text: string; variant: BadgeVariant }> = {
  held: { text: 'Held: not public', variant: 'warning' },
  published: { text: 'Published', variant: 'success' },
  hidden: { text: 'Hidden', variant: 'destructive' },
};

/** The decisions a report's status allows; a publish or restore waiting for its batch can only be overruled by a hide. */
export function actionsFor(item: QueueItem): QueueAction[] {
  if (item.scheduled) return ['hide'];
  if (item.status === 'hidden') return ['restore'];
  if (item.status === 'held' || item.flags.open > 0) return ['publish', 'hide'];
  return ['hide'];
}

/** The shortcut of each decision (use-queue-keys.ts), announced on its button. */
const KEYS: Record<QueueAction, string> = { publish: 'p', hide: 'h', restore: 'p' };

function plural(n: number, one: string, many: string) {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function QueueCard({
  item,
  pending,
  onAction,
  expanded,
  onExpand,
  selection,
}: {
  item: QueueItem;
  /** A decision on this report is on its way: its buttons wait. */
  pending: boolean;
  onAction: (action: QueueAction) => void;
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
  /** Where several reports can be decided at once: whether this one is selected. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
}) {
  const e = item.experience;
  const label = reportLabel(item);
  const status = STATUS[item.status];
  const pattern = useMemo(() => matchPattern(item.matches.map((m) => m.text)), [item.matches]);
  const story = useMemo(() => excerpt(plainStory(e.story), pattern), [e.story, pattern]);
  const detailsId = `queue-details-${e._id}`;
  const text: Record<QueueAction, string> = {
    publish: item.status === 'published' ? KEEP_PUBLISHED_LABEL : 'Publish',
    hide: 'Hide',
    restore: 'Restore',
  };
  const icon: Record<QueueAction, ReactNode> = {
    publish: <Check aria-hidden />,
    hide: <EyeOff aria-hidden />,
    restore: <RotateCcw aria-hidden />,
  };

  return (
    <article className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg border border-border bg-card p-3 text-card-foreground shadow-xs sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-4">
      <div className="pt-0.5">
        {selection && (
          <Checkbox
            aria-label={`Select ${label}`}
            checked={selection.selected}
            onChange={(event) => selection.onChange(event.target.checked)}
          />
        )}
      </div>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-base font-semibold leading-tight">{e.peptideName}</h3>
          <span className="text-xs text-muted-foreground">
            #{e._id.slice(0, 8)} · written {shortDate(item.queuedAt)}
          </span>
          <Badge variant={status.variant}>{status.text}</Badge>
        </div>
        {item.holdReasons.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Why it is held">
            {item.holdReasons.map((reason) => (
              <li key={reason}>
                <Badge variant="outline">{HOLD_REASON_LABELS[reason]}</Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">
          <Marked text={story} pattern={pattern} />
        </p>
        {item.matches.length > 0 && (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="What the hold rules match">
            {item.matches.map((m) => (
              <li key={`${m.kind}:${m.text}`} className="min-w-0">
                <span className="font-medium text-muted-foreground">{MATCH_KIND_LABELS[m.kind]}:</span>{' '}
                <mark className={cn(MARK_CLASSES, '[overflow-wrap:anywhere]')}>{m.text}</mark>
              </li>
            ))}
          </ul>
        )}
        {item.scheduled && (
          <p className="text-sm font-medium">
            {item.scheduled.action === 'publish' ? 'Published' : 'Restored'} at the next publication batch, at{' '}
            {batchTime(item.scheduled.publicFrom)} at the earliest.
          </p>
        )}
        {item.status === 'hidden' && e.hiddenReason && (
          <p className="text-sm">Hidden as: {HIDE_REASON_LABELS[e.hiddenReason.code]}</p>
        )}
        {(item.flags.open > 0 || item.concerningVotes > 0) && (
          <p className="text-sm">
            {item.flags.open > 0 ? `${plural(item.flags.open, 'open flag', 'open flags')}: ` : 'No open flags. '}
            {item.flags.reasons
              .map((r) => `${FLAG_REASON_TEXT[r.reason] ?? r.reason} (${formatCount(r.count)})`)
              .join(', ')}
            {item.flags.open > 0 ? '. ' : ''}
            {item.concerningVotes > 0 &&
              plural(item.concerningVotes, 'member marked it concerning.', 'members marked it concerning.')}
          </p>
        )}
        {item.flags.notes.length > 0 && <FlagNotes notes={item.flags.notes.slice(0, 2)} label="Flag notes" />}
        {item.repeatOf && (
          <p className="text-sm">
            Repeats{' '}
            <Link
              to={paths.experience(item.repeatOf.id)}
              className="font-medium text-primary-strong underline underline-offset-2"
            >
              the published report #{item.repeatOf.id.slice(0, 8)}
            </Link>
            : <span className="text-muted-foreground">“{item.repeatOf.excerpt}”</span>
          </p>
        )}
        {item.editedFrom && (
          <p className="text-sm text-muted-foreground">
            Corrected by its author while it waited: Details shows what changed.
          </p>
        )}
      </div>
      {/* Under the checkbox too on a phone, so Publish, Hide and Details share one row at 360 px. */}
      <div className="col-span-2 flex flex-wrap items-start gap-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:justify-end">
        {actionsFor(item).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'hide' ? 'destructive' : 'primary'}
            disabled={pending}
            aria-label={`${text[action]} ${label}`}
            aria-keyshortcuts={KEYS[action]}
            onClick={() => onAction(action)}
          >
            {icon[action]}
            {text[action]}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          aria-label={`Details of ${label}`}
          onClick={() => onExpand(!expanded)}
        >
          <ChevronDown aria-hidden className={cn('transition-transform duration-150', expanded && 'rotate-180')} />
          Details
        </Button>
      </div>
      {expanded && (
        <div className="col-span-2 sm:col-span-3">
          <QueueCardDetails item={item} pattern={pattern} id={detailsId} />
        </div>
      )}
    </article>
  );
}
