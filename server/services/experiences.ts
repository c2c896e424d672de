// Anonymous experience reports: what their authors do (submit, look up, correct, delete by
// tracking ID) and the public detail. No account id, address or user agent is ever written with
// one. Every change an author makes waits for the next publication batch (services/publication/,
// docs/product-rules.md "Publication in batches"); the author's own lookup shows it at once.
import { randomUUID } from 'node:crypto';
import type {
  Experience,
  OwnExperience,
  Sourcing,
  SubmitExperienceInput,
  UpdateExperienceInput,
} from '../../contract/experiences';
import type { AuthorStatus, ExperienceStatus, HoldReason } from '../../contract/moderation';
import { OUTCOMES_REQUIRED_MESSAGE, experienceRating } from '../../contract/rules';
import {
  BENEFIT_REQUIRED_MESSAGE,
  type SideEffect,
  sideEffectNames,
  splitSideEffects,
} from '../../contract/side-effects';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { lockQueue } from '../db/queue-lock';
import { notFound, refusedInput } from '../lib/errors';
import { newTrackingId, trackingHash } from '../lib/tracking';
import { storyBands, storyHash } from './text-rules';
import {
  type ExperienceRow,
  type PublicExperienceRow,
  type Publication,
  ownView,
  publicSelect,
  toExperience,
} from './public-view';
import { applyNow, insertSeeded } from './publication/apply';
import { publicationWindow } from './publication/disclosure';
import { nextBatchAt, utcDay } from './publication/grid';
import { heldTexts, ownHolds, reheldReason } from './publication/holds';
import {
  applyQueued,
  correctQueuedSubmission,
  queueDeletion,
  queueEdit,
  queueSubmission,
  withdrawQueuedSubmission,
} from './publication/queue';
import type { EditPayload, SubmissionRow } from './publication/report-row';
import type { Dose } from '../../contract/doses';
import { doseColumns } from './doses';

const TRACKING_NOT_FOUND = 'Experience not found';

function searchText(
  peptideName: string,
  story: string,
  effects: string[],
  purposes: string[],
  sideEffects: readonly SideEffect[],
): string {
  return [peptideName, story, ...effects, ...sideEffects.map((s) => s.name), ...purposes].join(' ').toLowerCase();
}

/**
 * A report's benefits and side effects apart (docs/product-rules.md, "Side effects"): an outcome
 * named as a side effect of its peptide is moved to the side effects, its rating read as a
 * severity, so no client can raise a rating with one. With no benefit left, the report is refused.
 */
function benefitsApart(
  peptide: SideEffectsOfPeptide,
  outcomes: Record<string, number>,
  listed: readonly SideEffect[],
): { outcomes: Record<string, number>; sideEffects: SideEffect[]; rating: number } {
  const names = sideEffectNames(
    { commonEffects: peptide.common_effects, sideEffects: peptide.side_effects },
    peptide.vocabulary_side_effects,
  );
  const split = splitSideEffects(outcomes, listed, names);
  const rating = experienceRating(split.outcomes);
  if (rating === null)
    throw refusedInput('outcomes', split.moved ? BENEFIT_REQUIRED_MESSAGE : OUTCOMES_REQUIRED_MESSAGE);
  return {
    outcomes: split.outcomes,
    sideEffects: split.sideEffects.map((s) => ({ ...s, name: s.name.trim() })),
    rating,
  };
}

/** Only filled sourcing values are kept; none at all stores nothing. */
function cleanSourcing(s: SubmitExperienceInput['sourcing']): Sourcing | null {
  if (!s) return null;
  const out: NonNullable<SubmitExperienceInput['sourcing']> = {};
  if (s.vendorUrl) out.vendorUrl = s.vendorUrl;
  if (s.batchId) out.batchId = s.batchId;
  if (s.purityPercentage !== undefined) out.purityPercentage = s.purityPercentage;
  if (s.volumeMl !== undefined) out.volumeMl = s.volumeMl;
  return Object.keys(out).length ? out : null;
}

function normaliseOutcomes(outcomes: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(outcomes)) out[k.trim()] = v;
  return out;
}

interface PeptideOfReport {
  name: string;
  category: string;
}
interface SideEffectsOfPeptide {
  common_effects: string[];
  side_effects: string[];
  /** The effect vocabulary's side effects, read in the same statement as the peptide (a submission's statements stay three). */
  vocabulary_side_effects: string[];
}
/** The peptide's columns that tell its benefits from its side effects (SideEffectsOfPeptide). */
const SIDE_EFFECT_COLUMNS = `p.common_effects, p.side_effects,
  array(select e.name from effects e where e.type = 'side') as vocabulary_side_effects`;

