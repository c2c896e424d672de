// Peptide catalogue: peptides as listed and shown, and the create form.
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { IdParams, likelyRange, meanOfRatings } from './common';
import { DoseFiguresSchema, UsualDoseSchema } from './doses';
import {
  CATEGORIES,
  Id,
  IsoDate,
  Limit,
  Line,
  PEPTIDE_SORTS,
  QueryInt,
  TextList,
  described,
  lineText,
  nameText,
  named,
  ok,
  proseText,
} from './common';
import { cleanPeptideName } from './names';
import {
  PEPTIDE_SEQUENCE_RE,
  REQUIRED_FIELDS_MESSAGE,
  SEQUENCE_MESSAGE,
  SHARES_MIN_REPORTS,
  SHARES_RECOMPUTE_CHANGES,
  SHARE_STEP_PERCENT,
} from './rules';
import { SOURCE_LIMITS, SOURCES_MESSAGE, checkSources } from './sources';

// Every check carries its own message: the schema-level one would otherwise be used for all of
// them, answering "Please fill in all required fields" for a field that is filled but too long.
const tooLong = (max: number) => z.maxLength(max, `must be at most ${max} characters`);
// Text rules per field kind (contract/safe-text.ts): a name, a single line, or a description.
const TEXT = { name: nameText, line: lineText, prose: proseText } as const;
const Required = (max: number, kind: keyof typeof TEXT = 'line') =>
  z.string(REQUIRED_FIELDS_MESSAGE).check(...TEXT[kind](), z.minLength(1, REQUIRED_FIELDS_MESSAGE), tooLong(max));
const Optional = (max: number) => z._default(Line(max), '');

const DosageRanges = z.object({ low: Optional(60), medium: Optional(60), high: Optional(60) });
const PeptideTimeline = z.object({ onset: Optional(60), peak: Optional(60), duration: Optional(60) });

/**
 * A peptide page is public as soon as a member creates it, with no queue to hold it, so what
 * the hold rules hold in a report (a link, an email, a phone number) is refused in its fields
 * instead; the server's 400 starts with the field's name (server/services/peptides.ts).
 */
export const PEPTIDE_CONTACT_MESSAGE = {
  link: 'a peptide page cannot carry a link',
  email: 'a peptide page cannot carry an email address',
  phone: 'a peptide page cannot carry a phone number',
  handle: 'a peptide page cannot carry a messenger handle',
} as const;

/**
 * Where the page's text comes from (contract/sources.ts): 1 to 10 lines, each a web address
 * (http or https, no user name or password, a host with a dot) or a citation. Entries are cleaned
 * as single lines; blanks and repeats are dropped before counting. Every message starts with
 * `sources` and says which source (1 for the first).
 */
const Sources = described(
  z.pipe(
    z
      .array(z.string('each source must be a line of text'), SOURCES_MESSAGE.missing)
      .check(z.maxLength(SOURCE_LIMITS.max * 4, SOURCES_MESSAGE.tooMany)),
    z.transform((items: string[], ctx) => {
      const checked = checkSources(items);
      if (checked.problem === undefined) return checked.sources;
      ctx.issues.push({ code: 'custom', message: checked.problem, input: items });
      return z.NEVER;
    }),
  ),
  `Where the page's text comes from: ${SOURCE_LIMITS.min} to ${SOURCE_LIMITS.max} entries (blanks and repeats dropped), each one line of at most ${SOURCE_LIMITS.length} characters: a web address (http or https, no user name or password, a host with a dot) or a citation, which may not carry a link, email address or phone number.`,
);

export const CreatePeptideRequest = z.object({
  // A name (contract/safe-text.ts), then cleaned as stored (contract/names.ts): one of only
  // invisible characters is a missing one.
  name: z
    .string(REQUIRED_FIELDS_MESSAGE)
    .check(...nameText(), z.overwrite(cleanPeptideName), z.minLength(1, REQUIRED_FIELDS_MESSAGE), tooLong(100)),
  peptide_sequence: z
    .string(REQUIRED_FIELDS_MESSAGE)
    .check(
      z.trim(),
      z.minLength(1, REQUIRED_FIELDS_MESSAGE),
      tooLong(500),
      z.regex(PEPTIDE_SEQUENCE_RE, SEQUENCE_MESSAGE),
    ),
  category: z.enum(CATEGORIES, REQUIRED_FIELDS_MESSAGE),
  description: Required(500, 'prose'),
  detailedDescription: Required(5000, 'prose'),
  mechanism: Required(2000, 'prose'),
  commonDosage: Required(100),
  commonFrequency: Required(100),
  commonEffects: z._default(TextList(30), []),
  sideEffects: z._default(TextList(30), []),
  commonStacks: z._default(TextList(20), []),
  dosageRanges: z._default(DosageRanges, { low: '', medium: '', high: '' }),
  timeline: z._default(PeptideTimeline, { onset: '', peak: '', duration: '' }),
  sources: Sources,
});
export type CreatePeptideRequest = z.input<typeof CreatePeptideRequest>;
export type CreatePeptideInput = z.output<typeof CreatePeptideRequest>;

