// Community filters live in the URL (?search=&category=&sort=&peptide=): shareable, and the back button
// restores them. The search box follows the URL 300 ms after typing stops.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COMMUNITY_CATEGORIES, COMMUNITY_SORTS, UUID_RE, type CommunityCategory, type CommunitySort } from '@contract/vocabulary';
import type { CommunityFilters } from '@/api/experiences';

const SEARCH_MAX = 100;

/** The filters a URL asks for; anything unknown falls back to the default. */
export function readCommunityFilters(params: URLSearchParams): CommunityFilters {
  const category = params.get('category') ?? 'all';
  const sort = params.get('sort') ?? 'newest';
  const peptide = (params.get('peptide') ?? '').trim();
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    category: (COMMUNITY_CATEGORIES as readonly string[]).includes(category) ? (category as CommunityCategory) : 'all',
    sort: (COMMUNITY_SORTS as readonly string[]).includes(sort) ? (sort as CommunitySort) : 'newest',
    // A peptide's id; anything else would be a 400 from the server, so it reads as all peptides.
    peptide: UUID_RE.test(peptide) ? peptide.toLowerCase() : '',
  };
}

/** The URL's query for some filters: defaults are left out so the plain page has a plain URL. */
export function writeCommunityFilters(prev: URLSearchParams, changes: Partial<CommunityFilters>): URLSearchParams {
  const next = new URLSearchParams(prev);
  const defaults: CommunityFilters = { search: '', category: 'all', sort: 'newest', peptide: '' };
  for (const [key, value] of Object.entries(changes) as [keyof CommunityFilters, string][]) {
    const clean = key === 'search' ? value.trim().slice(0, SEARCH_MAX) : value;
    if (clean === '' || clean === defaults[key]) next.delete(key);
    else next.set(key, clean);
  }
  return next;
}

export function useCommunityFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readCommunityFilters(params);
  const [searchDraft, setSearchDraft] = useState(filters.search);

  const update = (changes: Partial<Record<keyof CommunityFilters, string>>) =>
    setParams((prev) => writeCommunityFilters(prev, changes as Partial<CommunityFilters>), { replace: false });

  // The box follows the URL when it changes from outside (back button, Clear Filters): state
  // adjusted during render, as React recommends, rather than in an effect.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (seenSearch !== filters.search) {
    setSeenSearch(filters.search);
    if (searchDraft.trim() !== filters.search) setSearchDraft(filters.search);
  }

  useEffect(() => {
    if (searchDraft.trim() === filters.search) return;
    const timer = setTimeout(() => setParams((prev) => writeCommunityFilters(prev, { search: searchDraft }), { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [searchDraft, filters.search, setParams]);

  const clear = () => {
    setSearchDraft('');
    setParams(new URLSearchParams(), { replace: false });
  };

  const isFiltered = filters.search !== '' || filters.category !== 'all' || filters.sort !== 'newest' || filters.peptide !== '';
  return { filters, searchDraft, setSearchDraft, update, clear, isFiltered };
}
