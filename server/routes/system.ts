import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse, LimitsResponse } from '../../contract/analytics';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { publishedLimits } from '../lib/rate-limit';
import { publicRead } from '../plugins/route-config';

export async function systemRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(ENDPOINTS.health.path, { schema: { response: { 200: HealthResponse } } }, async () => {
    await ctx.db.query('select 1');
    return { success: true as const, data: { status: 'ok' as const, db: 'ok' as const } };
  });

  // The limits really enforced, read by the Research Hub's API Access tab.
  app.get(ENDPOINTS.limits.path, { ...publicRead, schema: { response: { 200: LimitsResponse } } }, async () => {
    const limits = publishedLimits(ctx.config.rateLimits).map(({ endpoints: _endpoints, ...limit }) => limit);
    return { success: true as const, data: { limits } };
  });
}
