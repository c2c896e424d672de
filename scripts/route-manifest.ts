// A Vite plugin that writes .vite/route-manifest.json in the client build: for each route of the
// SPA (src/app/route-table.ts), the JavaScript files its page needs, and the app's core. The server
// reads it to announce a page's code in index.html (server/lib/spa-preload.ts) and so knows no
// source file of the SPA. The format is contract/route-manifest.ts, which both sides import.
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_MANIFEST_FILE, type RouteManifest } from '../contract/route-manifest';

/** What the manifest needs of one chunk of the bundle. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The source module the chunk stands for, relative to the project root (`src/features/home/HomePage.tsx`). */
  module: string | null;
  /** Chunks imported statically / by import(), by file name. */
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * Only static imports are followed from a page: what it loads by import() waits for its first use.
 * So the HTTP client (src/api/http.ts) stays out on purpose: on a slow phone link it competed with
 * the entry script for bandwidth and delayed the first paint (Lighthouse, mobile preset); it loads
 * on the page's first API call instead.
 */
export function buildRouteManifest(
  chunks: readonly BuiltChunk[],
  routes: readonly { path: string; file: string }[],
): RouteManifest {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
    const chunk = byFile.get(fileName);
    if (seen.has(fileName) || !chunk) return seen;
    seen.add(fileName);
    for (const dep of chunk.imports) closure(dep, seen);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loadedByEntry = entry ? closure(entry.fileName) : new Set<string>();
  const core = new Set<string>();
  for (const fileName of entry?.dynamicImports ?? [])
    for (const f of closure(fileName)) if (!loadedByEntry.has(f)) core.add(f);
  const afterCore = new Set([...loadedByEntry, ...core]);
  const url = (fileName: string) => `/${fileName}`;

  return {
    core: [...core].map(url),
    routes: routes.map((route) => {
      const page = chunks.find((chunk) => chunk.module === route.file);
      // A route whose page is no chunk of its own would load nothing early: fail the build instead.
      if (!page) throw new Error(`Route ${route.path}: ${route.file} is not a chunk of the build`);
      return { pattern: route.path, files: [...closure(page.fileName)].filter((f) => !afterCore.has(f)).map(url) };
    }),
  };
}

export function routeManifest(routes: readonly { path: string; file: string }[]): Plugin {
  let root = '';
  return {
    name: 'route-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return; // not the pre-render bundle
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                module: output.facadeModuleId
                  ? path.relative(root, output.facadeModuleId).split(path.sep).join('/')
                  : null,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
              },
            ]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MANIFEST_FILE,
        source: JSON.stringify(buildRouteManifest(chunks, routes)),
      });
    },
  };
}
