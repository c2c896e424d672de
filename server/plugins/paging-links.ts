// Lists paged by cursor (contract/endpoints.ts, `paging: 'cursor'`) say where the next page is
// in a `Link: <…>; rel="next"` header (RFC 8288), as well as in the body's `nextCursor` (or the
// CSV export's `x-next-cursor` header): a client follows links without knowing our parameters.
// Registered before plugins/response-cache.ts, so a kept answer keeps its link too.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ENDPOINTS } from '../../contract/endpoints';
import { routeConfig } from './route-config';

/** The last `"nextCursor":"…"` of a JSON answer: the envelope's, which comes after the list it pages. */
function cursorInJson(payload: string): string | null {
  const at = payload.lastIndexOf('"nextCursor":"');
  if (at < 0) return null;
  const start = at + '"nextCursor":"'.length;
  const end = payload.indexOf('"', start);
  return end > start ? payload.slice(start, end) : null;
}

/** The same list from the cursor on: the query as the route read it (defaults filled in), with the cursor replaced. */
export function nextPageUrl(request: FastifyRequest, path: string, cursor: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (name !== 'cursor' && value !== undefined && value !== null)
      query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  query.set('cursor', cursor);
  return `${path}?${query.toString()}`;
}

export const pagingLinks = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const key = routeConfig(request).endpoint;
      if (!key || reply.statusCode !== 200) return payload;
      const endpoint = ENDPOINTS[key] as { path: string; paging?: string };
      if (endpoint.paging !== 'cursor') return payload;
      const header = reply.getHeader('x-next-cursor');
      const cursor = typeof header === 'string' ? header : typeof payload === 'string' ? cursorInJson(payload) : null;
      if (cursor) reply.header('link', `<${nextPageUrl(request, endpoint.path, cursor)}>; rel="next"`);
      return payload;
    });
  },
  { name: 'paging-links' },
);
