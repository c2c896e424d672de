// Values an older version of the API accepted and this one replaced, still accepted as deprecated
// aliases until their sunset (docs/api.md, "Deprecated values"): each is read as the value that
// replaced it, marked `deprecated` in the document, and an answer to a request that used one
// carries `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) (server/plugins/deprecations.ts).
import { z } from 'zod/mini';
import { deprecated } from './common';
import type { EndpointKey } from './endpoints';
import { AGE_RANGES, COMMUNITY_CATEGORIES, LEGACY_AGE_RANGES, LEGACY_COMMUNITY_CATEGORIES } from './vocabulary';

/** When the aliases were deprecated: the release that replaced their values (2.0.0). */
export const ALIASES_DEPRECATED_AT = '2026-11-27T00:00:00Z';
/** The first day an alias may be refused: 180 days after 3.1.0 accepted them again (8 December 2026). */
export const ALIASES_SUNSET = '2027-06-06T00:00:00Z';

/** Where an alias may be sent: the endpoints, the request part and the path to the value in it. */
export interface DeprecatedInput {
  endpoints: readonly EndpointKey[];
  part: 'query' | 'body';
  path: readonly string[];
  aliases: Readonly<Record<string, string>>;
}

export const DEPRECATED_INPUTS: readonly DeprecatedInput[] = [
  // The purpose groups the feed filtered by before the peptide categories.
  { endpoints: ['experiences'], part: 'query', path: ['category'], aliases: LEGACY_COMMUNITY_CATEGORIES },
  // The overlapping age ranges, read as stored reports were moved (migration 025_figures.sql).
  {
    endpoints: ['submitExperience', 'updateTrackedExperience'],
    part: 'body',
    path: ['demographics', 'ageRange'],
    aliases: LEGACY_AGE_RANGES,
  },
];

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
