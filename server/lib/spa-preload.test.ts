import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpaIndex } from './spa-preload';

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
    '/community': { html: '<main><h1>Community Experiences</h1><p>Costs $& and $1 to read</p></main>', title: 'Community Experiences · Peptide Community' },
    '/': { html: '<main><h1>Peptide Community</h1></main>', title: 'Peptide Community' },
    '/terms': { html: '<main><h1>Terms &amp; more</h1></main>', title: 'Terms & <more> · Peptide Community' },
  }),
);
fs.writeFileSync(
  path.join(dir, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_helper.js'], dynamicImports: ['_core.js'] },
    '_helper.js': { file: 'assets/helper-1.js' },
    '_core.js': { file: 'assets/core-1.js', imports: ['_helper.js', '_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'] },
    'src/features/home/HomePage.tsx': { file: 'assets/HomePage-1.js', imports: ['_card.js', '_react.js'] },
    'src/features/community/CommunityPage.tsx': { file: 'assets/CommunityPage-1.js', imports: ['_card.js'] },
    'src/api/http.ts': { file: 'assets/http-1.js' },
  }),
);

describe("index.html with the page's code announced", () => {
  const spa = loadSpaIndex(dir)!;
  const preloads = (html: string) => [...html.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  const named = (html: string) => /<meta name="page-modules" content="([^"]*)">/.exec(html)?.[1].split(' ').filter(Boolean);

  it('on a page without pre-rendered HTML, preloads the core and the page, not what the entry loads nor the HTTP client', () => {
    expect(preloads(spa.htmlFor('/community?sort=rating'))).toEqual(['/assets/core-1.js', '/assets/react-1.js', '/assets/CommunityPage-1.js', '/assets/card-1.js']);
    expect(named(spa.htmlFor('/community?sort=rating'))).toBeUndefined();
  });

  it('on a pre-rendered page, only names the core and its chunks, for the entry to request after the first paint', () => {
    const html = spa.htmlFor('/community');
    expect(preloads(html)).toEqual([]);
    expect(named(html)).toEqual(['/assets/core-1.js', '/assets/react-1.js', '/assets/CommunityPage-1.js', '/assets/card-1.js']);
    // Each file once: what the core brings is not named again for the page.
    expect(named(spa.htmlFor('/'))).toEqual(['/assets/core-1.js', '/assets/react-1.js', '/assets/HomePage-1.js', '/assets/card-1.js']);
  });

  it('preloads the core alone for unknown paths and for pages missing from the build', () => {
    expect(preloads(spa.htmlFor('/no/such/page'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
    expect(preloads(spa.htmlFor('/explore'))).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
  });
});

describe('index.html with the pre-rendered first screen', () => {
  const spa = loadSpaIndex(dir)!;
  const root = (html: string) => /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('puts the page inside #root, inert until the app replaces it, and names the page in the title', () => {
    const html = spa.htmlFor('/community');
    expect(root(html)).toBe('<div inert><main><h1>Community Experiences</h1><p>Costs $& and $1 to read</p></main></div>');
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
