// While the process drains (server/serve.ts sets ctx.lifecycle.draining): on SIGTERM (`stop`),
// each new request is answered 503 with Retry-After before any other work (no database, no rate
// limit), while requests already inside finish; a worker replaced on SIGHUP (`handover`) still
// serves what arrives on its open connections, since no other process has them. In both, every
// answer carries `Connection: close`, so each client opens its next connection elsewhere (another
// worker, or this server once restarted), and readiness answers 503 (services/readiness.ts).
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { DRAIN } from '../lib/drain';
import { serviceUnavailable } from '../lib/errors';

export const DRAINING_MESSAGE = 'This server is restarting. Please try again in a few seconds.';

export const drainGate = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    app.addHook('onRequest', async (_request, reply) => {
      const mode = ctx.lifecycle.draining;
      if (!mode) return;
      reply.header('connection', 'close');
      if (mode === 'handover') return;
      const refusal = serviceUnavailable(DRAINING_MESSAGE, DRAIN.retryAfterSeconds);
      return reply
        .code(503)
        .headers(refusal.headers)
        .send({ success: false, error: refusal.message, code: 'service_unavailable' });
    });
  },
  { name: 'drain-gate' },
);
