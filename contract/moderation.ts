// Moderation of what anonymous people publish (docs/product-rules.md, "Moderation"): statuses,
// the machine codes of holds, flags and hides, and the sentence a submitter or member reads for
// each. The server stores and answers the codes; the web app shows the sentences.

/** `published` is public; `held` waits for a moderator; `hidden` was removed by a moderator. */
export const EXPERIENCE_STATUSES = ['published', 'held', 'hidden'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];

/**
 * What the submitter reads of their report (tracking lookup, the submission's answer): the
 * statuses above, and `queued` for a new report accepted and waiting for its publication batch
 * (docs/product-rules.md, "Publication in batches").
 */
export const AUTHOR_STATUSES = [...EXPERIENCE_STATUSES, 'queued'] as const;
export type AuthorStatus = (typeof AUTHOR_STATUSES)[number];

/**
 * Why a report was held (services/moderation.ts decides). An author's change to a report that is
 * not public sends it back to a moderator: `corrected` when the rules held it on their own,
 * `edited` when members flagged it (flags, concerning votes) or a moderator hid it
 * (services/publication.ts reheldReason).
 */
export const HOLD_REASONS = [
  'link',
  'email',
  'phone',
  'handle',
  'danger',
  'repeated',
  'pre-moderation',
  'edited',
  'corrected',
  'flags',
  'concerning-votes',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const HOLD_REASON_TEXT: Record<HoldReason, string> = {
  link: 'It contains a link. A moderator will review it before it is public.',
  email: 'It contains an email address. A moderator will review it before it is public.',
  phone: 'It contains a phone number. A moderator will review it before it is public.',
  handle:
    'It contains a messenger handle (an @name on Telegram, Instagram, WhatsApp, Signal or the like). A moderator will review it before it is public.',
  danger:
    'It may contain dangerous advice (a multiple of a dose, keeping it from a doctor, pushing through heart symptoms). A moderator will review it before it is public.',
  repeated: 'It repeats a report published today or yesterday. A moderator will review it before it is public.',
  'pre-moderation': 'Every report is reviewed by a moderator before it is public.',
  edited: 'It was edited after members flagged it or a moderator hid it. A moderator will review it again.',
  corrected:
    'You corrected it while it waited for review. A moderator will review the corrected version before it is public.',
  flags: 'Several members flagged it. A moderator will review it before it is public again.',
  'concerning-votes': 'Several members marked it as concerning. A moderator will review it before it is public again.',
};

/** The short words a moderator reads for each hold reason (the Activity log). */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  link: 'Contains a link',
  email: 'Contains an email address',
  phone: 'Contains a phone number',
  handle: 'Contains a messenger handle',
  danger: 'May be dangerous advice',
  repeated: 'Repeats a recent report',
  'pre-moderation': 'Pre-moderation',
  edited: 'Edited after flags or a hide',
  corrected: 'Corrected while held',
  flags: 'Flagged by members',
  'concerning-votes': 'Marked concerning by members',
};

