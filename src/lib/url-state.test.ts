import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { id, idList, oneOf, pageNumber, readUrlState, text, urlDefaults, writeUrlState } from './url-state';

const schema = z.object({
  tab: oneOf(['overview', 'top', 'compare']),
  sort: oneOf(['newest', 'rating', 'helpful']),
  page: pageNumber(),
  search: text(100),
  report: id(),
  compare: idList(3),
});
const DEFAULTS = { tab: 'overview', sort: 'newest', page: 1, search: '', report: null, compare: [] };
const A = '20000000-0000-4000-8000-00000000000a';
const B = '20000000-0000-4000-8000-00000000000b';

/** What a hand-edited address bar gives the screen: the raw query, decoded as the browser does. */
const read = (query: string) => readUrlState(schema, new URLSearchParams(query));

describe('URL state', () => {
  it('reads what a URL asks for', () => {
    expect(
      read(`tab=compare&sort=rating&page=7&search=%20bpc%20&report=${A.toUpperCase()}&compare=${A},${B},${A}`),
    ).toEqual({
      tab: 'compare',
      sort: 'rating',
      page: 7,
      search: 'bpc',
      report: A,
      compare: [A, B],
    });
    expect(urlDefaults(schema)).toEqual(DEFAULTS);
  });

  it.each([
    [
      'a key JSON treats specially',
      'sort=__proto__&tab=constructor&page=__proto__&report=__proto__&compare=__proto__&__proto__=x',
    ],
    ['a negative page', 'page=-1'],
    ['page zero', 'page=0'],
    ['a fractional page', 'page=1.5'],
    ['a page in exponent form', 'page=1e3'],
    ['a page past the last one allowed', 'page=100001'],
    ['a lone surrogate, percent-encoded', 'sort=%ED%A0%80&search=%ED%A0%80&report=%ED%A0%80&tab=%ED%A0%80'],
    ['broken percent-encoding', 'search=%E0%A4%A&sort=%&page=%FF'],
    ['control characters', 'search=a%00b&sort=rating%0A'],
    ['repeated keys with junk first', 'sort=bogus&sort=rating&page=x&page=2'],
  ])('falls back to the defaults for %s, without throwing', (_, query) => {
    expect(read(query)).toEqual(DEFAULTS);
  });

  it('reads a lone surrogate given as text as the default, and never returns one', () => {
    const params = new URLSearchParams();
    params.set('search', 'abc\ud800');
    params.set('sort', '\udc00');
    expect(readUrlState(schema, params)).toEqual(DEFAULTS);
    // Cutting at the limit must not leave half a pair behind.
    const cut = readUrlState(schema, new URLSearchParams({ search: `${'x'.repeat(99)}😀 tail` })).search;
    expect(cut).toBe('x'.repeat(99));
  });

  it('survives a 60 kB value in every parameter', () => {
    const huge = 'x'.repeat(60 * 1024);
    const query = new URLSearchParams(Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, huge])));
    const state = readUrlState(schema, query);
    expect(state).toEqual({ ...DEFAULTS, search: 'x'.repeat(100) });
    const ids = new URLSearchParams({ compare: `${A},`.repeat(6000) + B });
    expect(readUrlState(schema, ids).compare).toEqual([A]);
  });

  it('writes only what differs from the defaults, cleaned as it will read back, and keeps other parameters', () => {
    const prev = new URLSearchParams('sort=helpful&utm=1&page=3');
    expect(writeUrlState(schema, prev, { search: ' sleep ', sort: 'newest' }).toString()).toBe(
      'utm=1&page=3&search=sleep',
    );
    expect(writeUrlState(schema, prev, { compare: [A, B], page: 1 }).toString()).toBe(
      `sort=helpful&utm=1&compare=${encodeURIComponent(`${A},${B}`)}`,
    );
    // Junk already in the URL is dropped on the next write rather than carried along.
    expect(writeUrlState(schema, new URLSearchParams('tab=bogus&report=nope'), { sort: 'rating' }).toString()).toBe(
      'sort=rating',
    );
    expect(writeUrlState(schema, new URLSearchParams(`report=${A}`), { report: null }).toString()).toBe('');
  });
});
