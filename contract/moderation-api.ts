// Requests and answers of the flag and moderation routes (docs/product-rules.md, "Moderation").
// Codes and sentences live in contract/moderation.ts.
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { described, IdParams } from './common';
import { Id, Limit, ok } from './common';
import { ExperienceIdsQuery, OwnExperience } from './experiences';
import {
  EXPERIENCE_STATUSES,
  FLAG_REASONS,
  HIDE_REASON_LABELS,
  HIDE_REASONS,
  HOLD_REASONS,
  MATCH_KINDS,
  MODERATION_ACTIONS,
  QUEUE_FILTERS,
  QUEUE_VIEWS,
} from './moderation';
import { Prose } from './safe-text';
import { SideEffect } from './side-effects';

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
 * `view`: `waiting` (default: held reports and published ones with open flags), `scheduled` or `hidden`.
 * `experienceId`: that one report whatever its status (the Activity log links to it).
 */
export const ModerationQueueQuery = z.object({
  limit: Limit,
  cursor: Cursor,
  view: z._default(z.enum(QUEUE_VIEWS), 'waiting'),
  /** The waiting view narrowed to one hold reason, or to published reports with open flags. */
  reason: z._default(z.enum(QUEUE_FILTERS), 'all'),
  experienceId: z.optional(Id),
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
  /**
   * What the hold rules find in the report's texts now (server/services/text-rules.ts): the kind
   * and the text matched, for the queue to highlight. Empty when nothing matches.
   */
  matches: z._default(z.array(z.object({ kind: z.enum(MATCH_KINDS), text: z.string() })), []),
  /** Held as a repeat: the published report it repeats (its id and the start of its story), when it is still there. */
  repeatOf: z._default(z.nullable(z.object({ id: Id, excerpt: z.string() })), null),
  /**
   * Corrected by its author while it waited for review: what the correction replaced (story,
   * effects, outcomes, side effects) and the reasons it was held for before, for a diff.
   */
  editedFrom: z._default(
    z.nullable(
      z.object({
        story: z.string(),
        effects: z.array(z.string()),
        outcomes: z.record(z.string(), z.number()),
        sideEffects: z.optional(
          described(
            z.array(SideEffect),
            'The side effects before the correction, each with its severity. Absent when the correction was kept before side effects were: not recorded (which is not "none").',
          ),
        ),
        holdReasons: z.array(z.enum(HOLD_REASONS)),
      }),
    ),
    null,
  ),
  /** The report's last moderation log entries, newest first. */
  history: z._default(z.array(ModerationLogEntry), []),
  /** A hide this moderator may still take back (before the next publication batch). */
  undoableHide: z._default(z.boolean(), false),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const ModerationQueueResponse = ok(z.object({ items: z.array(QueueItem), nextCursor: z.nullable(z.string()) }));

/**
 * `status`: the report's status now. A publish or restore that waits for the publication batch
 * leaves it as it was and says when it takes effect in `publicFrom` (null: done at once).
 */
export const ModerationDecisionResponse = ok(
  z.object({ id: Id, status: z.enum(EXPERIENCE_STATUSES), publicFrom: z._default(z.nullable(z.string()), null) }),
);

export const ModerationLogQuery = z.object({
  action: z.optional(z.enum(MODERATION_ACTIONS)),
  moderatorId: z.optional(Id),
  /** One report's history. */
  experienceId: z.optional(Id),
  limit: Limit,
  cursor: Cursor,
});
export const ModerationLogResponse = ok(
  z.object({ entries: z.array(ModerationLogEntry), nextCursor: z.nullable(z.string()) }),
);

/** `GET /api/moderation/summary`: what waits, for the Overview and the badges of the Reports and User Management tabs. */
export const ModerationSummary = z.object({
  /** Reports waiting for a decision: held ones and published ones with open flags. */
  waiting: z.number(),
  held: z.number(),
  flagged: z.number(),
  hidden: z.number(),
  /** Publishes and restores waiting for the next publication batch. */
  scheduled: z.number(),
  pendingRegistrations: described(
    z.number(),
    "Registrations waiting for a moderator (email confirmed, not yet approved or rejected): the User Management tab's badge.",
  ),
});
export type ModerationSummary = z.infer<typeof ModerationSummary>;
export const ModerationSummaryResponse = ok(ModerationSummary);

export const BULK_MAX = 50;
/** `POST /api/moderation/bulk`: one decision for several reports (publish, or hide with a reason). */
export const BulkDecisionRequest = z
  .strictObject({
    ids: z
      .array(Id)
      .check(
        z.minLength(1, 'ids must name at least one report'),
        z.maxLength(BULK_MAX, `ids can name at most ${BULK_MAX} reports`),
      ),
    action: z.enum(['publish', 'hide']),
    reason: z.optional(z.enum(HIDE_REASONS)),
    note: Note,
  })
  .check(z.refine((b) => b.action !== 'hide' || b.reason !== undefined, 'reason is required to hide'));
export type BulkDecisionRequest = z.input<typeof BulkDecisionRequest>;
export const BulkDecisionResponse = ok(
  z.object({
    results: z.array(
      z.object({
        id: Id,
        ok: z.boolean(),
        status: z.nullable(z.enum(EXPERIENCE_STATUSES)),
        publicFrom: z.nullable(z.string()),
        error: z.nullable(z.string()),
      }),
    ),
  }),
);

/** What an undo took back (`UndoResponse.undone`). */
export const UNDONE_DECISIONS = ['publish', 'restore', 'hide', 'keep-published'] as const;
export type UndoneDecision = (typeof UNDONE_DECISIONS)[number];

const reportCount = (n: number) => `${n} ${n === 1 ? 'report' : 'reports'}`;

/**
 * The message of `POST /api/moderation/bulk`'s answer: what a bulk decision did, in words: how many reports, what happened to them (with a hide's
 * reason), and why any were not decided: "2 reports hidden as spam or advertising.", "2 of 3
 * reports published; 1 had changed meanwhile (reload the queue to see it).". `refused`: the ones
 * not decided because they no longer exist (404) or had changed (409).
 */
export function bulkDecisionMessage(
  body: Pick<BulkDecisionRequest, 'action' | 'reason'>,
  results: readonly { ok: boolean; publicFrom: string | null }[],
  refused: { gone: number; changed: number },
): string {
  const done = results.filter((r) => r.ok);
  const waiting = done.filter((r) => r.publicFrom !== null).length;
  let what: string;
  if (body.action === 'hide')
    what = `hidden${body.reason && body.reason !== 'other' ? ` as ${HIDE_REASON_LABELS[body.reason].toLowerCase()}` : ''}`;
  else if (waiting === 0) what = 'published';
  else if (waiting === done.length) what = 'approved: published at the next publication batch';
  else what = `published (${waiting} at the next publication batch)`;
  const verb = body.action === 'hide' ? 'hidden' : 'published';
  const head = !done.length
    ? results.length === 1
      ? `The report could not be ${verb}`
      : `None of the ${reportCount(results.length)} could be ${verb}`
    : done.length === results.length
      ? `${reportCount(done.length)} ${what}`
      : `${done.length} of ${reportCount(results.length)} ${what}`;
  const why = [
    refused.gone && `${refused.gone} no longer ${refused.gone === 1 ? 'exists' : 'exist'}`,
    refused.changed &&
      `${refused.changed} had changed meanwhile (reload the queue to see ${refused.changed === 1 ? 'it' : 'them'})`,
  ].filter(Boolean);
  return `${head}${why.length ? `; ${why.join(', ')}` : ''}.`;
}

/**
 * `POST /api/moderation/experiences/{id}/undo`: takes back the last decision while it has not
 * taken public effect: a publish or restore waiting for its batch is cancelled; a hide, or a
 * "Keep published" that dismissed flags, made since the last batch puts the report back as it
 * was (the dismissed flags open again).
 */
export const UndoResponse = ok(
  z.object({
    id: Id,
    status: z.enum(EXPERIENCE_STATUSES),
    undone: described(
      z.enum(UNDONE_DECISIONS),
      'What was taken back: a scheduled publish or restore, a hide, or a keep-published (its dismissed flags are open again).',
    ),
  }),
);

/** `GET /api/flags?experienceIds=...`: the caller's own flags on these reports, so "Flagged" shows from page load. */
export const MyFlagsQuery = ExperienceIdsQuery;
export const MyFlagsResponse = ok(
  z.object({ flags: z.record(z.string(), z.object({ reason: z.enum(FLAG_REASONS) })) }),
);

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const MODERATION_ENDPOINTS = {
  flag: { params: IdParams, body: FlagRequest, response: FlagResponse },
  moderationQueue: { query: ModerationQueueQuery, response: ModerationQueueResponse },
  moderationPublish: { params: IdParams, response: ModerationDecisionResponse },
  moderationHide: { params: IdParams, body: HideRequest, response: ModerationDecisionResponse },
  moderationRestore: { params: IdParams, response: ModerationDecisionResponse },
  moderationLog: { query: ModerationLogQuery, response: ModerationLogResponse },
  moderationSummary: { response: ModerationSummaryResponse },
  moderationBulk: { body: BulkDecisionRequest, response: BulkDecisionResponse },
  moderationUndo: { params: IdParams, response: UndoResponse },
  myFlags: { query: MyFlagsQuery, response: MyFlagsResponse },
} satisfies Record<string, EndpointSchemas>;
