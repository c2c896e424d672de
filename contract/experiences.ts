// Experience reports, votes and effects (docs/product-rules.md, "Anonymity", "Votes", "Forms").
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { IdParams } from './common';
import { AUTHOR_STATUSES, HIDE_REASONS, HOLD_REASONS } from './moderation';
import { AgeRangeField, CommunityCategoryParam } from './deprecations';
import {
  BIOLOGICAL_SEXES,
  COMMUNITY_SORTS,
  FREQUENCIES,
  Id,
  IsoDate,
  Limit,
  Line,
  NamedRecord,
  PRIMARY_PURPOSES,
  ROUTES,
  TIMELINES,
  UUID_RE,
  TextList,
  VOTE_TYPES,
  WIZARD_ACTIVITY_LEVELS,
  lineText,
  ok,
  proseText,
  named,
  described,
  deprecated,
  exampled,
  CursorParam,
} from './common';
import {
  OUTCOME_MAX,
  OUTCOME_MIN,
  OUTCOMES_REQUIRED_MESSAGE,
  STORY_MAX_SUBMIT,
  STORY_MIN,
  TRACKING_ID_RE,
} from './rules';
import { SideEffect, SideEffects } from './side-effects';
import { Dose, DoseInput } from './doses';

const OutcomeValue = z
  .int('outcome ratings must be whole numbers')
  .check(
    z.gte(OUTCOME_MIN, `outcome ratings must be between ${OUTCOME_MIN} and ${OUTCOME_MAX}`),
    z.lte(OUTCOME_MAX, `outcome ratings must be between ${OUTCOME_MIN} and ${OUTCOME_MAX}`),
  );
/**
 * The outcomes the submitter rated, and only those: an outcome left "Not rated" is absent, never a
 * default value. Names are visitors' own words: each one a `Name` (contract/safe-text.ts).
 */
export const Outcomes = described(
  NamedRecord(OutcomeValue, 60),
  "Each benefit rated (a name of up to 60 characters, each name once whatever its letter case) and its rating, a whole number from 1 (none) to 10 (strong); 1 to 30 of them. A benefit left unrated is absent. Side effects go in `sideEffects`: an outcome named as a side effect (the peptide's list or a common side-effect word) is moved there, its rating read as a severity (1-3 mild, 4-7 moderate, 8-10 severe).",
).check(
  z.refine((o) => Object.keys(o).length >= 1, OUTCOMES_REQUIRED_MESSAGE),
  z.refine((o) => Object.keys(o).length <= 30, 'outcomes must rate at most 30 effects'),
  // The aggregates count outcomes by lower-case name: "Focus" and "focus" would count one
  // report twice.
  z.refine(
    (o) => new Set(Object.keys(o).map((k) => k.toLowerCase())).size === Object.keys(o).length,
    'outcomes: each effect can be rated once (names that differ only in letter case are the same)',
  ),
);
export type Outcomes = z.infer<typeof Outcomes>;

export const Story = z
  .string('story is required')
  .check(
    ...proseText(),
    z.minLength(STORY_MIN, `story must be at least ${STORY_MIN} characters`),
    z.maxLength(STORY_MAX_SUBMIT, `story must be at most ${STORY_MAX_SUBMIT} characters`),
  );

export const Sourcing = z.object({
  vendorUrl: z.optional(
    z
      .string()
      .check(
        ...lineText(),
        z.maxLength(300),
        z.url({ protocol: /^https?$/, error: 'sourcing.vendorUrl must be a web address (http or https)' }),
      ),
  ),
  batchId: z.optional(Line(60)),
  purityPercentage: z.optional(
    z
      .number()
      .check(
        z.gte(0, 'sourcing.purityPercentage must be between 0 and 100'),
        z.lte(100, 'sourcing.purityPercentage must be between 0 and 100'),
      ),
  ),
  volumeMl: z.optional(z.number().check(z.gt(0, 'sourcing.volumeMl must be positive'), z.lte(1000))),
});
export type Sourcing = z.infer<typeof Sourcing>;

