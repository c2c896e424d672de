// Doses (docs/product-rules.md, "Doses"): a dose is an amount and a unit (mcg, mg, IU, or mL of a
// solution whose strength is given). A report keeps the dose as given and, where the conversion is
// sound, its amount in mcg; IU and mL of an IU solution stay as given and are left out of the dose
// figures, which say how many were left out. `dosage` stays in every answer as the text it always
// was ("250 mcg"), so older clients keep working. Plain functions and schemas, shared by the
// server (storing, reading stored text, the figures at each batch), the wizard (the check "Did you
// mean mcg?") and the tests (every figure recomputed from the export).
import { z } from 'zod/mini';
import { described, exampled, named } from './common';
import { MIN_N, meanInterval } from './how-sure';
import type { Frequency } from './vocabulary';

export const DOSE_UNITS = ['mcg', 'mg', 'IU', 'mL'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];
/** What one mL of a solution holds. */
export const STRENGTH_UNITS = ['mcg', 'mg', 'IU'] as const;
export type StrengthUnit = (typeof STRENGTH_UNITS)[number];

/** The largest amount a dose or a strength may give, in its own unit (a typo guard, not a rule of dosing). */
export const DOSE_AMOUNT_MAX = 100_000;
const MCG_PER: Record<'mcg' | 'mg', number> = { mcg: 1, mg: 1000 };

const Amount = (field: string) =>
  z
    .number(`${field} must be a number`)
    .check(
      z.gt(0, `${field} must be greater than 0`),
      z.lte(DOSE_AMOUNT_MAX, `${field} must be at most ${DOSE_AMOUNT_MAX}`),
    );

export const DoseStrength = named(
  z.object({ amount: Amount('dose.strength.amount'), unit: z.enum(STRENGTH_UNITS) }),
  'DoseStrength',
  'What one mL of the solution holds, for a dose given in mL: an amount and its unit (mcg, mg or IU).',
);
export type DoseStrength = z.infer<typeof DoseStrength>;

/** A dose as the wizard and the Update dialog send it. `strength` is required with mL and refused otherwise. */
export const DoseInput = z
  .object({
    amount: Amount('dose.amount'),
    unit: z.enum(DOSE_UNITS),
    strength: z.optional(z.nullable(DoseStrength)),
  })
  .check(
    z.refine((d) => d.unit !== 'mL' || !!d.strength, {
      message: 'dose.strength is required for a dose in mL: what one mL of the solution holds',
      path: ['strength'],
    }),
    z.refine((d) => d.unit === 'mL' || !d.strength, {
      message: 'dose.strength is only for a dose in mL',
      path: ['strength'],
    }),
  );
export type DoseInput = z.input<typeof DoseInput>;

/** A dose as answers give it: as entered, and its amount in mcg where the conversion is sound. */
export const Dose = named(
  z.object({
    amount: z.number(),
    unit: z.enum(DOSE_UNITS),
    // As stored: the request's limits (DoseStrength) are not the reader's business.
    strength: z.nullable(z.object({ amount: z.number(), unit: z.enum(STRENGTH_UNITS) })),
    mcg: described(
      z.nullable(z.number()),
      'The amount in mcg (mg × 1,000; mL × a strength in mcg or mg). Null for IU and for mL of an IU solution: no conversion is sound.',
    ),
  }),
  'Dose',
  'A dose as the person gave it: an amount and a unit, and for mL the strength of the solution.',
);
export type Dose = z.infer<typeof Dose>;

/** The amount of `dose` in mcg, or null where no conversion is sound (IU, mL of an IU solution). */
export function doseMcg(dose: { amount: number; unit: DoseUnit; strength?: DoseStrength | null }): number | null {
  if (dose.unit === 'mcg' || dose.unit === 'mg') return roundAmount(dose.amount * MCG_PER[dose.unit]);
  if (dose.unit === 'mL' && dose.strength && dose.strength.unit !== 'IU')
    return roundAmount(dose.amount * dose.strength.amount * MCG_PER[dose.strength.unit]);
  return null;
}

/** A dose as stored and answered: what was entered, with its amount in mcg. */
export function doseOf(input: DoseInput): Dose {
  const strength = input.unit === 'mL' ? (input.strength ?? null) : null;
  return { amount: input.amount, unit: input.unit, strength, mcg: doseMcg({ ...input, strength }) };
}

