// The hold rules a report's own text decides (docs/product-rules.md, "Moderation"), read when an
// author writes or corrects it and again when its batch applies it (apply.ts). `repeated`, which
// compares with published reports, is decided at the batch only (repeat.ts), so that no answer
// ever tells whether a report nobody can see exists.
import type { HoldReason } from '../../../contract/moderation';
import type { AppContext } from '../../context';
import { findHoldMatches, holdReasonsOf, type Finding } from '../text-rules';

/**
 * The reason an author's change to a report that is not public adds: `edited` after members
 * flagged it or a moderator hid it (a person's judgement to review again), else `corrected` (the
 * rules held it on their own; contract/moderation.ts has the sentence for each).
 */
export function reheldReason(status: string | null, holdReasons: readonly string[]): 'edited' | 'corrected' {
  if (status === 'hidden') return 'edited';
  return holdReasons.some((r) => r === 'flags' || r === 'concerning-votes' || r === 'edited') ? 'edited' : 'corrected';
}

/**
 * Why a report waits for a moderator, from its own text and the site's mode, with what the text
 * rules matched: read once, when the report is written, corrected or applied, and stored with it
 * (`hold_matches`, migration 030) for the queue's cards.
 */
export function ownHolds(ctx: AppContext, texts: readonly string[]): { reasons: HoldReason[]; matches: Finding[] } {
  const matches = findHoldMatches(texts);
  const reasons: HoldReason[] = ctx.config.moderation === 'pre' ? ['pre-moderation'] : [];
  reasons.push(...holdReasonsOf(matches));
  return { reasons, matches };
}

/**
 * The free texts of a report that the hold rules read: every one a reader can see. The vendor's
 * address is read when it is published (its host is on the card).
 */
export function heldTexts(r: {
  story: string;
  effects: string[];
  stack: string[];
  dosage: string;
  outcomes: Record<string, number>;
  side_effects?: readonly { name: string }[];
  sourcing: { batchId?: string; vendorUrl?: string } | null;
  publishSourcing?: boolean;
}): string[] {
  return [
    r.story,
    ...r.effects,
    ...(r.side_effects ?? []).map((s) => s.name),
    ...r.stack,
    r.dosage,
    ...Object.keys(r.outcomes),
    r.sourcing?.batchId ?? '',
    r.publishSourcing ? (r.sourcing?.vendorUrl ?? '') : '',
  ];
}