/** A new report's row, as the queue keeps it and the batch inserts it. */
async function buildSubmission(
  ctx: AppContext,
  q: Queryable,
  input: SubmitExperienceInput,
  trackingId: string,
  createdAt: Date,
  demo: boolean,
): Promise<{ row: SubmissionRow; peptide: PeptideOfReport }> {
  const sourcing = cleanSourcing(input.sourcing);
  const found = await q.query<PeptideOfReport & SideEffectsOfPeptide>(
    `select p.name, p.category, ${SIDE_EFFECT_COLUMNS} from peptides p where p.id = $1 and p.deleted_at is null`,
    [input.peptideId],
    {
      prepare: true,
    },
  );
  const peptide = found.rows[0];
  if (!peptide) throw refusedInput('peptideId', 'peptideId: no such peptide');
  const { outcomes, sideEffects, rating } = benefitsApart(
    peptide,
    normaliseOutcomes(input.outcomes),
    input.sideEffects,
  );
  // Seeded demonstration reports are published as written.
  const { reasons, matches } = demo
    ? { reasons: [] as HoldReason[], matches: [] }
    : ownHolds(ctx, heldTexts({ ...input, outcomes, side_effects: sideEffects, sourcing }));
  const row: SubmissionRow = {
    id: randomUUID(),
    tracking_hash: trackingHash(trackingId),
    peptide_id: input.peptideId,
    ...doseColumns(input.dosage, input.dose),
    dose_checked: true,
    frequency: input.frequency,
    duration_days: input.duration,
    route: input.routeOfAdministration,
    primary_purpose: input.primaryPurpose,
    age_range: input.demographics.ageRange,
    biological_sex: input.demographics.biologicalSex,
    activity_level: input.demographics.activityLevel,
    outcomes,
    rating,
    side_effects: sideEffects,
    effects: input.effects,
    timeline: input.timeline,
    story: input.story,
    stack: input.stack,
    sourcing,
    search_text: searchText(peptide.name, input.story, input.effects, input.primaryPurpose, sideEffects),
    created_at: utcDay(createdAt),
    is_demo: demo,
    publish_sourcing: input.publishSourcing,
    story_hash: storyHash(input.story),
    story_bands: storyBands(input.story),
    status: reasons.length ? 'held' : 'published',
    hold_reasons: reasons,
    hold_matches: matches,
  };
  return { row, peptide };
}

/** The public card of a report not yet in the reports table (its row as the queue keeps it). */
function cardOf(row: SubmissionRow, publicJson: string, peptide: PeptideOfReport): Experience {
  const card: PublicExperienceRow = {
    id: row.id,
    public_json: publicJson,
    peptide_name: peptide.name,
    peptide_category: peptide.category,
    rating: row.rating,
    sourcing: row.publish_sourcing ? (row.sourcing as PublicExperienceRow['sourcing']) : null,
    helpful_count: 0,
    not_helpful_count: 0,
    detailed_count: 0,
    concerning_count: 0,
    publish_sourcing: row.publish_sourcing,
    created_at: new Date(row.created_at),
  };
  return toExperience(card);
}

export interface Submitted {
  trackingId: string;
  experience: Experience;
  status: AuthorStatus;
  holdReasons: HoldReason[];
  publicFrom: string | null;
  /** The latest it becomes public (publicationWindow); null with publicFrom. */
  publicBy: string | null;
}

/**
 * A new report. It waits in the queue for the next publication batch, and nothing public changes
 * now: no cache is emptied, no count moves. The answer says what its own text decides (a link
 * holds it for review), never whether another report exists (`repeated` is decided at the batch,
 * against published reports). With PUBLISH_EVERY=0 it is applied at once.
 */
