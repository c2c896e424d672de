// One report in the moderators' queue: the whole report as its page shows it, what the public
// card leaves out (timeline, stack, every sourcing detail), why it is here (hold reasons as the
// submitter reads them, flags per reason with their notes, concerning votes), and the decisions
// its status allows (server/services/moderation.ts, TRANSITIONS).
import { Check, EyeOff, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { FLAG_REASON_TEXT, HOLD_REASON_TEXT, HIDE_REASON_LABELS, type ExperienceStatus } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { optionLabel } from '@contract/vocabulary';
import { shortDate } from '@/components/experience/format';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { batchTime } from '@/lib/publication';
import { formatCount } from './format';

export type QueueAction = 'publish' | 'hide' | 'restore';

/** How a report is named to moderators and screen readers: "BPC-157 report #1a2b3c4d". */
export function reportLabel(item: QueueItem): string {
  return `${item.experience.peptideName} report #${item.experience._id.slice(0, 8)}`;
}

const STATUS: Record<ExperienceStatus, { text: string; variant: BadgeVariant }> = {
  held: { text: 'Held: not public', variant: 'warning' },
  published: { text: 'Published', variant: 'success' },
  hidden: { text: 'Hidden', variant: 'destructive' },
};

function actionsFor(item: QueueItem): QueueAction[] {
  // A publish or restore waits for its batch: only a hide may still overrule it.
  if (item.scheduled) return ['hide'];
  if (item.status === 'hidden') return ['restore'];
  if (item.status === 'held' || item.flags.open > 0) return ['publish', 'hide'];
  return ['hide'];
}

function plural(n: number, one: string, many: string) {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

function sourcingText(item: QueueItem): string {
  const s = item.experience.sourcing;
  if (!s) return 'None given';
  const parts = [
    s.vendorUrl,
    s.batchId && `batch ${s.batchId}`,
    s.purityPercentage !== undefined && `${s.purityPercentage}% purity`,
    s.volumeMl !== undefined && `${s.volumeMl} ml`,
  ].filter(Boolean);
  const published = item.experience.publishSourcing ? 'published on the card' : 'not published';
  return parts.length ? `${parts.join(' · ')} (${published})` : 'None given';
}

export function QueueItemCard({
  item,
  busy,
  onAction,
}: {
  item: QueueItem;
  /** A decision is on its way (for this or another report): every button waits. */
  busy: boolean;
  onAction: (item: QueueItem, action: QueueAction) => void;
}) {
  const e = item.experience;
  const label = reportLabel(item);
  const status = STATUS[item.status];
  const button = (action: QueueAction, icon: ReactNode, text: string, variant: 'primary' | 'outline' | 'destructive') => (
    <Button key={action} size="sm" variant={variant} disabled={busy} aria-label={`${text} ${label}`} onClick={() => onAction(item, action)}>
      {icon}
      {text}
    </Button>
  );
  const buttons: Record<QueueAction, ReactNode> = {
    publish: button('publish', <Check aria-hidden />, item.status === 'published' ? 'Keep published' : 'Publish', 'primary'),
    hide: button('hide', <EyeOff aria-hidden />, 'Hide', 'destructive'),
    restore: button('restore', <RotateCcw aria-hidden />, 'Restore', 'primary'),
  };
  return (
    <ExperienceCard experience={e} titleLink={false} headingLevel="h3">
      <dl className="grid grid-cols-1 gap-3 border-t border-border pt-3 sm:grid-cols-3">
        <Detail label="Timeline">{optionLabel(e.timeline)}</Detail>
        <Detail label="Stack">{e.stack.length ? e.stack.join(', ') : 'None'}</Detail>
        <Detail label="Sourcing">{sourcingText(item)}</Detail>
      </dl>
      <section aria-label={`Why ${label} is here`} className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={status.variant}>{status.text}</Badge>
          <span className="text-xs text-muted-foreground">
            {label} · written {shortDate(item.queuedAt)}
          </span>
        </div>
        {item.scheduled && (
          <p className="font-medium">
            {item.scheduled.action === 'publish' ? 'Published' : 'Restored'} at the next publication batch, {batchTime(item.scheduled.publicFrom)}.
          </p>
        )}
        {item.status === 'hidden' && e.hiddenReason && <p>Hidden as: {HIDE_REASON_LABELS[e.hiddenReason.code]}</p>}
        {item.holdReasons.length > 0 && (
          <ul className="grid list-disc gap-1 pl-5">
            {item.holdReasons.map((reason) => (
              <li key={reason}>{HOLD_REASON_TEXT[reason] ?? reason}</li>
            ))}
          </ul>
        )}
        <p>
          {item.flags.open > 0 ? `${plural(item.flags.open, 'open flag', 'open flags')}: ` : 'No open flags. '}
          {item.flags.reasons.map((r) => `${FLAG_REASON_TEXT[r.reason] ?? r.reason} (${formatCount(r.count)})`).join(', ')}
          {item.flags.open > 0 ? '. ' : ''}
          {plural(item.concerningVotes, 'member marked it concerning.', 'members marked it concerning.')}
        </p>
        {item.flags.notes.length > 0 && (
          <ul className="grid gap-1" aria-label="Flag notes">
            {item.flags.notes.map((n, i) => (
              <li key={i} className="break-words border-l-2 border-border pl-2">
                <span className="text-muted-foreground">{FLAG_REASON_TEXT[n.reason] ?? n.reason}: </span>
                {n.note}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-2">{actionsFor(item).map((a) => buttons[a])}</div>
    </ExperienceCard>
  );
}
