// Anonymous experience reports. No account id, address or user agent is ever written with one.
import type { DisclosureQueryInput, Experience, OwnExperience, PublicDemographics, Sourcing, SubmitExperienceInput } from '../../contract/experiences';
import { K_ANONYMITY, experienceRating, purposeGroups } from '../../contract/rules';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { badRequest, notFound } from '../lib/errors';
import { newTrackingId, trackingHash } from '../lib/tracking';
import { HIDE_REASON_TEXT, type ExperienceStatus, type HideReason, type HoldReason } from '../../contract/moderation';
import { storyHash, textHoldReasons } from './moderation-rules';

/**
 * A report's columns as every public view reads them (publicSelect): its public fields that
 * its row alone decides, as JSON text the database keeps beside it (experience_public,
 * migration 018_public_json.sql), and what the answer adds to them as it reads (experienceJson).
 */
export interface PublicExperienceRow {
  id: string;
  /** The row's own public fields (table experience_public, migration 018_public_json.sql). */
  public_json: string;
  peptide_name: string;
  peptide_category: string;
  age_range: string;
  biological_sex: string;
  activity_level: string;
  /** Unrounded: the rating sort's cursor holds it (experience-feed.ts). */
  rating: number;
  /** In publicSelect only when publish_sourcing is on (null otherwise); all of it in SELECT. */
  sourcing: Sourcing | null;
  helpful_count: number;
  not_helpful_count: number;
  detailed_count: number;
  concerning_count: number;
  publish_sourcing: boolean;
  /** Published reports of this peptide sharing this report's quasi-identifiers (demographic_cells). */
  cell_size: number;
  created_at: Date;
}

/** Everything about a report: its submitter's and the moderators' views (SELECT). */
export interface ExperienceRow extends PublicExperienceRow {
  status: ExperienceStatus;
  hold_reasons: string[];
  hidden_reason: string | null;
  hidden_note: string | null;
}

const COLUMNS = `e.id, ep.json as public_json, p.name as peptide_name, p.category as peptide_category, e.age_range,
  e.biological_sex, e.activity_level, e.rating, e.helpful_count, e.not_helpful_count, e.detailed_count,
  e.concerning_count, e.publish_sourcing, coalesce(dc.n, 0) as cell_size, e.created_at`;
const FROM = `from experiences e join peptides p on p.id = e.peptide_id
  join experience_public ep on ep.experience_id = e.id
  left join demographic_cells dc on dc.peptide_id = e.peptide_id and dc.age_range = e.age_range
   and dc.biological_sex = e.biological_sex and dc.activity_level = e.activity_level`;

export const SELECT = `select ${COLUMNS}, e.sourcing, e.status, e.hold_reasons, e.hidden_reason, e.hidden_note
  ${FROM}`;

/**
 * What public views read (`extra`: more columns): no moderation state, and the sourcing only
 * where it is published. Every column read costs on the uncached path (its text written by the
 * database and parsed back, docs/performance.md "The uncached path"); a feed page reads 21 rows.
 */
export function publicSelect(extra = ''): string {
  return `select ${COLUMNS}, case when e.publish_sourcing then e.sourcing end as sourcing${extra ? `, ${extra}` : ''}
  ${FROM}`;
}

function vendorOf(sourcing: Sourcing | null): Experience['vendor'] {
  if (!sourcing || (!sourcing.vendorUrl && !sourcing.batchId && sourcing.volumeMl === undefined)) return null;
  let name: string | null = null;
  if (sourcing.vendorUrl) {
    try {
      name = new URL(sourcing.vendorUrl).hostname;
    } catch {
      name = null;
    }
  }
  return { name, quantity: sourcing.volumeMl !== undefined ? `${sourcing.volumeMl} ml` : null, batchId: sourcing.batchId ?? null };
}

