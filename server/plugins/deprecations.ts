// An answer to a request that sent a deprecated alias (contract/deprecations.ts) says so:
// `Deprecation` (RFC 9745, when it was deprecated) and `Sunset` (RFC 8594, from when it may be
// refused). Query values are read in onRequest, before a kept answer is sent
// (plugins/response-cache.ts), so an answer from the cache carries them too; body values once
// the body is parsed, before the schema reads each alias as its replacement.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ALIASES_DEPRECATED_AT,
  ALIASES_SUNSET,
  DEPRECATED_INPUTS,
  type DeprecatedInput,
} from '../../contract/deprecations';
import { routeConfig } from './route-config';

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
