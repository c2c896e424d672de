// contract/sources.ts: which source is a web address, what is wrong with one, how it is shown.
import { describe, expect, it } from 'vitest';
import { SOURCES_MESSAGE, checkSources, isUrlSource, shortUrl, sourceLines, sourceMessage } from './sources';

describe('sources', () => {
  it('a source is a web address when it starts with a scheme; a citation may hold colons', () => {
    for (const url of [
      'https://x.org',
      'HTTP://x.org',
      'ftp://x.org',
      'javascript:alert(1)',
      'mailto:a@b.org',
      'data:text/html,x',
    ])
      expect(isUrlSource(url), url).toBe(true);
    for (const citation of [
      'Curr Pharm Des 24:1972',
      'PMID:29998800',
      'Review: peptides',
      'doi:10.1000/182',
      'Smith J (2020)',
    ])
      expect(isUrlSource(citation), citation).toBe(false);
  });

  it('checks each source, numbered from 1, then the count; blanks and repeats are dropped', () => {
    expect(checkSources(['A (2020), J 1:2', ' https://x.org/a ', 'A (2020), J 1:2', ''])).toEqual({
      sources: ['A (2020), J 1:2', 'https://x.org/a'],
    });
    expect(checkSources([' '])).toEqual({ problem: SOURCES_MESSAGE.missing });
    expect(checkSources(['ok', 'https://a:b@x.org'])).toEqual({
      problem: sourceMessage(1, SOURCES_MESSAGE.credentials),
    });
    expect(checkSources(['http://localhost:3000/'])).toEqual({ problem: sourceMessage(0, SOURCES_MESSAGE.host) });
    expect(checkSources(['http://x.org.'])).toEqual({ sources: ['http://x.org.'] });
    // An IP host in any spelling the URL parser reads as one (the form checks this too), a messenger's link.
    for (const ip of [
      'http://10.0.0.1/',
      'http://167772161/',
      'http://0xa000001/',
      'http://012.0.0.01/',
      'https://[::1]/',
    ]) {
      expect(checkSources([ip]), ip).toEqual({ problem: sourceMessage(0, SOURCES_MESSAGE.ipHost) });
    }
    expect(checkSources(['https://t.me/s/vendor'])).toEqual({ problem: sourceMessage(0, SOURCES_MESSAGE.messenger) });
    expect(checkSources(['https://signal.me/#p/+447700900123'])).toEqual({
      problem: sourceMessage(0, SOURCES_MESSAGE.messenger),
    });
    expect(checkSources(['https://at.me.example.org/'])).toEqual({ sources: ['https://at.me.example.org/'] });
    expect(checkSources(Array.from({ length: 11 }, (_, i) => `c${i}`))).toEqual({ problem: SOURCES_MESSAGE.tooMany });
  });

  it('splits the form field into lines and shows an address as host and path, shortened', () => {
    expect(sourceLines(' a \r\n\n b\rc ')).toEqual(['a', 'b', 'c']);
    expect(shortUrl('https://www.example.org/')).toBe('example.org');
    expect(shortUrl('https://pubmed.ncbi.nlm.nih.gov/?term=Thymosin%20Alpha-1')).toBe(
      'pubmed.ncbi.nlm.nih.gov/?term=Thymosin Alpha-1',
    );
    expect(shortUrl(`https://x.org/${'a'.repeat(100)}`)).toHaveLength(60);
    expect(shortUrl('https://x.org/%E0%A4%A')).toBe('x.org/%E0%A4%A');
  });
});
