import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpaIndex, routeMatcher } from './spa-preload';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, 'index.html'),
  '<html><head><title>Peptide Community</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(dir, '.vite/prerendered.json'),
  JSON.stringify({
    '/community': {
      html: '<main><h1>Community Experiences</h1><p>Costs $& and $1 to read</p></main>',
      title: 'Community Experiences · Peptide Community',
    },
    '/': { html: '<main><h1>Peptide Community</h1></main>', title: 'Peptide Community' },
    '/terms': { html: '<main><h1>Terms &amp; more</h1></main>', title: 'Terms & <more> · Peptide Community' },
  }),
);
// As scripts/route-manifest.ts writes it (its own test covers how it reads the bundle).
fs.writeFileSync(
  path.join(dir, '.vite/route-manifest.json'),
  JSON.stringify({
    core: ['/assets/core-1.js', '/assets/react-1.js'],
    routes: [
      { pattern: '/', files: ['/assets/HomePage-1.js', '/assets/card-1.js'] },
      { pattern: '/peptides/:id', files: ['/assets/PeptideDetailPage-1.js'] },
      { pattern: '/community', files: ['/assets/CommunityPage-1.js', '/assets/card-1.js'] },
    ],
  }),
);

describe("index.html with the page's code announced", () => {
  const spa = loadSpaIndex(dir)!;
  const preloads = (html: string) => [...html.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  const named = (html: string) =>
    /<meta name="page-modules" content="([^"]*)">/.exec(html)?.[1].split(' ').filter(Boolean);

  it('on a page without pre-rendered HTML, preloads the core and the page, not what the entry loads nor the HTTP client', () => {
    expect(preloads(spa.htmlFor('/community?sort=rating'))).toEqual([
      '/assets/core-1.js',
      '/assets/react-1.js',
      '/assets/CommunityPage-1.js',
      '/assets/card-1.js',
    ]);
    expect(named(spa.htmlFor('/community?sort=rating'))).toBeUndefined();
  });

  it('on a pre-rendered page, only names the core and its chunks, for the entry to request after the first paint', () => {
    const html = spa.htmlFor('/community');
    expect(preloads(html)).toEqual([]);
    expect(named(html)).toEqual([
      '/assets/core-1.js',
      '/assets/react-1.js',
      '/assets/CommunityPage-1.js',
      '/assets/card-1.js',
    ]);
    // Each file once: what the core brings is not named again for the page.
    expect(named(spa.htmlFor('/'))).toEqual([
      '/assets/core-1.js',
      '/assets/react-1.js',
      '/assets/HomePage-1.js',
      '/assets/card-1.js',
    ]);
  });

  it('preloads the core alone for unknown paths and for pages missing from the manifest', () => {
    expect(preloads(spa.htmlFor('/no/such/page'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
    expect(preloads(spa.htmlFor('/explore'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
  });

  it('finds a page by its pattern, with or without a trailing slash', () => {
    const page = ['/assets/core-1.js', '/assets/react-1.js', '/assets/PeptideDetailPage-1.js'];
    expect(preloads(spa.htmlFor('/peptides/42'))).toEqual(page);
    expect(preloads(spa.htmlFor('/peptides/42/'))).toEqual(page);
    expect(preloads(spa.htmlFor('/peptides/42?tab=x'))).toEqual(page);
    expect(preloads(spa.htmlFor('/community/?sort=rating'))).toContain('/assets/CommunityPage-1.js');
    // One segment for :id, and no other page is the home page.
    expect(preloads(spa.htmlFor('/peptides/42/more'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
    expect(preloads(spa.htmlFor('//'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
  });
});

describe('which paths are pages of the app', () => {
  const spa = loadSpaIndex(dir)!;
  it('a route of the manifest in any case, with a trailing slash or a query, is a page; anything else is not', () => {
    for (const url of [
      '/',
      '/community',
      '/Community/',
      '/community?sort=rating',
      '/peptides/42',
      '/PEPTIDES/42?tab=x',
    ])
      expect(spa.isPage(url), url).toBe(true);
    for (const url of [
      '/no/such/page',
      '/communityx',
      '/peptides',
      '/peptides/42/more',
      '//',
      '/community//',
      '/explore',
    ])
      expect(spa.isPage(url), url).toBe(false);
  });
});

describe('route patterns as the server matches them', () => {
  it.each([
    ['/', ['/'], ['//', '/x', '']],
    ['/community', ['/community', '/community/'], ['/community//', '/communityx', '/community/x', '/Community']],
    ['/peptides/:id', ['/peptides/42', '/peptides/a-b/'], ['/peptides', '/peptides/', '/peptides/42/x', '/peptides//']],
    ['/a.b', ['/a.b'], ['/axb']],
  ])('%s', (pattern, matching, others) => {
    for (const pathname of matching) expect(routeMatcher(pattern).test(pathname), pathname).toBe(true);
    for (const pathname of others) expect(routeMatcher(pattern).test(pathname), pathname).toBe(false);
  });
});

describe('index.html with the pre-rendered first screen', () => {
  const spa = loadSpaIndex(dir)!;
  const root = (html: string) => /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('puts the page inside #root, inert until the app replaces it, and names the page in the title', () => {
    const html = spa.htmlFor('/community');
    expect(root(html)).toBe(
      '<div inert><main><h1>Community Experiences</h1><p>Costs $& and $1 to read</p></main></div>',
    );
    expect(title(html)).toBe('Community Experiences · Peptide Community');
    // The route's code is still announced.
    expect(html).toContain('/assets/CommunityPage-1.js');
  });

  it('leaves the page to the app when the address carries filters', () => {
    expect(root(spa.htmlFor('/community?sort=rating'))).toBe('');
    expect(spa.htmlFor('/community?sort=rating')).toContain('href="/assets/CommunityPage-1.js"');
  });

  it('serves the same page for a trailing slash, and escapes the title', () => {
    expect(spa.htmlFor('/community/')).toBe(spa.htmlFor('/community'));
    expect(title(spa.htmlFor('/terms'))).toBe('Terms &amp; &lt;more&gt; · Peptide Community');
  });

  it('leaves pages that were not pre-rendered with an empty #root and the site title', () => {
    for (const pathname of ['/peptides/42', '/no/such/page']) {
      expect(root(spa.htmlFor(pathname))).toBe('');
      expect(title(spa.htmlFor(pathname))).toBe('Peptide Community');
    }
  });
});
