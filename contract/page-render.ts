// Pages the server renders with data (server/lib/page-render.ts): where the build leaves the
// pre-render bundle, and how the page hands its data to the app (src/app/query-client.ts). Written
// here once, so neither side imports the other.

/**
 * The build's pre-render bundle (src/prerender.tsx built for Node), relative to the output
 * folder. A dot folder: never served.
 */
export const PRERENDER_BUNDLE_FILE = '.vite/ssr/prerender.js';

/**
 * The id of the data block (`<script type="application/json">`) in a page rendered with data:
 * React Query's dehydrated state, which the app starts with, so its first render is that page.
 */
export const PAGE_QUERY_STATE_ID = 'page-query-state';
