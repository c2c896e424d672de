// Build-time pre-rendering (vite.config.ts runs it after the client build). Each public page is
// rendered in Node as a first-time visitor sees it before any data arrives: the header, the
// page's heading, text and controls, and the skeletons where data will go. The server puts that
// HTML into index.html for the page's path, so a phone paints the page from the HTML alone,
// before the JavaScript has loaded; src/app/boot.tsx then hydrates it (or renders afresh, see there).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { type QueryClient, dehydrate } from '@tanstack/react-query';
import { pathOf } from '@contract/endpoints';
import { ExperienceListResponse } from '@contract/experiences';
import { COMMUNITY_PAGE_SIZE, communityQueryOptions, readExperiencePage } from './api/experiences';
import { AppContent } from './app/App';
import { createQueryClient } from './app/query-client';
import { prerenderedPaths } from './app/route-table';
import { readCommunityFilters } from './features/community/community-filters';
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
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

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

/**
 * /community with its first page of reports, rendered by the server (server/lib/page-render.ts)
 * each time the public reports change: a phone paints the reports from the HTML, instead of after
 * the app has run and asked for them (docs/performance.md, "Lighthouse").
 */
export const communityWithData = {
  /** The server renders this path (server/lib/page-render.ts RENDERED_PATH, the same route). */
  path: paths.community,
  /** What the app asks for first on the plain page: the default filters, the first page. */
  api: (() => {
    const filters = readCommunityFilters(new URLSearchParams());
    const query = new URLSearchParams({ search: filters.search, category: filters.category, sort: filters.sort, limit: String(COMMUNITY_PAGE_SIZE) });
    return `${pathOf('experiences')}?${query}`;
  })(),
  /** The page with `body` (the API's answer to `api`) as its first page; `state` for the app. */
  async render(body: unknown): Promise<PrerenderedPage & { state: unknown }> {
    const queryClient = createQueryClient();
    const options = communityQueryOptions(readCommunityFilters(new URLSearchParams()));
    // Rendered as fresh data (stale data would render as being fetched again, which the app, taking
    // it as fresh, would not match), then dated 0 in the state, so the page's bytes never depend
    // on when it was rendered; the app dates it when it starts (src/app/query-client.ts).
    const data = { pages: [readExperiencePage({ ExperienceListResponse }, body)], pageParams: [undefined] };
    queryClient.setQueryData(options.queryKey, data);
    const page = await prerenderPage(this.path, queryClient);
    const state = dehydrate(queryClient);
    const undated = state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0 } }));
    return { ...page, state: { ...state, queries: undated } };
  },
};