export async function submitExperience(
  ctx: AppContext,
  input: SubmitExperienceInput,
  now = ctx.clock.now(),
): Promise<Submitted> {
  const trackingId = newTrackingId();
  const batchAt = nextBatchAt(now, ctx.config.publishEveryMs);
  const out = await ctx.db.transaction(async (tx) => {
    if (batchAt) await lockQueue(tx);
    // Its day is its batch's (publication/apply.ts applyChanges): the first it can go in, until it goes.
    const { row, peptide } = await buildSubmission(ctx, tx, input, trackingId, batchAt ?? now, false);
    if (batchAt) {
      const publicJson = await queueSubmission(tx, row, batchAt);
      return {
        row,
        peptide,
        publicJson,
        status: (row.status === 'held' ? 'held' : 'queued') as AuthorStatus,
        reasons: row.hold_reasons,
      };
    }
    // Batches off: applied at once, through the same code as a batch.
    await applyNow(ctx, tx, { kind: 'submit', experienceId: row.id, payload: row }, now);
    const stored = await tx.query<{ status: ExperienceStatus; hold_reasons: HoldReason[]; json: string }>(
      'select e.status, e.hold_reasons, ep.json from experiences e join experience_public ep on ep.experience_id = e.id where e.id = $1',
      [row.id],
      { prepare: true },
    );
    const { status, hold_reasons, json } = stored.rows[0];
    return { row, peptide, publicJson: json, status: status as AuthorStatus, reasons: hold_reasons };
  });
  if (!batchAt) ctx.cache.invalidate();
  return {
    trackingId,
    experience: cardOf(out.row, out.publicJson, out.peptide),
    status: out.status,
    holdReasons: out.reasons,
    publicFrom: batchAt?.toISOString() ?? null,
    publicBy: batchAt ? publicationWindow(ctx, batchAt, now).by.toISOString() : null,
  };
}

/**
 * Seeded demonstration reports (server/seed): public as of their own day, outside the batches.
 * Returns the new report's id.
 */
export async function seedExperience(ctx: AppContext, input: SubmitExperienceInput, createdAt: Date): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const { row } = await buildSubmission(ctx, tx, input, newTrackingId(), createdAt, true);
    await insertSeeded(tx, [row]);
    return row.id;
  });
}

/**
 * The warm-up's submission (services/warm-up.ts), in its transaction that is rolled back: queued,
 * then applied as a batch would, so both paths' statements are planned before the first request.
 */
export async function warmSubmission(ctx: AppContext, tx: Queryable, input: SubmitExperienceInput): Promise<string> {
  const now = ctx.clock.now();
  await lockQueue(tx);
  const { row } = await buildSubmission(ctx, tx, input, newTrackingId(), now, false);
  await queueSubmission(tx, row, now);
  await applyQueued(ctx, tx, row.id, now);
  return row.id;
}

export async function getExperience(ctx: AppContext, id: string): Promise<Experience> {
  const res = await ctx.db.query<PublicExperienceRow>(
    `${publicSelect()} where e.id = $1 and e.status = 'published'`,
    [id],
    { prepare: true },
  );
  if (!res.rows[0]) throw notFound('Experience not found');
  return toExperience(res.rows[0]);
}

/** The author's report as it will be: a queued new report, or the stored one with a queued edit applied. */
interface OwnRow extends ExperienceRow {
  peptide_id: string;
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  side_effects: SideEffect[];
  stack: string[];
  dosage: string;
  dose: Dose | null;
  frequency: string;
  duration_days: number;
  route: string;
  timeline: string;
  primary_purpose: string[];
  /** The author's change waiting for its batch, if any, and that batch. */
  pending: 'submit' | 'edit' | 'delete' | null;
  pending_at: Date | null;
  /** A moderator's publish or restore waiting for its batch. */
  decided_at: Date | null;
  /** The status in the reports table (null for a queued new report). */
  stored_status: ExperienceStatus | null;
  /** The batch at which it became public in a small group (migration 033), or null. */
  small_group_at: Date | null;
}

const OWN_SQL = `with q as (select experience_id, kind, payload, batch_at from publication_queue where tracking_hash = $1),
own as (
  select jsonb_populate_record(null::experiences, q.payload) as r, q.kind as pending, q.batch_at as pending_at, null::text as stored_status
    from q where q.kind = 'submit'
  union all
  select case when q.kind = 'edit' then jsonb_populate_record(x, q.payload) else x end, q.kind, q.batch_at, x.status
    from experiences x left join q on q.experience_id = x.id where x.tracking_hash = $1
)
select (own.r).id, experience_public_json(own.r) as public_json, p.name as peptide_name, p.category as peptide_category,
  (own.r).age_range, (own.r).biological_sex, (own.r).activity_level, (own.r).rating,
  coalesce((own.r).helpful_count, 0) as helpful_count, coalesce((own.r).not_helpful_count, 0) as not_helpful_count,
  coalesce((own.r).detailed_count, 0) as detailed_count, coalesce((own.r).concerning_count, 0) as concerning_count,
  (own.r).publish_sourcing, (own.r).created_at, (own.r).sourcing,
  (own.r).status, (own.r).hold_reasons, (own.r).hidden_reason, (own.r).hidden_note,
  (own.r).story, (own.r).effects, (own.r).outcomes, coalesce((own.r).side_effects, '[]'::jsonb) as side_effects, (own.r).stack, (own.r).dosage, (own.r).dose, (own.r).primary_purpose,
  (own.r).peptide_id, (own.r).frequency, (own.r).duration_days, (own.r).route, (own.r).timeline,
  own.pending, own.pending_at, own.stored_status, (own.r).small_group_at,
  (select m.batch_at from publication_queue m where m.experience_id = (own.r).id and m.kind in ('publish', 'restore')) as decided_at
  from own join peptides p on p.id = (own.r).peptide_id`;

