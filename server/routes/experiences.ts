import type { FastifyInstance } from 'fastify';
import { Id } from '../../contract/common';
import { NO_VOTE_TO_WITHDRAW_MESSAGE, VOTE_WITHDRAWN_MESSAGE } from '../../contract/vocabulary';
import {
  DisclosureQuery,
  EffectsQuery,
  ExperienceListQuery,
  HomeExperiencesQuery,
  MyVotesQuery,
  SubmitExperienceRequest,
  TrackingLookupRequest,
  UpdateTrackedExperienceRequest,
  VoteRequest,
} from '../../contract/experiences';
import { FlagRequest } from '../../contract/moderation-api';
import { HONEYPOT_MESSAGE } from '../../contract/rules';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import { clientAddress } from '../lib/address';
import { badRequest, notFound } from '../lib/errors';
import { parse } from '../lib/validate';
import { requireMember } from '../plugins/auth';
import { listEffects } from '../services/effects';
import * as experiences from '../services/experiences';
import * as moderation from '../services/moderation';
import * as votes from '../services/votes';

export const RETIRED_TRACKING_PATH =
  'This address is retired: send the tracking ID in the request body (POST /api/experiences/tracking/lookup, PUT /api/experiences/tracking, POST /api/experiences/tracking/delete)';

export async function experienceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const limits = ctx.config.rateLimits;

  // Anonymous by design: the Authorization header is never read here.
  app.post('/api/experiences', async (request, reply) => {
    await ctx.limiter.check('submit', clientAddress(request), limits.submissions);
    const body = request.body as { website?: unknown } | undefined;
    // Checked before anything else: a bot that fills every field gets the honeypot answer.
    if (body && typeof body === 'object' && typeof body.website === 'string' && body.website.trim() !== '') {
      throw badRequest(HONEYPOT_MESSAGE);
    }
    const input = parse(SubmitExperienceRequest, body);
    const result = await experiences.submitExperience(ctx, input);
    reply.code(201);
    return {
      success: true,
      data: result,
      message: 'Experience submitted. Save your tracking ID to find, update or delete it later.',
    };
  });

  app.get('/api/experiences', publicRead, async (request) => {
    const query = parse(ExperienceListQuery, request.query);
    return { success: true, data: await experiences.listExperiences(ctx, query) };
  });

  // The wizard's preview: would these quasi-identifiers show (contract DisclosureQuery)?
  app.get('/api/experiences/disclosure', publicRead, async (request) => {
    const query = parse(DisclosureQuery, request.query);
    return { success: true, data: await experiences.disclosure(ctx, query) };
  });

  app.get('/api/experiences/home/public', publicRead, async (request) => {
    const { limit } = parse(HomeExperiencesQuery, request.query);
    return { success: true, data: await experiences.homeExperiences(ctx, limit) };
  });

  // The tracking ID is a capability: it travels only in the request body, never in a URL,
  // because proxies, hosts and browser histories keep URLs. Request logs name the route pattern
  // only (server/plugins/route-config.ts), and these routes answer `cache-control: no-store`.
  app.post('/api/experiences/tracking/lookup', async (request) => {
    const { trackingId } = parse(TrackingLookupRequest, request.body);
    return { success: true, data: { experience: await experiences.getByTracking(ctx, trackingId) } };
  });

  app.put('/api/experiences/tracking', async (request) => {
    const { trackingId, ...changes } = parse(UpdateTrackedExperienceRequest, request.body);
    return {
      success: true,
      data: { experience: await experiences.updateByTracking(ctx, trackingId, changes) },
      message: 'Experience updated',
    };
  });

  app.post('/api/experiences/tracking/delete', async (request) => {
    const { trackingId } = parse(TrackingLookupRequest, request.body);
    await experiences.deleteByTracking(ctx, trackingId);
    return { success: true, data: {}, message: 'Experience deleted' };
  });

  // The retired path forms (a tracking ID in the URL) answer 404 without reading the ID, and
  // say where it goes now. Being routes, their log lines carry the pattern, not the ID.
  for (const method of ['GET', 'PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/experiences/tracking/:trackingId',
      handler: async () => {
        throw notFound(RETIRED_TRACKING_PATH);
      },
    });
  }

  app.get<{ Params: { id: string } }>('/api/experiences/:id', publicRead, async (request) => {
    const id = parse(Id, request.params.id, 'id');
    return { success: true, data: { experience: await experiences.getExperience(ctx, id) } };
  });

  app.post<{ Params: { id: string } }>('/api/experiences/:id/vote', async (request, reply) => {
    const caller = await requireMember(ctx, request);
    await ctx.limiter.check('vote', caller.userId, limits.votes);
    const id = parse(Id, request.params.id, 'id');
    const { voteType } = parse(VoteRequest, request.body);
    const result = await votes.castVote(ctx, caller, id, voteType);
    reply.code(201);
    return { success: true, data: result, message: `Your ${voteType} vote has been recorded.` };
  });

  // Withdrawing counts against the same per-account budget as voting (one `vote` bucket), so
  // vote-withdraw cycles cannot go past the votes' limit.
  app.delete<{ Params: { id: string } }>('/api/experiences/:id/vote', async (request) => {
    const caller = await requireMember(ctx, request);
    await ctx.limiter.check('vote', caller.userId, limits.votes);
    const id = parse(Id, request.params.id, 'id');
    const result = await votes.withdrawVote(ctx, caller, id);
    return { success: true, data: result, message: result.withdrawn ? VOTE_WITHDRAWN_MESSAGE : NO_VOTE_TO_WITHDRAW_MESSAGE };
  });

  // Members flag a published report once each; flags share the votes' per-account limit.
  app.post<{ Params: { id: string } }>('/api/experiences/:id/flag', async (request, reply) => {
    const caller = await requireMember(ctx, request);
    await ctx.limiter.check('flag', caller.userId, limits.votes);
    const id = parse(Id, request.params.id, 'id');
    const { reason, note } = parse(FlagRequest, request.body);
    const result = await moderation.flagExperience(ctx, caller, id, reason, note);
    reply.code(201);
    return { success: true, data: result, message: 'Thank you. A moderator will look at this report.' };
  });

  app.get<{ Params: { id: string } }>('/api/experiences/:id/vote', async (request) => {
    const caller = await requireMember(ctx, request);
    const id = parse(Id, request.params.id, 'id');
    return { success: true, data: await votes.voteStatus(ctx, caller, id) };
  });

  app.get('/api/votes', async (request) => {
    const caller = await requireMember(ctx, request);
    const { experienceIds } = parse(MyVotesQuery, request.query);
    if (experienceIds.length > 100) throw badRequest('experienceIds can name at most 100 experiences');
    for (const id of experienceIds) parse(Id, id, 'experienceIds');
    return { success: true, data: await votes.myVotes(ctx, caller, experienceIds) };
  });

  app.get('/api/effects', publicRead, async (request) => {
    const query = parse(EffectsQuery, request.query);
    return { success: true, data: await listEffects(ctx, query) };
  });
}
