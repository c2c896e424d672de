// What a route declares about itself, read by the plugins beside this file. Behaviour that
// depends on the route (rate-limit group, caching, cache-control, logging) follows the route
// Fastify matched, never the text of the URL: `/%61pi/experiences` and `//api/experiences` reach
// the same route and so get exactly the same treatment (tests/server/path-spellings.test.ts).
import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the JSON API (set on every route registered inside `apiScope`). */
    api?: boolean;
    /**
     * A GET whose answer is the same for every caller without a token: kept as bytes
     * (plugins/response-cache.ts) and revalidated by browsers (`cache-control: no-cache`).
     */
    publicRead?: boolean;
    /** A members-only GET whose answer does not depend on which member asks (kept as bytes). */
    sameForEveryMember?: boolean;
  }
}

/** The matched route's declarations; a request no route matched has none. */
export function routeConfig(request: FastifyRequest): FastifyContextConfig {
  return request.routeOptions.config;
}

/**
 * Registers the API's routes in one scope that marks each of them `api: true`, so the general
 * rate limit, `cache-control` and JSON error answers apply to every one of them by declaration.
 */
export function apiScope(register: (api: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async (api) => {
    api.addHook('onRoute', (route) => {
      route.config = { ...route.config, api: true };
    });
    await register(api);
  };
}

/** The route pattern for logs (`/api/experiences/:id`): never an id, a tracking ID or a query. */
export function loggedPath(request: FastifyRequest): string {
  return request.routeOptions?.url ?? '(no matching route)';
}

/** Route options of a public read (spread into `app.get(path, publicRead, handler)`). */
export const publicRead = { config: { publicRead: true } } as const;
