// Experience reports as anyone may read them: the community feed (server filters, keyset
// cursor paging), the Home preview, one report, and a peptide's reports.
import { pathOf } from '@contract/endpoints';
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
import { api } from './client';
import { ApiError } from './errors';

/** `peptide`: a peptide's id, or '' for all peptides. */
export type CommunityFilters = { search: string; category: CommunityCategory; sort: CommunitySort; peptide: string };
/** `total`: how many reports match, sent with the first page only (contract MatchCount). */
export type ExperiencePage = { experiences: Experience[]; nextCursor: string | null; total: MatchCount | null };

export const COMMUNITY_PAGE_SIZE = 20;
const NO_DATA = 'Invalid response structure - no experience data found';

// The schemas load with the first response rather than before the first paint (Home's budget).
const schemas = () => import('@contract/experiences');

export async function fetchExperiencePage(
  params: Partial<Omit<CommunityFilters, 'peptide'>> & { peptideId?: string; cursor?: string; limit?: number },
): Promise<ExperiencePage> {
  const [contract, response] = await Promise.all([schemas(), api.get<unknown>(pathOf('experiences'), { params })]);
  return readExperiencePage(contract, response.data, response.status);
}

/** A feed answer's body as a page of the feed (also the server's rendering of /community: src/prerender.tsx). */
export function readExperiencePage(
  { ExperienceListResponse }: Pick<typeof import('@contract/experiences'), 'ExperienceListResponse'>,
  body: unknown,
  status?: number,
): ExperiencePage {
  const data = readData(ExperienceListResponse, body, { listKey: 'experiences' });
  if (!data) throw new ApiError(NO_DATA, status, body);
  return { experiences: data.experiences, nextCursor: data.nextCursor ?? null, total: data.total ?? null };
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

export function usePeptideExperiences(peptideId: string) {
  return useQuery({
    queryKey: ['experiences', 'peptide', peptideId],
    queryFn: () => fetchExperiencePage({ peptideId, limit: 20 }),
    staleTime: 30_000,
  });
}

export async function fetchHomeExperiences(): Promise<Experience[]> {
  const [{ HomeExperiencesResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(pathOf('homeExperiences')),
  ]);
  const data = readData(HomeExperiencesResponse, response.data, { listKey: 'experiences' });
  if (!data) throw new ApiError(NO_DATA, response.status, response.data);
  return data.experiences;
}

export function homeExperiencesQueryOptions() {
  return queryOptions({ queryKey: ['experiences', 'home'], queryFn: fetchHomeExperiences, staleTime: 30_000 });
}

export function useHomeExperiences() {
  return useQuery(homeExperiencesQueryOptions());
}

export async function fetchExperience(id: string): Promise<Experience> {
  const [{ ExperienceResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(pathOf('experience', { id })),
  ]);
  const data = readData(ExperienceResponse, response.data);
  if (!data) throw new ApiError('Experience not found', response.status, response.data);
  return data.experience;
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