/** The author's report by tracking hash; undefined when there is none, or its deletion is queued. */
async function findOwn(q: Queryable, hash: string): Promise<OwnRow | undefined> {
  const res = await q.query<OwnRow>(OWN_SQL, [hash]);
  const row = res.rows[0];
  return row && row.pending !== 'delete' ? row : undefined;
}

/**
 * Where the report stands for its author: queued, and when the change waiting for a batch
 * becomes public, at the earliest and at the latest (publication/disclosure.ts publicationWindow).
 */
function publicationOf(ctx: AppContext, row: OwnRow, now: Date): Publication {
  let status: AuthorStatus = row.status;
  let waiting: Date | null = row.decided_at;
  if (row.pending === 'submit') {
    status = row.status === 'published' ? 'queued' : 'held';
    waiting = row.status === 'published' ? row.pending_at : null;
  } else if (row.pending === 'edit') {
    waiting = row.status === 'published' ? row.pending_at : null;
  }
  const window = waiting ? publicationWindow(ctx, waiting, now) : null;
  return { status, publicFrom: window?.from ?? null, publicBy: window?.by ?? null, smallGroupAt: row.small_group_at };
}

function ownOf(ctx: AppContext, row: OwnRow, trackingId: string, now = ctx.clock.now()): OwnExperience {
  return ownView(row, trackingId, publicationOf(ctx, row, now));
}

export async function getByTracking(
  ctx: AppContext,
  trackingId: string,
  now = ctx.clock.now(),
): Promise<OwnExperience> {
  const row = await findOwn(ctx.db, trackingHash(trackingId));
  if (!row) throw notFound(TRACKING_NOT_FOUND);
  return ownOf(ctx, row, trackingId, now);
}

/** Equal as JSON, object keys in any order (outcomes, sourcing). */
function sameValue(a: unknown, b: unknown): boolean {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(stable(a ?? null)) === JSON.stringify(stable(b ?? null));
}

/** The columns an author's correction writes (publication/report-row.ts EDITABLE_COLUMNS), all of them, as they will be. */
type Corrected = Pick<
  SubmissionRow,
  | 'peptide_id'
  | 'dosage'
  | 'dose'
  | 'frequency'
  | 'duration_days'
  | 'route'
  | 'primary_purpose'
  | 'age_range'
  | 'biological_sex'
  | 'activity_level'
  | 'outcomes'
  | 'side_effects'
  | 'effects'
  | 'timeline'
  | 'story'
  | 'stack'
  | 'sourcing'
  | 'publish_sourcing'
>;

/** The report's fields after `changes`, from what the author's lookup shows now. */
function corrected(current: OwnRow, changes: UpdateExperienceInput): Corrected {
  return {
    peptide_id: changes.peptideId ?? current.peptide_id,
    // A dose sent as amount and unit writes its text; new text alone is read again (services/doses.ts).
    ...(changes.dose || changes.dosage !== undefined
      ? doseColumns(changes.dosage ?? current.dosage, changes.dose)
      : { dosage: current.dosage, dose: current.dose }),
    frequency: changes.frequency ?? current.frequency,
    duration_days: changes.duration ?? current.duration_days,
    route: changes.routeOfAdministration ?? current.route,
    primary_purpose: changes.primaryPurpose ?? current.primary_purpose,
    age_range: changes.demographics?.ageRange ?? current.age_range,
    biological_sex: changes.demographics?.biologicalSex ?? current.biological_sex,
    activity_level: changes.demographics?.activityLevel ?? current.activity_level,
    outcomes: changes.outcomes ? normaliseOutcomes(changes.outcomes) : current.outcomes,
    side_effects: changes.sideEffects ?? current.side_effects,
    effects: changes.effects ?? current.effects,
    timeline: changes.timeline ?? current.timeline,
    story: changes.story ?? current.story,
    stack: changes.stack ?? current.stack,
    sourcing: changes.sourcing === undefined ? current.sourcing : cleanSourcing(changes.sourcing ?? undefined),
    publish_sourcing: changes.publishSourcing ?? current.publish_sourcing,
  };
}