/** Amounts keep at most 4 decimals: 0.1 × 2500 is 250, not 250.00000000000003. */
export function roundAmount(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** A number as dose text writes it: plain digits and a point, no thousands separator (readDoseText reads it back). */
export function amountText(x: number): string {
  return String(roundAmount(x));
}

/** The text `dosage` carries for a dose: "250 mcg", "0.5 mg", "2 IU", "0.1 mL of 2.5 mg/mL". */
export function doseText(dose: { amount: number; unit: DoseUnit; strength?: DoseStrength | null }): string {
  const given = `${amountText(dose.amount)} ${dose.unit}`;
  return dose.unit === 'mL' && dose.strength
    ? `${given} of ${amountText(dose.strength.amount)} ${dose.strength.unit}/mL`
    : given;
}

const UNIT_WORDS: Record<string, 'mcg' | 'mg' | 'IU'> = {
  mcg: 'mcg',
  ug: 'mcg',
  µg: 'mcg',
  μg: 'mcg',
  microgram: 'mcg',
  micrograms: 'mcg',
  mg: 'mg',
  milligram: 'mg',
  milligrams: 'mg',
  iu: 'IU',
};
const DOSE_TEXT = /^(\d{1,6}(?:\.\d{1,4})?|\.\d{1,4})\s*([a-zµμ]+)\.?$/i;
const ML_TEXT =
  /^(\d{1,6}(?:\.\d{1,4})?|\.\d{1,4})\s*ml\s+of\s+(\d{1,6}(?:\.\d{1,4})?|\.\d{1,4})\s*([a-zµμ]+)\s*\/\s*ml$/i;

/**
 * A stored free-text dose read where it is unambiguous: one amount and one unit, as "250 mcg",
 * "0.5mg", "2 IU", "250 ug", or doseText's own "0.1 mL of 2.5 mg/mL". Anything else (a range, a
 * comma, "units", mL without a strength, words around it, a misspelt unit such as "mgc") is not
 * read: null, and the report stays as written, out of the dose figures.
 */
export function readDoseText(text: string): DoseInput | null {
  const t = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
  const ml = ML_TEXT.exec(t);
  if (ml) {
    const strengthUnit = UNIT_WORDS[ml[3].toLowerCase()];
    const amount = Number(ml[1]);
    const strength = Number(ml[2]);
    if (!strengthUnit || !validAmount(amount) || !validAmount(strength)) return null;
    return { amount, unit: 'mL', strength: { amount: strength, unit: strengthUnit } };
  }
  const m = DOSE_TEXT.exec(t);
  if (!m) return null;
  const unit = UNIT_WORDS[m[2].toLowerCase()];
  const amount = Number(m[1]);
  if (!unit || !validAmount(amount)) return null;
  return { amount, unit };
}

function validAmount(x: number): boolean {
  return Number.isFinite(x) && x > 0 && x <= DOSE_AMOUNT_MAX;
}

/**
 * Doses per week of each frequency (server/db and the figures use them; "as needed" has none and is
 * left out of weekly figures). "Every 3-4 days" is twice a week.
 */
export const DOSES_PER_WEEK: Record<Frequency, number | null> = {
  'twice-daily': 14,
  daily: 7,
  'five-on-two-off': 5,
  'every-other-day': 3.5,
  'three-times-weekly': 3,
  'twice-weekly': 2,
  'every-3-4-days': 2,
  weekly: 1,
  'as-needed': null,
};

/** Doses per week of a stored frequency (an unknown one, from an older vocabulary, has none). */
export function dosesPerWeek(frequency: string): number | null {
  return Object.hasOwn(DOSES_PER_WEEK, frequency) ? DOSES_PER_WEEK[frequency as Frequency] : null;
}

// --- The check before sending ---

/** What is usual for a peptide, in mcg per administration: its page's range and the community's middle half. */
export interface UsualDose {
  lowMcg: number;
  highMcg: number;
}
export const UsualDoseSchema = named(
  z.object({ lowMcg: z.number(), highMcg: z.number() }),
  'UsualDose',
  "What is usual per administration, in mcg: from the lowest to the highest of the peptide page's dosage ranges and the middle half of the community's doses.",
);

/** How far from usual a dose may be before the wizard asks: 10 times above or below. */
export const DOSE_CHECK_FACTOR = 10;

export type DoseCheck =
  | { kind: 'suggest'; unit: 'mcg' | 'mg'; usual: UsualDose }
  | { kind: 'far'; usual: UsualDose }
  | null;

function far(mcg: number, usual: UsualDose): boolean {
  return mcg > usual.highMcg * DOSE_CHECK_FACTOR || mcg < usual.lowMcg / DOSE_CHECK_FACTOR;
}

/**
 * The wizard's question before sending, never a block: a dose more than DOSE_CHECK_FACTOR times
 * above or below what is usual asks "Did you mean mcg?" (or mg) when the same amount in the other
 * unit is not far from usual, and otherwise shows the usual range. Null: nothing to ask (a usual
 * dose, no usual range known, or a unit with no sound conversion).
 */
export function checkDose(
  dose: { amount: number; unit: DoseUnit; strength?: DoseStrength | null },
  usual: UsualDose | null,
): DoseCheck {
  const mcg = doseMcg(dose);
  if (!usual || mcg === null || !far(mcg, usual)) return null;
  if (dose.unit === 'mg' || dose.unit === 'mcg') {
    const other = dose.unit === 'mg' ? 'mcg' : 'mg';
    if (!far(dose.amount * MCG_PER[other], usual)) return { kind: 'suggest', unit: other, usual };
  }
  return { kind: 'far', usual };
}

/**
 * What is usual for a peptide: from the lowest to the highest of its page's dosage ranges that
 * read as a dose in mcg or mg, widened to the community's middle half where there is one.
 */
export function usualDose(pageRanges: readonly string[], community: Spread | null): UsualDose | null {
  const page = pageRanges
    .map((text) => readDoseText(text))
    .map((d) => (d ? doseMcg(d) : null))
    .filter((x): x is number => x !== null);
  const lows = [...page, ...(community ? [community.low] : [])];
  const highs = [...page, ...(community ? [community.high] : [])];
  if (!lows.length) return null;
  return { lowMcg: Math.min(...lows), highMcg: Math.max(...highs) };
}

// --- What people take ---

/**
 * The p-quantile of ascending `sorted` values, linear between the two nearest ranks (Hyndman and
 * Fan's type 7: PostgreSQL's percentile_cont, R's and numpy's default).
 */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** A median with the middle half (the quartiles) and n. */
export interface Spread {
  median: number;
  low: number;
  high: number;
  n: number;
}
export const SpreadSchema = named(
  z.object({
    median: z.number(),
    low: described(z.number(), 'The first quartile: a quarter of the reports are below it.'),
    high: described(z.number(), 'The third quartile: a quarter of the reports are above it.'),
    n: z.int(),
  }),
  'Spread',
  'The median and the middle half of the reports (from the first to the third quartile), with how many reports they come from. Null below 5 reports.',
);

/** The median and quartiles of `values`, rounded as answers give them; null below MIN_N values. */
export function spreadOf(values: readonly number[]): Spread | null {
  if (values.length < MIN_N) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: roundAmount(quantile(sorted, 0.5)),
    low: roundAmount(quantile(sorted, 0.25)),
    high: roundAmount(quantile(sorted, 0.75)),
    n: sorted.length,
  };
}

