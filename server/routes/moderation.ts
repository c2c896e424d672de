// Moderators' routes (docs/product-rules.md, "Moderation"): the queue, the decisions and the log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../contract/endpoints';
import { bulkDecisionMessage } from '../../contract/moderation-api';
import type { AppContext } from '../context';
import { routeSchema } from '../plugins/route-config';
import { callerOf } from '../plugins/auth';
import * as moderation from '../services/moderation';
import { moderationLog } from '../services/moderation-log';
import * as moderationQueue from '../services/moderation-queue';

const DONE = { publish: 'Report published.', hide: 'Report hidden.', restore: 'Report restored.' } as const;
const KEPT = "Kept published: the members' flags are dismissed.";
const UNDONE = {
  'keep-published': 'Flag dismissal undone: the flags are open again and the report waits for review.',
  publish: 'Publish undone: the report stays held.',
  restore: 'Restore undone: the report stays hidden.',
  hide: 'Hide undone: the report is back as it was.',
} as const;
const SCHEDULED = {
  publish: 'Report approved: it is published at the next publication batch.',
  restore: 'Report approved for restoring: it is public again at the next publication batch.',
} as const;

export async function moderationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(ENDPOINTS.moderationQueue.path, { schema: await routeSchema('moderationQueue') }, async (request) => {
    return { success: true as const, data: await moderationQueue.queue(ctx, request.query) };
  });

  app.get(ENDPOINTS.moderationLog.path, { schema: await routeSchema('moderationLog') }, async (request) => {
    return { success: true as const, data: await moderationLog(ctx, request.query) };
  });

  for (const action of ['publish', 'restore'] as const) {
    const key = action === 'publish' ? 'moderationPublish' : 'moderationRestore';
    app.post(ENDPOINTS[key].path, { schema: await routeSchema(key) }, async (request) => {
      const { kept, ...decision } = await moderation.decide(ctx, callerOf(request), request.params.id, action);
      return {
        success: true as const,
        data: decision,
        message: kept ? KEPT : decision.publicFrom ? SCHEDULED[action] : DONE[action],
      };
    });
  }

  app.post(
    ENDPOINTS.moderationHide.path,
    {
      schema: await routeSchema('moderationHide'),
    },
    async (request) => {
      const { kept: _, ...decision } = await moderation.decide(
        ctx,
        callerOf(request),
        request.params.id,
        'hide',
        request.body,
      );
      return { success: true as const, data: decision, message: DONE.hide };
    },
  );

  app.get(ENDPOINTS.moderationSummary.path, { schema: await routeSchema('moderationSummary') }, async () => {
    return { success: true as const, data: await moderationQueue.summary(ctx) };
  });

  app.post(ENDPOINTS.moderationBulk.path, { schema: await routeSchema('moderationBulk') }, async (request) => {
    const { results, refused } = await moderation.decideMany(ctx, callerOf(request), request.body);
    return { success: true as const, data: { results }, message: bulkDecisionMessage(request.body, results, refused) };
  });

  app.post(ENDPOINTS.moderationUndo.path, { schema: await routeSchema('moderationUndo') }, async (request) => {
    const data = await moderation.undoDecision(ctx, callerOf(request), request.params.id);
    return { success: true as const, data, message: UNDONE[data.undone] };
  });
}
