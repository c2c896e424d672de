// The build's route manifest (scripts/route-manifest.ts): every route of the table
// (src/app/route-table.ts) with its page's chunk, and the server announcing those files in the
// HTML it sends for that route (server/lib/spa-preload.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROUTE_MANIFEST_FILE, type RouteManifest } from '../../contract/route-manifest';
import { ROUTES, pageExport } from '../../src/app/route-table';

const distDir = inject('distDir');
const baseURL = inject('baseURL');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, ROUTE_MANIFEST_FILE), 'utf8')) as RouteManifest;
const SOME_ID = '3f1e2d4c-5b6a-4789-8abc-def012345678';
const preloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** What index.html preloads for every page: the entry's own imports. */
const entryPreloads = new Set(preloadsIn(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')));

describe('route manifest of the build', () => {
  it('lists every route of the table, each starting with its own page chunk, and only built files', () => {
    expect(manifest.routes.map((route) => route.pattern)).toEqual(ROUTES.map((route) => route.path));
    for (const [i, route] of manifest.routes.entries()) {
      expect(route.files[0], route.pattern).toMatch(new RegExp(`^/assets/${pageExport(ROUTES[i]!)}-[\\w-]+\\.js$`));
    }
    expect(manifest.core.some((file) => /^\/assets\/core-/.test(file))).toBe(true);
    for (const file of [...manifest.core, ...manifest.routes.flatMap((route) => route.files)]) {
      expect(fs.existsSync(path.join(distDir, file)), file).toBe(true);
    }
  });

  it.each(ROUTES.map((route) => [route.path]))(
    'the server announces the code of %s in its HTML, in every spelling',
    async (pattern) => {
      const files = [...manifest.core, ...manifest.routes.find((route) => route.pattern === pattern)!.files];
      const pathname = pattern.replace(':id', SOME_ID);
      // Pre-rendered pages name their code for after the first paint; the others preload it.
      const announced = async (url: string) => {
        const html = await (await fetch(`${baseURL}${url}`)).text();
        const named = /<meta name="page-modules" content="([^"]*)">/.exec(html)?.[1].split(' ');
        return named ?? preloadsIn(html).filter((file) => !entryPreloads.has(file));
      };
      expect(await announced(pathname)).toEqual(files);
      if (pathname !== '/') expect(await announced(`${pathname}/`)).toEqual(files);
      expect(await announced(`${pathname}?x=1`)).toEqual(files);
    },
  );
});
