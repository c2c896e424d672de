// Runs the API and SPA server on the configured port. `config.workers` > 1 (WORKERS, PostgreSQL
// only) runs that many processes on the one port with node:cluster: the primary migrates and
// seeds once, then forks; each worker runs the same entry script (server/index.ts, or
// scripts/bench-server.ts for the benchmark) and they share the database, counters and cache
// signals.
//
// Stopping and restarting without failed requests (docs/operations.md, "Stopping and restarting"):
// - SIGTERM or SIGINT: the process drains: it stops accepting connections, answers requests that
//   still arrive on open ones 503 with Retry-After (plugins/drain.ts) while those already inside
//   finish, closes the app (a running publication batch commits first: its plugin waits for it),
//   then the database, and exits, within DRAIN.exitWithinMs whatever happens.
// - SIGHUP with WORKERS >= 2: the primary replaces the workers one at a time: a new one first,
//   and only once it listens is an old one asked to hand over (it serves what arrives on its open
//   connections, each answer closing its connection, then exits), so some worker always accepts.
//   With one process SIGHUP changes nothing (there is no other process to take over).
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { buildApp, loggerOptions } from './app';
import { prepare } from './bootstrap';
import type { Config } from './config';
import type { AppContext, DrainMode } from './context';
import { serveBackups } from './db/backup-socket';
import { DRAIN } from './lib/drain';
import { drawLimiterKey, WORKER_LIMITER_KEY } from './lib/limiter-key';
import { restrictNewFiles } from './db/data-dir-modes';
import { METRICS_IPC } from './plugins/metrics';
import { warmWritePath } from './services/warm-up';

export interface RunOptions {
  /** Adds to the built app before it listens (the benchmark's build adds its raw route). */
  extendApp?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
}

/** The primary asks a worker to hand over (SIGHUP); SIGTERM means stop. */
const HANDOVER = 'peptide:handover';
/** How long the primary waits for a new worker to listen before it gives up a replacement. */
const WORKER_START_MS = 60_000;

export async function runServer(config: Config, options: RunOptions = {}): Promise<void> {
  const started = Date.now();
  // Before anything is written: what this process creates is its user's alone (the data folder).
  restrictNewFiles();
  if (cluster.isPrimary && config.workers > 1) await runPrimary(config, started);
  else await serve(config, options, started);
}

/** Readable lines in a terminal (pino-pretty), JSON lines otherwise (files, journald, collectors). */
async function logStream(): Promise<DestinationStream | undefined> {
  if (!process.stdout.isTTY) return undefined;
  const pretty = (await import('pino-pretty')).default;
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // A request's two lines read "incoming request GET /api/experiences" and "request completed 200 in 3.1 ms".
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat:
      '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode} in {responseTime} ms{end}',
  });
}

/** The database for the start line: never a password. */
function describeDatabase(config: Config, ctx: AppContext): string {
  if (ctx.db.kind === 'pglite') return `embedded database (PGlite) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl!);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}${config.workers > 1 ? ` (${config.workers} workers)` : ''}`;
}

