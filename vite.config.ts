import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
/** Where the pre-render bundle (Node code, never served) is built and run from; one per build, so
 *  two builds at once (a test run and `npm start`) cannot overwrite each other's. */
const prerenderOutDir = fileURLToPath(new URL(`./node_modules/.cache/prerender-${process.pid}`, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
  environments: {
    ssr: { build: { ssr: 'src/prerender.tsx', outDir: prerenderOutDir, emptyOutDir: true, manifest: false, copyPublicDir: false } },
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
      fs.rmSync(prerenderOutDir, { recursive: true, force: true });
      const clientOutDir = path.resolve(builder.config.root, client.config.build.outDir);
      fs.writeFileSync(path.join(clientOutDir, '.vite', 'prerendered.json'), JSON.stringify(pages));
    },
  },
});
