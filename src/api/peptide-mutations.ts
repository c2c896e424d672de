// Peptide create and delete; both refresh every cached peptide query.
import { pathOf } from '@contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import { type CreatePeptideRequest, type Peptide, PeptideResponse } from '@contract/peptides';
import { api } from './client';
import { ApiError } from './errors';

export function useCreatePeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    // The created peptide, so the page can open it.
    mutationFn: async (body: CreatePeptideRequest): Promise<Peptide> => {
      const response = await api.post<unknown>(pathOf('createPeptide'), body);
      const peptide = readData(PeptideResponse, response.data)?.peptide;
      if (!peptide) throw new ApiError('Invalid response from server', response.status, response.data);
      return peptide;
    },
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
