import type { FastifyInstance } from 'fastify';
import { Id } from '../../contract/common';
import { CreatePeptideRequest, PeptideListQuery } from '../../contract/peptides';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';
import { parse } from '../lib/validate';
import { optionalCaller, requireMember } from '../plugins/auth';
import * as peptides from '../services/peptides';

export async function peptideRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/peptides', publicRead, async (request) => {
    const caller = await optionalCaller(ctx, request);
    const query = parse(PeptideListQuery, request.query);
    return { success: true, data: await peptides.listPeptides(ctx, query, caller) };
  });

  app.get('/api/peptides/public', publicRead, async (request) => {
    const query = parse(PeptideListQuery, request.query);
    return { success: true, data: await peptides.listPeptides(ctx, query, null) };
  });

  app.get<{ Params: { id: string } }>('/api/peptides/:id', publicRead, async (request) => {
    const id = parse(Id, request.params.id, 'id');
    const caller = await optionalCaller(ctx, request);
    return { success: true, data: { peptide: await peptides.getPeptide(ctx, id, caller) } };
  });

  app.post('/api/peptides', async (request, reply) => {
    const caller = await requireMember(ctx, request);
    const input = parse(CreatePeptideRequest, request.body);
    const peptide = await peptides.createPeptide(ctx, caller, input);
    reply.code(201);
    return { success: true, data: { peptide }, message: 'Peptide created successfully' };
  });

  app.delete<{ Params: { id: string } }>('/api/peptides/:id', async (request) => {
    const caller = await requireMember(ctx, request);
    const id = parse(Id, request.params.id, 'id');
    await peptides.deletePeptide(ctx, caller, id);
    return { success: true, data: {}, message: 'Peptide deleted' };
  });
}
