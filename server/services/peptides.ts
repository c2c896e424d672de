// Peptide catalogue: search, filter, sort and page in SQL; aggregates come from trigger-kept columns.
import {
  PEPTIDE_CONTACT_MESSAGE,
  type CatalogueEntry,
  type CreatePeptideInput,
  type OutcomeSpread,
  type Peptide,
  type PeptideDetail,
} from '../../contract/peptides';
import type { PeptideSort } from '../../contract/common';
import { cleanPeptideName, peptideNameKey } from '../../contract/names';
import { findHoldMatches, skeleton } from './text-rules';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { conflict, forbidden, invalidInput, notFound } from '../lib/errors';
import { SOURCES_MESSAGE, isUrlSource, sourceMessage } from '../../contract/sources';
import { peptideShares } from './reporter-shares';
import { isLookalikeHost } from './source-hosts';
import { recordActivity } from './users';
import { rankingScoreSql, ratingFigure, type RatingFigure } from './how-sure';
import { peptideDoseFigures } from './doses';
import type { UsualDose } from '../../contract/doses';

export interface PeptideRow {
  id: string;
  name: string;
  peptide_sequence: string;
  category: Peptide['category'];
  description: string;
  detailed_description: string;
  mechanism: string;
  common_dosage: string;
  common_frequency: string;
  common_effects: string[];
  side_effects: string[];
  common_stacks: string[];
  dosage_ranges: Partial<Peptide['dosageRanges']>;
  timeline: Partial<Peptide['timeline']>;
  sources: string[];
  created_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  experience_count: number;
  rating_sum: number;
  rating_sq_sum: number;
  popularity: number;
}

/**
 * Peptides (`p`) with their trigger-kept counters (`c`: published reports, rating sum, votes), a
 * narrow row of their own that every write updates in place (migration 016_peptide_counters.sql).
 */
export const PEPTIDES_WITH_COUNTERS = `peptides p join peptide_counters c on c.peptide_id = p.id`;

/** Popularity in SQL, the same formula as `popularityScore` in contract/rules.ts (Math.round = floor(x + 0.5)). */
export const PEPTIDE_COLUMNS = `p.id, p.name, p.peptide_sequence, p.category, p.description, p.detailed_description, p.mechanism,
  p.common_dosage, p.common_frequency, p.common_effects, p.side_effects, p.common_stacks, p.dosage_ranges, p.timeline,
  p.sources, p.created_by, p.created_at, p.reviewed_at, c.experience_count,
  c.rating_sum, c.rating_sq_sum,
  ${rankingScoreSql('c.experience_count', 'c.rating_sum', 'c.rating_sq_sum')} as rating_score,
  floor(100 * (0.7 * coalesce(c.experience_count::float8 / nullif(m.max_experiences, 0), 0)
             + 0.3 * coalesce(c.vote_count::float8 / nullif(m.max_votes, 0), 0)) + 0.5)::int as popularity`;
/** Read with PEPTIDE_COLUMNS: `from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA}`. */
export const PEPTIDE_MAXIMA = `(select max(c.experience_count) as max_experiences, max(c.vote_count) as max_votes
  from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null) m`;

const ORDER: Record<PeptideSort, string> = {
  name: 'lower(p.name) asc, p.id',
  // The interval's lower bound (contract/how-sure.ts rankingScore); below 5 reports, last.
  rating: 'rating_score desc nulls last, c.experience_count desc, lower(p.name) asc, p.id',
  experiences: 'c.experience_count desc, lower(p.name) asc, p.id',
  popularity: 'popularity desc, lower(p.name) asc, p.id',
};

/**
 * A peptide's mean rating and its interval as every answer gives them (peptide, lists, top
 * peptides, effectiveness, comparison): from the kept sums, rounded once, null below 5 reports.
 */
