import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { NO_VOTE_TO_WITHDRAW_MESSAGE, VOTE_WITHDRAWN_MESSAGE } from '../../contract/vocabulary';
import { ExperienceListResponse, HomeExperiencesResponse } from '../../contract/experiences';
import { AUTHOR_ANSWER_BYTES, HONEYPOT_MESSAGE, normaliseTrackingId } from '../../contract/rules';
import { ENDPOINTS, RETIRED_ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { authorAnswer, publicRead, routeSchema } from '../plugins/route-config';
import { clientAddress } from '../lib/address';
import { badRequest, notFound } from '../lib/errors';
import { trackingHash } from '../lib/tracking';
import { answerText } from '../lib/validate';
import { callerOf } from '../plugins/auth';
import { listEffects } from '../services/effects';
import * as feed from '../services/experience-feed';
import * as experiences from '../services/experiences';
import * as moderation from '../services/moderation';
import { publicationSchedule } from '../services/publication/disclosure';
import * as votes from '../services/votes';

export const RETIRED_DISCLOSURE_PATH =
  "This address is retired: no report shows its age range, sex or activity level any more; the peptide's shares of its reports by each come with GET /api/peptides/{id} (reporters)";

export const RETIRED_TRACKING_PATH =
  'This address is retired: send the tracking ID in the request body (POST /api/experiences/tracking/lookup, PUT /api/experiences/tracking, POST /api/experiences/tracking/delete)';

export async function experienceRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  /** Votes and flags count against the caller's per-account budget before their input is read. */
  const perAccount = (bucket: 'vote' | 'flag') => async (request: FastifyRequest) => {
    await ctx.limiter.check(bucket, callerOf(request).userId, limits.votes);
  };

  // Anonymous by design: the Authorization header is never read here. Every answer to an author
  // (this one, the lookup, the correction and the deletion) is of one fixed size per operation
  // (plugins/fixed-size-answers.ts), and the submission's carries only what its author lacks: not
  // the report's card, whose compressed size named the published report.
  app.post(
    ENDPOINTS.submitExperience.path,
    {
      ...authorAnswer(AUTHOR_ANSWER_BYTES.submission, { paddedBody: true }),
      schema: await routeSchema('submitExperience'),
      // Before the schema: every attempt counts, and a bot that fills every field gets the
      // honeypot answer even when the rest is wrong.
      preValidation: async (request) => {
        await ctx.limiter.check('submit', clientAddress(request), limits.submissions);
        const body = request.body as { website?: unknown } | undefined;
        if (body && typeof body === 'object' && typeof body.website === 'string' && body.website.trim() !== '') {
          throw badRequest(HONEYPOT_MESSAGE);
        }
      },
    },
    async (request, reply) => {
      const { experience, ...result } = await experiences.submitExperience(ctx, request.body);
      reply.code(201);
      return {
        success: true as const,
        data: { ...result, experience: { _id: experience._id } },
        message: result.publicFrom
          ? 'Experience submitted. It appears on the public pages with a publication batch, from publicFrom at the earliest to publicBy at the latest. Save your tracking ID to find, update or delete it.'
          : 'Experience submitted. Save your tracking ID to find, update or delete it later.',
      };
    },
  );

  // What the wizard tells a submitter before Submit (docs/product-rules.md, "Publication in
  // batches"): the same for every visitor, read when the wizard opens, never at its last step.
  app.get(ENDPOINTS.publication.path, { ...publicRead, schema: await routeSchema('publication') }, async () => {
    return { success: true as const, data: await publicationSchedule(ctx) };
  });

  app.get(ENDPOINTS.experiences.path, { ...publicRead, schema: await routeSchema('experiences') }, async (request) => {
    const page = await feed.listExperiences(ctx, request.query);
    return answerText<z.infer<typeof ExperienceListResponse>>(feed.feedPageJson(page));
  });

  // Retired: it carried a report's quasi-identifiers in its URL before Submit, where proxies and
  // the browser's cache kept them. No report shows its demographics now (docs/product-rules.md,
  // "Anonymity"). Answers 404 without reading the query.
  app.get(RETIRED_ENDPOINTS[0].path, { schema: { hide: true } }, async () => {
    throw notFound(RETIRED_DISCLOSURE_PATH);
  });

  app.get(
    ENDPOINTS.homeExperiences.path,
    { ...publicRead, schema: await routeSchema('homeExperiences') },
    async (request) => {
      return answerText<z.infer<typeof HomeExperiencesResponse>>(
        await feed.homeExperiencesJson(ctx, request.query.limit),
      );
    },
  );

  // The tracking ID is a capability: it travels only in the request body, never in a URL,
  // because proxies, hosts and browser histories keep URLs. Request logs name the route pattern
  // only (server/plugins/route-config.ts), and these routes answer `cache-control: no-store`.
  app.post(
    ENDPOINTS.trackedExperience.path,
    {
      ...authorAnswer(AUTHOR_ANSWER_BYTES.lookup),
      schema: await routeSchema('trackedExperience'),
    },
    async (request) => {
      return {
        success: true as const,
        data: { experience: await experiences.getByTracking(ctx, request.body.trackingId) },
      };
    },
  );

  // Corrections count per report, wherever they come from (RATE_LIMIT_EDITS): one report edited
  // in a loop cannot keep the queue and the log busy. Counted before the schema, on the ID as typed.
  app.put(
    ENDPOINTS.updateTrackedExperience.path,
    {
      ...authorAnswer(AUTHOR_ANSWER_BYTES.correction, { paddedBody: true }),
      schema: await routeSchema('updateTrackedExperience'),
      preValidation: async (request) => {
        const typed = (request.body as { trackingId?: unknown } | undefined)?.trackingId;
        if (typeof typed === 'string')
          await ctx.limiter.check('edit', trackingHash(normaliseTrackingId(typed)), limits.edits);
      },
    },
    async (request) => {
      const { trackingId, ...changes } = request.body;
      return {
        success: true as const,
        data: { experience: await experiences.updateByTracking(ctx, trackingId, changes) },
        message: 'Experience updated',
      };
    },
  );

  app.post(
    ENDPOINTS.deleteTrackedExperience.path,
    {
      ...authorAnswer(AUTHOR_ANSWER_BYTES.deletion),
      schema: await routeSchema('deleteTrackedExperience'),
    },
    async (request) => {
      return {
        success: true as const,
        data: await experiences.deleteByTracking(ctx, request.body.trackingId),
        message: 'Experience deleted',
      };
    },
  );

  // The retired path forms (a tracking ID in the URL) answer 404 without reading the ID, and
  // say where it goes now. Being routes, their log lines carry the pattern, not the ID.
  for (const method of RETIRED_ENDPOINTS[1].methods) {
    app.route({
      method,
      url: RETIRED_ENDPOINTS[1].path,
      schema: { hide: true },
      handler: async () => {
        throw notFound(RETIRED_TRACKING_PATH);
      },
    });
  }

  app.get(ENDPOINTS.experience.path, { ...publicRead, schema: await routeSchema('experience') }, async (request) => {
    return { success: true as const, data: { experience: await experiences.getExperience(ctx, request.params.id) } };
  });

  app.post(
    ENDPOINTS.vote.path,
    {
      schema: await routeSchema('vote'),
      preValidation: perAccount('vote'),
    },
    async (request, reply) => {
      const { voteType } = request.body;
      const result = await votes.castVote(ctx, callerOf(request), request.params.id, voteType);
      reply.code(201);
      return { success: true as const, data: result, message: `Your ${voteType} vote has been recorded.` };
    },
  );

  // Withdrawing counts against the same per-account budget as voting (one `vote` bucket), so
  // vote-withdraw cycles cannot go past the votes' limit.
  app.delete(
    ENDPOINTS.withdrawVote.path,
    {
      schema: await routeSchema('withdrawVote'),
      preValidation: perAccount('vote'),
    },
    async (request) => {
      const result = await votes.withdrawVote(ctx, callerOf(request), request.params.id);
      return {
        success: true as const,
        data: result,
        message: result.withdrawn ? VOTE_WITHDRAWN_MESSAGE : NO_VOTE_TO_WITHDRAW_MESSAGE,
      };
    },
  );

  // Members flag a published report once each; flags share the votes' per-account limit.
  app.post(
    ENDPOINTS.flag.path,
    {
      schema: await routeSchema('flag'),
      preValidation: perAccount('flag'),
    },
    async (request, reply) => {
      const { reason, note } = request.body;
      const result = await moderation.flagExperience(ctx, callerOf(request), request.params.id, reason, note);
      reply.code(201);
      return { success: true as const, data: result, message: 'Thank you. A moderator will look at this report.' };
    },
  );

  app.get(ENDPOINTS.voteStatus.path, { schema: await routeSchema('voteStatus') }, async (request) => {
    return { success: true as const, data: await votes.voteStatus(ctx, callerOf(request), request.params.id) };
  });

  app.get(ENDPOINTS.myVotes.path, { schema: await routeSchema('myVotes') }, async (request) => {
    return { success: true as const, data: await votes.myVotes(ctx, callerOf(request), request.query.experienceIds) };
  });

  app.get(ENDPOINTS.myFlags.path, { schema: await routeSchema('myFlags') }, async (request) => {
    return {
      success: true as const,
      data: await moderation.myFlags(ctx, callerOf(request), request.query.experienceIds),
    };
  });

  app.get(ENDPOINTS.effects.path, { ...publicRead, schema: await routeSchema('effects') }, async (request) => {
    return { success: true as const, data: await listEffects(ctx, request.query) };
  });
}