export const Peptide = z.object({
  _id: Id,
  name: z.string(),
  peptide_sequence: z.string(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  detailedDescription: z.string(),
  mechanism: z.string(),
  commonDosage: z.string(),
  commonFrequency: z.string(),
  commonEffects: z.array(z.string()),
  sideEffects: z.array(z.string()),
  commonStacks: z.array(z.string()),
  dosageRanges: z.object({ low: z.string(), medium: z.string(), high: z.string() }),
  timeline: z.object({ onset: z.string(), peak: z.string(), duration: z.string() }),
  /** Where the page's text comes from: web addresses (http or https) and citations, one each. */
  sources: z.array(z.string()),
  averageRating: meanOfRatings('Mean experience rating'),
  ratingInterval: likelyRange('the mean experience rating'),
  totalExperiences: z.number(),
  /** 0-100, from the share of experiences and votes (contract/rules.ts popularityScore). */
  popularity: z.number(),
  createdAt: IsoDate,
  /**
   * When a moderator reviewed the page (the seeded catalogue: when it was seeded); null for a
   * member's page not reviewed yet, which reads "Community-submitted, not reviewed".
   */
  reviewedAt: z.nullable(IsoDate),
  /** Whether the caller may delete it (member who created it, or a moderator). */
  canDelete: z.boolean(),
});
export type Peptide = z.infer<typeof Peptide>;

/** One value of one question (an age range, a sex, an activity level) and its share in percent. */
export const ReporterShare = named(
  z.object({
    value: described(
      z.string(),
      'The answer as stored: an age range (`30-34`), a biological sex (`female`) or an activity level (`moderate`).',
    ),
    percent: described(
      z.number(),
      `Its share of the reports counted, in percent: a whole multiple of ${SHARE_STEP_PERCENT}, from 0 to 100.`,
    ),
  }),
  'ReporterShare',
  'One answer and its share of the reports counted.',
);
export type ReporterShare = z.infer<typeof ReporterShare>;

/**
 * Who reports a peptide (docs/product-rules.md, "Anonymity"): the shares of its settled reports
 * by age range, by biological sex and by activity level, each on its own, never their
 * combinations; null below SHARES_MIN_REPORTS reports. Written at publication batches only
 * (server/services/reporter-shares.ts), with a little noise.
 */
export const ReporterShares = named(
  z.object({
    reports: described(
      z.number(),
      'The settled reports (public for `settleDays` days or more) the shares were computed from, when they were last computed.',
    ),
    minimum: described(z.number(), `The fewest reports shares are shown from (${SHARES_MIN_REPORTS}).`),
    settleDays: described(z.number(), 'Days a report must have been public before it counts (0: once public).'),
    asOf: described(
      z.nullable(z.string()),
      `The UTC day they were last computed (\`2026-03-01\`): only once at least ${SHARES_RECOMPUTE_CHANGES} of the counted reports changed. Null: never computed.`,
    ),
    shares: described(
      z.nullable(
        z.object({
          ageRange: z.array(ReporterShare),
          biologicalSex: z.array(ReporterShare),
          activityLevel: z.array(ReporterShare),
        }),
      ),
      `Each answer of each question in the wizard's order, from counts with a little random noise, so no one report can be picked out by comparing two versions; they may not add up to 100. Null below ${SHARES_MIN_REPORTS} reports.`,
    ),
  }),
  'ReporterShares',
  'Who reports the peptide: the shares of its settled reports by age range, by biological sex and by activity level, each on its own.',
);
export type ReporterShares = z.infer<typeof ReporterShares>;

/** One outcome on a peptide's page: its mean, how sure, and the spread of its ratings. */
export const OutcomeSpread = named(
  z.object({
    name: described(z.string(), 'The outcome, lower case.'),
    n: described(z.number(), 'How many published reports rated it.'),
    mean: meanOfRatings('Its mean'),
    interval: likelyRange('its mean'),
    counts: described(
      z.array(z.number()),
      'How many reports gave each whole rating, from 1 to 10 (ten numbers; they add up to `n`).',
    ),
  }),
  'OutcomeSpread',
  "One outcome's ratings on a peptide: their mean with its 95% interval (none below 5 ratings) and how many gave each rating from 1 to 10.",
);
export type OutcomeSpread = z.infer<typeof OutcomeSpread>;

/** `GET /api/peptides/{id}`: the peptide with who reports it and the spread of its outcomes. */
export const PeptideDetail = named(
  z.object({
    ...Peptide.shape,
    reporters: ReporterShares,
    outcomes: described(
      z._default(z.array(OutcomeSpread), []),
      'Its most rated outcomes (at most 8, most rated first), each with its mean, 95% interval and the spread of its ratings.',
    ),
    doses: DoseFiguresSchema,
  }),
  'PeptideDetail',
  'A peptide with who reports it (the shares of its settled reports by age range, sex and activity level).',
);
export type PeptideDetail = z.infer<typeof PeptideDetail>;

export const PeptideListQuery = z.object({
  search: z._default(Line(100), ''),
  category: z._default(z.enum(['all', ...CATEGORIES]), 'all'),
  sort: described(
    z._default(z.enum(PEPTIDE_SORTS), 'name'),
    '`rating` orders by the lower end of the 95% interval of the mean rating (`ratingInterval.low`), so a mean from few reports ranks by what it surely is; peptides with fewer than 5 reports come after every other.',
  ),
  page: QueryInt(1, 100000, 1),
  limit: Limit,
});
export type PeptideListQuery = z.input<typeof PeptideListQuery>;

export const PeptideListResponse = ok(
  z.object({ peptides: z.array(Peptide), total: z.number(), page: z.number(), pageSize: z.number() }),
);
export const PeptideResponse = ok(z.object({ peptide: Peptide }));
export const PeptideDetailResponse = ok(z.object({ peptide: PeptideDetail }));
export const DeletePeptideResponse = ok(z.object({}));

/**
 * One peptide as the report wizard's picker needs it: what it searches (name and description,
 * contract/rules.ts peptideMatchesSearch), shows (category, reports) and offers to rate (common
 * effects). The wizard downloads every live peptide in one answer, the same for everyone, and
 * searches on the device, so no request it makes names what is typed or chosen
 * (docs/product-rules.md, "Anonymity"; docs/architecture.md says why this list is not paged).
 */
export const CatalogueEntry = named(
  z.object({
    _id: Id,
    name: z.string(),
    category: z.enum(CATEGORIES),
    description: z.string(),
    commonEffects: z.array(z.string()),
    sideEffects: described(
      z.array(z.string()),
      "The peptide's known side effects, which the wizard offers as choices beside the benefits it rates.",
    ),
    totalExperiences: described(z.number(), 'Published reports of the peptide.'),
    usualDose: described(
      z._default(z.nullable(UsualDoseSchema), null),
      'What is usual per administration, in mcg (the page\'s dosage ranges and the community\'s middle half): the wizard asks "Did you mean ...?" of a dose 10 times above or below it. Null when nothing is known.',
    ),
  }),
  'CatalogueEntry',
  'A peptide as the report wizard searches, shows and rates it.',
);
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;
export const PeptideCatalogueResponse = ok(
  z.object({
    peptides: described(
      z.array(CatalogueEntry),
      'Every live peptide, in name order: the whole list in one answer, never paged.',
    ),
  }),
);

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const PEPTIDES_ENDPOINTS = {
  peptides: { query: PeptideListQuery, response: PeptideListResponse },
  publicPeptides: { query: PeptideListQuery, response: PeptideListResponse },
  peptideCatalogue: { response: PeptideCatalogueResponse },
  peptide: { params: IdParams, response: PeptideDetailResponse },
  createPeptide: { body: CreatePeptideRequest, response: PeptideResponse },
  deletePeptide: { params: IdParams, response: DeletePeptideResponse },
  reviewPeptide: { params: IdParams, response: PeptideResponse },
} satisfies Record<string, EndpointSchemas>;