/** The wizard's payload. Every rule the wizard enforces is enforced here too. */
export const SubmitExperienceRequest = z.object({
  peptideId: Id,
  dosage: z
    .string('dosage is required')
    .check(
      ...lineText(),
      z.minLength(1, 'dosage is required'),
      z.maxLength(60, 'dosage must be at most 60 characters'),
    ),
  /**
   * The dose as an amount and a unit (contract/doses.ts). When sent, `dosage` is written from it
   * ("250 mcg") whatever text came with it; without it, `dosage` is read where unambiguous.
   */
  dose: z.optional(DoseInput),
  frequency: z.enum(FREQUENCIES),
  duration: z
    .int('duration must be a whole number of days')
    .check(
      z.describe('How long, in days.'),
      z.gt(0, 'duration must be greater than 0'),
      z.lte(3650, 'duration must be at most 3650 days'),
    ),
  routeOfAdministration: z.enum(ROUTES),
  primaryPurpose: z
    .array(z.enum(PRIMARY_PURPOSES))
    .check(z.minLength(1, 'primaryPurpose must name at least one purpose'), z.maxLength(PRIMARY_PURPOSES.length)),
  demographics: z.object({
    ageRange: AgeRangeField,
    biologicalSex: z.enum(BIOLOGICAL_SEXES),
    activityLevel: z.enum(WIZARD_ACTIVITY_LEVELS),
  }),
  outcomes: Outcomes,
  sideEffects: z._default(SideEffects, []),
  effects: z._default(TextList(20, 60), []),
  timeline: z.enum(TIMELINES),
  story: Story,
  stack: z._default(TextList(10, 60), []),
  sourcing: z.optional(Sourcing),
  /** Sourcing (vendor host, batch, volume) appears on the public card only when this is true. */
  publishSourcing: z._default(z.boolean('publishSourcing must be true or false'), false),
  /** Honeypot: people never see it; anything filled in is a bot. */
  website: z.optional(z.string().check(z.maxLength(2000))),
});
export type SubmitExperienceRequest = z.input<typeof SubmitExperienceRequest>;
export type SubmitExperienceInput = z.output<typeof SubmitExperienceRequest>;

export const VoteCounts = named(
  z.object({
    helpful: z.number(),
    notHelpful: z.number(),
    detailed: z.number(),
    concerning: z.number(),
    total: described(z.number(), 'All votes on the report.'),
  }),
  'VoteCounts',
  "Members' votes on a report, by kind.",
);
export type VoteCounts = z.infer<typeof VoteCounts>;

export const Vendor = named(
  z.object({ name: z.nullable(z.string()), quantity: z.nullable(z.string()), batchId: z.nullable(z.string()) }),
  'Vendor',
  'Where the peptide came from, shown only when the submitter chose to publish it.',
);

export const PublicDemographics = named(
  z.object({ ageRange: z.string(), biologicalSex: z.string(), activityLevel: z.string() }),
  'Demographics',
  'Age range, biological sex and activity level of the person reporting.',
);
export type PublicDemographics = z.infer<typeof PublicDemographics>;

/** An experience as anyone may read it: no tracking id, no submitter; time to the day. */
export const Experience = z.object({
  _id: Id,
  peptideId: Id,
  peptideName: z.string(),
  peptideCategory: z.string(),
  dosage: described(
    z.string(),
    'The dose as text ("250 mcg"), as it always was; `dose` gives it as a number and a unit.',
  ),
  dose: described(
    z._default(z.nullable(Dose), null),
    'The dose as an amount and a unit, with its amount in mcg where the conversion is sound. Null when the dose is text that could not be read (`dosage` has it as written).',
  ),
  frequency: z.string(),
  duration: z.number(),
  route: z.string(),
  primaryPurpose: z.array(z.string()),
  /**
   * Always null on every public answer (docs/product-rules.md, "Anonymity": no single report shows
   * an age range, a sex or an activity level; each peptide shows the shares of its reports instead,
   * contract/peptides.ts ReporterShares). Kept so clients that read it keep working; the author's
   * own view (OwnExperience) has their answers.
   */
  demographics: deprecated(
    z.nullable(PublicDemographics),
    "Always null. No report shows its age range, biological sex or activity level; the peptide's `reporters` (GET /api/peptides/{id}) give the shares of its reports by each. The author's own lookup still has theirs.",
  ),
  outcomes: described(
    z.record(z.string(), z.int()),
    'Each effect the person rated (their own words) and its rating, a whole number from 1 to 10.',
  ),
  /** Mean of the rated benefits, 1-10: side effects never enter it. */
  rating: described(z.number(), 'The mean of `outcomes` (benefits only: side effects never enter it), 1 to 10.'),
  sideEffects: described(
    z.array(SideEffect),
    'The side effects the person had, each with its severity (`mild`, `moderate`, `severe`). They never enter `rating`, a mean or a sort.',
  ),
  effects: described(z.array(z.string()), 'Other effects the person noticed, unrated, in their own words.'),
  timeline: z.string(),
  story: z.string(),
  stack: z.array(z.string()),
  vendor: z.nullable(Vendor),
  votes: VoteCounts,
  /** Seeded demonstration data, not a real member's report. */
  demo: described(z.boolean(), "Seeded demonstration data, not a real person's report."),
  createdAt: described(
    z.string(),
    'The day of the publication batch that took it in (`2026-03-01`), shared by the reports published with it: never a time, nor the day it was sent, so a report cannot be matched to a moment.',
  ),
  updatedAt: described(
    z.nullable(z.string()),
    'The day of the publication batch that took in its last correction, or null.',
  ),
});
named(
  Experience,
  'Experience',
  'An experience report as anyone may read it: no tracking ID, nothing about who sent it.',
);
export type Experience = z.infer<typeof Experience>;

