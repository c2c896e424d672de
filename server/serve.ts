// Runs the API and SPA server on the configured port; closes the database cleanly on
// SIGTERM/SIGINT. `config.workers` > 1 (WORKERS, PostgreSQL only) runs that many processes on
// the one port with node:cluster: the primary migrates and seeds once, then forks; each worker
// runs the same entry script (server/index.ts, or scripts/bench-server.ts for the benchmark) and
// they share the database, counters and cache signals.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app';
import { prepare } from './bootstrap';
import type { Config } from './config';
import type { AppContext } from './context';
import { warmWritePath } from './services/warm-up';

export interface RunOptions {
  /** Adds to the built app before it listens (the benchmark's build adds its raw route). */
  extendApp?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
}

export async function runServer(config: Config, options: RunOptions = {}): Promise<void> {
  const started = Date.now();
  if (cluster.isPrimary && config.workers > 1) await runPrimary(config, started);
  else await serve(config, options, started);
}

async function runPrimary(config: Config, started: number) {
  // WORKERS > 1 without DATABASE_URL is refused by the configuration's schema (config.ts).
  const { workers } = config;
  try {
    const once = await prepare(config);
    await once.ctx.db.close();
  } catch (err) {
    console.error(`Could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  let stopping = false;
  const fork = () => cluster.fork({ SKIP_BUILD: 'true' });
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced; the others keep serving meanwhile.
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 500);
  });
  const stopAll = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
  console.log(`Primary ${process.pid}: ${workers} workers on port ${config.port}, ready to fork in ${Date.now() - started} ms`);
}

async function serve(config: Config, options: RunOptions, started: number) {
  let prepared;
  try {
    prepared = await prepare(config);
  } catch (err) {
    console.error(`Could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  const { ctx, seeded } = prepared;
  const app = await buildApp(ctx, { logger: loggerOptions(config.logLevel) });
  if (options.extendApp) await options.extendApp(app, ctx);

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
    } finally {
      await ctx.db.close();
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // After listening, so that it never delays the start; the first requests that arrive meanwhile
  // wait for it as they would have waited for the same work in the first writes.
  void warmWritePath(ctx, (message) => app.log.info(message));
  if (seeded.peptides) app.log.info(`Seeded ${seeded.peptides} peptides and ${seeded.experiences} demo experiences`);
  if (!config.publishEveryMs) {
    app.log.warn(
      'PUBLISH_EVERY=0: reports, edits and deletions are public the moment they are sent, so anyone polling the pages can date each one to the second (docs/product-rules.md, "Publication in batches")',
    );
  }
  app.log.info(
    `Serving on http://localhost:${config.port} (${ctx.db.kind}${ctx.db.kind === 'pglite' ? ` in ${config.dataDir}` : ''}) ` +
      `publication ${config.publishEveryMs ? `every ${config.publishEveryMs / 60_000} min on the UTC grid` : 'at once'}, ` +
      `ready in ${Date.now() - started} ms; ${ctx.mailer.description}`,
  );
}
