import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONFIRM_LINK_INVALID_MESSAGE, EMAIL_CONFIRMED_MESSAGE, REGISTERED_MESSAGE } from '../../contract/users';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { routeSchema } from '../plugins/route-config';
import { clientAddress } from '../lib/address';
import { HttpError, badRequest } from '../lib/errors';
import { assertPasswordNotCommon } from '../lib/passwords';
import { addressAttempt, signInAttempt } from '../lib/sign-in-limits';
import { callerOf, optionalCaller } from '../plugins/auth';
import * as decisions from '../services/account-decisions';
import * as registration from '../services/registration';
import * as users from '../services/users';

export async function userRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  app.post(
    ENDPOINTS.register.path,
    {
      schema: await routeSchema('register'),
      // Every attempt counts, a malformed one too.
      preValidation: async (request) => {
        await ctx.limiter.check('register', clientAddress(request), limits.register);
      },
    },
    async (request, reply) => {
      const input = request.body;
      assertPasswordNotCommon(input.password);
      // A new, an unconfirmed and a taken email get this same answer after the same work
      // (services/registration.ts `register`).
      const user = await registration.register(ctx, input);
      reply.code(201);
      return { success: true as const, data: { user }, message: REGISTERED_MESSAGE };
    },
  );

  app.post(ENDPOINTS.confirmEmail.path, { schema: await routeSchema('confirmEmail') }, async (request) => {
    // A wrong link counts as a failed sign-in of this address, as a wrong reset link does.
    const attempt = addressAttempt(ctx.limiter, ctx.config, clientAddress(request));
    await attempt.admit();
    if (!(await registration.confirmEmail(ctx, request.body.token))) {
      await attempt.failed();
      throw badRequest(CONFIRM_LINK_INVALID_MESSAGE);
    }
    return { success: true as const, data: {}, message: EMAIL_CONFIRMED_MESSAGE };
  });

  app.post(ENDPOINTS.login.path, { schema: await routeSchema('login') }, async (request) => {
    const input = request.body;
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
    return { success: true as const, data };
  });

  app.post(ENDPOINTS.refresh.path, { schema: await routeSchema('refresh') }, async (request) => {
    return { success: true as const, data: await users.refresh(ctx, request.body.refreshToken) };
  });

  app.post(ENDPOINTS.logout.path, { schema: await routeSchema('logout') }, async (request) => {
    const { refreshToken } = request.body;
    // An expired access token must not stop a sign-out: the refresh token is enough.
    const caller = await optionalCaller(ctx, request).catch(() => null);
    await users.logout(ctx, refreshToken, caller);
    return { success: true as const, data: {} };
  });

  app.get(ENDPOINTS.me.path, { schema: await routeSchema('me') }, async (request) => {
    return { success: true as const, data: { user: await users.getMe(ctx, callerOf(request)) } };
  });

  app.put(ENDPOINTS.updateMe.path, { schema: await routeSchema('updateMe') }, async (request) => {
    return {
      success: true as const,
      data: { user: await users.updateMe(ctx, callerOf(request), request.body) },
      message: 'Profile updated',
    };
  });

  app.get(ENDPOINTS.pendingUsers.path, { schema: await routeSchema('pendingUsers') }, async (request) => {
    const { page, limit } = request.query;
    return { success: true as const, data: await users.listPending(ctx, page, limit) };
  });

  app.post(ENDPOINTS.approveUser.path, { schema: await routeSchema('approveUser') }, async (request) => {
    return {
      success: true as const,
      data: { user: await decisions.decide(ctx, callerOf(request), request.params.id, 'approved') },
      message: 'User approved',
    };
  });

  app.post(ENDPOINTS.rejectUser.path, { schema: await routeSchema('rejectUser') }, async (request) => {
    const { notes } = request.body;
    return {
      success: true as const,
      data: { user: await decisions.decide(ctx, callerOf(request), request.params.id, 'rejected', notes) },
      message: 'User rejected',
    };
  });
}
