// Values an older version of the API accepted and this one replaced, still accepted as deprecated
// aliases until their sunset (docs/api.md, "Deprecated values"): each is read as the value that
// replaced it, marked `deprecated` in the document, and an answer to a request that used one
// carries `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) (server/plugins/deprecations.ts, which
// lists where each may be sent).
import { z } from 'zod/mini';
import { deprecated } from './common';
import {
  AGE_RANGES,
  COMMUNITY_CATEGORIES,
  LEGACY_AGE_RANGES,
  LEGACY_COMMUNITY_CATEGORIES,
  WIZARD_ACTIVITY_LEVELS,
} from './vocabulary';

/** When the aliases were deprecated: the release that replaced their values (2.0.0). */
export const ALIASES_DEPRECATED_AT = '2026-11-27T00:00:00Z';
/** The first day an alias may be refused: 180 days after 3.1.0 accepted them again (8 December 2026). */
export const ALIASES_SUNSET = '2027-06-06T00:00:00Z';

/** The profile's five activity levels of 3.0.0 and the wizard's level each moved to (migration 038_profile_vocabulary.sql). */
export const PROFILE_ACTIVITY_ALIASES: Readonly<Record<string, (typeof WIZARD_ACTIVITY_LEVELS)[number]>> = {
  'lightly-active': 'moderate',
  'moderately-active': 'moderate',
  'very-active': 'active',
  'extremely-active': 'athletic',
};

/** The age range of an age, as migration 038_profile_vocabulary.sql moved stored ones; none under 18. */
export function ageRangeOfAge(age: number): (typeof AGE_RANGES)[number] | null {
  if (!Number.isFinite(age) || age < 18) return null;
  if (age >= 50) return '50+';
  const from = [18, 25, 30, 35, 40, 45].findLast((start) => age >= start) ?? 18;
  return AGE_RANGES.find((r) => r.startsWith(`${from}-`)) ?? null;
}

/** `values`, or one of the old `aliases`, read as the value it became (deprecated in the document). */
function withAliases<const V extends readonly [string, ...string[]]>(
  values: V,
  aliases: Readonly<Record<string, V[number]>>,
  replaced: string,
) {
  const old = Object.keys(aliases) as [string, ...string[]];
  return z.union([
    z.enum(values),
    deprecated(
      z.pipe(
        z.enum(old),
        z.transform((v: string) => aliases[v] as V[number]),
      ),
      `Deprecated: ${replaced}, read as the value that replaced each (${Object.entries(aliases)
        .map(([from, to]) => `\`${from}\` as \`${to}\``)
        .join(', ')}); refused from ${ALIASES_SUNSET.slice(0, 10)}.`,
    ),
  ]);
}

export const CommunityCategoryParam = withAliases(
  COMMUNITY_CATEGORIES,
  LEGACY_COMMUNITY_CATEGORIES,
  'the purpose groups the feed filtered by until 2.0.0',
);
export const AgeRangeField = withAliases(AGE_RANGES, LEGACY_AGE_RANGES, 'the overlapping age ranges of 1.x');
export const ProfileActivityField = withAliases(
  WIZARD_ACTIVITY_LEVELS,
  PROFILE_ACTIVITY_ALIASES,
  "the profile's five activity levels of 3.0.0",
);
/** The profile's age of 3.0.0: read as its age range (`ageRangeOfAge`) when none is sent, never answered. */
export const DeprecatedProfileAge = deprecated(
  z
    .int('age must be a whole number')
    .check(z.gte(13, 'age must be at least 13'), z.lte(120, 'age must be at most 120')),
  `Deprecated: the profile keeps an age range now (\`ageRange\`). An age sent is read as its range when no \`ageRange\` is sent (under 18: none), and never answered; refused from ${ALIASES_SUNSET.slice(0, 10)}.`,
);
