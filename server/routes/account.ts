// A member's own account and the password-reset and unsubscribe links from mail
// (docs/product-rules.md, "Your account"; contract/account.ts; services/accounts.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '../../contract/account';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { routeSchema } from '../plugins/route-config';
import { clientAddress } from '../lib/address';
import { badRequest } from '../lib/errors';
import { addressAttempt, signInAttempt } from '../lib/sign-in-limits';
import { callerOf } from '../plugins/auth';
import * as accounts from '../services/accounts';
import { unsubscribe } from '../services/digest';

export async function accountRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const attemptFor = (email: string, request: Parameters<typeof clientAddress>[0]) =>
    signInAttempt(ctx.limiter, ctx.config, email, clientAddress(request));

  app.post(ENDPOINTS.changePassword.path, { schema: await routeSchema('changePassword') }, async (request) => {
    const caller = callerOf(request);
    const data = await accounts.changePassword(ctx, caller, request.body, attemptFor(caller.email, request));
    return {
      success: true as const,
      data,
      message: 'Your password has been changed. Every other device was signed out.',
    };
  });

  app.post(ENDPOINTS.signOutEverywhere.path, { schema: await routeSchema('signOutEverywhere') }, async (request) => {
    const data = await accounts.signOutEverywhere(ctx, callerOf(request));
    return { success: true as const, data, message: 'You have been signed out on every device, this one included.' };
  });

  app.get(ENDPOINTS.exportMe.path, { schema: await routeSchema('exportMe') }, async (request) => {
    return { success: true as const, data: await accounts.exportAccount(ctx, callerOf(request)) };
  });

  app.post(ENDPOINTS.deleteMe.path, { schema: await routeSchema('deleteMe') }, async (request) => {
    const caller = callerOf(request);
    await accounts.deleteAccount(ctx, caller, request.body.password, attemptFor(caller.email, request));
    return { success: true as const, data: { deleted: true as const }, message: 'Your account has been deleted.' };
  });

  app.post(ENDPOINTS.forgotPassword.path, { schema: await routeSchema('forgotPassword') }, async (request) => {
    const { email } = request.body;
    // Counted like a failed sign-in of that email from this address (lib/sign-in-limits.ts):
    // one address cannot ask for many accounts, nor for one account many times.
    const attempt = attemptFor(email, request);
    await attempt.admit();
    await attempt.failed();
    // And at most RATE_LIMIT_RESET_MAIL mails per account an hour from everywhere, so nobody can
    // fill someone's inbox: past it the answer is the same and nothing is sent. Keyed by the
    // email as typed, whether or not it has an account, so that this tells nothing either.
    const mails = await ctx.limiter.count(
      'reset-mail',
      email.trim().toLowerCase(),
      ctx.config.rateLimits.resetMail.windowSeconds,
    );
    // Nothing is looked up now: whether the email has an account changes neither the answer, nor
    // its time, nor the work left behind (services/accounts.ts askPasswordReset).
    if (mails.count <= ctx.config.rateLimits.resetMail.max) accounts.askPasswordReset(ctx, email);
    return { success: true as const, data: {}, message: RESET_REQUESTED_MESSAGE };
  });

  app.post(ENDPOINTS.resetPassword.path, { schema: await routeSchema('resetPassword') }, async (request) => {
    // A wrong link counts as a failed sign-in of this address.
    const attempt = addressAttempt(ctx.limiter, ctx.config, clientAddress(request));
    await attempt.admit();
    const result = await accounts.resetPassword(ctx, request.body);
    if (!result.ok) {
      await attempt.failed();
      throw badRequest(RESET_LINK_INVALID_MESSAGE);
    }
    return {
      success: true as const,
      data: {},
      message: 'Your password has been changed and every device was signed out. Sign in with the new password.',
    };
  });

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form to
  // the address in the List-Unsubscribe header. Form bodies are read in this scope only; the
  // rest of the API reads JSON alone (app.ts). The web app's page posts JSON with the token in
  // the body, so it never travels in an address there.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(ENDPOINTS.unsubscribe.path, { schema: await routeSchema('unsubscribe') }, async (request) => {
        const token = request.body.token ?? request.query.token;
        if (!token) throw badRequest('token is required');
        await unsubscribe(ctx, token);
        return {
          success: true as const,
          data: { unsubscribed: true as const },
          message: 'You will not receive the weekly digest any more.',
        };
      });
  });
}
