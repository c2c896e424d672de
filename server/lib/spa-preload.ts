// index.html with the current route's code announced up front. Every page is a lazy chunk, so
// without this the browser learns of it only after the app's core has run: one more round trip
// before the first screen. The build manifest says which files each page needs.
// For the public pages the build also pre-rendered the first screen (src/prerender.tsx): it goes
// into #root, inert (nothing there can be typed into or clicked before the app takes over: it
// hydrates or replaces it, src/app/boot.tsx), so the page paints before any JavaScript has run.
// Such a page names the app's chunks in <meta name="page-modules"> instead of preloading them: the
// entry (src/main.tsx) requests them once the page is painted, so they never compete with the
// stylesheet.
import fs from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Prerendered = Record<string, { html: string; title: string }>;

/** Path patterns of the SPA's routes (src/app/AppRoutes.tsx) and the page module each shows. */
const ROUTES: [RegExp, string][] = [
  [/^\/$/, 'src/features/home/HomePage.tsx'],
  [/^\/peptides\/?$/, 'src/features/peptides/PeptidesPage.tsx'],
  [/^\/peptides\/[^/]+\/?$/, 'src/features/peptides/PeptideDetailPage.tsx'],
  [/^\/experiences\/[^/]+\/?$/, 'src/features/experiences/ExperienceDetailPage.tsx'],
  [/^\/submit\/?$/, 'src/features/submit/SubmitPage.tsx'],
  [/^\/community\/?$/, 'src/features/community/CommunityPage.tsx'],
  [/^\/explore\/?$/, 'src/features/explore/ExplorePage.tsx'],
  [/^\/privacy\/?$/, 'src/features/privacy/PrivacyPage.tsx'],
  [/^\/terms\/?$/, 'src/features/terms/TermsPage.tsx'],
  [/^\/login\/?$/, 'src/features/auth/LoginPage.tsx'],
  [/^\/register\/?$/, 'src/features/auth/RegisterPage.tsx'],
  [/^\/profile\/?$/, 'src/features/profile/ProfilePage.tsx'],
  [/^\/research\/?$/, 'src/features/research/ResearchPage.tsx'],
];
// The HTTP client (src/api/http.ts) is left out on purpose: on a slow phone link it competed with
// the entry script for bandwidth and delayed the first paint (Lighthouse, mobile preset); it loads
// on the page's first API call instead.

export interface SpaIndex {
  /** index.html for this request path (query string included), with its page's code announced. */
  htmlFor(url: string): string;
}

export function loadSpaIndex(staticDir: string): SpaIndex | null {
  const indexFile = path.join(staticDir, 'index.html');
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  if (!fs.existsSync(manifestFile)) return { htmlFor: () => html };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const loadedByEntry = entryKey ? closure(entryKey) : new Set<string>();
  /** The app's core (src/app/boot.tsx and what it imports), which the entry loads by import(). */
  const core = new Set<string>();
  for (const key of (entryKey && manifest[entryKey]?.dynamicImports) || []) for (const k of closure(key)) if (!loadedByEntry.has(k)) core.add(k);
  const filesOf = (keys: string[], skip: Set<string>) => {
    const files = new Set<string>();
    for (const key of keys) for (const k of closure(key)) if (!skip.has(k)) files.add(`/${manifest[k]!.file}`);
    return [...files];
  };
  const afterCore = new Set([...loadedByEntry, ...core]);
  const routes = ROUTES.map(([pattern, page]) => ({ pattern, files: filesOf([page], afterCore) }));
  const coreFiles = filesOf([...core], loadedByEntry);
  const routeOf = (pathname: string) => routes.find(({ pattern }) => pattern.test(pathname));
  /** No pre-rendered page: nothing to paint first, so the core and the page's chunks load at once. */
  const withPreloads = (files: string[]) =>
    html.replace('</head>', () => `${files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`);
  const pages = routes.map(({ pattern, files }) => [pattern, withPreloads([...coreFiles, ...files])] as const);
  const otherPage = withPreloads(coreFiles);
  const pageHtml = (pathname: string) => pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? otherPage;
  /** A pre-rendered page: the core and its chunks are only named, for the entry to request after the first paint. */
  const pageModulesMeta = (pathname: string) => `<meta name="page-modules" content="${[...coreFiles, ...(routeOf(pathname)?.files ?? [])].join(' ')}">`;

  const prerenderedFile = path.join(staticDir, '.vite', 'prerendered.json');
  const prerendered = fs.existsSync(prerenderedFile) ? (JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) as Prerendered) : {};
  const withShell = new Map(
    Object.entries(prerendered).map(([pathname, shell]) => [
      pathname,
      html
        .replace('</head>', () => `${pageModulesMeta(pathname)}</head>`)
        // Replacer functions: a "$" in the page text must not act as a replacement pattern.
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shell.title)}</title>`)
        .replace('<div id="root"></div>', () => `<div id="root"><div inert>${shell.html}</div></div>`),
    ]),
  );
  return {
    htmlFor(url) {
      const [pathname = '/', query] = url.split('?');
      // The page was pre-rendered with no filters: for an address with some, the app renders it.
      const prerenderedPage = query === undefined ? withShell.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) : undefined;
      return prerenderedPage ?? pageHtml(pathname);
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
