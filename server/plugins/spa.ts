// The built web app: hashed assets cached for a year, everything else revalidated, and the
// history fallback (any other GET gets the app's HTML, pre-rendered for its route where the
// build made one). Unknown API paths answer JSON 404, never HTML.
// Nothing here is compressed per request: the build wrote a .br and a .gz copy beside each text
// file (scripts/precompress.ts, with the settings of lib/compression.ts) and the stored copy the
// client accepts is sent; the pages are compressed once at start (lib/spa-preload.ts), but the
// pages rendered with their first data (/, /peptides, /community), rendered again whenever the
// public data changes and compressed then, like a kept API answer (lib/page-render.ts). app.ts
// registers this plugin before the compression plugin, so that plugin never sees these routes.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compressibleFiles, PRECOMPRESSED } from '../lib/compression';
import type { ReadCache } from '../lib/cache';
import { pageRenderer, pathWithData } from '../lib/page-render';
import { COMPRESS_THRESHOLD, type KeptAnswer, keptPayload } from '../lib/response-cache';
import { loadSpaIndex } from '../lib/spa-preload';

/**
 * The path as the router would read it: without an absolute-form target's origin, percent-decoded and with repeated slashes collapsed,
 * so `/%61pi/x` and `//api/x` are API paths too. Undecodable text is taken as written.
 */
function decodedPath(request: FastifyRequest): string {
  // An absolute-form target (`GET http://host/api/x HTTP/1.1`) names the same path as `/api/x`:
  // the router reads it so, and so must this.
  const raw = request.url.split('?')[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the raw text is all there is.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/** A path whose last segment has a file extension (`/favicon.ico`, `/assets/x.js`): not a page. */
function looksLikeFile(request: FastifyRequest): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(decodedPath(request));
}

export function isApiPath(request: FastifyRequest): boolean {
  const pathname = decodedPath(request).toLowerCase();
  return pathname === '/api' || pathname.startsWith('/api/');
}

export const spa = fp(
  async (app, { staticDir, cache }: { staticDir: string | null; cache: ReadCache }) => {
    const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
    const hasSpa = !!staticDir && !!indexHtml && fs.existsSync(indexHtml);
    const spaIndex = hasSpa && staticDir ? loadSpaIndex(staticDir) : null;
    if (hasSpa && staticDir) {
      const unpacked = compressibleFiles(staticDir).filter(
        (file) =>
          !fs.existsSync(path.join(staticDir, file + PRECOMPRESSED.br)) &&
          fs.statSync(path.join(staticDir, file)).size >= COMPRESS_THRESHOLD,
      );
      if (unpacked.length) {
        // An older build (or one made otherwise): its files would go out uncompressed.
        const named = unpacked.slice(0, 3).join(', ') + (unpacked.length > 3 ? ', ...' : '');
        app.log.warn(
          `text files without a compressed copy in ${staticDir}: ${unpacked.length} (${named}); they go out uncompressed: build again with \`npm run build\``,
        );
      }
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        // `x.js` is sent as `x.js.br` (or `.gz`) when the client accepts it, with
        // `Content-Encoding` and `Vary: Accept-Encoding`, else as is. The copies are no
        // addresses of their own: `/assets/x.js.br` is a 404 like any missing file.
        preCompressed: true,
        globIgnore: Object.values(PRECOMPRESSED).map((extension) => `**/*${extension}`),
        setHeaders: (res, filePath) => {
          // Hashed build assets never change; everything else is revalidated.
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }

    // The pages with their first data (lib/page-render.ts), from the build's pre-render bundle; the
    // API's answers are asked of this very server.
    const renderer =
      staticDir && spaIndex
        ? pageRenderer(staticDir, {
            spaIndex,
            cache,
            log: app.log,
            get: async (url) => {
              const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
              return { statusCode: answer.statusCode, body: answer.body };
            },
          })
        : null;
    /** The page with its data for this request target (its exact path, no query string), or null. */
    const renderedPage = async (url: string): Promise<KeptAnswer | null> => {
      const [pathname = '/', query] = url.split('?');
      // With filters in the address the app renders the page (as for the pre-rendered pages).
      if (!renderer || query !== undefined) return null;
      const page = pathWithData(pathname);
      return page ? renderer.page(page) : null;
    };

    app.setNotFoundHandler(async (request, reply) => {
      if (isApiPath(request)) {
        return reply.code(404).send({
          success: false,
          error: `Not found: ${request.method} ${request.url.split('?')[0]}`,
          code: 'not_found',
        });
      }
      // A missing file (favicon.ico, sitemap.xml, an old asset) is a 404, not the app's page:
      // HTML served as an image or a script helps nobody and hides broken links.
      if (looksLikeFile(request)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
        // History fallback: the SPA's router decides what any other path shows; a path no route
        // has (a mistyped address) gets its not-found page with a 404, so links checkers, search
        // engines and API clients see what a person sees.
        if (!spaIndex) return reply.header('cache-control', 'no-cache').sendFile('index.html');
        reply
          .code(spaIndex.isPage(decodedPath(request)) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8');
        const withData = await renderedPage(request.url);
        return reply.send(keptPayload(request, reply, withData ?? spaIndex.pageFor(request.url)));
      }
      return reply.code(404).send({ success: false, error: 'Not found', code: 'not_found' });
    });
  },
  { name: 'spa' },
);
