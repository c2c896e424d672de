// Liveness, readiness and the limits really enforced.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '../../contract/common';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { publishedLimits } from '../lib/rate-limit';
import { publicRead, routeSchema } from '../plugins/route-config';
import { readinessCheck } from '../services/readiness';

export async function systemRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Liveness: the process answers. Nothing from the database, so an orchestrator does not
  // restart a server whose database is away for a moment (readiness says that).
  app.get(ENDPOINTS.health.path, { schema: await routeSchema('health') }, async () => ({
    success: true as const,
    data: { status: 'ok' as const },
  }));

  // Readiness: a load balancer sends this process requests only while it answers 200.
  const readiness = readinessCheck(ctx);
  const ready = await routeSchema('healthReady');
  app.get(ENDPOINTS.healthReady.path, { schema: { response: { ...ready.response, 503: ApiErrorBody } } }, async () => {
    const { migrations } = await readiness();
    return { success: true as const, data: { status: 'ready' as const, db: 'ok' as const, migrations } };
  });

  // The limits really enforced, read by the Research Hub's API Access tab.
  app.get(ENDPOINTS.limits.path, { ...publicRead, schema: await routeSchema('limits') }, async () => {
    const limits = publishedLimits(ctx.config.rateLimits).map(({ endpoints: _endpoints, ...limit }) => limit);
    return { success: true as const, data: { limits } };
  });
}