/**
 * A report's time as anyone may see it: its UTC calendar day ("2026-11-25"), all the database
 * keeps (migration 007_coarse_time.sql). Any host that logs addresses with times could otherwise
 * link an address to the report whose time matches its POST. The public text of a report writes
 * the same day in SQL (`to_char(... at time zone 'UTC', 'YYYY-MM-DD')`, migration
 * 018_public_json.sql); tests/server/public-json.test.ts checks the two agree.
 */
export function publishedDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The disclosure rule, in this one place for every public view and the research export: a
 * report's quasi-identifiers are shown only where at least K_ANONYMITY reports of its peptide
 * share them (migration 008_disclosure_cells.sql keeps the counts); otherwise null, which the
 * web app shows as DEMOGRAPHICS_NOT_SHOWN.
 */
export function disclosedDemographics(
  cellSize: number,
  row: { age_range: string; biological_sex: string; activity_level: string },
): PublicDemographics | null {
  if (cellSize < K_ANONYMITY) return null;
  return { ageRange: row.age_range, biologicalSex: row.biological_sex, activityLevel: row.activity_level };
}

/**
 * A report as the public sees it, as JSON text: the row's own fields as the database keeps them
 * (public_json), with its id, the peptide, the demographics its cell allows, the vendor and the
 * votes added. Written as text, not built as an object and serialised, because the feed answers with
 * it as it is (experience-feed.ts); every public view goes through here (toExperience).
 */
export function experienceJson(row: PublicExperienceRow): string {
  const demographics = disclosedDemographics(row.cell_size, row);
  const vendor = row.publish_sourcing ? vendorOf(row.sourcing) : null;
  const helpful = row.helpful_count;
  const notHelpful = row.not_helpful_count;
  const total = helpful + notHelpful + row.detailed_count + row.concerning_count;
  // public_json is one JSON object, never empty (it has peptideId): its fields go between ours.
  return (
    `{"_id":${JSON.stringify(row.id)},${row.public_json.slice(1, -1)},"peptideName":${JSON.stringify(row.peptide_name)},` +
    `"peptideCategory":${JSON.stringify(row.peptide_category)},"demographics":${JSON.stringify(demographics)},` +
    `"vendor":${JSON.stringify(vendor)},"votes":{"helpful":${helpful},"notHelpful":${notHelpful},` +
    `"detailed":${row.detailed_count},"concerning":${row.concerning_count},"total":${total}}}`
  );
}

/** A report as the public sees it (experienceJson), as an object. */
export function toExperience(row: PublicExperienceRow): Experience {
  return JSON.parse(experienceJson(row)) as Experience;
}

function searchText(peptideName: string, story: string, effects: string[], purposes: string[]): string {
  return [peptideName, story, ...effects, ...purposes].join(' ').toLowerCase();
}

/** Only filled sourcing values are kept; none at all stores nothing. */
function cleanSourcing(s: Sourcing | undefined): Sourcing | null {
  if (!s) return null;
  const out: Sourcing = {};
  if (s.vendorUrl) out.vendorUrl = s.vendorUrl;
  if (s.batchId) out.batchId = s.batchId;
  if (s.purityPercentage !== undefined) out.purityPercentage = s.purityPercentage;
  if (s.volumeMl !== undefined) out.volumeMl = s.volumeMl;
  return Object.keys(out).length ? out : null;
}

function jsonOrNull(value: object | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

function normaliseOutcomes(outcomes: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(outcomes)) out[k.trim()] = v;
  return out;
}

/** Appends to the moderation log (migration 009_moderation.sql); moderatorId null: automatic. */
export async function logAction(
  q: Queryable,
  experienceId: string,
  moderatorId: string | null,
  action: 'hold' | 'publish' | 'hide' | 'restore',
  reasons: readonly string[],
  note?: string | null,
): Promise<void> {
  await q.query('insert into moderation_log (experience_id, moderator_id, action, reasons, note) values ($1, $2, $3, $4, $5)', [
    experienceId,
    moderatorId,
    action,
    reasons,
    note ?? null,
  ]);
}

