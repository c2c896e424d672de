// Pages the server renders with data (server/lib/page-render.ts): where the build leaves the
// pre-render bundle, and how the page hands its data to the app (src/app/query-client.ts). Written
// here once, so neither side imports the other.
import { ROUTE_PATTERNS } from './web-paths';

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

/**
 * The pages the server renders with their first data when asked for with no query string
 * (src/prerender.tsx PAGES_WITH_DATA says with what; its type requires exactly these).
 */
export const PATHS_WITH_DATA = [ROUTE_PATTERNS.home, ROUTE_PATTERNS.peptides, ROUTE_PATTERNS.community] as const;
export type PathWithData = (typeof PATHS_WITH_DATA)[number];