async function runPrimary(config: Config, started: number) {
  const { workers } = config;
  try {
    const once = await prepare(config);
    if (once.dataDirNotice) console.warn(once.dataDirNotice);
    for (const note of once.migrationNotes) console.log(note);
    await once.ctx.db.close();
  } catch (err) {
    console.error(`Could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  let stopping = false;
  let replacing = false;
  /** Workers asked to hand over: their exit is expected, not a crash to replace. */
  const retiring = new Set<number>();
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  // The workers count rate limits together under one key that only this process's memory holds
  // (lib/limiter-key.ts): workers replaced on SIGHUP or after a crash keep counting; a full restart
  // starts afresh, unless RATE_LIMIT_SECRET is set.
  const limiterKey = drawLimiterKey();
  const fork = () => cluster.fork({ SKIP_BUILD: 'true', [WORKER_LIMITER_KEY]: limiterKey });
  for (let i = 0; i < workers; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (live().length === 0) process.exit(0);
      return;
    }
    if (retiring.delete(worker.id)) return;
    // A crashed worker is replaced; the others keep serving meanwhile.
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping && live().length < workers) fork();
    }, 500);
  });

  // One scrape of /metrics reaches one worker, which asks here for every worker's figures.
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_IPC.request) return;
    aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: METRICS_IPC.reply, id: message.id, text }))
      .catch((err: Error) => worker.send({ type: METRICS_IPC.reply, id: message.id, error: err.message }));
  });

  /** Resolves true once `worker` listens, false if it exits first or takes too long. */
  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), WORKER_START_MS);
      const onListening = () => done(true);
      const onExit = () => done(false);
      function done(ok: boolean) {
        clearTimeout(timer);
        worker.off('listening', onListening);
        worker.off('exit', onExit);
        resolve(ok);
      }
      worker.once('listening', onListening);
      worker.once('exit', onExit);
    });
  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve())));

  async function replaceWorkers() {
    if (replacing || stopping) return;
    replacing = true;
    const old = live();
    console.log(`SIGHUP: replacing ${old.length} workers one at a time`);
    let replaced = 0;
    try {
      for (const worker of old) {
        if (stopping) break;
        if (worker.isDead()) continue;
        const fresh = fork();
        if (!(await listening(fresh))) {
          // The new build does not start: keep the old workers serving, and say so.
          console.error(`SIGHUP: a new worker did not start; ${old.length - replaced} old workers keep serving`);
          if (!fresh.isDead()) fresh.process.kill('SIGTERM');
          return;
        }
        retiring.add(worker.id);
        if (worker.isConnected()) worker.send({ type: HANDOVER });
        else worker.process.kill('SIGTERM');
        const gone = exited(worker);
        const timer = setTimeout(() => worker.process.kill('SIGKILL'), DRAIN.exitWithinMs + 5_000);
        await gone;
        clearTimeout(timer);
        replaced++;
      }
      console.log(`SIGHUP: ${replaced} workers replaced`);
    } finally {
      replacing = false;
      // A crash meanwhile may have left fewer than WORKERS.
      if (!stopping) while (live().length < workers) fork();
    }
  }

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const w of live()) w.process.kill('SIGTERM');
    // Each worker exits within DRAIN.exitWithinMs; this is the backstop.
    setTimeout(() => process.exit(1), DRAIN.exitWithinMs + 2_000).unref();
    if (live().length === 0) process.exit(0);
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
  process.on('SIGHUP', () => void replaceWorkers());
  console.log(
    `Primary ${process.pid}: ${workers} workers on port ${config.port}, ready to fork in ${Date.now() - started} ms`,
  );
}

async function serve(config: Config, options: RunOptions, started: number) {
  let prepared;
  try {
    prepared = await prepare(config);
  } catch (err) {
    console.error(`Could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  const { ctx, seeded, dataDirNotice, migrationNotes } = prepared;
  const stream = await logStream();
  const app = await buildApp(ctx, {
    logger: { ...(loggerOptions(config.logLevel) as object), ...(stream ? { stream } : {}) },
  });
  if (dataDirNotice) app.log.warn(dataDirNotice);
  for (const note of migrationNotes) app.log.info(note);
  if (options.extendApp) await options.extendApp(app, ctx);

  // The embedded database's folder is this process's alone: npm run backup asks it for the dump.
  let stopBackups = async () => {};
  if (ctx.db.backup && !config.dataDir.startsWith('memory://')) {
    try {
      stopBackups = await serveBackups(config.dataDir, ctx.db, (message) => app.log.info(message));
    } catch (err) {
      // A socket path past the system's limit (about 100 bytes), a folder on a file system
      // without sockets: the server runs all the same, backups need it stopped.
      app.log.warn(`npm run backup cannot reach this server (${(err as Error).message}); stop it to take a backup`);
    }
  }

  async function drain(mode: DrainMode, reason: string) {
    if (ctx.lifecycle.draining) return;
    ctx.lifecycle.draining = mode;
    app.log.info(
      `${reason}: ${mode === 'stop' ? 'stopping' : 'handing over to the other workers'}; open requests finish, then the database closes`,
    );
    // Whatever still runs then is cut: a running batch's transaction rolls back whole, and the
    // queue keeps its changes for the next start (services/publication/queue.ts).
    setTimeout(() => {
      app.log.error(`Still draining after ${DRAIN.exitWithinMs / 1000} s: exiting`);
      process.exit(1);
    }, DRAIN.exitWithinMs).unref();
    // Stop accepting, but leave the open connections alone: http.Server.close() would also
    // close the idle keep-alive ones at once, and a client sending its next request on one just
    // then would see it reset. Each answer now closes its connection (plugins/drain.ts).
    net.Server.prototype.close.call(app.server);
    const began = Date.now();
    while (Date.now() - began < DRAIN.connectionsMs && (await openConnections(app)) > 0) {
      // A connection still idle a while after the drain began gets no more requests: closed.
      if (Date.now() - began >= DRAIN.idleAfterMs) app.server.closeIdleConnections();
      await new Promise((r) => setTimeout(r, 50));
    }
    const cut = await openConnections(app);
    if (cut > 0)
      app.log.warn(`${cut} connections still open ${DRAIN.connectionsMs / 1000} s into the drain were closed`);
    app.server.closeAllConnections();
    await stopBackups().catch(() => {});
    try {
      // onClose hooks: a publication batch under way commits, mail delivery stops.
      await app.close();
    } finally {
      await ctx.db.close().catch(() => {});
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void drain('stop', 'SIGTERM received'));
  process.on('SIGINT', () => void drain('stop', 'SIGINT received'));
  process.on('message', (message: { type?: string }) => {
    if (message?.type === HANDOVER) void drain('handover', 'Replaced by a new worker (SIGHUP)');
  });
  // The primary orchestrates replacements; a lone process has nobody to hand over to.
  process.on('SIGHUP', () => {
    if (!cluster.isWorker)
      app.log.warn(
        'SIGHUP ignored: with one process there is no other to take over (WORKERS >= 2 replaces workers one at a time)',
      );
  });

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
  if (config.publishEveryMs && config.batchMinChanges === 1) {
    app.log.warn(
      'BATCH_MIN_CHANGES=1: a report alone in its publication window is published alone, so anyone who saw it sent and polls the pages can tell it apart (docs/product-rules.md, "Publication in batches")',
    );
  }
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `Serving on http://${host}:${config.port} from the ${describeDatabase(config, ctx)}; ` +
      `moderation ${config.moderation === 'pre' ? 'pre (every new or edited report waits for a moderator)' : 'post (reports with a link, an address, a phone number or a repeated story wait for a moderator)'}; ` +
      `publication ${config.publishEveryMs ? `every ${config.publishEveryMs / 60_000} min on the UTC grid, ${config.batchMinChanges > 1 ? `in groups of at least ${config.batchMinChanges} changes (at most ${config.batchMaxWaitMs / 3_600_000} h of waiting)` : 'with no minimum group'}` : 'at once'}; ` +
      `${ctx.mailer.description}; metrics ${config.metricsToken ? 'at /metrics (bearer METRICS_TOKEN)' : 'off (METRICS_TOKEN unset)'}; ` +
      `ready in ${Date.now() - started} ms`,
  );
}

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count)));
}
