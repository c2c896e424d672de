// MSW handlers keyed like the web app's calls: `on('peptide', resolver)` answers the method and
// path of that row of contract/endpoints.ts, so a mock never spells an API path by hand
// (scripts/lint-no-api-literal.mjs fails one that does).
import { http } from 'msw';
import { ENDPOINTS, type EndpointKey } from '@contract/endpoints';

type Resolver = Parameters<typeof http.get>[1];

const BY_METHOD = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/** A handler for the endpoint `key`: its method and path pattern (`:id` as MSW reads it). */
export function on(key: EndpointKey, resolver: Resolver) {
  const { method, path } = ENDPOINTS[key];
  return BY_METHOD[method](path, resolver);
}
