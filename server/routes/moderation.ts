// Moderators' routes (docs/product-rules.md, "Moderation"): the queue, the decisions and the log.
import type { FastifyInstance } from 'fastify';
import { Id } from '../../contract/common';
import { HideRequest, ModerationLogQuery, ModerationQueueQuery } from '../../contract/moderation-api';
import type { AppContext } from '../context';
import { parse } from '../lib/validate';
import { requireModerator } from '../plugins/auth';
import * as moderation from '../services/moderation';

const DONE = { publish: 'Report published.', hide: 'Report hidden.', restore: 'Report restored.' } as const;

export async function moderationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/moderation/queue', async (request) => {
    await requireModerator(ctx, request);
    return { success: true, data: await moderation.queue(ctx, parse(ModerationQueueQuery, request.query)) };
  });

  app.get('/api/moderation/log', async (request) => {
    await requireModerator(ctx, request);
    return { success: true, data: await moderation.moderationLog(ctx, parse(ModerationLogQuery, request.query)) };
  });

  for (const action of ['publish', 'restore'] as const) {
    app.post<{ Params: { id: string } }>(`/api/moderation/experiences/:id/${action}`, async (request) => {
      const moderator = await requireModerator(ctx, request);
      const id = parse(Id, request.params.id, 'id');
      return { success: true, data: await moderation.decide(ctx, moderator, id, action), message: DONE[action] };
    });
  }

  app.post<{ Params: { id: string } }>('/api/moderation/experiences/:id/hide', async (request) => {
    const moderator = await requireModerator(ctx, request);
    const id = parse(Id, request.params.id, 'id');
    const hide = parse(HideRequest, request.body);
    return { success: true, data: await moderation.decide(ctx, moderator, id, 'hide', hide), message: DONE.hide };
  });
}