/** Why a member flags a report (`POST /api/experiences/{id}/flag`). */
export const FLAG_REASONS = ['spam', 'dangerous', 'personal-info', 'off-topic', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FLAG_REASON_TEXT: Record<FlagReason, string> = {
  spam: 'Spam or advertising',
  dangerous: 'Dangerous advice',
  'personal-info': 'Personal information',
  'off-topic': 'Off topic',
  other: 'Something else',
};

/**
 * Defaults of the hold thresholds (server/config.ts reads them, `FLAG_HOLD_THRESHOLD` and
 * `CONCERNING_HOLD_THRESHOLD` in the environment override them): this many open flags, or
 * "concerning" votes, hold a published report for a moderator.
 */
export const FLAG_HOLD_THRESHOLD = 3;
export const CONCERNING_HOLD_THRESHOLD = 5;

/** Why a moderator hides a report (`POST /api/moderation/experiences/{id}/hide`). */
export const HIDE_REASONS = ['spam', 'dangerous', 'personal-info', 'off-topic', 'not-an-experience', 'other'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/** The sentence the submitter reads on tracking lookup when a moderator hid the report. */
export const HIDE_REASON_TEXT: Record<HideReason, string> = {
  spam: 'A moderator removed it as spam or advertising.',
  dangerous: 'A moderator removed it because it gives dangerous advice.',
  'personal-info': 'A moderator removed it because it contains personal information.',
  'off-topic': 'A moderator removed it because it is not about a peptide experience.',
  'not-an-experience': 'A moderator removed it because it does not describe an experience.',
  other: 'A moderator removed it.',
};

/** The label a moderator reads for each hide reason (the Hide dialog, the Activity log). */
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  spam: 'Spam or advertising',
  dangerous: 'Dangerous advice',
  'personal-info': 'Personal information',
  'off-topic': 'Off topic',
  'not-an-experience': 'Not an experience report',
  other: 'Another reason (say why in the note)',
};

/**
 * The note a hide starts with, by reason: the Hide dialog pre-fills it and the moderator edits it
 * before sending (it is logged for moderators, never shown to the public or the submitter). Kept
 * here beside the labels so that every client and the log read the same wording; the server
 * stores whatever note is sent.
 */
export const HIDE_NOTE_TEMPLATES: Record<HideReason, string> = {
  spam: 'Advertises a product, shop or service rather than describing an experience.',
  dangerous: 'Gives advice that could harm a reader (dose, medical supervision or symptoms to ignore).',
  'personal-info': 'Contains personal information that could identify someone.',
  'off-topic': 'Is not about a peptide experience.',
  'not-an-experience': 'Does not describe what happened to the person who wrote it.',
  other: '',
};

/**
 * What the moderators' queue lists: reports that wait for a decision; those a moderator has
 * published or restored that wait for the next publication batch (to undo); hidden ones (to restore).
 */
export const QUEUE_VIEWS = ['waiting', 'scheduled', 'hidden'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/**
 * What the waiting view can be narrowed to: one hold reason, or published reports with open flags.
 * `all`: every waiting report.
 */
export const QUEUE_FILTERS = ['all', ...HOLD_REASONS, 'open-flags'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** How the queue's reason filter names each choice: the hold reasons' own labels, and the two others. */
export const QUEUE_FILTER_LABELS: Record<QueueFilter, string> = {
  all: 'Every reason',
  ...HOLD_REASON_LABELS,
  'open-flags': 'Published, with open flags',
};

/** What a hold rule found in a report's text (QueueItem.matches): its kind. */
export const MATCH_KINDS = ['link', 'email', 'phone', 'handle', 'danger'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** How the queue names each kind of match, beside the matched text. */
export const MATCH_KIND_LABELS: Record<MatchKind, string> = {
  link: 'Link',
  email: 'Email',
  phone: 'Phone',
  handle: 'Messenger handle',
  danger: 'Dangerous advice',
};

/**
 * Moderation log actions; `hold` with no moderator is an automatic hold; `keep-published`, a
 * flagged public report left public with its flags dismissed; `undo`, a moderator taking back
 * their hide or dismissal before the next publication batch (its reasons name which).
 */
export const MODERATION_ACTIONS = ['hold', 'publish', 'keep-published', 'hide', 'restore', 'undo'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The queue's button, key help and toast for publishing a report that is public already. */
export const KEEP_PUBLISHED_LABEL = 'Keep published (dismiss flags)';

/** How the Activity log names each action. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  undo: 'Hide undone',
  hold: 'Held',
  publish: 'Published',
  'keep-published': 'Kept published, flags dismissed',
  hide: 'Hidden',
  restore: 'Restored',
};

/** How the log names one entry: an undo by what it took back (its reasons), the rest by action. */
export function logEntryLabel(entry: { action: ModerationAction; reasons: readonly string[] }): string {
  if (entry.action === 'undo' && entry.reasons.includes('keep-published')) return 'Flag dismissal undone';
  return MODERATION_ACTION_LABELS[entry.action];
}
