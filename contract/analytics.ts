// Community analytics, research hub, limits and health (docs/product-rules.md, "Figures").
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import {
  CursorParam,
  Id,
  IsoDate,
  QueryInt,
  RatingInterval,
  deprecated,
  described,
  likelyRange,
  meanOfRatings,
  named,
  ok,
} from './common';
import { ReporterShares } from './peptides';
import { SHARES_MIN_REPORTS } from './rules';
import { SideEffect } from './side-effects';
import { Dose } from './doses';

const TopPeptide = z.object({
  _id: Id,
  name: z.string(),
  category: z.string(),
  rating: meanOfRatings("The peptide's mean report rating"),
  ratingInterval: likelyRange("the peptide's mean rating"),
  experiences: z.number(),
});
const EffectivenessEntry = z.object({
  peptide: z.string(),
  peptideId: Id,
  rating: meanOfRatings(
    "The peptide's rating, the same figure as its `topPeptides` entry (one rating per peptide per page)",
  ),
  ratingInterval: likelyRange("the peptide's mean rating"),
  experiences: z.number(),
  effectiveness: described(
    z.record(z.string(), z.nullable(z.number())),
    'Mean of each outcome (1-10, one decimal) over the experiences that rated it; null when fewer than 5 ratings.',
  ),
  intervals: described(
    z.record(z.string(), z.nullable(RatingInterval)),
    "The 95% interval of each outcome's mean (`RatingInterval`), by the same keys; null when fewer than 5 ratings.",
  ),
  /** How many experiences rated each outcome. */
  sampleSizes: z.record(z.string(), z.number()),
});
type EffectivenessEntry = z.infer<typeof EffectivenessEntry>;

/** What the month's growth figures compare (docs/product-rules.md, "Figures"). */
const EQUAL_SPANS =
  "the reports of this UTC month's days so far (the 1st up to and including today, by each report's public day) against those of the same days of the previous month (the 1st up to the same day number, or the whole month where it is shorter), in percent with one decimal; null when those days of the previous month had no reports";

export const Analytics = z.object({
  totalExperiences: z.number(),
  experienceGrowth: described(
    z.nullable(z.number()),
    `Growth of the month in progress: ${EQUAL_SPANS}. (A month in progress is never compared with a whole month.)`,
  ),
  /** Reports of this UTC month so far, the 1st up to and including today. */
  experiencesThisMonth: z.number(),
  totalPeptides: z.number(),
  categories: z.number(),
  averageRating: meanOfRatings('Mean rating of every published report'),
  averageRatingInterval: likelyRange('the mean rating of every published report'),
  activeUsers: z.number(),
  activeUsersCount: z.number(),
  /** The categories with reports this month so far, at most 6, by growth (those with none to compare with last). */
  trendingCategories: z.array(
    z.object({
      name: z.string(),
      growth: described(z.nullable(z.number()), `The category's growth: ${EQUAL_SPANS}.`),
      /** The category's reports this month so far. */
      experiences: z.number(),
    }),
  ),
  topPeptides: described(
    z.array(TopPeptide),
    'The most-reported peptides (at most 6), most reports first: a ranking by count, not by rating.',
  ),
  effectivenessData: z.array(EffectivenessEntry),
  /** The UTC day the figures were computed, as its midnight (a day, like every time in a public answer). */
  generatedAt: IsoDate,
});
export type Analytics = z.infer<typeof Analytics>;
export const AnalyticsResponse = ok(Analytics);

/**
 * What a member's `GET /api/analytics` adds to the public figures: reports per month and a
 * breakdown by category. (Members also have the trends and compare operations.)
 */
export const MemberAnalytics = z.object({
  ...Analytics.shape,
  /** Reports per UTC calendar month over the last 12, oldest first; the last is the month in progress (`partial`). */
  monthly: z.array(z.object({ month: z.string(), experiences: z.number(), partial: z.boolean() })),
  /** Every peptide category: its peptides, reports and mean rating, rounded once. */
  byCategory: z.array(
    z.object({
      name: z.string(),
      peptides: z.number(),
      experiences: z.number(),
      meanRating: meanOfRatings("Mean rating of the category's reports"),
      interval: likelyRange("the category's mean rating"),
    }),
  ),
});
export type MemberAnalytics = z.infer<typeof MemberAnalytics>;
export const MemberAnalyticsResponse = ok(MemberAnalytics);

