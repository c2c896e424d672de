// The page addresses features and components link to, written in contract/web-paths.ts (the server's
// mail links need them too). A relative path, not @contract: vite.config.ts loads this file through
// the route table before any alias exists.
export {
  COMMUNITY_PEPTIDE_PARAM,
  ROUTE_PATTERNS,
  SUBMIT_PEPTIDE_PARAM,
  paths,
  withQuery,
  type RoutePattern,
} from '../../contract/web-paths';
