// Benchmark only: the community first page straight from the database, bypassing the read
// cache, so scripts/bench.ts can report cached reads as a multiple of this ceiling. Mounted only
// by the benchmark's build of the app (scripts/bench-server.ts), never by server/app.ts.
import type { FastifyInstance } from 'fastify';
import { ExperienceListResponse } from '../../contract/experiences';
import type { AppContext } from '../context';
import { answerText } from '../lib/validate';
import { feedPageJson, listExperiences } from '../services/experience-feed';

export async function benchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const uncached: AppContext = { ...ctx, cache: { get: (_key: string, load: () => Promise<unknown>) => load(), invalidate() {} } as unknown as AppContext['cache'] };
  // The feed route's answer schema, so its answer goes through the same serializer (lib/validate.ts).
  app.get('/api/bench/raw', { schema: { response: { 200: ExperienceListResponse } } }, async () => {
    const page = await listExperiences(uncached, { search: '', category: 'all', sort: 'newest', limit: 20 });
    return answerText(feedPageJson(page));
  });
}