/** The submitter's own view, reached only with the tracking id. */
export const OwnExperience = z.object({
  ...Experience.shape,
  trackingId: z.string(),
  sourcing: z.nullable(Sourcing),
  /** Whether the sourcing is on the public card (the submitter ticked "Publish sourcing details"). */
  publishSourcing: z._default(z.boolean(), false),
  /**
   * Moderation (contract/moderation.ts): only `published` is public; `queued`, a new report
   * waiting for its publication batch (publicFrom says when).
   */
  status: z._default(z.enum(AUTHOR_STATUSES), 'published'),
  /** Why it is held (codes of HOLD_REASONS; HOLD_REASON_TEXT has the sentences); empty otherwise. */
  holdReasons: z._default(z.array(z.enum(HOLD_REASONS)), []),
  /** When hidden: the moderator's reason code and the sentence the submitter reads; null otherwise. */
  hiddenReason: z._default(z.nullable(z.object({ code: z.enum(HIDE_REASONS), text: z.string() })), null),
  /**
   * When the report, or the change last made to it (by its author or a moderator), becomes
   * public at the earliest: the next publication batch it can go in (ISO time on the UTC grid;
   * it goes once its group holds enough changes). Null when nothing is waiting.
   */
  publicFrom: z._default(z.nullable(IsoDate), null),
  /** ... and at the latest, once it has waited the site's longest wait (GET /api/publication). Null with `publicFrom`. */
  publicBy: z._default(z.nullable(IsoDate), null),
  /**
   * The publication batch at which the report, or its correction, became public in a small group:
   * the longest wait forced it out with fewer changes than the site's minimum, so someone who saw
   * when it was sent could tell it apart. Null otherwise.
   */
  smallGroupAt: z._default(z.nullable(IsoDate), null),
});
export type OwnExperience = z.infer<typeof OwnExperience>;

export const ExperienceListQuery = z.object({
  search: z._default(Line(100), ''),
  category: z._default(CommunityCategoryParam, 'all'),
  sort: z._default(z.enum(COMMUNITY_SORTS), 'newest'),
  peptideId: z.optional(Id),
  limit: Limit,
  cursor: CursorParam(),
});
export type ExperienceListQuery = z.input<typeof ExperienceListQuery>;

/**
 * How many published reports match the filters: exact, or `capped` at MATCH_COUNT_CAP ("1,000+")
 * where no trigger-kept counter answers the filter. Sent with the first page only (no cursor).
 */
export const MatchCount = named(
  z.object({
    count: z.number(),
    capped: described(
      z.boolean(),
      'True when there are at least `count` matches and the exact number was not counted (shown as "1,000+").',
    ),
  }),
  'MatchCount',
  'How many published reports match the filters; sent with the first page only, null on later pages.',
);
export type MatchCount = z.infer<typeof MatchCount>;

export const ExperienceListResponse = ok(
  z.object({
    experiences: z.array(Experience),
    nextCursor: z.nullable(z.string()),
    total: z._default(z.nullable(MatchCount), null),
  }),
);
export const HomeExperiencesQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 3),
});
export const HomeExperiencesResponse = ok(z.object({ experiences: z.array(Experience) }));
export const ExperienceResponse = ok(z.object({ experience: Experience }));

/**
 * `status`: `queued` (public at `publicFrom` at the earliest, the next publication batch, and at
 * `publicBy` at the latest), `held` (waits for a
 * moderator after that batch) or, where batches are off, `published`; `holdReasons` are codes of
 * HOLD_REASONS for what the report's own text holds (empty otherwise), HOLD_REASON_TEXT in
 * contract/moderation.ts has the sentence for each. `experience` holds only the report's id: the
 * answer carries nothing its author lacks, and its size is the same for every report
 * (docs/product-rules.md, "Anonymity").
 */
