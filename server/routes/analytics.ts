import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  AnalyticsResponse,
  CompareQuery,
  CompareResponse,
  MemberAnalyticsResponse,
  ResearchExportQuery,
  ResearchExportResponse,
  ResearchOverviewResponse,
  ResearchPeptidesQuery,
  ResearchPeptidesResponse,
  TrendsQuery,
  TrendsResponse,
} from '../../contract/analytics';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import * as analytics from '../services/analytics';
import * as research from '../services/research';

export async function analyticsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/analytics/public', {
    ...publicRead,
    schema: { description: 'The community figures for everyone: totals, growth, top peptides and their outcome means.', response: { 200: AnalyticsResponse } },
  }, async () => ({
    success: true as const,
    data: await analytics.communityAnalytics(ctx),
  }));

  // Members only, and the same answer for every member: the caller is checked first
  // (plugins/auth.ts, preValidation), then plugins/response-cache.ts may answer from the bytes
  // it kept (config.sameForEveryMember).
  const sameForEveryMember = { access: 'member', sameForEveryMember: true } as const;
  const moderator = { access: 'moderator' } as const;

  app.get('/api/analytics', {
    config: sameForEveryMember,
    schema: {
      description:
        'Everything in the public answer, plus what members get beyond it: `monthly` (reports per month over the last 12, the month in progress marked `partial`) ' +
        'and `byCategory` (each category\'s peptides, reports and mean rating). Per-period trends and comparisons are the trends and compare operations.',
      response: { 200: MemberAnalyticsResponse },
    },
  }, async () => ({
    success: true as const,
    data: await analytics.memberAnalytics(ctx),
  }));

  app.get('/api/analytics/trends', { config: sameForEveryMember, schema: { querystring: TrendsQuery, response: { 200: TrendsResponse } } }, async (request) => {
    const { period, groupBy } = request.query;
    return { success: true as const, data: await analytics.trends(ctx, period, groupBy) };
  });

  app.get('/api/analytics/compare', { config: sameForEveryMember, schema: { querystring: CompareQuery, response: { 200: CompareResponse } } }, async (request) => {
    return { success: true as const, data: await analytics.compare(ctx, request.query.ids) };
  });

  app.get('/api/research/overview', { config: moderator, schema: { response: { 200: ResearchOverviewResponse } } }, async () => {
    return { success: true as const, data: await research.researchOverview(ctx) };
  });

  app.get('/api/research/peptides', { config: moderator, schema: { querystring: ResearchPeptidesQuery, response: { 200: ResearchPeptidesResponse } } }, async (request) => {
    const { page, limit, sort } = request.query;
    return { success: true as const, data: await research.researchPeptides(ctx, page, limit, sort) };
  });

  app.get('/api/research/export', {
    config: moderator,
    schema: {
      querystring: ResearchExportQuery,
      response: {
        200: {
          description: 'The reports as JSON, or as CSV with `format=csv` (the next page\'s cursor in `x-next-cursor`)',
          content: { 'application/json': { schema: ResearchExportResponse }, 'text/csv': { schema: z.string() } },
        },
      },
    },
  }, async (request, reply) => {
    const { format, limit, cursor } = request.query;
    const data = await research.researchExport(ctx, limit, cursor);
    const date = new Date().toISOString().slice(0, 10);
    if (format === 'csv') {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="peptide-experiences-${date}.csv"`);
      if (data.nextCursor) reply.header('x-next-cursor', data.nextCursor);
      return research.toCsv(data.rows);
    }
    return { success: true as const, data };
  });
}
