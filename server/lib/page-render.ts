// The public pages whose first screen is data every visitor sees alike (/, /peptides, /community:
// contract/page-render.ts PATHS_WITH_DATA), rendered with that data. The build pre-renders them
// without data (src/prerender.tsx), so a phone painted the heading early but the data, /community's
// largest paint, only after the app had loaded, run and asked the API, then rendered the page a
// second time (docs/performance.md, "Current figures"). The build keeps its pre-render bundle
// (contract/page-render.ts); this renders a page with the API's own answers for the plain page
// and puts them beside it as React Query's dehydrated state, which the app starts from
// (src/app/query-client.ts) so hydration finds the same page.
//
// The data is public and changes only when the public data does: at a publication batch (or a
// vote, or at once with PUBLISH_EVERY=0). So a page is rendered again only when the read cache's
// version has moved (lib/cache.ts), on the first request after that, and kept at most
// RENDERED_TTL_MS (what the app treats as fresh), which bounds its age when this process cannot
// hear another's writes. A page has at most one render under way, shared by the requests
// meanwhile however often the data moves, and renders run one at a time. Anything failing (an
// older build without the bundle, the API answering an error) leaves the pre-rendered page
// without data, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAGE_QUERY_STATE_ID,
  PATHS_WITH_DATA,
  PRERENDER_BUNDLE_FILE,
  type PathWithData,
} from '../../contract/page-render';
import type { ReadCache } from './cache';
import { KeptAnswer } from './response-cache';
import type { SpaIndex } from './spa-preload';

/** How long a rendered page is kept while nothing changes: the app's staleTime (src/app/query-client.ts). */
export const RENDERED_TTL_MS = 30_000;
/** A render that takes longer is given up (the page goes out without data). */
const RENDER_TIMEOUT_MS = 15_000;

interface RenderedPage {
  html: string;
  title: string;
  state: unknown;
}

/** The API's answer to a GET of `url` on this server (app.inject). */
export type ApiGet = (url: string) => Promise<{ statusCode: number; body: string }>;

export interface PageRenderer {
  /** The page at `path` with its data, or null (not renderable now: the caller sends the page without data). */
  page(path: PathWithData): Promise<KeptAnswer | null>;
}

/** `pathname` when it names a page rendered with data (a trailing slash aside), else null. */
export function pathWithData(pathname: string): PathWithData | null {
  const trimmed = pathname.replace(/(.)\/+$/, '$1');
  return PATHS_WITH_DATA.find((candidate) => candidate === trimmed) ?? null;
}

/**
 * JSON safe inside a `<script type="application/json">` block: no `<` (so no `</script>` or
 * `<!--`) and no line or paragraph separators that older parsers read as line ends.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// A render runs in a worker thread that loads the bundle, names the API answers its page needs
// (its `api`, which src/prerender.tsx owns), renders and exits. Loaded into the server itself, the
// bundle (React, the app and their data) kept about 30-40 MB resident for good, over PGlite's
// 512 MB memory goal at a million reports (docs/performance.md); a worker holds it for the
// ~0.2 s of a render, once per page and change of the public data. Plain JavaScript, evaluated as is.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PAGES_WITH_DATA } = await import(workerData.bundle);
  const page = (PAGES_WITH_DATA || []).find((candidate) => candidate.path === workerData.path);
  if (!page) throw new Error('the bundle has no page ' + workerData.path);
  parentPort.postMessage({ api: page.api });
  const bodies = await new Promise((resolve) => parentPort.once('message', resolve));
  parentPort.postMessage({ page: await page.render(bodies) });
})().catch((err) => parentPort.postMessage({ error: String((err && err.stack) || err) }));
`;

/** Renders the page once in a worker: the API is asked through `get` on this thread. */
function renderInWorker(bundle: string, pagePath: PathWithData, get: ApiGet): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bundle: pathToFileURL(bundle).href, path: pagePath },
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
    worker.on('message', (message: { api?: unknown; page?: RenderedPage; error?: string }) => {
      if (message.error) return fail(new Error(message.error));
      if (message.page) {
        done();
        return resolve(message.page);
      }
      const api = message.api;
      if (
        !Array.isArray(api) ||
        !api.every((url): url is string => typeof url === 'string' && url.startsWith('/api/'))
      ) {
        return fail(new Error('the bundle named no API addresses'));
      }
      Promise.all(
        api.map(async (url) => {
          const answer = await get(url);
          if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}`);
          return JSON.parse(answer.body) as unknown;
        }),
      ).then((bodies) => worker.postMessage(bodies), fail);
    });
  });
}

/** The renderer of the pages with data for this build folder, or null when its build kept no bundle. */
export function pageRenderer(
  staticDir: string,
  deps: { spaIndex: SpaIndex; cache: ReadCache; get: ApiGet; log: FastifyBaseLogger; now?: () => number },
): PageRenderer | null {
  const bundle = path.join(staticDir, PRERENDER_BUNDLE_FILE);
  if (!fs.existsSync(bundle)) return null;
  const now = deps.now ?? Date.now;
  const kept = new Map<
    PathWithData,
    { version: number; at: number; page: Promise<KeptAnswer | null>; settled: boolean }
  >();
  // One render at a time: after a batch, the pages asked for at once render in turn rather than
  // each loading the bundle beside the others (CPU and memory of a small machine).
  let previous: Promise<unknown> = Promise.resolve();

  const render = (pagePath: PathWithData): Promise<KeptAnswer | null> => {
    const next = previous.then(async () => {
      try {
        const page = await renderInWorker(bundle, pagePath, deps.get);
        const data = `<script type="application/json" id="${PAGE_QUERY_STATE_ID}">${jsonForHtml(page.state)}</script>`;
        return new KeptAnswer(deps.spaIndex.withPage(pagePath, page, data));
      } catch (err) {
        deps.log.warn({ err }, `${pagePath} could not be rendered with its data: sent without it`);
        return null;
      }
    });
    previous = next;
    return next;
  };

  return {
    page(pagePath) {
      const version = deps.cache.currentVersion;
      const current = kept.get(pagePath);
      // A render under way is shared even when the data has moved since it began: at most one
      // render per page at a time however often the data changes (votes, a busy batch), and the
      // first request after it ends starts the next.
      if (current && (!current.settled || (current.version === version && now() - current.at < RENDERED_TTL_MS)))
        return current.page;
      const entry = { version, at: now(), page: render(pagePath), settled: false };
      void entry.page.then(() => {
        entry.settled = true;
      });
      kept.set(pagePath, entry);
      return entry.page;
    },
  };
}