export const TrendsQuery = z.object({
  period: z._default(z.enum(['monthly', 'weekly']), 'monthly'),
  groupBy: z._default(z.enum(['peptide', 'category']), 'peptide'),
});
const TrendSeries = z.object({ key: z.string(), name: z.string(), counts: z.array(z.number()) });
export const Trends = z.object({
  period: z.enum(['monthly', 'weekly']),
  groupBy: z.enum(['peptide', 'category']),
  /** Start of each period (ISO date), oldest first. */
  buckets: z.array(z.string()),
  series: z.array(TrendSeries),
  totals: z.array(z.number()),
  growth: described(
    z.array(z.nullable(z.number())),
    "Growth of each period's total over the previous one, in percent with one decimal; null for the first. The last period is in progress and is compared over equal spans: its days so far (up to and including `asOf`) against the same days of the period before (for a month, the 1st up to the same day number, or the whole month where it is shorter), null when those days had no reports. A part of a period is never compared with a whole one.",
  ),
  /** The UTC day the counts run to: the last bucket is the period in progress, counted up to this day. */
  asOf: z.string(),
});
export type Trends = z.infer<typeof Trends>;
export const TrendsResponse = ok(Trends);

export const CompareQuery = z.object({
  ids: described(
    z.pipe(
      z
        .string('ids is required')
        .check(z.minLength(1, 'ids is required'), z.maxLength(3 * 37 + 2, 'ids can compare at most 3 peptides')),
      z.pipe(
        z.transform((s: string) => [
          ...new Set(
            s
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          ),
        ]),
        z
          .array(Id)
          .check(
            z.minLength(1, 'ids must name at least one peptide'),
            z.maxLength(3, 'ids can compare at most 3 peptides'),
          ),
      ),
    ),
    'The peptides to compare: 1 to 3 peptide ids separated by commas (`ids=<id>,<id>`).',
  ),
});
/** One outcome's mean with its n and interval (null below 5 ratings). */
const OutcomeMean = z.object({
  name: z.string(),
  mean: meanOfRatings('Mean of the outcome over the reports that rated it'),
  n: described(z.number(), 'How many reports rated the outcome.'),
  interval: likelyRange("the outcome's mean"),
});
export const ComparedPeptide = z.object({
  _id: Id,
  name: z.string(),
  category: z.string(),
  averageRating: meanOfRatings("The peptide's mean report rating"),
  ratingInterval: likelyRange("the peptide's mean rating"),
  totalExperiences: z.number(),
  popularity: z.number(),
  outcomeMeans: z.array(OutcomeMean),
  commonEffects: z.array(z.string()),
  reportedEffects: z.array(z.object({ name: z.string(), count: z.number() })),
});
export type ComparedPeptide = z.infer<typeof ComparedPeptide>;
/** Compare's verdict on one outcome of two peptides (contract/how-sure.ts differenceIsClear). */
export const OutcomeDifference = named(
  z.object({
    outcome: z.string(),
    peptides: described(z.tuple([Id, Id]), 'The two peptides compared, in the order of `ids`.'),
    verdict: described(
      z.enum(['clear', 'within-chance']),
      "`clear`: Welch's t-test at 5% finds the two means apart; `within-chance`: the difference is within what chance gives.",
    ),
  }),
  'OutcomeDifference',
  'Whether two peptides differ on one outcome by more than chance gives. Only outcomes both rated by at least 5 reports.',
);
export type OutcomeDifference = z.infer<typeof OutcomeDifference>;
export const CompareResponse = ok(
  z.object({
    peptides: z.array(ComparedPeptide),
    differences: described(
      z._default(z.array(OutcomeDifference), []),
      'Every pair of the compared peptides, on every outcome both show with at least 5 ratings.',
    ),
  }),
);

// Research hub (moderators)
export const ResearchOverview = z.object({
  experiences: z.number(),
  experiencesThisMonth: z.number(),
  peptides: z.number(),
  votes: z.number(),
  members: z.number(),
  pendingRegistrations: z.number(),
  /** Reports waiting for a moderator (status `held`) and open flags on reports (contract/moderation.ts). */
  heldReports: z._default(z.number(), 0),
  openFlags: z._default(z.number(), 0),
  completeReportShare: deprecated(
    z.number(),
    'Always 1 while there are published reports (0 before): every report has the parts the form requires. Replaced by `optionalDetailsShare`; given until 6 June 2027.',
  ),
  optionalDetailsShare: described(
    z.number(),
    'Share (0-1) of published reports that fill in at least one optional part: a stack, extra effects or sourcing (every report has its story, demographics and timeline, which the form requires).',
  ),
  /** The most-reported peptides (at most MAX_PAGE_SIZE); the whole table pages through /api/research/peptides. */
  perPeptide: z.array(
    z.object({
      _id: Id,
      name: z.string(),
      category: z.string(),
      experiences: z.number(),
      meanRating: meanOfRatings("The peptide's mean report rating"),
      interval: likelyRange("the peptide's mean rating"),
    }),
  ),
  perCategory: z.array(
    z.object({
      name: z.string(),
      experiences: z.number(),
      meanRating: meanOfRatings("Mean rating of the category's reports"),
      interval: likelyRange("the category's mean rating"),
    }),
  ),
});
export type ResearchOverview = z.infer<typeof ResearchOverview>;
export const ResearchOverviewResponse = ok(ResearchOverview);