/**
 * Why a new report is held (docs/product-rules.md, "Moderation"): in pre-moderation always; in
 * post-moderation when its free text holds a link, an email address or a phone number, or its
 * story repeats one written today or yesterday (UTC days: the day is all that is kept of a
 * report's time; any status).
 */
function submissionHoldReasons(
  ctx: AppContext,
  r: { story: string; effects: string[]; stack: string[]; dosage: string; outcomeNames: string[]; batchId?: string },
  repeated: boolean,
): HoldReason[] {
  const reasons: HoldReason[] = ctx.config.moderation === 'pre' ? ['pre-moderation'] : [];
  reasons.push(...textHoldReasons([r.story, ...r.effects, ...r.stack, r.dosage, ...r.outcomeNames, r.batchId ?? '']));
  if (repeated) reasons.push('repeated');
  return reasons;
}

/** Whether a report other than `excludeId` has this story hash since yesterday began (UTC). */
const REPEATED_SQL = (hash: string, excludeId: string) => `exists (select 1 from experiences where story_hash = ${hash}
  and created_at >= utc_day(now()) - interval '24 hours' and id <> coalesce(${excludeId}::uuid, '00000000-0000-0000-0000-000000000000'))`;

/**
 * The experience columns of SELECT, as an INSERT ... RETURNING gives them back: the public text
 * from the same function as the trigger that keeps it (018_public_json.sql), since the trigger's
 * row is not visible to RETURNING.
 */
const RETURNING = `returning id, experience_public_json(experiences) as public_json, age_range, biological_sex, activity_level, rating, sourcing, helpful_count,
  not_helpful_count, detailed_count, concerning_count, publish_sourcing, created_at, status, hold_reasons, hidden_reason, hidden_note`;

async function fetchOne(q: Queryable, where: string, value: string): Promise<ExperienceRow | undefined> {
  const res = await q.query<ExperienceRow>(`${SELECT} where ${where}`, [value]);
  return res.rows[0];
}

/** What an edit of a report checks and keeps (updateByTracking). */
interface EditedExperienceRow {
  id: string;
  status: ExperienceStatus;
  sourcing: Sourcing | null;
  peptide_name: string;
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  stack: string[];
  dosage: string;
  primary_purpose: string[];
}

export async function submitExperience(
  ctx: AppContext,
  input: SubmitExperienceInput,
  seed?: { createdAt: Date; demo: boolean },
): Promise<{ trackingId: string; experience: Experience; status: ExperienceStatus; holdReasons: HoldReason[] }> {
  const trackingId = newTrackingId();
  // Two statements in one transaction, and the answer built from what they return: every
  // statement costs a turn on PGlite's one connection, where writes queue behind each other
  // (docs/performance.md, "Writes").
  const res = await ctx.db.transaction((tx) => insertSubmission(ctx, tx, input, seed, trackingId));
  ctx.cache.invalidate();
  return { trackingId, experience: toExperience(res.row), status: res.status, holdReasons: res.reasons };
}

/**
 * A submission's statements, inside the caller's transaction (submitExperience, and the warm-up
 * of services/warm-up.ts, which rolls it back).
 */