export const SubmitExperienceResponse = ok(
  z.object({
    trackingId: z.string(),
    experience: described(
      z.object({ _id: Id }),
      "The report's id (its page once it is public: `GET /api/experiences/{id}`). The report itself is not sent back: an answer's size would tell which published report it is.",
    ),
    status: z.enum(AUTHOR_STATUSES),
    holdReasons: z.array(z.enum(HOLD_REASONS)),
    publicFrom: z._default(z.nullable(IsoDate), null),
    publicBy: z._default(z.nullable(IsoDate), null),
  }),
);

/**
 * How this site publishes (`GET /api/publication`, docs/product-rules.md "Publication in batches"):
 * the same answer for every visitor, with nothing about any one report. The wizard reads it when
 * it opens, to tell the submitter before Submit how long a report here usually waits.
 */
export const PublicationSchedule = named(
  z.object({
    everyMinutes: described(
      z.number(),
      'Minutes between publication batches, on the UTC grid from midnight; 0: every change is public the moment it is sent.',
    ),
    minChanges: described(
      z.number(),
      "The fewest changes (new reports, corrections, deletions, moderators' decisions) a batch publishes together; fewer wait for a later batch. 1: no minimum.",
    ),
    maxWaitMinutes: described(
      z.number(),
      'The longest a change waits for its group: past it, it is published with whatever is due, however few.',
    ),
    typicalWaitDays: described(
      z.nullable(z.number()),
      'How long the changes published in the last 30 days took at the median, from the start of the publication window they were sent in to their batch: whole days, 0 for less than a day; null when none was published.',
    ),
  }),
  'PublicationSchedule',
  'How this site publishes reports and changes: the same for every visitor.',
);
export type PublicationSchedule = z.infer<typeof PublicationSchedule>;
export const PublicationScheduleResponse = ok(PublicationSchedule);

/**
 * A tracking ID as a client may type it: trimmed, any letter case. It travels only in request
 * bodies, never in a URL (proxies and hosts log URLs): see the routes below.
 */
export const TrackingId = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(TRACKING_ID_RE, 'trackingId must be TRK- followed by 20 digits'));
// The document states the spellings the server accepts (any letter case, spaces around), not
// the upper-case form it checks after normalising.
z.globalRegistry.add(TrackingId, {
  description:
    'The tracking ID the submission answered: `TRK-` and 20 digits, in any letter case, spaces around it ignored. Whoever holds it can read, correct and delete the report.',
  pattern: '^\\s*[Tt][Rr][Kk]-[0-9]{20}\\s*$',
});
export const OwnExperienceResponse = ok(z.object({ experience: OwnExperience }));

/** `POST /api/experiences/tracking/lookup` and `POST /api/experiences/tracking/delete`. */
export const TrackingLookupRequest = z.strictObject({ trackingId: TrackingId });
export type TrackingLookupRequest = z.input<typeof TrackingLookupRequest>;

/**
 * What an author may correct by tracking ID: every field the wizard asks, each optional, checked as
 * a submission checks it (docs/product-rules.md, "Publication in batches"). `sourcing: null` removes
 * the sourcing. An edit goes through the same hold rules and waits for the same batch as a new report.
 */
const S = SubmitExperienceRequest.shape;
const editableFields = {
  peptideId: z.optional(S.peptideId),
  dosage: z.optional(S.dosage),
  dose: z.optional(DoseInput),
  frequency: z.optional(S.frequency),
  duration: z.optional(S.duration),
  routeOfAdministration: z.optional(S.routeOfAdministration),
  primaryPurpose: z.optional(S.primaryPurpose),
  demographics: z.optional(S.demographics),
  outcomes: z.optional(Outcomes),
  sideEffects: z.optional(SideEffects),
  effects: z.optional(TextList(20, 60)),
  timeline: z.optional(S.timeline),
  story: z.optional(Story),
  stack: z.optional(TextList(10, 60)),
  sourcing: z.optional(z.nullable(Sourcing)),
  publishSourcing: z.optional(z.boolean('publishSourcing must be true or false')),
};
const NOTHING_TO_UPDATE = 'nothing to update: send at least one field to change';
const changesSomething = (b: Record<string, unknown>) => Object.keys(editableFields).some((k) => b[k] !== undefined);

export const UpdateExperienceRequest = z
  .strictObject(editableFields)
  .check(z.refine(changesSomething, NOTHING_TO_UPDATE));
export type UpdateExperienceRequest = z.input<typeof UpdateExperienceRequest>;
export type UpdateExperienceInput = z.output<typeof UpdateExperienceRequest>;

