// Requests and answers of the flag and moderation routes (docs/product-rules.md, "Moderation").
// Codes and sentences live in contract/moderation.ts.
import { z } from 'zod/mini';
import { Id, Limit, ok } from './common';
import { OwnExperience } from './experiences';
import { EXPERIENCE_STATUSES, FLAG_REASONS, HIDE_REASONS, HOLD_REASONS, MODERATION_ACTIONS, QUEUE_VIEWS } from './moderation';
import { Prose } from './safe-text';

export const NOTE_MAX = 500;
const Note = z.optional(z.nullable(Prose(NOTE_MAX)));
const Cursor = z.optional(z.string().check(z.maxLength(300)));

/** `POST /api/experiences/{id}/flag`: members only, one flag per member per report. */
export const FlagRequest = z.strictObject({ reason: z.enum(FLAG_REASONS), note: Note });
export type FlagRequest = z.input<typeof FlagRequest>;
export const FlagResponse = ok(z.object({ flagged: z.literal(true), status: z.enum(EXPERIENCE_STATUSES) }));

/** `POST /api/moderation/experiences/{id}/hide`. */
export const HideRequest = z.strictObject({ reason: z.enum(HIDE_REASONS), note: Note });
export type HideRequest = z.input<typeof HideRequest>;

/**
 * `view`: `waiting` (default: held reports and published ones with open flags) or `hidden`.
 * `experienceId`: that one report whatever its status (the Activity log links to it).
 */
export const ModerationQueueQuery = z.object({
  limit: Limit,
  cursor: Cursor,
  view: z._default(z.enum(QUEUE_VIEWS), 'waiting'),
  experienceId: z.optional(Id),
});

/** A queue item: the whole report as its submitter sees it (demographics, sourcing), and why it is here. */
export const QueueItem = z.object({
  experience: z.object({ ...OwnExperience.shape, trackingId: z.optional(z.string()) }),
  status: z.enum(EXPERIENCE_STATUSES),
  holdReasons: z.array(z.enum(HOLD_REASONS)),
  /** The UTC day the report was written ("2026-11-25"): the queue is oldest first. */
  queuedAt: z.string(),
  flags: z.object({
    open: z.number(),
    reasons: z.array(z.object({ reason: z.enum(FLAG_REASONS), count: z.number() })),
    notes: z.array(z.object({ reason: z.enum(FLAG_REASONS), note: z.string(), createdAt: z.string() })),
  }),
  concerningVotes: z.number(),
  /**
   * A moderator's publish or restore waiting for its publication batch: the report stays as it is
   * until `publicFrom` (docs/product-rules.md, "Publication in batches"). Null: nothing scheduled.
   */
  scheduled: z._default(z.nullable(z.object({ action: z.enum(['publish', 'restore']), publicFrom: z.string() })), null),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const ModerationQueueResponse = ok(z.object({ items: z.array(QueueItem), nextCursor: z.nullable(z.string()) }));

/**
 * `status`: the report's status now. A publish or restore that waits for the publication batch
 * leaves it as it was and says when it takes effect in `publicFrom` (null: done at once).
 */
export const ModerationDecisionResponse = ok(z.object({ id: Id, status: z.enum(EXPERIENCE_STATUSES), publicFrom: z._default(z.nullable(z.string()), null) }));

export const ModerationLogQuery = z.object({
  action: z.optional(z.enum(MODERATION_ACTIONS)),
  moderatorId: z.optional(Id),
  limit: Limit,
  cursor: Cursor,
});
export const ModerationLogEntry = z.object({
  _id: z.string(),
  experienceId: z.string(),
  /** null: an automatic hold, or a moderator whose account was deleted (`formerModerator`). */
  moderatorId: z.nullable(z.string()),
  moderatorEmail: z.nullable(z.string()),
  /** The moderator who did this has deleted their account (services/accounts.ts): "a former moderator". */
  formerModerator: z._default(z.boolean(), false),
  action: z.enum(MODERATION_ACTIONS),
  reasons: z.array(z.string()),
  note: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
export const ModerationLogResponse = ok(z.object({ entries: z.array(ModerationLogEntry), nextCursor: z.nullable(z.string()) }));