export async function insertSubmission(
  ctx: AppContext,
  tx: Queryable,
  input: SubmitExperienceInput,
  seed?: { createdAt: Date; demo: boolean },
  trackingId = newTrackingId(),
): Promise<{ row: ExperienceRow; status: ExperienceStatus; reasons: HoldReason[] }> {
  const outcomes = normaliseOutcomes(input.outcomes);
  const rating = experienceRating(outcomes);
  const sourcing = cleanSourcing(input.sourcing);
  const hash = storyHash(input.story);
  // The peptide (its name goes into the search text), whether the story repeats one of the
  // last day, and the report's demographic cell as it stands before this report.
  const found = await tx.query<{ name: string; category: string; repeated: boolean; cell: number | null }>(
    `select p.name, p.category, ${REPEATED_SQL('$2', 'null')} as repeated,
       (select n from demographic_cells where peptide_id = p.id and age_range = $3 and biological_sex = $4 and activity_level = $5) as cell
       from peptides p where p.id = $1 and p.deleted_at is null`,
    [input.peptideId, hash, input.demographics.ageRange, input.demographics.biologicalSex, input.demographics.activityLevel],
    { prepare: true },
  );
  const peptide = found.rows[0];
  if (!peptide) throw badRequest('peptideId: no such peptide');
  if (rating === null) throw badRequest('outcomes must rate at least one effect');
  // Seeded demonstration reports are published as written.
  const reasons = seed
    ? []
    : submissionHoldReasons(
        ctx,
        {
          story: input.story,
          effects: input.effects,
          stack: input.stack,
          dosage: input.dosage,
          outcomeNames: Object.keys(outcomes),
          batchId: sourcing?.batchId,
        },
        peptide.repeated,
      );
  const status: ExperienceStatus = reasons.length ? 'held' : 'published';
  const inserted = await tx.query<Omit<ExperienceRow, 'peptide_name' | 'peptide_category' | 'cell_size'>>(
    `insert into experiences (tracking_hash, peptide_id, dosage, frequency, duration_days, route, primary_purpose,
       purpose_groups, age_range, biological_sex, activity_level, outcomes, rating, effects, timeline, story, stack,
       sourcing, search_text, created_at, is_demo, publish_sourcing, status, hold_reasons, story_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       utc_day(coalesce($20::timestamptz, now())), $21, $22, $23, $24, $25)
     ${RETURNING}`,
    [
      trackingHash(trackingId),
      input.peptideId,
      input.dosage,
      input.frequency,
      input.duration,
      input.routeOfAdministration,
      input.primaryPurpose,
      purposeGroups(input.primaryPurpose),
      input.demographics.ageRange,
      input.demographics.biologicalSex,
      input.demographics.activityLevel,
      JSON.stringify(outcomes),
      rating,
      input.effects,
      input.timeline,
      input.story,
      input.stack,
      jsonOrNull(sourcing),
      searchText(peptide.name, input.story, input.effects, input.primaryPurpose),
      seed ? seed.createdAt.toISOString() : null,
      seed?.demo ?? false,
      input.publishSourcing,
      status,
      reasons,
      hash,
    ],
    { prepare: true },
  );
  const stored = inserted.rows[0];
  if (status === 'held') await logAction(tx, stored.id, null, 'hold', reasons);
  // The cell trigger (migration 009) counted this report in its cell if it is published.
  const row: ExperienceRow = {
    ...stored,
    peptide_name: peptide.name,
    peptide_category: peptide.category,
    cell_size: (peptide.cell ?? 0) + (status === 'published' ? 1 : 0),
  };
  return { row, status, reasons };
}

export async function getExperience(ctx: AppContext, id: string): Promise<Experience> {
  const res = await ctx.db.query<PublicExperienceRow>(`${publicSelect()} where e.id = $1 and e.status = 'published'`, [id], { prepare: true });
  if (!res.rows[0]) throw notFound('Experience not found');
  return toExperience(res.rows[0]);
}

const TRACKING_NOT_FOUND = 'Experience not found';

/** The submitter's own report: everything they wrote, whatever the public view withholds. */
export function ownView(row: ExperienceRow, trackingId: string): OwnExperience {
  return {
    ...toExperience(row),
    demographics: { ageRange: row.age_range, biologicalSex: row.biological_sex, activityLevel: row.activity_level },
    trackingId,
    sourcing: row.sourcing,
    publishSourcing: row.publish_sourcing,
    status: row.status,
    holdReasons: row.status === 'held' ? (row.hold_reasons as HoldReason[]) : [],
    hiddenReason:
      row.status === 'hidden' && row.hidden_reason
        ? { code: row.hidden_reason as HideReason, text: HIDE_REASON_TEXT[row.hidden_reason as HideReason] }
        : null,
  };
}

