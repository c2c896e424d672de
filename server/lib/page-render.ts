// /community rendered with its first page of reports. The build pre-renders it without data
// (src/prerender.tsx), so a phone painted the heading early but the reports, the page's largest
// paint, only after the app had loaded, run and asked the API (docs/performance.md, "Lighthouse").
// The build keeps its pre-render bundle (contract/page-render.ts); this renders the page with the
// API's own answer for the plain page and puts that answer beside it as React Query's dehydrated
// state, which the app starts from (src/app/query-client.ts) so hydration finds the same page.
//
// The reports are public and change only when the public data does: at a publication batch (or a
// vote, or at once with PUBLISH_EVERY=0). So the page is rendered again only when the read cache's
// version has moved (lib/cache.ts), at most once per version and request wave, and kept at most
// RENDERED_TTL_MS (what the app treats as fresh), which bounds its age when this process cannot
// hear another's writes. Anything failing (an older build without the bundle, the API answering
// an error) leaves the pre-rendered page without data, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_QUERY_STATE_ID, PRERENDER_BUNDLE_FILE } from '../../contract/page-render';
import { ROUTE_PATTERNS } from '../../contract/web-paths';
import type { ReadCache } from './cache';
import { KeptAnswer } from './response-cache';
import type { SpaIndex } from './spa-preload';

/** How long a rendered page is kept while nothing changes: the app's staleTime (src/app/query-client.ts). */
export const RENDERED_TTL_MS = 30_000;
/** A render that takes longer is given up (the page goes out without data). */
const RENDER_TIMEOUT_MS = 15_000;
/** The page rendered with data (src/prerender.tsx, communityWithData.path). */
export const RENDERED_PATH = ROUTE_PATTERNS.community;

interface RenderedPage {
  html: string;
  title: string;
  state: unknown;
}

/** The API's answer to a GET of `url` on this server (app.inject). */
export type ApiGet = (url: string) => Promise<{ statusCode: number; body: string }>;

export interface PageRenderer {
  /** The page with its data, or null (not renderable now: the caller sends the page without data). */
  page(): Promise<KeptAnswer | null>;
}

/**
 * JSON safe inside a `<script type="application/json">` block: no `<` (so no `</script>` or
 * `<!--`) and no line or paragraph separators that older parsers read as line ends.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

// The render runs in a worker thread that loads the bundle, asks for the API's answer (its
// `api`, which src/prerender.tsx owns), renders and exits. Loaded into the server itself, the
// bundle (React, the app and their data) kept about 30-40 MB resident for good, over PGlite's
// 512 MB memory goal at a million reports (docs/performance.md); a worker holds it for the
// ~0.2 s of a render, once per change of the public data. Plain JavaScript, evaluated as is.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { communityWithData } = await import(workerData.bundle);
  parentPort.postMessage({ api: communityWithData.api });
  const body = await new Promise((resolve) => parentPort.once('message', resolve));
  parentPort.postMessage({ page: await communityWithData.render(body) });
})().catch((err) => parentPort.postMessage({ error: String((err && err.stack) || err) }));
`;

/** Renders the page once in a worker: the API is asked through `get` on this thread. */
function renderInWorker(bundle: string, get: ApiGet): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bundle: pathToFileURL(bundle).href },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const timer = setTimeout(() => fail(new Error(`no page within ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    const fail = (err: unknown) => {
      done();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render worker exited (${code})`)));
    worker.on('message', (message: { api?: string; page?: RenderedPage; error?: string }) => {
      if (message.error) return fail(new Error(message.error));
      if (message.page) {
        done();
        return resolve(message.page);
      }
      if (typeof message.api !== 'string') return fail(new Error('the bundle named no API address'));
      const api = message.api;
      get(api).then(
        (answer) => {
          if (answer.statusCode !== 200) return fail(new Error(`GET ${api} answered ${answer.statusCode}`));
          worker.postMessage(JSON.parse(answer.body));
        },
        fail,
      );
    });
  });
}

/** The renderer of RENDERED_PATH for this build folder, or null when its build kept no bundle. */
export function pageRenderer(
  staticDir: string,
  deps: { spaIndex: SpaIndex; cache: ReadCache; get: ApiGet; log: FastifyBaseLogger; now?: () => number },
): PageRenderer | null {
  const bundle = path.join(staticDir, PRERENDER_BUNDLE_FILE);
  if (!fs.existsSync(bundle)) return null;
  const now = deps.now ?? Date.now;
  let kept: { version: number; at: number; page: Promise<KeptAnswer | null> } | null = null;

  const render = async (): Promise<KeptAnswer | null> => {
    try {
      const page = await renderInWorker(bundle, deps.get);
      const data = `<script type="application/json" id="${PAGE_QUERY_STATE_ID}">${jsonForHtml(page.state)}</script>`;
      return new KeptAnswer(deps.spaIndex.withPage(RENDERED_PATH, page, data));
    } catch (err) {
      deps.log.warn({ err }, `${RENDERED_PATH} could not be rendered with its reports: sent without them`);
      return null;
    }
  };

  return {
    page() {
      const version = deps.cache.currentVersion;
      if (!kept || kept.version !== version || now() - kept.at >= RENDERED_TTL_MS) {
        kept = { version, at: now(), page: render() };
      }
      return kept.page;
    },
  };
}