export const peptideRating = (
  row: Pick<PeptideRow, 'experience_count' | 'rating_sum' | 'rating_sq_sum'>,
): RatingFigure => ratingFigure({ n: row.experience_count, sum: row.rating_sum, sumOfSquares: row.rating_sq_sum });

export function toPeptide(row: PeptideRow, caller: Caller | null): Peptide {
  return {
    _id: row.id,
    name: row.name,
    peptide_sequence: row.peptide_sequence,
    category: row.category,
    description: row.description,
    detailedDescription: row.detailed_description,
    mechanism: row.mechanism,
    commonDosage: row.common_dosage,
    commonFrequency: row.common_frequency,
    commonEffects: row.common_effects,
    sideEffects: row.side_effects,
    commonStacks: row.common_stacks,
    dosageRanges: {
      low: row.dosage_ranges.low ?? '',
      medium: row.dosage_ranges.medium ?? '',
      high: row.dosage_ranges.high ?? '',
    },
    timeline: { onset: row.timeline.onset ?? '', peak: row.timeline.peak ?? '', duration: row.timeline.duration ?? '' },
    sources: row.sources,
    ...ratingFields(row),
    totalExperiences: Number(row.experience_count),
    popularity: Number(row.popularity),
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    canDelete: canDelete(row, caller),
  };
}

function ratingFields(row: PeptideRow): { averageRating: number | null; ratingInterval: RatingFigure['interval'] } {
  const { mean, interval } = peptideRating(row);
  return { averageRating: mean, ratingInterval: interval };
}