/**
 * Are these quasi-identifiers already shown for this peptide (the wizard's preview)? Only what
 * the public feed already shows is answered: a count at the threshold minus one would tell
 * anyone, without writing anything, which combination K-1 hidden reports share
 * (tests/server/disclosure-attacks.test.ts). So a new report's preview says "not shown" until
 * the combination is public, and the wizard says that its own report may be the one that makes
 * it so.
 */
export async function disclosure(ctx: AppContext, q: DisclosureQueryInput): Promise<{ demographicsShown: boolean }> {
  const res = await ctx.db.query<{ n: number }>(
    `select n from demographic_cells where peptide_id = $1 and age_range = $2 and biological_sex = $3 and activity_level = $4`,
    [q.peptideId, q.ageRange, q.biologicalSex, q.activityLevel],
  );
  return { demographicsShown: (res.rows[0]?.n ?? 0) >= K_ANONYMITY };
}

export async function getByTracking(ctx: AppContext, trackingId: string): Promise<OwnExperience> {
  const row = await fetchOne(ctx.db, 'e.tracking_hash = $1', trackingHash(trackingId));
  if (!row) throw notFound(TRACKING_NOT_FOUND);
  return ownView(row, trackingId);
}

export async function updateByTracking(
  ctx: AppContext,
  trackingId: string,
  changes: { story?: string; outcomes?: Record<string, number>; effects?: string[] },
): Promise<OwnExperience> {
  const hash = trackingHash(trackingId);
  const updated = await ctx.db.transaction(async (tx) => {
    const found = await tx.query<EditedExperienceRow>(
      `select e.id, e.status, e.sourcing, p.name as peptide_name, e.story, e.effects, e.outcomes, e.stack, e.dosage,
         e.primary_purpose from experiences e join peptides p on p.id = e.peptide_id where e.tracking_hash = $1`,
      [hash],
    );
    const current = found.rows[0];
    if (!current) throw notFound(TRACKING_NOT_FOUND);
    const story = changes.story ?? current.story;
    const effects = changes.effects ?? current.effects;
    const outcomes = changes.outcomes ? normaliseOutcomes(changes.outcomes) : current.outcomes;
    // An edit is checked like a new report; a held or hidden report goes back to the queue.
    const textHash = storyHash(story);
    const repeat = await tx.query<{ repeated: boolean }>(`select ${REPEATED_SQL('$1', '$2')} as repeated`, [textHash, current.id]);
    const reasons = submissionHoldReasons(
      ctx,
      {
        story,
        effects,
        stack: current.stack,
        dosage: current.dosage,
        outcomeNames: Object.keys(outcomes),
        batchId: current.sourcing?.batchId,
      },
      repeat.rows[0].repeated,
    );
    if (current.status !== 'published') reasons.unshift('edited');
    const status: ExperienceStatus = reasons.length ? 'held' : 'published';
    await tx.query(
      `update experiences set story = $2, effects = $3, outcomes = $4, rating = $5, search_text = $6,
         updated_at = utc_day(now()), status = $7, hold_reasons = $8, story_hash = $9,
         hidden_reason = case when $7 = 'hidden' then hidden_reason end,
         hidden_note = case when $7 = 'hidden' then hidden_note end
       where id = $1`,
      [
        current.id,
        story,
        effects,
        JSON.stringify(outcomes),
        experienceRating(outcomes),
        searchText(current.peptide_name, story, effects, current.primary_purpose),
        status,
        reasons,
        textHash,
      ],
    );
    if (status === 'held') await logAction(tx, current.id, null, 'hold', reasons);
    return current.id;
  });
  ctx.cache.invalidate();
  const row = await fetchOne(ctx.db, 'e.id = $1', updated);
  return ownView(row!, trackingId);
}

export async function deleteByTracking(ctx: AppContext, trackingId: string): Promise<void> {
  const res = await ctx.db.query('delete from experiences where tracking_hash = $1', [trackingHash(trackingId)]);
  if (res.affectedRows === 0) throw notFound(TRACKING_NOT_FOUND);
  ctx.cache.invalidate();
}
