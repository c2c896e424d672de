// Benchmark only, mounted by the benchmark's build of the app (scripts/bench-server.ts), never by
// server/app.ts:
//  - GET /api/bench/raw: the community first page straight from the database, bypassing the read
//    cache, so scripts/bench.ts can report cached reads as a multiple of this ceiling;
//  - POST /api/bench/batch: the publication batch the queued changes belong to, now, as the
//    server's timer would run it (plugins/publication-batches.ts: the batch, then the scrub);
//  - GET /api/bench/cache: what the caches answered so far (lib/cache.ts CacheStats).
import type { FastifyInstance } from 'fastify';
import { ExperienceListResponse } from '../contract/experiences';
import type { AppContext } from '../server/context';
import { answerText } from '../server/lib/validate';
import { feedPageJson, listExperiences } from '../server/services/experience-feed';
import { nextBatchAt } from '../server/services/publication/grid';
import { SCRUBBED, runBatch } from '../server/services/publication/queue';

/**
 * API routes by configuration (rate limit, cache-control, JSON errors: server/plugins/route-config.ts),
 * registered outside `apiScope`, which takes only the routes contract/endpoints.ts declares.
 */
const BENCH_API = { config: { api: true } } as const;

export async function benchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const uncached: AppContext = {
    ...ctx,
    cache: {
      get: (_key: string, load: () => Promise<unknown>) => load(),
      invalidate() {},
    } as unknown as AppContext['cache'],
  };
  // The feed route's answer schema, so its answer goes through the same serializer (lib/validate.ts).
  app.get('/api/bench/raw', { ...BENCH_API, schema: { response: { 200: ExperienceListResponse } } }, async () => {
    const page = await listExperiences(uncached, { search: '', category: 'all', sort: 'newest', limit: 20 });
    return answerText(feedPageJson(page));
  });

  app.post('/api/bench/batch', BENCH_API, async () => {
    const at = nextBatchAt(new Date(), ctx.config.publishEveryMs || 60_000)!;
    const batch = await runBatch(ctx, at);
    const scrub = await ctx.db.scrub(SCRUBBED.vacuumed, SCRUBBED.rewritten);
    return { success: true, data: { ...batch, at: batch.at.toISOString(), scrubMs: scrub.ms } };
  });

  app.get('/api/bench/cache', BENCH_API, async () => ({ success: true, data: ctx.cache.stats }));
}