function canDelete(row: { created_by: string | null }, caller: Caller | null): boolean {
  return !!caller && (caller.role === 'moderator' || row.created_by === caller.userId);
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface PeptideListParams {
  search: string;
  category: string;
  sort: PeptideSort;
  page: number;
  limit: number;
}

export async function listPeptides(ctx: AppContext, params: PeptideListParams, caller: Caller | null) {
  const { rows, total } = await ctx.cache.get(`peptides:${JSON.stringify(params)}`, async () => {
    const where = ['p.deleted_at is null'];
    const values: unknown[] = [];
    if (params.search) {
      values.push(`%${escapeLike(params.search.toLowerCase())}%`);
      where.push(`(lower(p.name) like $${values.length} or lower(p.description) like $${values.length})`);
    }
    if (params.category !== 'all') {
      values.push(params.category);
      where.push(`p.category = $${values.length}`);
    }
    values.push(params.limit, (params.page - 1) * params.limit);
    const res = await ctx.db.query<PeptideRow & { total: number }>(
      `select ${PEPTIDE_COLUMNS}, count(*) over () as total
         from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA}
        where ${where.join(' and ')}
        order by ${ORDER[params.sort]}
        limit $${values.length - 1} offset $${values.length}`,
      values,
    );
    // A page past the end has no row to carry the total: count it, so the pager stays right.
    const total = res.rows.length
      ? Number(res.rows[0].total)
      : params.page > 1
        ? (
            await ctx.db.query<{ n: number }>(
              `select count(*)::int as n from peptides p where ${where.join(' and ')}`,
              values.slice(0, -2),
            )
          ).rows[0].n
        : 0;
    return { rows: res.rows, total };
  });
  return { peptides: rows.map((r) => toPeptide(r, caller)), total, page: params.page, pageSize: params.limit };
}

/**
 * Every live peptide as the report wizard's picker needs it, in the list's name order: one answer,
 * the same for every caller, kept like any public read (contract/peptides.ts CatalogueEntry).
 */
export async function peptideCatalogue(ctx: AppContext): Promise<CatalogueEntry[]> {
  return ctx.cache.get('peptides:catalogue', async () => {
    const res = await ctx.db.query<
      Pick<
        PeptideRow,
        'id' | 'name' | 'category' | 'description' | 'common_effects' | 'side_effects' | 'experience_count'
      > & { usual_dose: UsualDose | null }
    >(
      // What is usual for the wizard's dose check, as the last batch computed it (services/doses.ts).
      `select p.id, p.name, p.category, p.description, p.common_effects, p.side_effects, c.experience_count,
              (select f.figures->'usual' from peptide_dose_figures f where f.peptide_id = p.id) as usual_dose
         from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null order by ${ORDER.name}`,
    );
    return res.rows.map((r) => ({
      _id: r.id,
      name: r.name,
      category: r.category,
      description: r.description,
      commonEffects: r.common_effects,
      sideEffects: r.side_effects,
      totalExperiences: Number(r.experience_count),
      usualDose: r.usual_dose ?? null,
    }));
  });
}

export async function getPeptide(ctx: AppContext, id: string, caller: Caller | null): Promise<Peptide> {
  const row = await ctx.cache.get(`peptide:${id}`, async () => {
    const res = await ctx.db.query<PeptideRow>(
      `select ${PEPTIDE_COLUMNS} from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA} where p.id = $1 and p.deleted_at is null`,
      [id],
    );
    return res.rows[0] ?? null;
  });
  if (!row) throw notFound('Peptide not found');
  return toPeptide(row, caller);
}

/**
 * A peptide's page: the peptide with who reports it (services/reporter-shares.ts), the shares
 * kept as the last batch wrote them, read with the peptide's row and cached with it, and its
 * outcomes' spread from the trigger-kept sums and counts (migration 035_rating_spread.sql).
 */
export async function getPeptideDetail(ctx: AppContext, id: string, caller: Caller | null): Promise<PeptideDetail> {
  const peptide = await getPeptide(ctx, id, caller);
  const reporters = await ctx.cache.get(`peptide-shares:${id}`, () => peptideShares(ctx, ctx.db, id));
  const outcomes = await ctx.cache.get(`peptide-outcomes:${id}`, () => outcomeSpreads(ctx, id));
  // Computed at batches (services/doses.ts refreshDoseFigures); read here as stored.
  const doses = await ctx.cache.get(`peptide-doses:${id}`, () => peptideDoseFigures(ctx.db, id));
  return { ...peptide, reporters, outcomes, doses };
}

const SHOWN_OUTCOMES = 8;

/** The peptide's most rated outcomes, each with its mean, interval and how many gave each rating 1-10. */
async function outcomeSpreads(ctx: AppContext, id: string): Promise<OutcomeSpread[]> {
  const res = await ctx.db.query<{ outcome: string; n: number; total: number; total_sq: number; counts: number[] }>(
    `select o.outcome, o.n, o.total, o.total_sq,
            array(select coalesce(r.n, 0) from generate_series(1, 10) g(rating)
                    left join peptide_outcome_ratings r
                      on r.peptide_id = o.peptide_id and r.outcome = o.outcome and r.rating = g.rating
                   order by g.rating) as counts
       from peptide_outcomes o where o.peptide_id = $1 and o.n > 0
      order by o.n desc, o.outcome limit ${SHOWN_OUTCOMES}`,
    [id],
  );
  return res.rows.map((o) => ({
    name: o.outcome,
    n: o.n,
    ...ratingFigure({ n: o.n, sum: o.total, sumOfSquares: o.total_sq }),
    counts: o.counts.map(Number),
  }));
}

/**
 * The one INSERT of a peptide, shared by members' creations and the seed. The seed's catalogue
 * (no creator) is reviewed as it is written; a member's page waits for a moderator (reviewPeptide). The name is stored
 * cleaned and with its key (contract/names.ts); the unique index on the key among live peptides
 * (migrations/004_peptide_name_key.sql) refuses a second peptide of the same name.
 */
export async function insertPeptide(
  q: Queryable,
  input: CreatePeptideInput,
  createdBy: string | null,
): Promise<string> {
  const name = cleanPeptideName(input.name);
  const res = await q.query<{ id: string }>(
    `insert into peptides (name, peptide_sequence, category, description, detailed_description, mechanism,
       common_dosage, common_frequency, common_effects, side_effects, common_stacks, dosage_ranges, timeline, created_by, name_key, name_skeleton,
       sources, reviewed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, case when $14::uuid is null then now() end) returning id`,
    [
      name,
      input.peptide_sequence,
      input.category,
      input.description,
      input.detailedDescription,
      input.mechanism,
      input.commonDosage,
      input.commonFrequency,
      input.commonEffects,
      input.sideEffects,
      input.commonStacks,
      JSON.stringify(input.dosageRanges),
      JSON.stringify(input.timeline),
      createdBy,
      peptideNameKey(name),
      nameSkeleton(name),
      input.sources,
    ],
  );
  return res.rows[0].id;
}

/** The look-alike key of a name (migration 022): its skeleton, spaces and all. */
function nameSkeleton(name: string): string {
  return skeleton(name);
}

/**
 * Gives the look-alike key to peptides stored before it existed (migration 022), at start. Two
 * live names that only now count as the same both stay, the later with its id in its key, so a
 * moderator can delete one; a new look-alike is refused.
 */
export async function backfillNameSkeletons(db: Queryable): Promise<number> {
  const res = await db.query<{ id: string; name: string }>(
    'select id, name from peptides where name_skeleton is null order by created_at, id',
  );
  for (const row of res.rows) {
    const key = nameSkeleton(row.name);
    const taken = await db.query('select 1 from peptides where name_skeleton = $1 and deleted_at is null', [key]);
    await db.query('update peptides set name_skeleton = $2 where id = $1', [
      row.id,
      taken.rows.length ? `${key} #${row.id}` : key,
    ]);
  }
  return res.rows.length;
}

/** A 400 that names its field, with the field as the path, so the form shows it there. */
const refusedField = (field: string, message: string) => invalidInput(message, [{ path: [field], message }]);

/**
 * The numbers of a citation are not phone numbers: identifiers ("PMID: 29998800", "PMC6271067",
 * a DOI), pages after a volume ("24(18):1972-1989", "Suppl 3:11-144"), "pp. 1201-1215", and years
 * in their usual places ("(1985)", "2011;110", "2015-2019"). They are masked before the hold
 * rules read a citation; a number elsewhere ("call 06 12 34 56 78") is still found.
 */
const CITATION_NUMBERS: readonly RegExp[] = [
  /\b(?:PMID|PMCID|PMC)\s*:?\s*\d+/gi,
  /\b(?:doi\s*:?\s*)?10\.\d{4,9}\/[^\s,;]+/gi,
  /(?<=[\d)])\s*:\s*e?\d{1,6}(?!\d)(?:\s*[-\u2010-\u2015]\s*e?\d{1,6}(?!\d))?/gi,
  /\bpp?\.\s*\d{1,6}(?!\d)(?:\s*[-\u2010-\u2015]\s*\d{1,6}(?!\d))?/gi,
  /(?<=\()(?:1[89]|20)\d{2}(?=\))|\b(?:1[89]|20)\d{2}(?=\s*[-\u2010-\u2015;]\s*\d|[.,;)]|$)/g,
];
const citationText = (source: string) => CITATION_NUMBERS.reduce((text, re) => text.replace(re, ' '), source);

