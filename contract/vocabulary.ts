// The fixed vocabulary every layer shares: categories, choices, sorts, limits. Plain values with
// no zod, so a screen that only needs a list of choices does not load the schema library.
export const CATEGORIES = [
  'Healing & Recovery',
  'Growth Hormone',
  'Performance & Enhancement',
  'Anti-Aging',
  'Cognitive Enhancement',
  'Metabolic Health',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const FREQUENCIES = ['daily', 'every-other-day', 'twice-weekly', 'weekly', 'as-needed'] as const;
export const ROUTES = ['subcutaneous', 'intramuscular', 'oral', 'nasal'] as const;
export const AGE_RANGES = ['18-25', '25-30', '30-35', '35-40', '40-45', '45-50', '50+'] as const;
export const BIOLOGICAL_SEXES = ['male', 'female', 'prefer-not-to-say'] as const;
export const WIZARD_ACTIVITY_LEVELS = ['sedentary', 'moderate', 'active', 'athletic'] as const;
export const TIMELINES = ['immediately', '1-3-days', '1-week', '2-weeks', '3-4-weeks', '1-2-months', 'no-effects'] as const;
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
export const ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const PROFILE_ACTIVITY_LEVELS = [
  'sedentary',
  'lightly-active',
  'moderately-active',
  'very-active',
  'extremely-active',
] as const;

export const COMMUNITY_CATEGORIES = ['all', 'healing', 'performance', 'anti-aging', 'cognitive'] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];
export const COMMUNITY_SORTS = ['newest', 'oldest', 'helpful', 'rating'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export const PEPTIDE_SORTS = ['name', 'rating', 'experiences', 'popularity'] as const;
export type PeptideSort = (typeof PEPTIDE_SORTS)[number];

export const MAX_PAGE_SIZE = 100;

/** Ids are UUIDs; anything else is answered with 400 before it reaches SQL. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
