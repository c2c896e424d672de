// Community's feed: one page of published reports in a sort, with filters, keyset-paged by an
// encrypted cursor, and on the first page how many reports match (docs/performance.md, "Search at
// a million reports"). The rows and their public form come from experiences.ts.
import { UUID_RE, type CommunityCategory, type CommunitySort } from '../../contract/common';
import type { MatchCount } from '../../contract/experiences';
import { MATCH_COUNT_CAP } from '../../contract/rules';
import type { AppContext } from '../context';
import { badRequest } from '../lib/errors';
import { experienceJson, publicSelect, type PublicExperienceRow } from './public-view';
import { escapeLike } from './peptides';

// Keyset paging: each sort has an index on exactly these columns.
const SORTS: Record<CommunitySort, { order: string; keys: string[]; op: '<' | '>' }> = {
  newest: { order: 'e.created_at desc, e.id desc', keys: ['e.created_at', 'e.id'], op: '<' },
  oldest: { order: 'e.created_at asc, e.id asc', keys: ['e.created_at', 'e.id'], op: '>' },
  helpful: {
    order: 'e.helpful_count desc, e.created_at desc, e.id desc',
    keys: ['e.helpful_count', 'e.created_at', 'e.id'],
    op: '<',
  },
  rating: { order: 'e.rating desc, e.created_at desc, e.id desc', keys: ['e.rating', 'e.created_at', 'e.id'], op: '<' },
};
const KEY_CASTS: Record<string, string> = {
  'e.helpful_count': 'integer',
  'e.rating': 'double precision',
  'e.created_at': 'timestamptz',
  'e.id': 'uuid',
};
const KEY_KINDS: Record<string, CursorKind> = {
  'e.helpful_count': 'integer',
  'e.rating': 'number',
  'e.created_at': 'timestamp',
  'e.id': 'uuid',
};

type CursorValues = (string | number)[];
/** `sequence`: a bigserial (the moderation log's position), a safe integer from 1. */
export type CursorKind = 'integer' | 'number' | 'timestamp' | 'uuid' | 'sequence';

const INT4_MAX = 2 ** 31 - 1;
const ISO_INSTANT_RE = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isKind(value: unknown, kind: CursorKind): boolean {
  switch (kind) {
    case 'integer':
      // The column is a PostgreSQL `integer`: a value beyond it would fail the cast in SQL.
      return Number.isInteger(value) && Math.abs(value as number) <= INT4_MAX;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'sequence':
      return Number.isSafeInteger(value) && (value as number) >= 1;
    case 'timestamp':
      // Exactly what `toISOString` wrote for a year 1970-9999: anything else (a six-digit or
      // negative year JavaScript accepts) would reach SQL as an unparseable timestamp.
      return typeof value === 'string' && ISO_INSTANT_RE.test(value) && new Date(value).toISOString() === value;
    case 'uuid':
      return typeof value === 'string' && UUID_RE.test(value);
  }
}

/**
 * The keyset values of a cursor this server wrote (lib/cursor.ts decrypts it) for the same
 * sort; anything else (garbage, a cursor of another sort, values out of range) is a 400,
 * never a failed cast in SQL.
 */
export function decodeCursor(
  ctx: Pick<AppContext, 'cursors'>,
  cursor: string,
  kinds: readonly CursorKind[],
): CursorValues {
  const values = ctx.cursors.decode(cursor);
  if (values.length === kinds.length && values.every((v, i) => isKind(v, kinds[i]))) return values as CursorValues;
  throw badRequest('cursor is invalid; start again from the first page');
}

function cursorOf(ctx: AppContext, row: PublicExperienceRow, sort: CommunitySort): string {
  const tail = [row.created_at.toISOString(), row.id];
  if (sort === 'helpful') return ctx.cursors.encode([row.helpful_count, ...tail]);
  if (sort === 'rating') return ctx.cursors.encode([row.rating, ...tail]);
  return ctx.cursors.encode(tail);
}

