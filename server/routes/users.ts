import type { FastifyInstance } from 'fastify';
import { Id } from '../../contract/common';
import {
  Credentials,
  LogoutRequest,
  PendingUsersQuery,
  RefreshRequest,
  RegisterRequest,
  RejectRequest,
  UpdateProfileRequest,
} from '../../contract/users';
import type { AppContext } from '../context';
import { clientAddress } from '../lib/address';
import { HttpError } from '../lib/errors';
import { assertPasswordNotCommon } from '../lib/passwords';
import { signInAttempt } from '../lib/sign-in-limits';
import { parse } from '../lib/validate';
import { optionalCaller, requireMember, requireModerator } from '../plugins/auth';
import * as users from '../services/users';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const limits = ctx.config.rateLimits;

  app.post('/api/users/register', async (request, reply) => {
    await ctx.limiter.check('register', clientAddress(request), limits.register);
    const input = parse(RegisterRequest, request.body);
    assertPasswordNotCommon(input.password);
    // A new and a taken email get this same answer (services/users.ts `register`).
    const user = await users.register(ctx, input);
    reply.code(201);
    return {
      success: true,
      data: { user },
      message: 'Account created. A moderator will review it; you can sign in once it is approved.',
    };
  });

  app.post('/api/users/login', async (request) => {
    const input = parse(Credentials, request.body);
    // Only failures count, per (account, address), per address and per account (lib/sign-in-limits.ts).
    const attempt = signInAttempt(ctx.limiter, ctx.config, input.email, clientAddress(request));
    await attempt.admit();
    let data: Awaited<ReturnType<typeof users.login>>;
    try {
      data = await users.login(ctx, input);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) await attempt.failed();
      // 403: the password was right but the account is not approved; not a failure.
      else if (err instanceof HttpError && err.statusCode === 403) await attempt.succeeded();
      throw err;
    }
    await attempt.succeeded();
    return { success: true, data };
  });

  app.post('/api/auth/refresh', async (request) => {
    const { refreshToken } = parse(RefreshRequest, request.body);
    return { success: true, data: await users.refresh(ctx, refreshToken) };
  });

  app.post('/api/auth/logout', async (request) => {
    const { refreshToken } = parse(LogoutRequest, request.body);
    // An expired access token must not stop a sign-out: the refresh token is enough.
    const caller = await optionalCaller(ctx, request).catch(() => null);
    await users.logout(ctx, refreshToken, caller);
    return { success: true, data: {} };
  });

  app.get('/api/users/me', async (request) => {
    const caller = await requireMember(ctx, request);
    return { success: true, data: { user: await users.getMe(ctx, caller) } };
  });

  app.put('/api/users/me', async (request) => {
    const caller = await requireMember(ctx, request);
    const input = parse(UpdateProfileRequest, request.body);
    return { success: true, data: { user: await users.updateMe(ctx, caller, input) }, message: 'Profile updated' };
  });

  app.get('/api/users/pending', async (request) => {
    await requireModerator(ctx, request);
    const { page, limit } = parse(PendingUsersQuery, request.query);
    return { success: true, data: await users.listPending(ctx, page, limit) };
  });

  app.post<{ Params: { id: string } }>('/api/users/:id/approve', async (request) => {
    const moderator = await requireModerator(ctx, request);
    const id = parse(Id, request.params.id, 'id');
    return { success: true, data: { user: await users.decide(ctx, moderator, id, 'approved') }, message: 'User approved' };
  });

  app.post<{ Params: { id: string } }>('/api/users/:id/reject', async (request) => {
    const moderator = await requireModerator(ctx, request);
    const id = parse(Id, request.params.id, 'id');
    const { notes } = parse(RejectRequest, request.body);
    return { success: true, data: { user: await users.decide(ctx, moderator, id, 'rejected', notes) }, message: 'User rejected' };
  });
}
