// Peptide create and delete; both refresh every cached peptide query.
import { pathOf } from '@contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePeptideRequest } from '@contract/peptides';
import { api } from './client';

export function useCreatePeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePeptideRequest) => (await api.post<unknown>(pathOf('createPeptide'), body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['peptides'] }),
  });
}

export function useDeletePeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<unknown>(pathOf('deletePeptide', { id }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['peptides'] }),
  });
}
