// Community filters live in the URL (?search=&category=&sort=&peptide=) through src/lib/url-state.ts:
// shareable, a reload keeps them, and Back leaves the page with them kept in its entry. The
// search box follows the URL 300 ms after typing stops.
import { useCallback } from 'react';
import { z } from 'zod/mini';
import { COMMUNITY_CATEGORIES, COMMUNITY_SORTS, LEGACY_COMMUNITY_CATEGORIES } from '@contract/vocabulary';
import type { CommunityFilters } from '@/api/experiences';
import {
  oneOf,
  readUrlState,
  text,
  urlDefaults,
  useUrlState,
  useUrlTextDraft,
  uuid,
  writeUrlState,
} from '@/lib/url-state';

const SEARCH_MAX = 100;

const communitySchema = z.object({
  search: text(SEARCH_MAX),
  // An old link's purpose group (?category=healing) opens the category that replaced it.
  category: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? (LEGACY_COMMUNITY_CATEGORIES[v] ?? v) : v)),
    oneOf(COMMUNITY_CATEGORIES, 'all'),
  ),
  sort: oneOf(COMMUNITY_SORTS, 'newest'),
  // A peptide's id; anything else would be a 400 from the server, so it reads as all peptides.
  peptide: z.catch(uuid(), ''),
});

/** The filters a URL asks for; anything unknown falls back to the default. */
export const readCommunityFilters = (params: URLSearchParams): CommunityFilters =>
  readUrlState(communitySchema, params);

/** The URL's query for some filters: defaults are left out so the plain page has a plain URL. */
export const writeCommunityFilters = (prev: URLSearchParams, changes: Partial<CommunityFilters>): URLSearchParams =>
  writeUrlState(communitySchema, prev, changes);

export function useCommunityFilters() {
  const [filters, setFilters] = useUrlState(communitySchema);
  // The selects hand over their option's text; the schema turns anything else into the default.
  const update = setFilters as (changes: Partial<Record<keyof CommunityFilters, string>>) => void;
  const commitSearch = useCallback((search: string) => setFilters({ search }), [setFilters]);
  const [searchDraft, setSearchDraft] = useUrlTextDraft(filters.search, commitSearch);

  const clear = () => {
    setSearchDraft('');
    setFilters(urlDefaults(communitySchema));
  };

  const isFiltered =
    filters.search !== '' || filters.category !== 'all' || filters.sort !== 'newest' || filters.peptide !== '';
  return { filters, searchDraft, setSearchDraft, update, clear, isFiltered };
}