/** The Database tab's per-peptide table, paged on the server (the catalogue grows with members' peptides). */
const RESEARCH_PEPTIDE_SORTS = ['experiences', 'rating', 'name'] as const;
export const ResearchPeptidesQuery = z.object({
  page: QueryInt(1, 100000, 1),
  limit: QueryInt(1, 100, 20),
  sort: described(
    z._default(z.enum(RESEARCH_PEPTIDE_SORTS), 'experiences'),
    '`rating` orders by the lower end of the 95% interval of the mean, so a mean from few reports ranks by what it surely is; peptides with fewer than 5 reports come after every other.',
  ),
});
export const ResearchPeptideRow = z.object({
  _id: Id,
  name: z.string(),
  category: z.string(),
  /** Number of experiences: the n behind meanRating. */
  experiences: z.number(),
  meanRating: meanOfRatings('Mean experience rating'),
  interval: likelyRange('the mean experience rating'),
  votes: z.number(),
  /** The most-rated outcomes, each with its mean (1-10), how many experiences rated it and its interval. */
  outcomeMeans: z.array(OutcomeMean),
});
export type ResearchPeptideRow = z.infer<typeof ResearchPeptideRow>;
export const ResearchPeptides = z.object({
  peptides: z.array(ResearchPeptideRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ResearchPeptides = z.infer<typeof ResearchPeptides>;
export const ResearchPeptidesResponse = ok(ResearchPeptides);

/**
 * The CSV export's tables: one row per report, one row per (report, outcome) rating, one row per
 * (report, side effect) with its severity, and the
 * means with their n and 95% interval (`means`, one page: no cursor).
 */
export const EXPORT_CSV_TABLES = ['reports', 'outcomes', 'sideEffects', 'means'] as const;
export type ExportCsvTable = (typeof EXPORT_CSV_TABLES)[number];

export const ResearchExportQuery = z.object({
  format: z._default(z.enum(['json', 'csv']), 'json'),
  table: described(
    z._default(z.enum(EXPORT_CSV_TABLES), 'reports'),
    "With `format=csv`: `reports`, one row per report (list cells are JSON arrays; an empty cell is none; the demographic columns are always empty), `outcomes`, one row per rating (`id,outcome,rating`; join on `id`), `sideEffects`, one row per side effect (`id,sideEffect,severity`; join on `id`), or `means`, every mean the pages show with its n and 95% interval (`peptide,outcome,n,mean,low,high`; an empty outcome is the peptide's rating; one page, no cursor).",
  ),
  bom: described(
    z._default(z.stringbool(), false),
    'With `format=csv`: start the file with a byte-order mark, so Excel on Windows reads its text as UTF-8.',
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(5000)), 1000),
  cursor: CursorParam(),
});
/**
 * One exported report: its public id, its month, never a day, and no age range, sex or activity
 * level (docs/product-rules.md, "Anonymity"): those columns stay, always null, so files and
 * readers made for the earlier export keep their columns.
 */
const ALWAYS_NULL =
  "Always null: no report carries its age range, biological sex or activity level; `shares` gives each peptide's shares.";
export const ExportRow = z.object({
  id: described(
    Id.check(),
    "The report's public id (as in `GET /api/experiences`): the same in every export, so pages taken at different times can be merged without duplicates.",
  ),
  peptide: z.string(),
  category: z.string(),
  month: z.string(),
  dosage: z.string(),
  dose: described(
    z._default(z.nullable(Dose), null),
    "The dose as an amount and a unit, with `mcg` where the conversion is sound (null: text that could not be read). `computeDoseFigures` in the contract rebuilds a peptide's dose figures from these rows.",
  ),
  frequency: z.string(),
  durationDays: z.number(),
  route: z.string(),
  primaryPurpose: z.array(z.string()),
  timeline: z.string(),
  rating: z.number(),
  outcomes: described(z.record(z.string(), z.number()), 'The benefits rated, 1 to 10; `rating` is their mean.'),
  sideEffects: described(
    z.array(SideEffect),
    'The side effects, each with its severity (`mild`, `moderate`, `severe`); never in `rating`.',
  ),
  effects: z.array(z.string()),
  ageRange: deprecated(z.nullable(z.string()), ALWAYS_NULL),
  biologicalSex: deprecated(z.nullable(z.string()), ALWAYS_NULL),
  activityLevel: deprecated(z.nullable(z.string()), ALWAYS_NULL),
});
export type ExportRow = z.infer<typeof ExportRow>;

/** A peptide's shares in the export: the same stored numbers its page shows (contract/peptides.ts ReporterShares). */
export const ExportShares = named(
  z.object({ peptide: z.string(), ...ReporterShares.shape }),
  'ExportShares',
  'Who reports one peptide: the same shares its public page shows, by age range, by biological sex and by activity level, each on its own.',
);
export type ExportShares = z.infer<typeof ExportShares>;

/** One mean in the export: a peptide's rating or one outcome's, with what says how sure it is. */
export const ExportMean = named(
  z.object({
    peptide: z.string(),
    outcome: described(z.nullable(z.string()), "The outcome (lower case); null for the peptide's rating."),
    n: described(z.number(), 'How many published reports the mean is over.'),
    mean: meanOfRatings('The mean'),
    low: described(z.nullable(z.number()), 'The lower end of its 95% interval; null when fewer than 5 ratings.'),
    high: described(z.nullable(z.number()), 'The upper end of its 95% interval; null when fewer than 5 ratings.'),
  }),
  'ExportMean',
  "A mean the pages show (a peptide's rating or an outcome's), with its n and 95% interval (Student's t, clamped to 1-10): the same numbers as the pages and the API.",
);
export type ExportMean = z.infer<typeof ExportMean>;

export const ResearchExport = z.object({
  k: deprecated(
    z.number(),
    `The fewest settled reports a peptide's shares are drawn from (${SHARES_MIN_REPORTS}). Rows carry no demographics.`,
  ),
  generatedAt: IsoDate,
  rows: z.array(ExportRow),
  nextCursor: z.nullable(z.string()),
  means: described(
    z._default(z.array(ExportMean), []),
    'Every peptide with reports, by name: its rating, then each outcome by how many rated it, each mean with its n and 95% interval. In every page of the export.',
  ),
  shares: described(
    z.array(ExportShares),
    `Every peptide with shares (at least ${SHARES_MIN_REPORTS} settled reports), by name: the same numbers as its page, in every page of the export.`,
  ),
  breakdown: deprecated(
    z.array(
      z.object({
        peptide: z.string(),
        ageRange: z.string(),
        biologicalSex: z.string(),
        experiences: z.nullable(z.number()),
      }),
    ),
    'Always empty: the counts by peptide, age range and sex are replaced by `shares`, which never combine two questions.',
  ),
});
export type ResearchExport = z.infer<typeof ResearchExport>;
export const ResearchExportResponse = ok(ResearchExport);

// Limits and health
export const RateLimitInfo = z.object({
  name: z.string(),
  description: z.string(),
  max: z.number(),
  windowSeconds: z.number(),
  /** Counted per: client address, account, email, or report (its tracking ID). */
  scope: z.enum(['address', 'account', 'email', 'report']),
});
export type RateLimitInfo = z.infer<typeof RateLimitInfo>;
export const LimitsResponse = ok(z.object({ limits: z.array(RateLimitInfo) }));

/**
 * Liveness (`GET /api/health`): the process answers. It reads nothing from the database, so an
 * orchestrator does not restart a server whose database is away for a moment.
 */
export const HealthResponse = ok(z.object({ status: z.literal('ok') }));
/**
 * Readiness (`GET /api/health/ready`): the database answers, every migration this build ships is
 * applied, and the process is not draining (server/serve.ts). Otherwise a 503 with `Retry-After`.
 */
export const HealthReadyResponse = ok(
  z.object({ status: z.literal('ready'), db: z.literal('ok'), migrations: z.number() }),
);

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const ANALYTICS_ENDPOINTS = {
  health: { response: HealthResponse },
  healthReady: { response: HealthReadyResponse },
  limits: { response: LimitsResponse },
  analytics: { response: MemberAnalyticsResponse },
  publicAnalytics: { response: AnalyticsResponse },
  trends: { query: TrendsQuery, response: TrendsResponse },
  compare: { query: CompareQuery, response: CompareResponse },
  researchOverview: { response: ResearchOverviewResponse },
  researchPeptides: { query: ResearchPeptidesQuery, response: ResearchPeptidesResponse },
  researchExport: { query: ResearchExportQuery, response: ResearchExportResponse },
} satisfies Record<string, EndpointSchemas>;
