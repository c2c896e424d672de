import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompareQuery, ResearchExportQuery, ResearchPeptidesQuery, TrendsQuery } from '../../contract/analytics';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import { parse } from '../lib/validate';
import { requireMember, requireModerator } from '../plugins/auth';
import * as analytics from '../services/analytics';

export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/analytics/public', publicRead, async () => ({ success: true, data: await analytics.communityAnalytics(ctx) }));

  // Members only, and the same answer for every member: the caller is checked first (onRequest),
  // then plugins/response-cache.ts may answer from the bytes it kept (config.sameForEveryMember).
  const sameForEveryMember = {
    config: { sameForEveryMember: true },
    onRequest: async (request: FastifyRequest) => {
      await requireMember(ctx, request);
    },
  };

  app.get('/api/analytics', sameForEveryMember, async () => ({ success: true, data: await analytics.communityAnalytics(ctx) }));

  app.get('/api/analytics/trends', sameForEveryMember, async (request) => {
    const { period, groupBy } = parse(TrendsQuery, request.query);
    return { success: true, data: await analytics.trends(ctx, period, groupBy) };
  });

  app.get('/api/analytics/compare', sameForEveryMember, async (request) => {
    const { ids } = parse(CompareQuery, request.query);
    return { success: true, data: await analytics.compare(ctx, ids) };
  });

  app.get('/api/research/overview', async (request) => {
    await requireModerator(ctx, request);
    return { success: true, data: await analytics.researchOverview(ctx) };
  });

  app.get('/api/research/peptides', async (request) => {
    await requireModerator(ctx, request);
    const { page, limit, sort } = parse(ResearchPeptidesQuery, request.query);
    return { success: true, data: await analytics.researchPeptides(ctx, page, limit, sort) };
  });

  app.get('/api/research/export', async (request, reply) => {
    await requireModerator(ctx, request);
    const { format, limit, cursor } = parse(ResearchExportQuery, request.query);
    const data = await analytics.researchExport(ctx, limit, cursor);
    const date = new Date().toISOString().slice(0, 10);
    if (format === 'csv') {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="peptide-experiences-${date}.csv"`);
      if (data.nextCursor) reply.header('x-next-cursor', data.nextCursor);
      return analytics.toCsv(data.rows);
    }
    return { success: true, data };
  });
}
