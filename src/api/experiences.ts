// Experience reports as anyone may read them: the community feed (server filters, keyset
// cursor paging), the Home preview, one report, and a peptide's reports.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { CommunityCategory, CommunitySort } from '@contract/common';
import type { Experience, MatchCount } from '@contract/experiences';
import { readData } from '@contract/normalize';
import { call } from './client';
import { ApiError } from './errors';

/** `peptide`: a peptide's id, or '' for all peptides. */
export type CommunityFilters = { search: string; category: CommunityCategory; sort: CommunitySort; peptide: string };
/** `total`: how many reports match, sent with the first page only (contract MatchCount). */
export type ExperiencePage = { experiences: Experience[]; nextCursor: string | null; total: MatchCount | null };

export const COMMUNITY_PAGE_SIZE = 20;
const NO_DATA = 'Invalid response structure - no experience data found';

export async function fetchExperiencePage(
  params: Partial<Omit<CommunityFilters, 'peptide'>> & { peptideId?: string; cursor?: string; limit?: number },
): Promise<ExperiencePage> {
  const data = await call('experiences', { query: params, listKey: 'experiences', invalid: NO_DATA });
  return pageOf(data);
}

function pageOf(data: {
  experiences: Experience[];
  nextCursor?: string | null;
  total?: MatchCount | null;
}): ExperiencePage {
  return { experiences: data.experiences, nextCursor: data.nextCursor ?? null, total: data.total ?? null };
}

/** A feed answer's body as a page of the feed (also the server's rendering of /community: src/prerender.tsx). */
export function readExperiencePage(
  { ExperienceListResponse }: Pick<typeof import('@contract/experiences'), 'ExperienceListResponse'>,
  body: unknown,
  status?: number,
): ExperiencePage {
  const data = readData(ExperienceListResponse, body, { listKey: 'experiences' });
  if (!data) throw new ApiError(NO_DATA, status, body);
  return pageOf(data);
}

export function communityQueryOptions(filters: CommunityFilters) {
  return infiniteQueryOptions({
    queryKey: ['experiences', 'community', filters],
    queryFn: ({ pageParam }) =>
      fetchExperiencePage({
        search: filters.search,
        category: filters.category,
        sort: filters.sort,
        peptideId: filters.peptide || undefined,
        limit: COMMUNITY_PAGE_SIZE,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCommunityExperiences(filters: CommunityFilters) {
  return useInfiniteQuery(communityQueryOptions(filters));
}

/**
 * A peptide's reports (its page's Experiences tab): the community feed narrowed to it, newest
 * first, the same cursor pages and total, and the same cache entry as Community filtered to it.
 */
export function peptideFeedFilters(peptideId: string): CommunityFilters {
  return { search: '', category: 'all', sort: 'newest', peptide: peptideId };
}

export function usePeptideExperiences(peptideId: string) {
  // No previous answer as a placeholder: another peptide's reports would show under this one.
  return useInfiniteQuery({ ...communityQueryOptions(peptideFeedFilters(peptideId)), placeholderData: undefined });
}

export async function fetchHomeExperiences(): Promise<Experience[]> {
  return (await call('homeExperiences', { listKey: 'experiences', invalid: NO_DATA })).experiences;
}

export function homeExperiencesQueryOptions() {
  return queryOptions({ queryKey: ['experiences', 'home'], queryFn: fetchHomeExperiences, staleTime: 30_000 });
}

export function useHomeExperiences() {
  return useQuery(homeExperiencesQueryOptions());
}

export async function fetchExperience(id: string): Promise<Experience> {
  return (await call('experience', { params: { id }, invalid: 'Experience not found' })).experience;
}

export function useExperience(id: string) {
  return useQuery({
    queryKey: ['experiences', 'detail', id],
    queryFn: () => fetchExperience(id),
    staleTime: 30_000,
    // A missing report stays missing: no retries on 4xx.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status !== undefined && error.status < 500) && count < 2,
  });
}