const CITATION_MESSAGE = {
  link: SOURCES_MESSAGE.citationLink,
  email: SOURCES_MESSAGE.citationEmail,
  phone: SOURCES_MESSAGE.citationPhone,
  handle: SOURCES_MESSAGE.citationHandle,
} as const;

/**
 * Refuses a link, email, phone number or messenger handle in any field a reader of the peptide
 * page sees, read as the hold rules read a report (services/text-rules.ts); the message names the
 * field and what was found. Dangerous-advice phrases are a report's rule: a page describing doses
 * is not one. Sources are links by design: a web address is checked by the contract
 * (contract/sources.ts: http or https, a named host, no messenger) and for a look-alike host here
 * (source-hosts.ts), a citation here as the fields are.
 */
export function refuseContacts(input: CreatePeptideInput): void {
  const fields: [string, readonly string[]][] = [
    ['name', [input.name]],
    ['description', [input.description]],
    ['detailedDescription', [input.detailedDescription]],
    ['mechanism', [input.mechanism]],
    ['commonDosage', [input.commonDosage]],
    ['commonFrequency', [input.commonFrequency]],
    ['commonEffects', input.commonEffects],
    ['sideEffects', input.sideEffects],
    ['commonStacks', input.commonStacks],
    ['dosageRanges', Object.values(input.dosageRanges)],
    ['timeline', Object.values(input.timeline)],
  ];
  for (const [field, texts] of fields) {
    const found = findHoldMatches(texts).find((f) => f.kind !== 'danger');
    if (found && found.kind !== 'danger')
      throw refusedField(field, `${field}: ${PEPTIDE_CONTACT_MESSAGE[found.kind]} ("${found.text}")`);
  }
  for (const [index, source] of input.sources.entries()) {
    if (isUrlSource(source)) {
      if (isLookalikeHost(new URL(source).hostname))
        throw refusedField('sources', sourceMessage(index, SOURCES_MESSAGE.lookalike));
      continue;
    }
    const found = findHoldMatches([citationText(source)]).find((f) => f.kind !== 'danger');
    if (found && found.kind !== 'danger')
      throw refusedField('sources', `${sourceMessage(index, CITATION_MESSAGE[found.kind])} ("${found.text}")`);
  }
}

