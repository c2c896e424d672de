// Bearer tokens: verified, then checked against a live session and an approved account.
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { resolveCaller } from '../services/users';

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
      if (!token) throw unauthorized('Invalid authorization header');
      let claims;
      try {
        claims = await ctx.tokens.verifyAccess(token);
      } catch {
        throw unauthorized('Your session has expired or is invalid. Please sign in again.');
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
