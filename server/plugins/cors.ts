// Who may read the API from another origin (a notebook on Observable, a Jupyter page): public
// GET reads answer any origin, without credentials, so anyone can study the public data;
// member and moderator calls stay same-origin unless CORS_ORIGIN names the origins allowed.
// Registered before the response cache, so an answer sent from the cache carries the headers too.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { routeConfig } from './route-config';

/** Headers a script on another origin may read: the limits, the paging, the cache tag, deprecations. */
const EXPOSED = [
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'Link',
  'X-Next-Cursor',
  'ETag',
  'Deprecation',
  'Sunset',
];

/** The paths of the public reads, as patterns (`:id` any one segment). */
const PUBLIC_READS = Object.values(ENDPOINTS as Record<string, Endpoint>)
  .filter((e) => e.method === 'GET' && e.access === 'public')
  .map((e) => new RegExp(`^${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`));

const isPublicReadPath = (url: string) => PUBLIC_READS.some((r) => r.test(url.split('?')[0] ?? ''));

/**
 * A public read, or the preflight of one: a browser asks first (OPTIONS) before a cross-origin GET
 * that sends `If-None-Match` or `Authorization` (token-optional reads), and the preflight matches
 * no route of ours, so it is judged by its path and the method it asks for.
 */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS') {
    const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
    return (asked === 'GET' || asked === 'HEAD') && isPublicReadPath(request.url);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const key = routeConfig(request).endpoint;
  // The API document and changelog are registered outside the API's scope (plugins/openapi.ts).
  if (!key) return isPublicReadPath(request.url);
  const endpoint = ENDPOINTS[key];
  return endpoint.method === 'GET' && endpoint.access === 'public';
}

export async function crossOrigin(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const allowed = ctx.config.corsOrigins;
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      let options: FastifyCorsOptions;
      if (origin && allowed.includes(origin)) options = { origin: allowed, exposedHeaders: EXPOSED };
      // A preflight's answer is kept by the browser for 10 minutes (Access-Control-Max-Age).
      else if (isPublicRead(request))
        options = { origin: '*', credentials: false, exposedHeaders: EXPOSED, maxAge: 600 };
      else options = { origin: false };
      callback(null, options);
    },
  });
}
