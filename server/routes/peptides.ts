import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS, RETIRED_ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { publicRead, routeSchema } from '../plugins/route-config';
import { callerOf, optionalCaller } from '../plugins/auth';
import { notFound } from '../lib/errors';
import * as peptides from '../services/peptides';

export const RETIRED_DISCLOSED_PATH =
  "This address is retired: no report shows its age range, sex or activity level any more; the peptide's shares of its reports by each come with GET /api/peptides/{id} (reporters)";

export async function peptideRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  /**
   * Creating and deleting a page count against the caller's per-account limits before the body is
   * read: each one empties the cached public answers (docs/product-rules.md, "Limits and proxies").
   */
  const perAccount =
    (bucket: 'peptide-create' | 'peptide-delete', rule: keyof typeof limits) => async (request: FastifyRequest) => {
      await ctx.limiter.check(bucket, callerOf(request).userId, limits[rule]);
    };

  app.get(
    ENDPOINTS.peptides.path,
    {
      ...publicRead,
      schema: await routeSchema('peptides'),
      // A token that is present but invalid is a 401 before the query is read.
      preValidation: async (request) => {
        await optionalCaller(ctx, request);
      },
    },
    async (request) => {
      const caller = await optionalCaller(ctx, request);
      return { success: true as const, data: await peptides.listPeptides(ctx, request.query, caller) };
    },
  );

  app.get(
    ENDPOINTS.publicPeptides.path,
    { ...publicRead, schema: await routeSchema('publicPeptides') },
    async (request) => {
      return { success: true as const, data: await peptides.listPeptides(ctx, request.query, null) };
    },
  );

  // Every live peptide in one answer, the same for everyone (no query, no token): the report
  // wizard searches it on the device, so nothing it asks for names what is typed or chosen.
  app.get(
    ENDPOINTS.peptideCatalogue.path,
    { ...publicRead, schema: await routeSchema('peptideCatalogue') },
    async () => {
      return { success: true as const, data: { peptides: await peptides.peptideCatalogue(ctx) } };
    },
  );

  app.get(ENDPOINTS.peptide.path, { ...publicRead, schema: await routeSchema('peptide') }, async (request) => {
    const caller = await optionalCaller(ctx, request);
    return {
      success: true as const,
      data: { peptide: await peptides.getPeptideDetail(ctx, request.params.id, caller) },
    };
  });

  // Retired: the combinations of demographics shown for a peptide, which the wizard read at step
  // 4. No report shows its demographics now (docs/product-rules.md, "Anonymity"); the peptide's
  // shares come with the peptide. Answers 404 saying so, whatever the id.
  app.get(RETIRED_ENDPOINTS[2].path, { schema: { hide: true } }, async () => {
    throw notFound(RETIRED_DISCLOSED_PATH);
  });

  app.post(
    ENDPOINTS.createPeptide.path,
    {
      schema: await routeSchema('createPeptide'),
      preValidation: perAccount('peptide-create', 'peptides'),
    },
    async (request, reply) => {
      const peptide = await peptides.createPeptide(ctx, callerOf(request), request.body);
      reply.code(201);
      return { success: true as const, data: { peptide }, message: 'Peptide created successfully' };
    },
  );

  app.post(ENDPOINTS.reviewPeptide.path, { schema: await routeSchema('reviewPeptide') }, async (request) => {
    const peptide = await peptides.reviewPeptide(ctx, callerOf(request), request.params.id);
    return { success: true as const, data: { peptide }, message: 'Marked as reviewed' };
  });

  app.delete(
    ENDPOINTS.deletePeptide.path,
    {
      schema: await routeSchema('deletePeptide'),
      preValidation: perAccount('peptide-delete', 'peptideDeletes'),
    },
    async (request) => {
      await peptides.deletePeptide(ctx, callerOf(request), request.params.id);
      return { success: true as const, data: {}, message: 'Peptide deleted' };
    },
  );
}
