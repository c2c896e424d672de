import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../contract/common';
import { CreatePeptideRequest, DeletePeptideResponse, PeptideListQuery, PeptideListResponse, PeptideResponse } from '../../contract/peptides';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import { callerOf, optionalCaller } from '../plugins/auth';
import { DisclosedCombinationsResponse } from '../../contract/experiences';
import { disclosedCombinations } from '../services/experiences';
import * as peptides from '../services/peptides';

export async function peptideRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = { access: 'member' } as const;

  app.get('/api/peptides', {
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

  app.get('/api/peptides/public', { ...publicRead, schema: { querystring: PeptideListQuery, response: { 200: PeptideListResponse } } }, async (request) => {
    return { success: true as const, data: await peptides.listPeptides(ctx, request.query, null) };
  });

  app.get('/api/peptides/:id', { ...publicRead, schema: { params: IdParams, response: { 200: PeptideResponse } } }, async (request) => {
    const caller = await optionalCaller(ctx, request);
    return { success: true as const, data: { peptide: await peptides.getPeptide(ctx, request.params.id, caller) } };
  });

  // The combinations of demographics shown for the peptide, the same for every caller: the wizard
  // decides on the device whether a report's own will show, so nothing about it is sent before
  // Submit (docs/product-rules.md, "Anonymity"). Public and cached; the web app sends no token.
  app.get('/api/peptides/:id/disclosed', { ...publicRead, schema: { params: IdParams, response: { 200: DisclosedCombinationsResponse } } }, async (request) => {
    return { success: true as const, data: { combinations: await disclosedCombinations(ctx, request.params.id), settleDays: ctx.config.disclosureSettleDays } };
  });

  app.post('/api/peptides', { config: member, schema: { body: CreatePeptideRequest, response: { 201: PeptideResponse } } }, async (request, reply) => {
    const peptide = await peptides.createPeptide(ctx, callerOf(request), request.body);
    reply.code(201);
    return { success: true as const, data: { peptide }, message: 'Peptide created successfully' };
  });

  app.post('/api/peptides/:id/review', { config: { access: 'moderator' }, schema: { params: IdParams, response: { 200: PeptideResponse } } }, async (request) => {
    const peptide = await peptides.reviewPeptide(ctx, callerOf(request), request.params.id);
    return { success: true as const, data: { peptide }, message: 'Marked as reviewed' };
  });

  app.delete('/api/peptides/:id', { config: member, schema: { params: IdParams, response: { 200: DeletePeptideResponse } } }, async (request) => {
    await peptides.deletePeptide(ctx, callerOf(request), request.params.id);
    return { success: true as const, data: {}, message: 'Peptide deleted' };
  });
}
