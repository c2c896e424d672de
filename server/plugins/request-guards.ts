// Checks every request passes before its handler, whatever its path's spelling: path and query
// values PostgreSQL cannot hold are refused, and the general per-address limit counts every API
// request and every request no route matched (a flood of made-up paths is a flood too).
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { clientAddress } from '../lib/address';
import { badRequest } from '../lib/errors';
import { NUL_MESSAGE } from '../lib/json-body';
import { rateLimitHeaders } from '../lib/rate-limit';
import { routeConfig } from './route-config';

/** True when a decoded path parameter or query value holds a NUL (text in SQL cannot). */
export function holdsNul(values: unknown): boolean {
  if (typeof values === 'string') return values.includes('\0');
  if (Array.isArray(values)) return values.some(holdsNul);
  if (values && typeof values === 'object')
    return Object.entries(values).some(([k, v]) => k.includes('\0') || holdsNul(v));
  return false;
}

export const requestGuards = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    // Every answer says how much of the general limit is left (RateLimit, RateLimit-Policy), so
    // a client can slow down before it hears 429; a 429 says it with Retry-After too.
    app.addHook('onRequest', async (request, reply) => {
      if (routeConfig(request).api || request.is404) {
        const rule = ctx.config.rateLimits.general;
        const { remaining, resetSeconds } = await ctx.limiter.check('general', clientAddress(request), rule);
        reply.headers(rateLimitHeaders('general', rule, remaining, resetSeconds));
      }
    });
    // After every onRequest hook, so a caller without access to the route hears 401/403 first
    // (plugins/auth.ts), and before the body is read. Params and query are decoded already:
    // `%00` in any spelling arrives here as a NUL.
    app.addHook('preParsing', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query)) throw badRequest(NUL_MESSAGE);
    });
  },
  { name: 'request-guards' },
);