/**
 * The author's correction of any field the wizard asks. It waits for the next batch like a new
 * report (a queued new report takes it into its own batch) and goes through the same hold rules;
 * the author's lookup shows it at once. An edit that changes nothing writes nothing. A new peptide
 * or demographic combination moves the report between aggregates at its batch (the triggers of
 * migrations 008, 009, 014 and 016 follow the row); publication/apply.ts counts it as newly public there
 * for the peptide's shares.
 */
export async function updateByTracking(
  ctx: AppContext,
  trackingId: string,
  changes: UpdateExperienceInput,
  now = ctx.clock.now(),
): Promise<OwnExperience> {
  const hash = trackingHash(trackingId);
  const batchAt = nextBatchAt(now, ctx.config.publishEveryMs);
  let wrote = false;
  const row = await ctx.db.transaction(async (tx) => {
    // Before reading: a batch applying this report meanwhile is waited for, not read half-done.
    await lockQueue(tx);
    const current = await findOwn(tx, hash);
    if (!current) throw notFound(TRACKING_NOT_FOUND);
    const asked = corrected(current, changes);
    const found = await tx.query<{ name: string } & SideEffectsOfPeptide>(
      `select p.name, ${SIDE_EFFECT_COLUMNS} from peptides p where p.id = $1 and p.deleted_at is null`,
      [asked.peptide_id],
    );
    if (!found.rows[0]) throw refusedInput('peptideId', 'peptideId: no such peptide');
    const peptideName = found.rows[0].name;
    const apart = benefitsApart(found.rows[0], asked.outcomes, asked.side_effects);
    const next: Corrected = { ...asked, outcomes: apart.outcomes, side_effects: apart.sideEffects };
    if ((Object.keys(next) as (keyof Corrected)[]).every((k) => sameValue(next[k], current[k]))) return current;
    const rating = apart.rating;
    const { reasons, matches } = ownHolds(ctx, heldTexts({ ...next, publishSourcing: next.publish_sourcing }));
    const payload: EditPayload = {
      ...next,
      dose_checked: true,
      hold_matches: matches,
      rating,
      search_text: searchText(peptideName, next.story, next.effects, next.primary_purpose, next.side_effects),
      story_hash: storyHash(next.story),
      story_bands: storyBands(next.story),
    };
    if (current.pending === 'submit') {
      // A report not yet public: the correction joins it in its own batch.
      await correctQueuedSubmission(tx, current.id, {
        ...payload,
        status: reasons.length ? 'held' : 'published',
        hold_reasons: reasons,
      });
    } else {
      // The stored report is held or hidden: the edit sends it back to a moderator (decided again at the batch).
      if (current.stored_status !== 'published')
        reasons.unshift(reheldReason(current.stored_status, current.hold_reasons));
      const edit: EditPayload = {
        ...payload,
        updated_at: utcDay(batchAt ?? now),
        status: reasons.length ? 'held' : 'published',
        hold_reasons: reasons,
      };
      if (batchAt) {
        await queueEdit(tx, current.id, hash, edit, batchAt);
      } else {
        await applyNow(ctx, tx, { kind: 'edit', experienceId: current.id, payload: edit }, now);
      }
    }
    wrote = true;
    return findOwn(tx, hash);
  });
  if (wrote && !batchAt) ctx.cache.invalidate();
  if (!row) throw notFound(TRACKING_NOT_FOUND);
  return ownOf(ctx, row, trackingId, now);
}

/**
 * The author's deletion: final for the author at once (a lookup answers 404), public at the next
 * batch, which removes the report from every page, count and export. A queued new report that
 * was never public just leaves the queue.
 */
export async function deleteByTracking(
  ctx: AppContext,
  trackingId: string,
  now = ctx.clock.now(),
): Promise<{ publicUntil: string | null; publicBy: string | null }> {
  const hash = trackingHash(trackingId);
  const batchAt = nextBatchAt(now, ctx.config.publishEveryMs);
  const window = await ctx.db.transaction(async (tx) => {
    await lockQueue(tx);
    const current = await findOwn(tx, hash);
    if (!current) throw notFound(TRACKING_NOT_FOUND);
    if (current.pending === 'submit') {
      await withdrawQueuedSubmission(tx, current.id);
      return null;
    }
    if (!batchAt) {
      await applyNow(ctx, tx, { kind: 'delete', experienceId: current.id }, now);
      return null;
    }
    const waitsFor = await queueDeletion(tx, current.id, hash, batchAt);
    return current.stored_status === 'published' ? publicationWindow(ctx, waitsFor, now) : null;
  });
  if (!batchAt) ctx.cache.invalidate();
  return { publicUntil: window?.from.toISOString() ?? null, publicBy: window?.by.toISOString() ?? null };
}
