// An answer to a request that sent a deprecated alias (contract/deprecations.ts) says so:
// `Deprecation` (RFC 9745, when it was deprecated) and `Sunset` (RFC 8594, from when it may be
// refused). Query values are read in onRequest, before a kept answer is sent
// (plugins/response-cache.ts), so an answer from the cache carries them too; body values once
// the body is parsed, before the schema reads each alias as its replacement.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ALIASES_DEPRECATED_AT, ALIASES_SUNSET, PROFILE_ACTIVITY_ALIASES } from '../../contract/deprecations';
import type { EndpointKey } from '../../contract/endpoints';
import { LEGACY_AGE_RANGES, LEGACY_COMMUNITY_CATEGORIES } from '../../contract/vocabulary';
import { routeConfig } from './route-config';

/** Where an alias may be sent: the endpoints, the request part and the path to the value in it. */
export interface DeprecatedInput {
  endpoints: readonly EndpointKey[];
  part: 'query' | 'body';
  path: readonly string[];
  /** The old values and what each is read as; `null`: a deprecated field, any value of it. */
  aliases: Readonly<Record<string, string>> | null;
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
  // The profile's age (from 13) and five activity levels, until it took the wizard's vocabulary.
  { endpoints: ['updateMe'], part: 'body', path: ['demographics', 'age'], aliases: null },
  { endpoints: ['updateMe'], part: 'body', path: ['demographics', 'activityLevel'], aliases: PROFILE_ACTIVITY_ALIASES },
];

const DEPRECATION = `@${Math.floor(Date.parse(ALIASES_DEPRECATED_AT) / 1000)}`;
const SUNSET = new Date(ALIASES_SUNSET).toUTCString();

function valueAt(source: unknown, path: readonly string[]): unknown {
  let node = source;
  for (const key of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function markIfAliased(request: FastifyRequest, reply: FastifyReply, part: DeprecatedInput['part']): void {
  const key = routeConfig(request).endpoint;
  if (!key) return;
  for (const input of DEPRECATED_INPUTS) {
    if (input.part !== part || !input.endpoints.includes(key)) continue;
    const value = valueAt(part === 'query' ? request.query : request.body, input.path);
    const aliased = input.aliases
      ? typeof value === 'string' && Object.hasOwn(input.aliases, value)
      : value !== undefined;
    if (aliased) reply.header('deprecation', DEPRECATION).header('sunset', SUNSET);
  }
}

export const deprecatedAliases = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => markIfAliased(request, reply, 'query'));
    app.addHook('preValidation', async (request, reply) => markIfAliased(request, reply, 'body'));
  },
  { name: 'deprecated-aliases' },
);
