// Liveness, readiness and the limits really enforced.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '../../contract/common';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { migrationNames, pendingMigrations } from '../db/migrate';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, serviceUnavailable } from '../lib/errors';
import { publishedLimits } from '../lib/rate-limit';
import { DRAIN } from '../plugins/drain';
import { publicRead, routeSchema } from '../plugins/route-config';

export const NOT_READY = {
  draining: 'This server is stopping: send requests to another one.',
  migrations: (n: number) =>
    `The database lacks ${n} migration${n === 1 ? '' : 's'} of this build: the server applies them at start.`,
} as const;

export async function systemRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Liveness: the process answers. Nothing from the database, so an orchestrator does not
  // restart a server whose database is away for a moment (readiness says that).
  app.get(ENDPOINTS.health.path, { schema: await routeSchema('health') }, async () => ({
    success: true as const,
    data: { status: 'ok' as const },
  }));

  // Readiness: a load balancer sends this process requests only while it answers 200.
  const migrations = migrationNames();
  const ready = await routeSchema('healthReady');
  app.get(ENDPOINTS.healthReady.path, { schema: { response: { ...ready.response, 503: ApiErrorBody } } }, async () => {
    if (ctx.lifecycle.draining) throw serviceUnavailable(NOT_READY.draining, DRAIN.retryAfterSeconds);
    let pending: number;
    try {
      pending = await pendingMigrations(ctx.db, migrations);
    } catch {
      throw databaseUnavailable();
    }
    if (pending > 0) throw serviceUnavailable(NOT_READY.migrations(pending), DATABASE_RETRY_AFTER_SECONDS);
    return {
      success: true as const,
      data: { status: 'ready' as const, db: 'ok' as const, migrations: migrations.length },
    };
  });

  // The limits really enforced, read by the Research Hub's API Access tab.
  app.get(ENDPOINTS.limits.path, { ...publicRead, schema: await routeSchema('limits') }, async () => {
    const limits = publishedLimits(ctx.config.rateLimits).map(({ endpoints: _endpoints, ...limit }) => limit);
    return { success: true as const, data: { limits } };
  });
}
