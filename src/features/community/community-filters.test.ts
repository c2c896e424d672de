import { describe, expect, it } from 'vitest';
import { readCommunityFilters, writeCommunityFilters } from './community-filters';

describe('community filters in the URL', () => {
  it('reads known values and falls back to the defaults for anything else', () => {
    expect(readCommunityFilters(new URLSearchParams('search=%20bpc%20&category=Anti-Aging&sort=rating'))).toEqual({
      search: 'bpc',
      category: 'Anti-Aging',
      sort: 'rating',
      peptide: '',
    });
    // Links from before the peptide categories: each purpose group opens the category that replaced it.
    expect(readCommunityFilters(new URLSearchParams('category=healing')).category).toBe('Healing & Recovery');
    expect(readCommunityFilters(new URLSearchParams('category=performance')).category).toBe(
      'Performance & Enhancement',
    );
    expect(readCommunityFilters(new URLSearchParams('category=bogus&sort=<script>'))).toEqual({
      search: '',
      category: 'all',
      sort: 'newest',
      peptide: '',
    });
    expect(readCommunityFilters(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(100);
    const id = '20000000-0000-4000-8000-00000000000A';
    expect(readCommunityFilters(new URLSearchParams(`peptide=${id}`)).peptide).toBe(id.toLowerCase());
    expect(readCommunityFilters(new URLSearchParams('peptide=BPC-157')).peptide).toBe('');
  });

  it('writes only what differs from the defaults and keeps unrelated parameters', () => {
    const next = writeCommunityFilters(new URLSearchParams('sort=helpful&utm=1'), {
      search: ' sleep ',
      category: 'all',
      sort: 'newest',
    });
    expect(next.toString()).toBe('utm=1&search=sleep');
  });
});
