import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { PRERENDER_BUNDLE_FILE } from './contract/page-render.ts';
import { routeManifest } from './scripts/route-manifest.ts';
import { ROUTES, pageFile } from './src/app/route-table.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
/** Where the pre-render bundle (Node code, never served) is built and run from; one per build, so
 *  two builds at once (a test run and `npm start`) cannot overwrite each other's. */
const prerenderOutDir = fileURLToPath(new URL(`./node_modules/.cache/prerender-${process.pid}`, import.meta.url));

/**
 * The app's core, in one chunk: what src/app/boot.tsx runs on (the router, TanStack Query, the app
 * shell) and the small pieces most pages share (UI primitives, page headings, the API client).
 * Left to itself the bundler makes a dozen chunks of a few hundred bytes each; every chunk is one
 * more request, and asking for each also costs a slow phone's main thread.
 */
const CORE = [
  /[\\/]node_modules[\\/]react-router[\\/]/,
  // Infinite lists and mutations are for some pages only.
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*(nfinite|utation))/,
  // Not the entry's helper (it runs before the core loads), the toaster (Radix, loaded lazily), the
  // not-found page (loaded like a page) nor the stale-data notice (loaded after the first paint).
  /[\\/]src[\\/]app[\\/](?!first-paint|toast[\\/]Toaster|layout[\\/](NotFoundPage|StaleDataNotice))/,
  // Not the URL-state module: it brings zod, which Home's first load does without. Nor what only
  // the wizard, the Privacy page and the member pages use (tracking IDs, hold hints, downloads,
  // publication times, the wizard's prefill, the dose fields' helpers with the dose contract). Nor the option lists and labels
  // (contract/vocabulary.ts, 1.3 kB as brotli): Home's first screen shows none, and the pages that
  // do load them with their own chunks (tests/e2e/budgets.test.ts: the first load of / was 96.1 of
  // 96 kB with them).
  /[\\/]src[\\/]lib[\\/](?!url-state|tracking-id|hold-hints|download|publication|wizard-prefill|dose[\\/])|[\\/]src[\\/]components[\\/]page[\\/]|[\\/]src[\\/]components[\\/]experience[\\/](StoryText|format)\.tsx?$|[\\/]src[\\/]api[\\/]client\.ts$|[\\/]contract[\\/](rules|normalize)\.ts$/,
  /[\\/]src[\\/]components[\\/]ui[\\/](badge|button|card|field-styles|input|label|select|skeleton|spinner|stat-card)\.tsx?$/,
];
/** Primitives only the form pages use, with the barrel that names them all: one chunk for those pages. */
const FORM_PRIMITIVES = /[\\/]src[\\/]components[\\/]ui[\\/](textarea|slider|progress|safety-notice\.tsx|index\.ts)/;

export default defineConfig({
  // routeManifest: each route's files for the server's preloads (server/lib/spa-preload.ts).
  // precompress: a .br and .gz copy of every text file written, which the server sends as stored.
  plugins: [
    react(),
    tailwindcss(),
    routeManifest(ROUTES.map((route) => ({ path: route.path, file: pageFile(route) }))),
    precompress(),
    // The pre-render bundle with its dependencies bundled in: the server loads it from the build
    // folder, wherever that is (server/lib/page-render.ts). For builds only: vitest runs the
    // server's tests in this same environment, where bundling everything (vitest included) in
    // breaks the test runner.
    {
      name: 'self-contained-prerender',
      apply: 'build',
      configEnvironment: (name) => (name === 'ssr' ? { resolve: { noExternal: true } } : undefined),
    },
  ],
  // The year the pre-rendered pages were built in (src/app/layout/Footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    assetsInlineLimit: 0,
    // The budgets test walks the manifest to find what the first screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper for import() with dependencies: the entry runs it before the core loads.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            // React on its own, so that the entry can have it evaluated in a task of its own.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'core', test: (id: string) => CORE.some((pattern) => pattern.test(id)), priority: 2 },
            // Icons two or more pages use (the shell's own are in the core): one small chunk.
            { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 2, priority: 2 },
            // The report card with its votes, for the pages that list reports. Not recursive: the
            // mutation code it uses is the other member pages' too, and goes where the bundler puts it.
            {
              name: 'experience-card',
              test: /[\\/]src[\\/]components[\\/]experience[\\/]/,
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'form-primitives', test: FORM_PRIMITIVES, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      build: {
        ssr: 'src/prerender.tsx',
        outDir: prerenderOutDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        // The pre-render bundle is one file for Node: the app's lazy schemas (src/api) are bundled
        // in with the rest, as src/prerender.tsx reads answers with them, which is no loss here.
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      },
    },
  },
  // `vite build`: the SPA, then the pre-render bundle, then each public page's first screen as
  // HTML in .vite/prerendered.json, which the server puts into index.html (server/lib/spa-preload.ts).
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      await builder.build(client);
      await builder.build(ssr);
      const entry = pathToFileURL(path.join(prerenderOutDir, 'prerender.js')).href;
      const { PRERENDERED_PATHS, prerenderPage } = (await import(entry)) as typeof import('./src/prerender');
      const pages: Record<string, Awaited<ReturnType<typeof prerenderPage>>> = {};
      for (const page of PRERENDERED_PATHS) pages[page] = await prerenderPage(page);
      const clientOutDir = path.resolve(builder.config.root, client.config.build.outDir);
      fs.writeFileSync(path.join(clientOutDir, '.vite', 'prerendered.json'), JSON.stringify(pages));
      // Kept for the server, which renders /community with its first reports at each change of
      // the public reports (server/lib/page-render.ts).
      const bundleDir = path.join(clientOutDir, path.dirname(PRERENDER_BUNDLE_FILE));
      fs.rmSync(bundleDir, { recursive: true, force: true });
      fs.cpSync(prerenderOutDir, bundleDir, { recursive: true });
      fs.rmSync(prerenderOutDir, { recursive: true, force: true });
    },
  },
});
