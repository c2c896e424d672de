import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../contract/common';
import { CreatePeptideRequest, DeletePeptideResponse, PeptideListQuery, PeptideListResponse, PeptideResponse } from '../../contract/peptides';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import { callerOf, optionalCaller } from '../plugins/auth';
import { DisclosedCombinationsResponse } from '../../contract/experiences';
import { disclosedCombinations } from '../services/experiences';
import * as peptides from '../services/peptides';

export async function peptideRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  /**
   * Creating and deleting a page count against the caller's per-account limits before the body is
   * read: each one empties the cached public answers (docs/product-rules.md, "Limits and proxies").
   */
  const perAccount = (bucket: 'peptide-create' | 'peptide-delete', rule: keyof typeof limits) => async (request: FastifyRequest) => {
    await ctx.limiter.check(bucket, callerOf(request).userId, limits[rule]);
  };

  app.get(ENDPOINTS.peptides.path, {
    ...publicRead,
    schema: { querystring: PeptideListQuery, response: { 200: PeptideListResponse } },
    // A token that is present but invalid is a 401 before the query is read.
    preValidation: async (request) => {
      await optionalCaller(ctx, request);
    },
  }, async (request) => {
    const caller = await optionalCaller(ctx, request);
    return { success: true as const, data: await peptides.listPeptides(ctx, request.query, caller) };
  });

  app.get(ENDPOINTS.publicPeptides.path, { ...publicRead, schema: { querystring: PeptideListQuery, response: { 200: PeptideListResponse } } }, async (request) => {
    return { success: true as const, data: await peptides.listPeptides(ctx, request.query, null) };
  });

  app.get(ENDPOINTS.peptide.path, { ...publicRead, schema: { params: IdParams, response: { 200: PeptideResponse } } }, async (request) => {
    const caller = await optionalCaller(ctx, request);
    return { success: true as const, data: { peptide: await peptides.getPeptide(ctx, request.params.id, caller) } };
  });

  // The combinations of demographics shown for the peptide, the same for every caller: the wizard
  // decides on the device whether a report's own will show, so nothing about it is sent before
  // Submit (docs/product-rules.md, "Anonymity"). Public and cached; the web app sends no token.
  app.get(ENDPOINTS.disclosedCombinations.path, { ...publicRead, schema: { params: IdParams, response: { 200: DisclosedCombinationsResponse } } }, async (request) => {
    return { success: true as const, data: { combinations: await disclosedCombinations(ctx, request.params.id), settleDays: ctx.config.disclosureSettleDays } };
  });

  app.post(ENDPOINTS.createPeptide.path, {
    schema: { body: CreatePeptideRequest, response: { 201: PeptideResponse } },
    preValidation: perAccount('peptide-create', 'peptides'),
  }, async (request, reply) => {
    const peptide = await peptides.createPeptide(ctx, callerOf(request), request.body);
    reply.code(201);
    return { success: true as const, data: { peptide }, message: 'Peptide created successfully' };
  });

  app.post(ENDPOINTS.reviewPeptide.path, { schema: { params: IdParams, response: { 200: PeptideResponse } } }, async (request) => {
    const peptide = await peptides.reviewPeptide(ctx, callerOf(request), request.params.id);
    return { success: true as const, data: { peptide }, message: 'Marked as reviewed' };
  });

  app.delete(ENDPOINTS.deletePeptide.path, {
    schema: { params: IdParams, response: { 200: DeletePeptideResponse } },
    preValidation: perAccount('peptide-delete', 'peptideDeletes'),
  }, async (request) => {
    await peptides.deletePeptide(ctx, callerOf(request), request.params.id);
    return { success: true as const, data: {}, message: 'Peptide deleted' };
  });
}
