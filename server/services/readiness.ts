// Readiness (GET /api/health/ready): a load balancer sends this process requests only while the
// check passes: not draining, the database answering, and every migration of this build applied.
import type { AppContext } from '../context';
import { migrationNames, pendingMigrations } from '../db/migrate';
import { DRAIN } from '../lib/drain';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, serviceUnavailable } from '../lib/errors';

export const NOT_READY = {
  draining: 'This server is stopping: send requests to another one.',
  migrations: (n: number) =>
    `The database lacks ${n} migration${n === 1 ? '' : 's'} of this build: the server applies them at start.`,
} as const;

/**
 * The check for one app: it throws the 503 that says why the process is not ready, else gives
 * the number of migrations applied. The build's migrations are listed once, when it is made.
 */
export function readinessCheck(ctx: AppContext): () => Promise<{ migrations: number }> {
  const migrations = migrationNames();
  return async () => {
    if (ctx.lifecycle.draining) throw serviceUnavailable(NOT_READY.draining, DRAIN.retryAfterSeconds);
    let pending: number;
    try {
      pending = await pendingMigrations(ctx.db, migrations);
    } catch {
      throw databaseUnavailable();
    }
    if (pending > 0) throw serviceUnavailable(NOT_READY.migrations(pending), DATABASE_RETRY_AFTER_SECONDS);
    return { migrations: migrations.length };
  };
}
