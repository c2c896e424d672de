// The fixed vocabulary every layer shares: categories, choices, sorts, limits. Plain values with
// no zod, so a screen that only needs a list of choices does not load the schema library.
//
// Each option list has its labels right beside it, written out (never derived from the slug:
// "18-24" and "1-3-days" must keep their hyphens). `Record<Value, string>` makes a missing label
// a type error. Screens show any option through `optionLabel` below, the one labelling rule.

type Labels<T extends readonly string[]> = Record<T[number], string>;
export const CATEGORIES = [
  'Healing & Recovery',
  'Growth Hormone',
  'Performance & Enhancement',
  'Anti-Aging',
  'Cognitive Enhancement',
  'Metabolic Health',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * How often a dose is taken, in the order the wizard offers them; each has its doses per week
 * (contract/doses.ts DOSES_PER_WEEK; "as needed" has none). `daily` keeps its stored value.
 */
export const FREQUENCIES = [
  'daily',
  'twice-daily',
  'every-other-day',
  'three-times-weekly',
  'twice-weekly',
  'every-3-4-days',
  'weekly',
  'five-on-two-off',
  'as-needed',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
const FREQUENCY_LABELS: Labels<typeof FREQUENCIES> = {
  daily: 'Once Daily',
  'twice-daily': 'Twice Daily',
  'every-other-day': 'Every Other Day',
  'three-times-weekly': 'Three Times Weekly',
  'twice-weekly': 'Twice Weekly',
  'every-3-4-days': 'Every 3-4 Days',
  weekly: 'Weekly',
  'five-on-two-off': '5 Days On / 2 Off',
  'as-needed': 'As Needed',
};
export const ROUTES = ['subcutaneous', 'intramuscular', 'oral', 'nasal', 'topical'] as const;
const ROUTE_LABELS: Labels<typeof ROUTES> = {
  subcutaneous: 'Subcutaneous',
  intramuscular: 'Intramuscular',
  oral: 'Oral',
  nasal: 'Nasal',
  topical: 'Topical',
};
/** Age ranges that do not overlap: every age falls in exactly one. */
export const AGE_RANGES = ['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+'] as const;
const AGE_RANGE_LABELS: Labels<typeof AGE_RANGES> = {
  '18-24': '18-24',
  '25-29': '25-29',
  '30-34': '30-34',
  '35-39': '35-39',
  '40-44': '40-44',
  '45-49': '45-49',
  '50+': '50+',
};
/**
 * The overlapping ranges reports were stored with before, and the range each now reads as
 * (migration 025_figures.sql; docs/product-rules.md, "Figures"): each keeps its lower bound.
 */
export const LEGACY_AGE_RANGES: Readonly<Record<string, (typeof AGE_RANGES)[number]>> = {
  '18-25': '18-24',
  '25-30': '25-29',
  '30-35': '30-34',
  '35-40': '35-39',
  '40-45': '40-44',
  '45-50': '45-49',
};
export const BIOLOGICAL_SEXES = ['male', 'female', 'prefer-not-to-say'] as const;
const BIOLOGICAL_SEX_LABELS: Labels<typeof BIOLOGICAL_SEXES> = {
  male: 'Male',
  female: 'Female',
  'prefer-not-to-say': 'Prefer not to say',
};
export const WIZARD_ACTIVITY_LEVELS = ['sedentary', 'moderate', 'active', 'athletic'] as const;
const WIZARD_ACTIVITY_LEVEL_LABELS: Labels<typeof WIZARD_ACTIVITY_LEVELS> = {
  sedentary: 'Sedentary',
  moderate: 'Moderate',
  active: 'Active',
  athletic: 'Athletic',
};
export const TIMELINES = [
  'immediately',
  '1-3-days',
  '1-week',
  '2-weeks',
  '3-4-weeks',
  '1-2-months',
  'no-effects',
] as const;
const TIMELINE_LABELS: Labels<typeof TIMELINES> = {
  immediately: 'Immediately',
  '1-3-days': '1-3 Days',
  '1-week': '1 Week',
  '2-weeks': '2 Weeks',
  '3-4-weeks': '3-4 Weeks',
  '1-2-months': '1-2 Months',
  'no-effects': 'No Effects',
};
/** The five outcomes every report is asked about (Home averages them per peptide); others are the submitter's words. */
export const CORE_OUTCOMES = ['energy', 'sleep', 'mood', 'performance', 'recovery'] as const;
const CORE_OUTCOME_LABELS: Labels<typeof CORE_OUTCOMES> = {
  energy: 'Energy',
  sleep: 'Sleep',
  mood: 'Mood',
  performance: 'Performance',
  recovery: 'Recovery',
};
export const PRIMARY_PURPOSES = [
  'Injury Healing',
  'Recovery',
  'Muscle Gain',
  'Strength',
  'Endurance',
  'Performance',
  'Fat Loss',
  'Weight Management',
  'Anti-Aging',
  'Longevity',
  'Skin Health',
  'Cognitive Enhancement',
  'Focus',
  'Memory',
  'Sleep',
  'Immune Support',
  'Gut Health',
] as const;

export const VOTE_TYPES = ['helpful', 'not-helpful', 'detailed', 'concerning'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
/** DELETE /api/experiences/{id}/vote answers (here, not with the schemas: the SPA shows them without loading zod). */
export const VOTE_WITHDRAWN_MESSAGE = 'Your vote has been withdrawn.';
export const NO_VOTE_TO_WITHDRAW_MESSAGE = 'You had not voted on this experience.';

export const ROLES = ['user', 'moderator'] as const;
/** `suspended`: approved once, then stopped by a moderator (may be reinstated); cannot sign in. */
export const ACCOUNT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
const GENDER_LABELS: Labels<typeof GENDERS> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

/**
 * Community filters by the peptide categories (a report is in its peptide's category), the same
 * list as the peptide list's filter, so one category finds the same peptides' reports on both.
 */
export const COMMUNITY_CATEGORIES = ['all', ...CATEGORIES] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];
export const COMMUNITY_CATEGORY_LABELS: Labels<typeof COMMUNITY_CATEGORIES> = {
  all: 'All Categories',
  ...(Object.fromEntries(CATEGORIES.map((c) => [c, c])) as Labels<typeof CATEGORIES>),
};
/**
 * The purpose groups Community filtered by before it used the peptide categories: old links
 * (`?category=healing`) open the category that replaced each.
 */
export const LEGACY_COMMUNITY_CATEGORIES: Readonly<Record<string, Category>> = {
  healing: 'Healing & Recovery',
  performance: 'Performance & Enhancement',
  'anti-aging': 'Anti-Aging',
  cognitive: 'Cognitive Enhancement',
};
export const COMMUNITY_SORTS = ['newest', 'oldest', 'helpful', 'rating'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export const COMMUNITY_SORT_LABELS: Labels<typeof COMMUNITY_SORTS> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  helpful: 'Most Helpful',
  rating: 'Highest Rated',
};
export const PEPTIDE_SORTS = ['name', 'rating', 'experiences', 'popularity'] as const;
export type PeptideSort = (typeof PEPTIDE_SORTS)[number];
export const PEPTIDE_SORT_LABELS: Labels<typeof PEPTIDE_SORTS> = {
  name: 'Name',
  rating: 'Rating',
  experiences: 'Experiences',
  popularity: 'Popularity',
};

// The stored choices of a report or profile, one lookup for all: no two lists give one value
// different labels (checked in contract/vocabulary.test.ts). Category and purpose lists hold
// their labels as their values.
const CHOICE_LABELS: Readonly<Record<string, string>> = {
  ...FREQUENCY_LABELS,
  ...ROUTE_LABELS,
  ...AGE_RANGE_LABELS,
  ...BIOLOGICAL_SEX_LABELS,
  ...WIZARD_ACTIVITY_LEVEL_LABELS,
  ...TIMELINE_LABELS,
  ...GENDER_LABELS,
};
export const CHOICE_LABEL_LISTS = [
  FREQUENCY_LABELS,
  ROUTE_LABELS,
  AGE_RANGE_LABELS,
  BIOLOGICAL_SEX_LABELS,
  WIZARD_ACTIVITY_LEVEL_LABELS,
  TIMELINE_LABELS,
  GENDER_LABELS,
] as const;

/**
 * The label of a stored choice (frequency, route, age range, sex, activity level, timeline,
 * gender): "1-3-days" -> "1-3 Days", "18-24" -> "18-24". A value outside the lists (an older
 * report) is shown exactly as stored, never reshaped.
 */
export function optionLabel(value: string): string {
  // An own label only: a stored value may be "toString" or "__proto__".
  return Object.hasOwn(CHOICE_LABELS, value) ? CHOICE_LABELS[value]! : value;
}

/** Short words Title Case leaves in lower case inside a name ("Quality of Sleep"). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * An outcome's name as every page shows it, in Title Case: the five core ones labelled, any other
 * with each word's first letter raised ("fat loss" → "Fat Loss", "well-being" → "Well-Being"). The
 * figures count outcomes by their lower-case name (contract/experiences.ts Outcomes), a report
 * keeps its submitter's letters: both read alike. Letters already upper case stay so ("HGH").
 */
export function outcomeLabel(name: string): string {
  if (Object.hasOwn(CORE_OUTCOME_LABELS, name)) return CORE_OUTCOME_LABELS[name as keyof typeof CORE_OUTCOME_LABELS];
  return name.replace(/(^|[\s-])(\p{Ll}[\p{L}\p{N}']*)/gu, (whole, before: string, word: string, at: number) =>
    at > 0 && before !== '-' && MINOR_WORDS.has(word) ? whole : before + word.charAt(0).toUpperCase() + word.slice(1),
  );
}

export const MAX_PAGE_SIZE = 100;

/** Ids are UUIDs; anything else is answered with 400 before it reaches SQL. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How each rate limit is counted (`GET /api/limits`, the API document, the API Access tab). */
export const LIMIT_SCOPE_LABELS = {
  address: 'per address',
  account: 'per account',
  email: 'per account and address',
  report: 'per report',
} as const;

/** A limit's window in words: "minute", "15 minutes", "hour", "2 hours", "day". */
export function limitWindowText(windowSeconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (windowSeconds % size === 0) {
      const n = windowSeconds / size;
      return n === 1 ? name : `${n} ${name}s`;
    }
  }
  return `${windowSeconds} seconds`;
}

/** A limit in words: "10 per hour", "600 per minute", "1,000 per 15 minutes". */
export function limitRateText(max: number, windowSeconds: number): string {
  return `${max.toLocaleString('en-US')} per ${limitWindowText(windowSeconds)}`;
}
