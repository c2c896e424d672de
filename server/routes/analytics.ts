import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { publicRead, routeSchema } from '../plugins/route-config';
import * as analytics from '../services/analytics';
import * as research from '../services/research';

export async function analyticsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    ENDPOINTS.publicAnalytics.path,
    {
      ...publicRead,
      schema: {
        ...(await routeSchema('publicAnalytics')),
        description: 'The community figures for everyone: totals, growth, top peptides and their outcome means.',
      },
    },
    async () => ({
      success: true as const,
      data: await analytics.communityAnalytics(ctx),
    }),
  );

  // Members only (contract/endpoints.ts), and the same answer for every member: the caller is
  // checked first (plugins/auth.ts, onRequest), then plugins/response-cache.ts may answer from
  // the bytes it kept (config.sameForEveryMember).
  const sameForEveryMember = { sameForEveryMember: true } as const;

  app.get(
    ENDPOINTS.analytics.path,
    {
      config: sameForEveryMember,
      schema: {
        ...(await routeSchema('analytics')),
        description:
          'Everything in the public answer, plus what members get beyond it: `monthly` (reports per month over the last 12, the month in progress marked `partial`) ' +
          "and `byCategory` (each category's peptides, reports and mean rating). Per-period trends and comparisons are the trends and compare operations.",
      },
    },
    async () => ({
      success: true as const,
      data: await analytics.memberAnalytics(ctx),
    }),
  );

  app.get(
    ENDPOINTS.trends.path,
    { config: sameForEveryMember, schema: await routeSchema('trends') },
    async (request) => {
      const { period, groupBy } = request.query;
      return { success: true as const, data: await analytics.trends(ctx, period, groupBy) };
    },
  );

  app.get(
    ENDPOINTS.compare.path,
    { config: sameForEveryMember, schema: await routeSchema('compare') },
    async (request) => {
      return { success: true as const, data: await analytics.compare(ctx, request.query.ids) };
    },
  );

  app.get(ENDPOINTS.researchOverview.path, { schema: await routeSchema('researchOverview') }, async () => {
    return { success: true as const, data: await research.researchOverview(ctx) };
  });

  app.get(ENDPOINTS.researchPeptides.path, { schema: await routeSchema('researchPeptides') }, async (request) => {
    const { page, limit, sort } = request.query;
    return { success: true as const, data: await research.researchPeptides(ctx, page, limit, sort) };
  });

  const exportSchema = await routeSchema('researchExport');
  app.get(
    ENDPOINTS.researchExport.path,
    {
      schema: {
        // The row's JSON answer, with the CSV form beside it.
        querystring: exportSchema.querystring,
        response: {
          200: {
            description:
              'The reports as JSON, or as CSV with `format=csv`: `table=reports` (one row per report; columns ' +
              `${research.CSV_COLUMNS.reports.join(', ')}; list cells are JSON arrays; an empty cell is none, and ageRange, biologicalSex and activityLevel are always empty) ` +
              `or \`table=outcomes\` (${research.CSV_COLUMNS.outcomes.join(', ')}: one row per rating, joined on id), ` +
              `or \`table=means\` (${research.CSV_COLUMNS.means.join(', ')}: every mean with its n and 95% interval; an empty outcome is the peptide's rating; one page). ` +
              "The next page's cursor is in `x-next-cursor` and the `Link` header.",
            content: { 'application/json': { schema: exportSchema.response[200] }, 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, table, bom, limit, cursor } = request.query;
      const data = await research.researchExport(ctx, limit, cursor);
      const date = new Date().toISOString().slice(0, 10);
      if (format === 'csv') {
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="peptide-${table === 'reports' ? 'experiences' : table}-${date}.csv"`,
          );
        // The means are one table, whole on every page: no next page.
        if (data.nextCursor && table !== 'means') reply.header('x-next-cursor', data.nextCursor);
        return research.toCsv(table, data.rows, bom, data.means);
      }
      return { success: true as const, data };
    },
  );
}
