// Who may read the API from another origin (a notebook on Observable, a Jupyter page): public
// GET reads answer any origin, without credentials, so anyone can study the public data;
// member and moderator calls stay same-origin unless CORS_ORIGIN names the origins allowed.
// Registered before the response cache, so an answer sent from the cache carries the headers too.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../contract/endpoints';
import type { AppContext } from '../context';
import { routeConfig } from './route-config';

/** Headers a script on another origin may read: the limits, the paging and the cache tag. */
const EXPOSED = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'Link', 'X-Next-Cursor', 'ETag'];

function isPublicRead(request: FastifyRequest): boolean {
  const key = routeConfig(request).endpoint;
  if (!key || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
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
      else if (isPublicRead(request)) options = { origin: '*', credentials: false, exposedHeaders: EXPOSED };
      else options = { origin: false };
      callback(null, options);
    },
  });
}
