// The route table is the one list of pages: the header, the footer, the pre-render and the build's
// route manifest (which the server reads for its preloads) all follow it.
import { describe, expect, it } from 'vitest';
import { type BuiltChunk, buildRouteManifest } from '../../scripts/route-manifest';
import { ROUTES, type RouteSpec, pageFile, prerenderedPaths, shellLinks } from '@/app/route-table';

const chunk = (fileName: string, extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  module: null,
  imports: [],
  dynamicImports: [],
  ...extra,
});

/** A bundle shaped like the real one: the entry imports the core by import(), pages are chunks of their own. */
const pageChunk = (route: RouteSpec, imports: string[] = []) =>
  chunk(`assets/${route.page.split('/').pop()}-1.js`, {
    module: pageFile(route),
    imports: ['assets/react-1.js', ...imports],
  });
const bundleFor = (routes: readonly RouteSpec[]): BuiltChunk[] => [
  chunk('assets/index-1.js', {
    isEntry: true,
    module: 'index.html',
    imports: ['assets/helper-1.js'],
    dynamicImports: ['assets/core-1.js'],
  }),
  chunk('assets/helper-1.js'),
  chunk('assets/core-1.js', {
    module: 'src/app/boot.tsx',
    imports: ['assets/helper-1.js', 'assets/react-1.js'],
    dynamicImports: ['assets/http-1.js'],
  }),
  chunk('assets/react-1.js'),
  chunk('assets/card-1.js', { imports: ['assets/react-1.js'] }),
  chunk('assets/http-1.js', { module: 'src/api/http.ts' }),
  ...routes.map((route) => pageChunk(route, route.path === '/community' ? ['assets/card-1.js'] : [])),
];
const manifestOf = (routes: readonly RouteSpec[], chunks = bundleFor(routes)) =>
  buildRouteManifest(
    chunks,
    routes.map((route) => ({ path: route.path, file: pageFile(route) })),
  );

describe('the build’s route manifest', () => {
  it('lists every route of the table, each with its page chunk', () => {
    const manifest = manifestOf(ROUTES);
    expect(manifest.routes.map((route) => route.pattern)).toEqual(ROUTES.map((route) => route.path));
    for (const [i, route] of manifest.routes.entries())
      expect(route.files[0]).toBe(`/assets/${ROUTES[i]!.page.split('/').pop()}-1.js`);
  });

  it('names the core without what the entry loads, and each page without the core nor what it loads by import()', () => {
    const manifest = manifestOf(ROUTES);
    expect(manifest.core).toEqual(['/assets/core-1.js', '/assets/react-1.js']);
    const community = manifest.routes.find((route) => route.pattern === '/community');
    expect(community?.files).toEqual(['/assets/CommunityPage-1.js', '/assets/card-1.js']);
    // The HTTP client loads on the first API call, never ahead (see scripts/route-manifest.ts).
    expect(JSON.stringify(manifest)).not.toContain('http-1.js');
  });

  it('fails the build for a route whose page is not a chunk', () => {
    const chunks = bundleFor(ROUTES).filter((c) => c.module !== 'src/features/terms/TermsPage.tsx');
    expect(() => manifestOf(ROUTES, chunks)).toThrow(
      'Route /terms: src/features/terms/TermsPage.tsx is not a chunk of the build',
    );
  });
});

describe('links and pre-render, from the table', () => {
  it('gives the header and footer links of today, by role', () => {
    const nav = (viewer: 'visitor' | 'member' | 'moderator') =>
      shellLinks('nav', viewer).map((link) => [link.label, link.to]);
    const visitor = [
      ['Home', '/'],
      ['Peptides', '/peptides'],
      ['Submit Experience', '/submit'],
      ['Community', '/community'],
      ['Explore', '/explore'],
      ['Privacy', '/privacy'],
    ];
    expect(nav('visitor')).toEqual(visitor);
    expect(nav('member')).toEqual([...visitor, ['Profile', '/profile']]);
    expect(nav('moderator')).toEqual([...visitor, ['Profile', '/profile'], ['Research Hub', '/research']]);
    expect(
      shellLinks('nav', 'visitor')
        .filter((link) => link.end)
        .map((link) => link.to),
    ).toEqual(['/']);
    expect(shellLinks('footer', 'visitor').map((link) => [link.label, link.to])).toEqual([
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ]);
  });

  it('pre-renders only pages that are the same for every visitor: public, with no id in the path', () => {
    for (const path of prerenderedPaths()) {
      const route = ROUTES.find((r) => r.path === path)!;
      expect(route.audience, path).toBe('everyone');
      expect(path, path).not.toContain(':');
    }
    expect(prerenderedPaths()).toEqual([
      '/',
      '/peptides',
      '/submit',
      '/community',
      '/explore',
      '/terms',
      '/privacy',
      '/login',
      '/register',
    ]);
  });

  it('one entry is enough for a new page to be linked, pre-rendered and in the manifest', () => {
    const glossary: RouteSpec = {
      path: '/glossary',
      page: 'glossary/GlossaryPage',
      audience: 'everyone',
      prerender: true,
      link: { label: 'Glossary', in: ['nav'] },
    };
    const notes: RouteSpec = {
      path: '/notes',
      page: 'notes/NotesPage',
      audience: 'member',
      link: { label: 'Notes', in: ['nav', 'footer'] },
    };
    const routes = [...ROUTES, glossary, notes];
    expect(shellLinks('nav', 'visitor', routes).map((link) => link.label)).toContain('Glossary');
    expect(shellLinks('nav', 'visitor', routes).map((link) => link.label)).not.toContain('Notes');
    expect(
      shellLinks('nav', 'member', routes)
        .map((link) => link.label)
        .slice(-2),
    ).toEqual(['Glossary', 'Notes']);
    expect(shellLinks('footer', 'member', routes).map((link) => link.label)).toEqual(['Terms', 'Privacy', 'Notes']);
    expect(prerenderedPaths(routes)).toContain('/glossary');
    expect(prerenderedPaths(routes)).not.toContain('/notes');
    expect(manifestOf(routes).routes.find((route) => route.pattern === '/glossary')?.files).toEqual([
      '/assets/GlossaryPage-1.js',
    ]);
  });
});
