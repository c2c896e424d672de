// What an author's correction changed while the report waited (QueueItem.editedFrom): the reasons
// it was held for before, and word by word what the story, effects, outcomes and side effects
// were (side effects only where the correction was kept with them: older ones have none).
import { Fragment } from 'react';
import { HOLD_REASON_LABELS } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { outcomeLabel } from '@contract/vocabulary';
import { Badge } from '@/components/ui/badge';
import { listChanges, outcomeChanges, sideEffectChanges, wordDiff } from './word-diff';

const ADDED = 'rounded-sm bg-success-soft text-success-soft-foreground underline decoration-1 underline-offset-2';
const REMOVED = 'rounded-sm bg-destructive/15 text-destructive-text line-through';

export function EditDiff({ item, headingId }: { item: QueueItem; headingId: string }) {
  const before = item.editedFrom;
  if (!before) return null;
  const e = item.experience;
  const story = wordDiff(before.story, e.story);
  const storyChanged = story.some((p) => p.kind !== 'same');
  const effects = listChanges(before.effects, e.effects);
  const outcomes = outcomeChanges(before.outcomes, e.outcomes);
  // Not recorded (a correction kept before side effects were): nothing to compare, nothing shown.
  const sideEffects = before.sideEffects ? sideEffectChanges(before.sideEffects, e.sideEffects) : [];
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-border p-3">
      <h4 id={headingId} className="text-sm font-semibold">
        Corrected by its author while it waited
      </h4>
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="text-muted-foreground">Held before the correction for:</span>
        {before.holdReasons.length ? (
          before.holdReasons.map((r) => (
            <Badge key={r} variant="outline">
              {HOLD_REASON_LABELS[r]}
            </Badge>
          ))
        ) : (
          <span>no rule (flags or votes)</span>
        )}
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          Story {storyChanged ? '(removed words struck through, added ones underlined)' : '(unchanged)'}
        </p>
        {storyChanged && (
          <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">
            {story.map((part, i) =>
              part.kind === 'same' ? (
                <span key={i}>{part.text}</span>
              ) : part.kind === 'added' ? (
                <ins key={i} className={ADDED}>
                  {part.text}
                </ins>
              ) : (
                // A space after a removed run that ends a sentence ("lot.") keeps it apart from the added one.
                <Fragment key={i}>
                  <del className={REMOVED}>{part.text}</del>
                  {story[i + 1]?.kind === 'added' && !/\s$/.test(part.text) ? ' ' : null}
                </Fragment>
              ),
            )}
          </p>
        )}
      </div>
      {(effects.added.length > 0 || effects.removed.length > 0) && (
        <p className="text-sm">
          <span className="text-xs font-medium text-muted-foreground">Effects: </span>
          {effects.removed.map((x) => (
            <del key={`-${x}`} className={`${REMOVED} mr-1.5`}>
              {x}
            </del>
          ))}
          {effects.added.map((x) => (
            <ins key={`+${x}`} className={`${ADDED} mr-1.5`}>
              {x}
            </ins>
          ))}
        </p>
      )}
      {outcomes.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Outcomes changed">
          {outcomes.map((c) => (
            <li key={c.name}>
              {outcomeLabel(c.name)}{' '}
              <span className="tabular-nums">
                {c.from === null ? 'added' : `${c.from}/10`} → {c.to === null ? 'removed' : `${c.to}/10`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {sideEffects.length > 0 && (
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
          <span className="text-xs font-medium text-muted-foreground">Side effects:</span>
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Side effects changed">
            {sideEffects.map((c) => (
              <li key={c.name}>
                {c.name} {c.from ?? 'added'} → {c.to ?? 'removed'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