/** `PUT /api/experiences/tracking`: the tracking ID beside the changes, nothing else. */
export const UpdateTrackedExperienceRequest = z
  .strictObject({ trackingId: TrackingId, ...editableFields })
  .check(z.refine(changesSomething, NOTHING_TO_UPDATE));
export type UpdateTrackedExperienceRequest = z.input<typeof UpdateTrackedExperienceRequest>;

/**
 * A deletion is final at once for its author (a lookup answers 404); the public pages drop the
 * report at `publicUntil` at the earliest, the next publication batch it can go in, and at
 * `publicBy` at the latest (both null: it was not public, or batches are off).
 */
export const DeleteExperienceResponse = ok(
  z.object({ publicUntil: z._default(z.nullable(IsoDate), null), publicBy: z._default(z.nullable(IsoDate), null) }),
);

// Votes
export const VoteRequest = z.object({ voteType: z.enum(VOTE_TYPES) });
export const Vote = z.object({ _id: Id, experienceId: Id, voteType: z.enum(VOTE_TYPES), createdAt: IsoDate });
export type Vote = z.infer<typeof Vote>;
export const VoteResponse = ok(z.object({ vote: Vote, votes: VoteCounts }));
/** DELETE .../vote: the counts after the caller's vote is gone; `withdrawn` false when there was none. */
export const WithdrawVoteResponse = ok(z.object({ withdrawn: z.boolean(), votes: VoteCounts }));
export const VoteStatus = z.object({
  hasVoted: z.boolean(),
  voteType: z.nullable(z.enum(VOTE_TYPES)),
  voteId: z.nullable(Id),
});
export type VoteStatus = z.infer<typeof VoteStatus>;
export const VoteStatusResponse = ok(VoteStatus);

/** The caller's votes on many experiences at once (one request per page, not one per card). */
/** `?experienceIds=a,b,…`: up to 100 reports the caller asks about (their own votes, their own flags). */
export const ExperienceIdsQuery = z.object({
  experienceIds: described(
    z.pipe(
      z.pipe(
        z.string().check(z.minLength(1, 'experienceIds is required'), z.maxLength(100 * 37)),
        z.transform((s: string) =>
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.string()).check(
        z.maxLength(100, { error: 'experienceIds can name at most 100 experiences', abort: true }),
        z.refine((ids) => ids.every((id) => UUID_RE.test(id)), 'must be a valid id'),
      ),
    ),
    'The reports asked about: 1 to 100 report ids separated by commas (`experienceIds=<id>,<id>`).',
  ),
});
export const MyVotesQuery = ExperienceIdsQuery;
export const MyVotesResponse = ok(
  z.object({ votes: z.record(z.string(), z.object({ voteType: z.enum(VOTE_TYPES), voteId: Id })) }),
);

// Effects vocabulary
export const Effect = named(
  z.object({ _id: Id, name: z.string(), type: z.enum(['positive', 'side']) }),
  'Effect',
  'A named effect from the shared vocabulary: a benefit (`positive`) or a side effect (`side`).',
);
export type Effect = z.infer<typeof Effect>;
export const EffectsQuery = z.object({
  type: z.optional(z.enum(['positive', 'side'])),
  search: z._default(Line(60), ''),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 500),
});
export const EffectsResponse = ok(z.object({ effects: z.array(Effect), total: z.number() }));

// Examples for the API document (contract/common.ts, `exampled`).
exampled(TrackingLookupRequest, { trackingId: 'TRK-01234567890123456789' });
exampled(VoteRequest, { voteType: 'helpful' });

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const EXPERIENCES_ENDPOINTS = {
  publication: { response: PublicationScheduleResponse },
  submitExperience: { body: SubmitExperienceRequest, response: SubmitExperienceResponse },
  experiences: { query: ExperienceListQuery, response: ExperienceListResponse },
  homeExperiences: { query: HomeExperiencesQuery, response: HomeExperiencesResponse },
  experience: { params: IdParams, response: ExperienceResponse },
  trackedExperience: { body: TrackingLookupRequest, response: OwnExperienceResponse },
  updateTrackedExperience: { body: UpdateTrackedExperienceRequest, response: OwnExperienceResponse },
  deleteTrackedExperience: { body: TrackingLookupRequest, response: DeleteExperienceResponse },
  vote: { params: IdParams, body: VoteRequest, response: VoteResponse },
  voteStatus: { params: IdParams, response: VoteStatusResponse },
  withdrawVote: { params: IdParams, response: WithdrawVoteResponse },
  myVotes: { query: MyVotesQuery, response: MyVotesResponse },
  effects: { query: EffectsQuery, response: EffectsResponse },
} satisfies Record<string, EndpointSchemas>;
