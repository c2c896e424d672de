// index.html with the current route's code announced up front. Every page is a lazy chunk, so
// without this the browser learns of it only after the app's core has run: one more round trip
// before the first screen. The build's route manifest (scripts/route-manifest.ts, format in contract/route-manifest.ts) says which files
// each page needs.
// For the public pages the build also pre-rendered the first screen (src/prerender.tsx): it goes
// into #root, inert (nothing there can be typed into or clicked before the app takes over: it
// hydrates or replaces it, src/app/boot.tsx), so the page paints before any JavaScript has run.
// Such a page names the app's chunks in <meta name="page-modules"> instead of preloading them: the
// entry (src/main.tsx) requests them once the page is painted, so they never compete with the
// stylesheet.
import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_MANIFEST_FILE, RouteManifest } from '../../contract/route-manifest';
import { KeptAnswer } from './response-cache';

type Prerendered = Record<string, { html: string; title: string }>;

/**
 * A route pattern (`/peptides/:id`) as a test of a request path: a `:name` segment is any one
 * segment, and a trailing slash is allowed (`/community/`), except on `/` itself.
 */
export function routeMatcher(pattern: string): RegExp {
  if (pattern === '/') return /^\/$/;
  const segments = pattern.replace(/\/+$/, '').split('/');
  const body = segments
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${body}\\/?$`);
}

export interface SpaIndex {
  /**
   * index.html for this request path (query string included), with its page's code announced.
   * Every page there can be is made here, at start, and compressed once at the build's setting
   * (server/lib/compression.ts): a request costs no compression.
   */
  pageFor(url: string): KeptAnswer;
  /** The same page's HTML as text. */
  htmlFor(url: string): string;
  /**
   * Whether a route of the app has this path (query string ignored): the history fallback sends
   * the app for any path, with 404 for the others (a mistyped address), which the app shows as
   * its not-found page. Case-insensitive, as the app's router is. Without a route manifest (an
   * older build) every path is taken as a page.
   */
  isPage(url: string): boolean;
  /**
   * index.html for `pathname` with `page` rendered into #root, as the build's pre-rendered pages
   * are, and `bodyEnd` before </body> (a page the server renders with data: lib/page-render.ts).
   */
  withPage(pathname: string, page: { html: string; title: string }, bodyEnd?: string): string;
}

function spaIndexOf(
  withPage: SpaIndex['withPage'],
  pageFor: (url: string) => KeptAnswer,
  isPage: (url: string) => boolean = () => true,
): SpaIndex {
  return { withPage, pageFor, htmlFor: (url) => pageFor(url).identity.toString('utf8'), isPage };
}

export function loadSpaIndex(staticDir: string): SpaIndex | null {
  const indexFile = path.join(staticDir, 'index.html');
  // Written by the build (scripts/route-manifest.ts): each route's files, and the app's core.
  const manifestFile = path.join(staticDir, ROUTE_MANIFEST_FILE);
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  if (!fs.existsSync(manifestFile)) {
    const page = KeptAnswer.compressedOnce(html);
    return spaIndexOf(
      () => html,
      () => page,
    );
  }
  // Checked against its format: a manifest from another build fails at start, not on a request.
  const manifest = RouteManifest.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));

  const routes = manifest.routes.map(({ pattern, files }) => ({ pattern: routeMatcher(pattern), files }));
  const coreFiles = manifest.core;
  const routeOf = (pathname: string) => routes.find(({ pattern }) => pattern.test(pathname));
  /** No pre-rendered page: nothing to paint first, so the core and the page's chunks load at once. */
  const withPreloads = (files: string[]) =>
    html.replace(
      '</head>',
      () => `${files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`,
    );
  const pages = routes.map(
    ({ pattern, files }) => [pattern, KeptAnswer.compressedOnce(withPreloads([...coreFiles, ...files]))] as const,
  );
  const otherPage = KeptAnswer.compressedOnce(withPreloads(coreFiles));
  const pageHtml = (pathname: string) => pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? otherPage;
  /** A pre-rendered page: the core and its chunks are only named, for the entry to request after the first paint. */
  const pageModulesMeta = (pathname: string) =>
    `<meta name="page-modules" content="${[...coreFiles, ...(routeOf(pathname)?.files ?? [])].join(' ')}">`;

  const prerenderedFile = path.join(staticDir, '.vite', 'prerendered.json');
  const prerendered = fs.existsSync(prerenderedFile)
    ? (JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) as Prerendered)
    : {};
  /** index.html with a pre-rendered page in #root, and `bodyEnd` (a data block) before </body>. */
  const shellPage = (pathname: string, shell: { html: string; title: string }, bodyEnd = '') =>
    html
      .replace('</head>', () => `${pageModulesMeta(pathname)}</head>`)
      // Replacer functions: a "$" in the page text must not act as a replacement pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shell.title)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root"><div inert>${shell.html}</div></div>`)
      .replace('</body>', () => `${bodyEnd}</body>`);
  const withShell = new Map(
    Object.entries(prerendered).map(([pathname, shell]) => [
      pathname,
      KeptAnswer.compressedOnce(shellPage(pathname, shell)),
    ]),
  );
  const anyCase = routes.map(({ pattern }) => new RegExp(pattern.source, 'i'));
  return spaIndexOf(
    shellPage,
    (url) => {
      const [pathname = '/', query] = url.split('?');
      // The page was pre-rendered with no filters: for an address with some, the app renders it.
      const prerenderedPage =
        query === undefined ? withShell.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) : undefined;
      return prerenderedPage ?? pageHtml(pathname);
    },
    (url) => {
      const pathname = url.split('?')[0] ?? '/';
      return anyCase.some((pattern) => pattern.test(pathname));
    },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
