// What a route declares about itself, read by the plugins beside this file. Behaviour that
// depends on the route (rate-limit group, caching, cache-control, logging) follows the route
// Fastify matched, never the text of the URL: `/%61pi/experiences` and `//api/experiences` reach
// the same route and so get exactly the same treatment (tests/server/path-spellings.test.ts).
import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { ENDPOINTS, RETIRED_ENDPOINTS, type Access, type Endpoint, type EndpointKey } from '../../contract/endpoints';

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
    /**
     * An answer to a report's author: every 2xx answer is exactly this many bytes (its JSON, then
     * spaces), never compressed, without an ETag, so its size says nothing about the report
     * (plugins/fixed-size-answers.ts). Declared with `authorAnswer`, the size taken from
     * contract/rules.ts AUTHOR_ANSWER_BYTES.
     */
    answerBytes?: number;
    /** Reads a body the web app pads to PADDED_BODY_BYTES (contract/rules.ts): admitted whatever BODY_LIMIT_BYTES says. */
    paddedBody?: boolean;
    /** The route's key in contract/endpoints.ts (set by `apiScope`, never by hand). */
    endpoint?: EndpointKey;
    /** Who may call the route: contract/endpoints.ts's access (set by `apiScope`, never by hand). */
    access?: Access;
  }
}

/** `METHOD /pattern` → its key in contract/endpoints.ts. */
const ENDPOINT_KEYS = new Map(
  Object.entries(ENDPOINTS).map(([key, e]) => [`${e.method} ${e.path}`, key as EndpointKey]),
);

/** The key of the route in contract/endpoints.ts; null for a retired path; throws for anything else. */
export function endpointKeyOf(method: string, url: string): EndpointKey | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  const key = ENDPOINT_KEYS.get(`${asked} ${url}`);
  if (key) return key;
  if (RETIRED_ENDPOINTS.some((r) => r.path === url && (r.methods as readonly string[]).includes(asked))) return null;
  throw new Error(`${asked} ${url} is not in contract/endpoints.ts: every API route is declared there first`);
}

/** The route's endpoint and access, from contract/endpoints.ts; the route declares neither itself. */
function declaredByContract(route: RouteOptions): Pick<FastifyContextConfig, 'endpoint' | 'access'> {
  const declared = route.config?.access;
  if (declared) throw new Error(`${route.url} declares its access: contract/endpoints.ts says who may call it`);
  const key = endpointKeyOf(String([route.method].flat()[0]), route.url);
  if (!key) return {};
  const { access } = ENDPOINTS[key];
  return access === 'public' ? { endpoint: key } : { endpoint: key, access };
}

/** The matched route's declarations; a request no route matched has none. */
export function routeConfig(request: FastifyRequest): FastifyContextConfig {
  return request.routeOptions.config;
}

/**
 * Registers the API's routes in one scope that marks each of them `api: true`, so the general
 * rate limit, `cache-control` and JSON error answers apply to every one of them by declaration,
 * and gives each the endpoint key and access of contract/endpoints.ts (a route that is not there
 * stops the server at start).
 */
export function apiScope(register: (api: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async (api) => {
    api.addHook('onRoute', (route) => {
      route.config = { ...route.config, api: true, ...declaredByContract(route) };
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

/**
 * Route options of an answer to a report's author, of one fixed size whatever the report (spread
 * into the route's options): `authorAnswer(AUTHOR_ANSWER_BYTES.lookup)`. `paddedBody` for a route
 * whose body the web app pads (contract/rules.ts PADDED_BODY_BYTES).
 */
export function authorAnswer(bytes: number, { paddedBody = false }: { paddedBody?: boolean } = {}) {
  return { config: { answerBytes: bytes, ...(paddedBody ? { paddedBody: true } : {}) } } as const;
}

/** The endpoints that carry schemas (all but the API document). */
type SchemaKey = { [K in EndpointKey]: (typeof ENDPOINTS)[K] extends { schemas: unknown } ? K : never }[EndpointKey];
type Loaded<K extends SchemaKey> = (typeof ENDPOINTS)[K] extends { schemas: () => Promise<infer M> }
  ? K extends keyof M
    ? M[K]
    : never
  : never;
type SuccessStatus<K extends SchemaKey> = (typeof ENDPOINTS)[K] extends { status: infer C extends number } ? C : 200;

/** A row's schemas as Fastify's `schema` option: `query` is Fastify's `querystring`, the answer under its status. */
export type RouteSchema<S, C extends number> = (S extends { params: infer P } ? { params: P } : unknown) &
  (S extends { query: infer Q } ? { querystring: Q } : unknown) &
  (S extends { body: infer B } ? { body: B } : unknown) & {
    response: { [status in C]: S extends { response: infer R } ? R : never };
  };

/**
 * The route's `schema`, from its row of contract/endpoints.ts: the same schemas the web app reads
 * the answer with (src/api/client.ts), so a route and its client cannot pair different ones.
 */
export async function routeSchema<K extends SchemaKey>(key: K): Promise<RouteSchema<Loaded<K>, SuccessStatus<K>>> {
  const endpoint: Endpoint = ENDPOINTS[key];
  if (!endpoint.schemas) throw new Error(`${key} has no schemas in contract/endpoints.ts`);
  const schemas = (await endpoint.schemas())[key];
  if (!schemas) throw new Error(`${key}'s module in contract/endpoints.ts has no schemas for it`);
  const { params, query, body, response } = schemas;
  return {
    ...(params && { params }),
    ...(query && { querystring: query }),
    ...(body && { body }),
    response: { [endpoint.status ?? 200]: response },
  } as RouteSchema<Loaded<K>, SuccessStatus<K>>;
}
