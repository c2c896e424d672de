// Bearer tokens: verified, then checked against a live session and an approved account. Who may
// call a route is contract/endpoints.ts's access (`config.access`, set by route-config.ts); the check runs
// before the request is validated, so a caller without access gets 401/403, never a 400 about
// a body they may not send.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, Caller } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { resolveCaller } from '../services/users';
import { routeConfig } from './route-config';

const callers = new WeakMap<FastifyRequest, Promise<Caller | null>>();

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * The caller, or null without an Authorization header. A header that is present but
 * invalid, expired or revoked is a 401, so the client refreshes rather than silently
 * browsing signed out.
 */
export function optionalCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  let pending = callers.get(request);
  if (!pending) {
    pending = (async () => {
      const token = bearer(request);
      if (token === null) return null;
      if (!token) throw unauthorized('Invalid authorization header', 'invalid_token');
      let claims;
      try {
        claims = await ctx.tokens.verifyAccess(token);
      } catch (err) {
        // An expired token is worth a refresh; any other is not.
        if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED')
          throw unauthorized('Your session has expired. Please sign in again.', 'token_expired');
        throw unauthorized('Your session is invalid. Please sign in again.', 'invalid_token');
      }
      return resolveCaller(ctx, claims.sub, claims.sid);
    })();
    callers.set(request, pending);
  }
  return pending;
}

export async function requireMember(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const caller = await optionalCaller(ctx, request);
  if (!caller) throw unauthorized();
  return caller;
}

export async function requireModerator(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const caller = await requireMember(ctx, request);
  if (caller.role !== 'moderator') throw forbidden('Only moderators can do this');
  return caller;
}

const admitted = new WeakMap<FastifyRequest, Caller>();

/**
 * Checks `config.access` in onRequest, before the body is read: a caller without access hears
 * 401/403 and nothing about its input (malformed JSON, a body too large, a NUL, a field the
 * schema refuses), and the server never parses a body for them. Registered after the general
 * rate limit (plugins/request-guards.ts), so refused requests still count against it.
 */
export const accessChecks = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    app.addHook('onRequest', async (request) => {
      const { access } = routeConfig(request);
      if (access === 'member') admitted.set(request, await requireMember(ctx, request));
      else if (access === 'moderator') admitted.set(request, await requireModerator(ctx, request));
    });
  },
  { name: 'access-checks' },
);

/** The caller of a route declared `access: 'member'` or `'moderator'` (checked already). */
export function callerOf(request: FastifyRequest): Caller {
  const caller = admitted.get(request);
  if (!caller)
    throw new Error(`${request.routeOptions.url} reads the caller but does not declare member or moderator access`);
  return caller;
}