export interface ExperienceListParams {
  search: string;
  category: CommunityCategory;
  sort: CommunitySort;
  peptideId?: string;
  limit: number;
  cursor?: string;
}

/**
 * Whether the feed query keeps its plan between requests (a prepared statement, db/types.ts QueryOptions):
 * yes for the plain sorts, a peptide and a cursor, where every value takes the sort's index; no
 * for a search term or a category, whose selectivity decides the plan (a rare term and a common
 * word want different ones) and which a kept generic plan would not see.
 */
function keepsOnePlan(params: ExperienceListParams): boolean {
  return counted(params);
}

export async function listExperiences(ctx: AppContext, params: ExperienceListParams): Promise<FeedPage> {
  return ctx.cache.get(`experiences:${JSON.stringify(params)}`, async () => {
    const sort = SORTS[params.sort];
    // Only published reports are public (migration 009_moderation.sql); the literal matches the
    // partial feed indexes.
    const where: string[] = [`e.status = 'published'`];
    const values: unknown[] = [];
    const add = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (params.search) where.push(`e.search_text like ${add(`%${escapeLike(params.search.toLowerCase())}%`)}`);
    const category = params.category !== 'all' ? add(params.category) : null;
    // A report is in its peptide's category: the list the peptide list filters by.
    if (category) where.push(`e.peptide_id in (select id from peptides where category = ${category})`);
    const peptide = params.peptideId ? add(params.peptideId) : null;
    if (peptide) where.push(`e.peptide_id = ${peptide}`);
    if (params.cursor) {
      const cursor = decodeCursor(
        ctx,
        params.cursor,
        sort.keys.map((k) => KEY_KINDS[k]),
      );
      const placeholders = cursor.map((v, i) => `${add(v)}::${KEY_CASTS[sort.keys[i]]}`);
      where.push(`(${sort.keys.join(', ')}) ${sort.op} (${placeholders.join(', ')})`);
    }
    // The total goes with the first page only: Load more never counts again. A search's first
    // page and its count come from one statement (searchFirstPage); elsewhere trigger-kept
    // counters answer it, read in the page's own statement: one statement fewer.
    let total: MatchCount | null = null;
    if (!params.cursor && params.search) {
      const found = await searchFirstPage(ctx, params, where, values);
      if (found.rows) return pageOf(ctx, params, found.rows, found.total);
      total = found.total;
    }
    const counter = params.cursor || params.search ? null : counterSql(peptide, category);
    // The limit is written into the text: a kept (generic) plan is chosen only when it costs no
    // more than the plans made for the values, and with the limit a parameter the planner
    // costs it as 10% of the table, so every request would be planned again.
    if (!Number.isSafeInteger(params.limit) || params.limit < 1)
      throw badRequest('limit must be a positive whole number');
    const res = await ctx.db.query<PublicExperienceRow & { total_count?: number }>(
      `${publicSelect(counter ? `${counter} as total_count` : '')} where ${where.join(' and ')} order by ${sort.order} limit ${params.limit + 1}`,
      values,
      { prepare: keepsOnePlan(params) },
    );
    // An empty first page: nothing matches, whatever a counter says.
    if (counter) total = { count: Number(res.rows[0]?.total_count ?? 0), capped: false };
    return pageOf(ctx, params, res.rows, total);
  });
}

/**
 * A page of the feed (contract ExperienceListResponse's `data`), its reports as JSON text
 * (experienceJson): the answer copies them as they are, without making objects of them and
 * serialising those again (docs/performance.md, "The public fields kept as JSON").
 */
export interface FeedPage {
  experiences: string[];
  nextCursor: string | null;
  total: MatchCount | null;
}

/** A page from up to `limit + 1` rows in sort order: the extra row says there is a next page. */
function pageOf(
  ctx: AppContext,
  params: ExperienceListParams,
  found: PublicExperienceRow[],
  total: MatchCount | null,
): FeedPage {
  const rows = found.slice(0, params.limit);
  const nextCursor = found.length > params.limit ? cursorOf(ctx, rows[rows.length - 1], params.sort) : null;
  return { experiences: rows.map(experienceJson), nextCursor, total };
}

