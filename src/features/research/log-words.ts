// How a moderation log entry reads, in the Activity tab and on each queue card's history.
import { HIDE_REASON_LABELS, HOLD_REASON_LABELS, type ModerationAction } from '@contract/moderation';
import type { ModerationLogEntry } from '@contract/moderation-api';
import type { BadgeVariant } from '@/components/ui/badge';

/** The colour of each action's badge. */
export const ACTION_VARIANT: Record<ModerationAction, BadgeVariant> = {
  hold: 'warning',
  publish: 'success',
  'keep-published': 'success',
  hide: 'destructive',
  restore: 'default',
  undo: 'secondary',
};

const own = (map: Record<string, string>, code: string) => (Object.hasOwn(map, code) ? map[code]! : code);

/** Hold reasons for holds, hide reasons for hides; nothing for an undo (its label says what it took back). */
export function logReasonsText(entry: ModerationLogEntry): string {
  if (entry.action === 'undo') return '';
  const map: Record<string, string> = entry.action === 'hold' ? HOLD_REASON_LABELS : HIDE_REASON_LABELS;
  return entry.reasons.map((r) => own(map, r)).join(', ');
}

/** Whoever did this has deleted their account (contract/moderation-api.ts formerModerator). */
const FORMER_MODERATOR = 'A former moderator';

/** Who wrote an entry: a moderator's email, "Automatic" for a hold by the rules, or a former moderator. */
export function logActor(entry: ModerationLogEntry): string {
  if (entry.formerModerator) return FORMER_MODERATOR;
  return entry.moderatorId ? (entry.moderatorEmail ?? FORMER_MODERATOR) : 'Automatic';
}