export async function createPeptide(ctx: AppContext, caller: Caller, input: CreatePeptideInput): Promise<Peptide> {
  refuseContacts(input);
  let id: string;
  try {
    id = await insertPeptide(ctx.db, input, caller.userId);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw await duplicateName(ctx, input.name);
    throw err;
  }
  ctx.cache.invalidate();
  await recordActivity(ctx, caller.userId);
  return getPeptide(ctx, id, caller);
}

/**
 * The 409 for a new name: names the live peptide it collides with, as it is written (it may differ
 * from what was typed), and gives its id so the form can link to its page.
 */
async function duplicateName(ctx: AppContext, name: string) {
  const res = await ctx.db.query<{ id: string; name: string; same: boolean }>(
    'select id, name, name_key = $1 as same from peptides where (name_key = $1 or name_skeleton = $2) and deleted_at is null order by 3 desc limit 1',
    [peptideNameKey(name), nameSkeleton(name)],
  );
  const found = res.rows[0];
  if (!found) return conflict('A peptide with this name already exists');
  return conflict(
    found.same
      ? `A peptide named "${found.name}" already exists`
      : `A peptide named "${found.name}" already exists, and this name looks the same`,
    { id: found.id, name: found.name },
  );
}

/** Soft delete: the peptide leaves every list; its experiences stay. */
export async function deletePeptide(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const res = await ctx.db.query<{ created_by: string | null }>(
    'select created_by from peptides where id = $1 and deleted_at is null',
    [id],
  );
  const row = res.rows[0];
  if (!row) throw notFound('Peptide not found');
  if (!canDelete(row, caller)) throw forbidden('Only the member who created this peptide or a moderator can delete it');
  await ctx.db.query('update peptides set deleted_at = now() where id = $1', [id]);
  ctx.cache.invalidate();
}

/** A moderator marks a peptide page reviewed (again: the date moves on). */
export async function reviewPeptide(ctx: AppContext, caller: Caller, id: string): Promise<Peptide> {
  const res = await ctx.db.query<{ id: string }>(
    'update peptides set reviewed_at = now() where id = $1 and deleted_at is null returning id',
    [id],
  );
  if (!res.rows[0]) throw notFound('Peptide not found');
  ctx.cache.invalidate();
  return getPeptide(ctx, id, caller);
}
