// Moderators' decisions on accounts after the first (docs/product-rules.md, "Registration
// approval"): undo an approval or rejection, the approved members, suspend and reinstate, and the
// account log. Access is checked from contract/endpoints.ts (plugins/auth.ts) before these run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { callerOf } from '../plugins/auth';
import { routeSchema } from '../plugins/route-config';
import * as decisions from '../services/account-decisions';

const UNDONE = {
  approve: 'Approval undone: the account waits for a decision again, and no mail was sent.',
  reject: 'Rejection undone: the account waits for a decision again, and no mail was sent.',
} as const;

export async function memberRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(ENDPOINTS.members.path, { schema: await routeSchema('members') }, async (request) => {
    return { success: true as const, data: await decisions.listMembers(ctx, request.query) };
  });

  app.post(ENDPOINTS.undoUserDecision.path, { schema: await routeSchema('undoUserDecision') }, async (request) => {
    const data = await decisions.undoDecision(ctx, callerOf(request), request.params.id);
    return { success: true as const, data, message: UNDONE[data.undone] };
  });

  app.post(ENDPOINTS.suspendUser.path, { schema: await routeSchema('suspendUser') }, async (request) => {
    const user = await decisions.setSuspended(ctx, callerOf(request), request.params.id, true, request.body.note);
    return { success: true as const, data: { user }, message: 'Member suspended: their sessions have ended.' };
  });

  app.post(ENDPOINTS.reinstateUser.path, { schema: await routeSchema('reinstateUser') }, async (request) => {
    const user = await decisions.setSuspended(ctx, callerOf(request), request.params.id, false);
    return { success: true as const, data: { user }, message: 'Member reinstated: they can sign in again.' };
  });

  app.get(ENDPOINTS.accountLog.path, { schema: await routeSchema('accountLog') }, async (request) => {
    return { success: true as const, data: await decisions.accountLog(ctx, request.query) };
  });
}
