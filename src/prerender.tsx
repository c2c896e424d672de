// Build-time pre-rendering (vite.config.ts runs it after the client build). Each public page is
// rendered in Node as a first-time visitor sees it before any data arrives: the header, the
// page's heading, text and controls, and the skeletons where data will go. The server puts that
// HTML into index.html for the page's path, so a phone paints the page from the HTML alone,
// before the JavaScript has loaded; src/app/boot.tsx then hydrates it (or renders afresh, see there).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { type QueryClient, dehydrate } from '@tanstack/react-query';
import { AnalyticsResponse } from '@contract/analytics';
import { pathOf } from '@contract/endpoints';
import { PATHS_WITH_DATA, type PathWithData } from '@contract/page-render';
import { ExperienceListResponse } from '@contract/experiences';
import { type PeptideListQuery, PeptideListResponse } from '@contract/peptides';
import { publicAnalyticsQueryOptions, readAnalytics } from './api/analytics';
import { COMMUNITY_PAGE_SIZE, communityQueryOptions, readExperiencePage } from './api/experiences';
import { peptidesQueryOptions, readPeptideList } from './api/peptides';
import { AppContent } from './app/App';
import { createQueryClient } from './app/query-client';
import { prerenderedPaths } from './app/route-table';
import { readCommunityFilters } from './features/community/community-filters';
import { POPULAR_PEPTIDES_QUERY } from './features/home/HomeTabs';
import { plainPeptideListQuery } from './features/peptides/PeptidesPage';
import { pageTitle } from './components/page/PageHeading';
import { PRODUCT_NAME } from './lib/brand';
import { paths } from './lib/paths';

/** The pages with the same first screen for every visitor (marked in src/app/route-table.ts). */
export const PRERENDERED_PATHS = prerenderedPaths();

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document title the page sets once running. */
  title: string;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The tree src/app/boot.tsx hydrates, with the router fixed on `path`. */
export const prerenderTree = (path: string, queryClient?: QueryClient) => (
  <StrictMode>
    <StaticRouter location={path}>
      <AppContent queryClient={queryClient} />
    </StaticRouter>
  </StrictMode>
);

export async function prerenderPage(path: string, queryClient?: QueryClient): Promise<PrerenderedPage> {
  // A lazy part of the page that has not loaded yet comes out as its loading fallback, marked for
  // the browser to render (<!--$!-->). Rendering starts its loading, so render again until the
  // whole page is in the HTML. (Streaming renderers would wait, but reveal late parts with inline
  // scripts, which the Content-Security-Policy forbids.)
  for (let attempt = 1; ; attempt++) {
    const html = renderToString(prerenderTree(path, queryClient));
    if (!html.includes('<!--$!-->')) {
      if (/<script|<template/i.test(html)) throw new Error(`Pre-rendering ${path} left an inline script or template`);
      const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      return { html, title: heading ? pageTitle(decode(heading)) : PRODUCT_NAME };
    }
    // Up to about 10 s: on a loaded build machine a chunk can take longer than half a second.
    if (attempt === 400) throw new Error(`Pre-rendering ${path}: a lazy part did not load`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A page the server renders with its first data (server/lib/page-render.ts). */
export interface PageWithData {
  /** The page's path, which the server renders with data when asked for with no query string. */
  path: PathWithData;
  /** What the plain page asks the API for first, as a visitor with nothing stored: the API's addresses. */
  api: readonly string[];
  /** The page with `bodies` (the API's answers to `api`, in order) as its data; `state` for the app. */
  render(bodies: readonly unknown[]): Promise<PrerenderedPage & { state: unknown }>;
}

/** One of a page's first requests: its address, and how its answer goes into the app's cache. */
interface FirstQuery {
  url: string;
  seed(queryClient: QueryClient, body: unknown): void;
}

/** `path?query` as the app's client sends it: parameters left undefined are left out. */
const apiUrl = (path: string, params: Record<string, unknown>) =>
  `${path}?${new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`;

function withData(path: PathWithData, queries: readonly FirstQuery[]): PageWithData {
  return {
    path,
    api: queries.map((query) => query.url),
    async render(bodies) {
      const queryClient = createQueryClient();
      // Seeded as fresh data (stale data would render as being fetched again, which the app, taking
      // it as fresh, would not match), then dated 0 in the state, so the page's bytes never depend
      // on when it was rendered; the app dates it when it starts (src/app/query-client.ts).
      queries.forEach((query, i) => query.seed(queryClient, bodies[i]));
      const page = await prerenderPage(path, queryClient);
      const state = dehydrate(queryClient);
      const undated = state.queries.map((query) => ({
        ...query,
        dehydratedAt: 0,
        state: { ...query.state, dataUpdatedAt: 0 },
      }));
      return { ...page, state: { ...state, queries: undated } };
    },
  };
}

const peptideList = (params: PeptideListQuery): FirstQuery => ({
  url: apiUrl(pathOf('peptides'), params),
  seed: (client, body) =>
    client.setQueryData(peptidesQueryOptions(params).queryKey, readPeptideList({ PeptideListResponse }, body)),
});

const publicAnalytics: FirstQuery = {
  url: pathOf('publicAnalytics'),
  seed: (client, body) =>
    client.setQueryData(publicAnalyticsQueryOptions().queryKey, readAnalytics({ AnalyticsResponse }, body)),
};

const communityFirstPage: FirstQuery = (() => {
  const filters = readCommunityFilters(new URLSearchParams());
  return {
    url: apiUrl(pathOf('experiences'), {
      search: filters.search,
      category: filters.category,
      sort: filters.sort,
      limit: COMMUNITY_PAGE_SIZE,
    }),
    seed: (client, body) =>
      client.setQueryData(communityQueryOptions(filters).queryKey, {
        pages: [readExperiencePage({ ExperienceListResponse }, body)],
        pageParams: [undefined],
      }),
  };
})();

/**
 * The public pages whose first screen is data every visitor sees alike, rendered by the server
 * with that data each time the public data changes (server/lib/page-render.ts): a phone paints
 * them from the HTML, and the app starts with their data instead of asking for it and rendering
 * the page a second time (docs/performance.md, "Current figures").
 */
const FIRST_QUERIES: Record<PathWithData, readonly FirstQuery[]> = {
  // The stat cards and the Popular Peptides tab (the one open at first).
  [paths.home]: [publicAnalytics, peptideList(POPULAR_PEPTIDES_QUERY)],
  [paths.peptides]: [peptideList(plainPeptideListQuery())],
  [paths.community]: [communityFirstPage],
};
export const PAGES_WITH_DATA: readonly PageWithData[] = PATHS_WITH_DATA.map((path) =>
  withData(path, FIRST_QUERIES[path]),
);