/** A feed page as the JSON text of ExperienceListResponse's `data`. */
export function feedPageJson(page: FeedPage): string {
  return `{"experiences":[${page.experiences.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)},"total":${JSON.stringify(page.total)}}`;
}

/** Whether no search or category narrows the list (then one plan suits every value: keepsOnePlan). */
function counted(params: ExperienceListParams): boolean {
  return !params.search && params.category === 'all';
}

/**
 * The count of a list without search, as a scalar subquery on trigger-kept counters (evaluated
 * once per statement; `peptide` and `category` are their placeholders, or null):
 * `peptide_counters.experience_count` counts exactly the published reports of a peptide (001_init.sql,
 * 009_moderation.sql), for one peptide or summed over all, or over the peptides of a category
 * (a few dozen rows). A search has no counter: searchFirstPage counts it, up to MATCH_COUNT_CAP.
 */
function counterSql(peptide: string | null, category: string | null): string {
  if (category) {
    const onePeptide = peptide ? ` and c.peptide_id = ${peptide}` : '';
    return `(select coalesce(sum(c.experience_count), 0) from peptide_counters c join peptides cp on cp.id = c.peptide_id
      where cp.category = ${category}${onePeptide})::int`;
  }
  return peptide
    ? `(select experience_count from peptide_counters where peptide_id = ${peptide})::int`
    : '(select coalesce(sum(experience_count), 0) from peptide_counters)::int';
}

/**
 * The first page of a search and its count in one statement. The matches are collected once, up
 * to MATCH_COUNT_CAP + 1 of them, in whatever order the database finds them fastest (for a rare
 * term, a bitmap scan of the trigram index). When there are at most MATCH_COUNT_CAP, that set is
 * every match: the count is exact and the page is its first rows in sort order, without walking
 * the sort's index past thousands of reports that do not match, which the planner otherwise does
 * for a rare term (docs/performance.md, "Search at a million reports"). Beyond the cap the count
 * is "capped" and there are no rows: the caller reads the page from the sort's index, where a
 * common term is found within a few rows.
 */
async function searchFirstPage(
  ctx: AppContext,
  params: ExperienceListParams,
  where: string[],
  values: unknown[],
): Promise<{ rows: PublicExperienceRow[] | null; total: MatchCount }> {
  const sort = SORTS[params.sort];
  const args = [...values, MATCH_COUNT_CAP + 1, params.limit + 1];
  const [cap, limit] = [`$${args.length - 1}`, `$${args.length}`];
  const res = await ctx.db.query<PublicExperienceRow & { match_count: number }>(
    `with matching as materialized (
       select e.id, e.created_at, e.helpful_count, e.rating from experiences e where ${where.join(' and ')} limit ${cap}
     )
     select c.n as match_count, page.*
       from (select count(*)::int as n from matching) c
       left join lateral (
         ${publicSelect()} where c.n < ${cap} and e.id in (select m.id from matching m order by ${sort.order.replace(/\be\./g, 'm.')} limit ${limit})
       ) page on true
      order by ${sort.order.replace(/\be\./g, 'page.')}`,
    args,
  );
  const n = Number(res.rows[0]?.match_count ?? 0);
  if (n > MATCH_COUNT_CAP) return { rows: null, total: { count: MATCH_COUNT_CAP, capped: true } };
  const rows = res.rows.filter((r) => r.id !== null);
  return { rows, total: { count: n, capped: false } };
}

/** The home page's newest reports as the JSON text of HomeExperiencesResponse's `data`. */
export async function homeExperiencesJson(ctx: AppContext, limit: number): Promise<string> {
  const { experiences } = await listExperiences(ctx, { search: '', category: 'all', sort: 'newest', limit });
  return `{"experiences":[${experiences.join(',')}]}`;
}
