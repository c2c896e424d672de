// The page addresses features and components link to, written in contract/web-paths.ts (the server's
// mail links need them too). A relative path, not @contract: vite.config.ts loads this file through
// the route table before any alias exists.
export { ROUTE_PATTERNS, paths, type RoutePattern } from '../../contract/web-paths';
