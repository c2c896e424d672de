// Peptide create and delete; both refresh every cached peptide query.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePeptideRequest, Peptide } from '@contract/peptides';
import { call } from './client';

export function useCreatePeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    // The created peptide, so the page can open it.
    mutationFn: async (body: CreatePeptideRequest): Promise<Peptide> => (await call('createPeptide', { body })).peptide,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['peptides'] }),
  });
}

export function useDeletePeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('deletePeptide', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['peptides'] }),
  });
}
