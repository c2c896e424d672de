// `GET /metrics` in Prometheus' text format (prom-client), for the holder of METRICS_TOKEN only:
// without the setting the path answers 404 and nothing is measured; with it, a request without
// that bearer token (compared in constant time) gets 401. The answer is never stored
// (`cache-control: no-store`) and the route is matched like any other, so every spelling of the
// path (`//metrics`, `/%6Detrics`, `/metrics/`) meets the same check
// (tests/server/path-spellings.test.ts). Labels come from lib/metrics.ts's fixed sets only.
//
// With WORKERS >= 2 each worker counts its own requests; the worker that receives a scrape asks
// the primary (server/serve.ts), which gathers every worker's registry with prom-client's
// AggregatorRegistry, so one scrape reports the whole server.
import { createHash, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, type RegistryContentType } from 'prom-client';
import type { AppContext } from '../context';
import { clientAddress } from '../lib/address';
import { HttpError } from '../lib/errors';
import { METRICS_PATH } from '../lib/metrics';
import { routeConfig } from './route-config';

/** IPC between a worker and the primary for one scrape (server/serve.ts answers it). */
export const METRICS_IPC = {
  request: 'peptide:metrics-request',
  reply: 'peptide:metrics-reply',
  timeoutMs: 5_000,
} as const;

/** Methods Node's parser accepts are a fixed list; anything else is counted under one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label: an API route's pattern, never the URL; everything else in three fixed groups. */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return '(not found)';
  const url = request.routeOptions.url;
  if (routeConfig(request).api || url === METRICS_PATH) return url ?? '(not found)';
  return '(web app)';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Made once in a worker: it answers the primary's AggregatorRegistry with this worker's registry. */
let workerAggregator: AggregatorRegistry<RegistryContentType> | null = null;

export const metricsEndpoint = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    const token = ctx.config.metricsToken;
    const refuse = (reply: FastifyReply, status: number) => {
      reply.header('cache-control', 'no-store');
      if (status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send(status === 401 ? 'Unauthorized\n' : 'Not found\n');
    };

    app.get(
      METRICS_PATH,
      {
        schema: { hide: true },
        // Guesses at the token count against the general per-address limit, as any API request.
        onRequest: async (request) => {
          if (token) await ctx.limiter.check('general', clientAddress(request), ctx.config.rateLimits.general);
        },
      },
      async (request, reply) => {
        if (!token) return refuse(reply, 404);
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        // Both sides hashed first: equal lengths, and the time says nothing about the token.
        if (!match || !timingSafeEqual(digest(match[1]), digest(token))) return refuse(reply, 401);
        const body = cluster.isWorker ? await fromPrimary() : await ctx.metrics.registry.metrics();
        return reply.header('cache-control', 'no-store').type(ctx.metrics.registry.contentType).send(body);
      },
    );

    if (!token) return;
    const { metrics } = ctx;
    metrics.collectProcessMetrics();
    metrics.countCache(ctx.cache.stats);
    metrics.gauge(
      'db_connections',
      'Database connections by state: open, idle, and callers waiting for one (PGlite: its one session)',
      ['state'],
      (set) => {
        const load = ctx.db.load();
        set({ state: 'open' }, load.open);
        set({ state: 'idle' }, load.idle);
        set({ state: 'waiting' }, load.waiting);
      },
    );
    metrics.gauge(
      'mail_queue_messages',
      'Mail waiting in the queue: new, and retrying after a failure',
      ['state'],
      async (set) => {
        try {
          const res = await ctx.db.query<{ fresh: number; retrying: number }>(
            'select count(*) filter (where attempts = 0)::int as fresh, count(*) filter (where attempts > 0)::int as retrying from mail_queue',
          );
          set({ state: 'new' }, res.rows[0].fresh);
          set({ state: 'retrying' }, res.rows[0].retrying);
        } catch {
          // The database is away: the scrape still answers, without this figure.
        }
      },
    );
    metrics.gauge(
      'draining',
      '1 while this process drains before exiting (SIGTERM, or replaced on SIGHUP)',
      [],
      (set) => set({}, ctx.lifecycle.draining ? 1 : 0),
    );
    ctx.db.observe({
      timed: (kind, seconds, failed) =>
        metrics.querySeconds.observe({ kind, outcome: failed ? 'error' : 'ok' }, seconds),
      connectionLost: () => metrics.connectionsLost.inc(),
    });
    if (cluster.isWorker && !workerAggregator) {
      // Constructing one adds prom-client's listener for the primary's requests.
      workerAggregator = new AggregatorRegistry();
      AggregatorRegistry.setRegistries([metrics.registry]);
    }

    app.addHook('onResponse', async (request, reply) => {
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      metrics.requestSeconds.observe(
        { method, route: routeLabel(request), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.addHook('onError', async (_request, _reply, error) => {
      if (error instanceof HttpError && error.statusCode === 429 && error.limitGroup)
        metrics.rateLimited.inc({ group: error.limitGroup });
    });
    app.addHook('onClose', async () => ctx.db.observe(null));
  },
  { name: 'metrics' },
);

let asked = 0;
/** The whole server's metrics, gathered by the primary from every worker. */
function fromPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new HttpError(503, 'The metrics of the other workers did not arrive in time'));
    }, METRICS_IPC.timeoutMs);
    function onMessage(message: unknown) {
      const m = message as { type?: string; id?: number; text?: string; error?: string };
      if (m?.type !== METRICS_IPC.reply || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.error !== undefined) reject(new HttpError(503, 'The metrics of the other workers could not be gathered'));
      else resolve(m.text ?? '');
    }
    process.on('message', onMessage);
    process.send?.({ type: METRICS_IPC.request, id });
  });
}