/** One published report as the dose figures read it (and as the research export gives it). */
export interface DoseFigureRow {
  route: string;
  frequency: string;
  duration: number;
  /** Per administration, in mcg; null when the dose was not read or has no sound conversion. */
  doseMcg: number | null;
  /** Benefits only (side effects never enter a figure), as the report rated them. */
  outcomes: Record<string, number>;
}

export const DOSE_BANDS = ['lower', 'middle', 'higher'] as const;
export type DoseBand = (typeof DOSE_BANDS)[number];

export interface BandMean {
  band: DoseBand;
  /** The band's doses, in mcg per administration: from the lowest to the highest in it. */
  fromMcg: number;
  toMcg: number;
  mean: number;
  low: number;
  high: number;
  n: number;
}

export interface DoseFigures {
  /** Published reports of the peptide when the figures were computed. */
  reports: number;
  /** Of them, reports whose dose is in no unit that converts to mcg, or was not read from its text. */
  leftOut: number;
  perAdministration: Spread | null;
  /** Doses per administration × doses per week of the frequency; "as needed" left out. */
  perWeek: Spread | null;
  byRoute: { route: string; n: number; perAdministration: Spread | null; perWeek: Spread | null }[];
  /** The commonest frequency, how many reports give it, of how many. */
  frequency: { usual: string; n: number; of: number } | null;
  /** Days taken. */
  duration: Spread | null;
  /** Each outcome's mean for the lower, middle and higher third of the doses; only outcomes with MIN_N in every band. */
  bands: { outcome: string; bands: BandMean[] }[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The dose figures of one peptide from its published reports: computed by the server at each
 * publication batch (server/services/dose-figures.ts) and recomputed from the research export by
 * the tests, with this one function.
 *
 * Bands: the doses per administration are cut at their 1/3 and 2/3 quantiles; lower is at or below
 * the first cut, higher above the second, middle between. Many reports of one dose can leave a
 * band empty: then no outcome has MIN_N in every band and none is shown.
 */
export function computeDoseFigures(rows: readonly DoseFigureRow[]): DoseFigures {
  const read = rows.filter((r) => r.doseMcg !== null) as (DoseFigureRow & { doseMcg: number })[];
  const weekly = (list: typeof read) =>
    list.flatMap((r) => {
      const perWeek = dosesPerWeek(r.frequency);
      return perWeek === null ? [] : [r.doseMcg * perWeek];
    });
  const routes = [...new Set(read.map((r) => r.route))].sort();
  const byRoute = routes.map((route) => {
    const own = read.filter((r) => r.route === route);
    return {
      route,
      n: own.length,
      perAdministration: spreadOf(own.map((r) => r.doseMcg)),
      perWeek: spreadOf(weekly(own)),
    };
  });
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.frequency, (counts.get(r.frequency) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return {
    reports: rows.length,
    leftOut: rows.length - read.length,
    perAdministration: spreadOf(read.map((r) => r.doseMcg)),
    perWeek: spreadOf(weekly(read)),
    byRoute,
    frequency: usual ? { usual: usual[0], n: usual[1], of: rows.length } : null,
    duration: spreadOf(rows.map((r) => r.duration)),
    bands: doseBands(read),
  };
}

function doseBands(read: readonly (DoseFigureRow & { doseMcg: number })[]): DoseFigures['bands'] {
  if (read.length < MIN_N * DOSE_BANDS.length) return [];
  const sorted = read.map((r) => r.doseMcg).sort((a, b) => a - b);
  const cut1 = quantile(sorted, 1 / 3);
  const cut2 = quantile(sorted, 2 / 3);
  const bandOf = (mcg: number): DoseBand => (mcg <= cut1 ? 'lower' : mcg <= cut2 ? 'middle' : 'higher');
  const sums = new Map<string, Record<DoseBand, { n: number; sum: number; sumOfSquares: number; doses: number[] }>>();
  for (const r of read) {
    const band = bandOf(r.doseMcg);
    for (const [name, rating] of Object.entries(r.outcomes)) {
      const key = name.trim().toLowerCase();
      let entry = sums.get(key);
      if (!entry) {
        entry = Object.fromEntries(
          DOSE_BANDS.map((b) => [b, { n: 0, sum: 0, sumOfSquares: 0, doses: [] as number[] }]),
        ) as Record<DoseBand, { n: number; sum: number; sumOfSquares: number; doses: number[] }>;
        sums.set(key, entry);
      }
      const s = entry[band];
      s.n += 1;
      s.sum += rating;
      s.sumOfSquares += rating * rating;
      s.doses.push(r.doseMcg);
    }
  }
  const out: DoseFigures['bands'] = [];
  for (const [outcome, entry] of [...sums].sort((a, b) => a[0].localeCompare(b[0]))) {
    const bands = DOSE_BANDS.map((band) => {
      const s = entry[band];
      const interval = meanInterval(s);
      return interval
        ? {
            band,
            // A loop, not Math.min(...doses): a hundred thousand arguments overflow the stack.
            fromMcg: roundAmount(s.doses.reduce((a, b) => (b < a ? b : a), Number.POSITIVE_INFINITY)),
            toMcg: roundAmount(s.doses.reduce((a, b) => (b > a ? b : a), Number.NEGATIVE_INFINITY)),
            mean: round2(interval.mean),
            low: round2(interval.low),
            high: round2(interval.high),
            n: s.n,
          }
        : null;
    });
    if (bands.every((b) => b !== null)) out.push({ outcome, bands: bands as BandMean[] });
  }
  return out;
}

const BandMeanSchema = z.object({
  band: z.enum(DOSE_BANDS),
  fromMcg: z.number(),
  toMcg: z.number(),
  mean: z.number(),
  low: z.number(),
  high: z.number(),
  n: z.int(),
});

/** The peptide page's "What people take" (GET /api/peptides/{id}, `doses`). */
export const DoseFiguresSchema = named(
  z.object({
    reports: described(
      z.int(),
      'Published reports of the peptide when the figures were computed (at the last publication batch).',
    ),
    leftOut: described(
      z.int(),
      'Reports left out of every dose figure: their dose could not be read from its text, or is in IU (no conversion to mcg is sound).',
    ),
    perAdministration: described(z.nullable(SpreadSchema), 'The dose per administration, in mcg.'),
    perWeek: described(
      z.nullable(SpreadSchema),
      'The dose per week, in mcg: per administration × doses per week of the frequency; "as needed" is left out.',
    ),
    byRoute: z.array(
      z.object({
        route: z.string(),
        n: z.int(),
        perAdministration: z.nullable(SpreadSchema),
        perWeek: z.nullable(SpreadSchema),
      }),
    ),
    frequency: described(
      z.nullable(z.object({ usual: z.string(), n: z.int(), of: z.int() })),
      'The commonest frequency, with how many reports give it (`n`) of how many (`of`).',
    ),
    duration: described(z.nullable(SpreadSchema), 'How long people took it, in days.'),
    bands: described(
      z.array(z.object({ outcome: z.string(), bands: z.array(BandMeanSchema) })),
      "Each outcome's mean (benefits only) with its 95% interval for the lower, middle and higher third of the doses per administration; an outcome is listed only where every third has at least 5 ratings.",
    ),
    usual: described(
      z.nullable(UsualDoseSchema),
      'What is usual per administration, in mcg; the wizard asks "Did you mean ...?" of a dose 10 times above or below it.',
    ),
    asOf: described(z.nullable(z.string()), 'The day of the publication batch the figures were computed at.'),
  }),
  'DoseFigures',
  'What people take: dose figures of the published reports, computed at each publication batch.',
);
export type DoseFiguresAnswer = z.infer<typeof DoseFiguresSchema>;

// Examples for the API document (contract/common.ts exampled: each is checked against its schema).
exampled(DoseInput, { amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } });
exampled(Dose, { amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' }, mcg: 250 });
exampled(SpreadSchema, { median: 250, low: 200, high: 350, n: 41 });
exampled(DoseFiguresSchema, {
  reports: 44,
  leftOut: 3,
  perAdministration: { median: 250, low: 200, high: 350, n: 41 },
  perWeek: { median: 1750, low: 1000, high: 2450, n: 38 },
  byRoute: [
    {
      route: 'subcutaneous',
      n: 41,
      perAdministration: { median: 250, low: 200, high: 350, n: 41 },
      perWeek: { median: 1750, low: 1000, high: 2450, n: 38 },
    },
  ],
  frequency: { usual: 'daily', n: 18, of: 44 },
  duration: { median: 42, low: 28, high: 60, n: 44 },
  bands: [
    {
      outcome: 'faster recovery',
      bands: [
        { band: 'lower', fromMcg: 100, toMcg: 200, mean: 6.8, low: 6.1, high: 7.5, n: 14 },
        { band: 'middle', fromMcg: 250, toMcg: 250, mean: 7.1, low: 6.5, high: 7.7, n: 15 },
        { band: 'higher', fromMcg: 300, toMcg: 500, mean: 7.4, low: 6.7, high: 8.1, n: 12 },
      ],
    },
  ],
  usual: { lowMcg: 200, highMcg: 500 },
  asOf: '2026-12-07',
});
