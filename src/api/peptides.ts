// Peptide catalogue: list (server-side search, filter, sort, paging) and detail; the whole
// catalogue at once for the report wizard, searched on the device.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readData } from '@contract/normalize';
import type { CatalogueEntry, Peptide, PeptideDetail, PeptideListQuery } from '@contract/peptides';
import { peptideMatchesSearch } from '@contract/rules';
import { call } from './client';
import { ApiError } from './errors';

export type PeptideList = { peptides: Peptide[]; total: number; page: number; pageSize: number };

const NO_DATA = 'Invalid response structure - no peptide data found';
const NULL_PEPTIDE = 'Peptide data is null';

export function fetchPeptides(params: PeptideListQuery = {}): Promise<PeptideList> {
  return call('peptides', { query: params, listKey: 'peptides', invalid: NO_DATA });
}

/** A list answer's body as the list (also the server's rendering of pages with data: src/prerender.tsx). */
export function readPeptideList(
  { PeptideListResponse }: Pick<typeof import('@contract/peptides'), 'PeptideListResponse'>,
  body: unknown,
  status?: number,
): PeptideList {
  const data = readData(PeptideListResponse, body, { listKey: 'peptides' });
  if (!data) throw new ApiError(NO_DATA, status, body);
  return data;
}

export function peptidesQueryOptions(params: PeptideListQuery = {}) {
  return queryOptions({
    queryKey: ['peptides', 'list', params],
    queryFn: () => fetchPeptides(params),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePeptides(params: PeptideListQuery = {}) {
  return useQuery(peptidesQueryOptions(params));
}

/** A peptide as lists give it: the page's answer, whose shares the caller does not read. */
export async function fetchPeptide(id: string): Promise<Peptide> {
  const { reporters: _shares, ...peptide } = await fetchPeptideDetail(id);
  return peptide;
}

export function peptideQueryOptions(id: string) {
  return queryOptions({ queryKey: ['peptides', 'detail', id], queryFn: () => fetchPeptide(id), staleTime: 30_000 });
}

/** The peptide's page: the peptide with who reports it (the shares of its settled reports). */
export async function fetchPeptideDetail(id: string): Promise<PeptideDetail> {
  return (await call('peptide', { params: { id }, invalid: NULL_PEPTIDE })).peptide;
}

/** Kept apart from peptideQueryOptions (a peptide as lists give it): only the page reads the shares. */
export function peptideDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: ['peptides', 'page', id], queryFn: () => fetchPeptideDetail(id), staleTime: 30_000 });
}

export function usePeptideDetail(id: string) {
  return useQuery(peptideDetailQueryOptions(id));
}

/** How many matches a peptide picker lists at once (src/components/peptide-picker): the rest are reached by typing. */
export const PEPTIDE_SEARCH_LIMIT = 20;
const SEARCH_PAUSE_MS = 200;

/**
 * A peptide picker's data: the first PEPTIDE_SEARCH_LIMIT peptides whose name or description
 * matches `text`, searched on the server a moment after typing pauses, so every peptide can be
 * found however many there are. `enabled` false asks nothing (the list is closed).
 */
export function usePeptideSearch(text: string, sort: 'name' | 'experiences' = 'name') {
  const [search, setSearch] = useState(text.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const query = usePeptides({ search, sort, limit: PEPTIDE_SEARCH_LIMIT });
  // While a newer text is searched the list stays the last answer (placeholder data): the picker
  // needs the text it answers to narrow it safely (src/components/peptide-picker).
  const [answered, setAnswered] = useState(search);
  if (query.data && !query.isPlaceholderData && answered !== search) setAnswered(search);
  return {
    options: query.data?.peptides ?? [],
    total: query.data?.total ?? 0,
    answering: query.isPlaceholderData ? answered : search,
    loading: query.isPending || search !== text.trim() || (query.isFetching && query.isPlaceholderData),
    failed: query.isError && !query.isFetching,
  };
}

export async function fetchPeptideCatalogue(): Promise<CatalogueEntry[]> {
  return (await call('peptideCatalogue', { listKey: 'peptides', invalid: NO_DATA })).peptides;
}

/** Every live peptide, one answer the same for everyone (GET /api/peptides/catalogue). */
export function peptideCatalogueQueryOptions() {
  return queryOptions({ queryKey: ['peptides', 'catalogue'], queryFn: fetchPeptideCatalogue, staleTime: 300_000 });
}

export function usePeptideCatalogue() {
  return useQuery(peptideCatalogueQueryOptions());
}

/**
 * The report wizard's peptide picker: the catalogue, downloaded once, searched on the device with
 * the server's own rule (contract/rules.ts peptideMatchesSearch), so no request names what is
 * typed (docs/product-rules.md, "Anonymity"). The first PEPTIDE_SEARCH_LIMIT matches are listed,
 * as the server's search lists them; a failed download is asked for again when the text changes.
 */
export function useCatalogueSearch(text: string) {
  const catalogue = usePeptideCatalogue();
  const { isError, isFetching, refetch } = catalogue;
  useEffect(() => {
    if (isError && !isFetching) void refetch();
    // Only when the text changes: typing again is how the picker says to try again.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const matches = (catalogue.data ?? []).filter((p) => peptideMatchesSearch(p, text));
  return {
    catalogue: catalogue.data,
    options: matches.slice(0, PEPTIDE_SEARCH_LIMIT),
    total: matches.length,
    loading: catalogue.isPending || (isFetching && isError),
    failed: isError && !isFetching,
  };
}

/** A moderator marks a peptide page reviewed: the page and every list show it at once. */
export function useReviewPeptide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call('reviewPeptide', { params: { id }, invalid: NULL_PEPTIDE })).peptide,
    onSuccess: (peptide) => {
      queryClient.setQueryData(peptideQueryOptions(peptide._id).queryKey, peptide);
      // The page keeps its shares: the review changed the peptide, not who reports it.
      queryClient.setQueryData(peptideDetailQueryOptions(peptide._id).queryKey, (page) =>
        page ? { ...page, ...peptide } : page,
      );
      return queryClient.invalidateQueries({ queryKey: ['peptides', 'list'] });
    },
  });
}
