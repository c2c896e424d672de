// Finished answers kept as bytes (lib/response-cache.ts) for the routes that declare them
// (`config.publicRead`, `config.sameForEveryMember`, see route-config.ts), and the
// `cache-control` of every API answer. Registered before the ETag and compression plugins, so
// it sees the JSON text and sets both itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { pickEncoding, ResponseCache, type CachedResponse } from '../lib/response-cache';
import { routeConfig } from './route-config';

/**
 * One key per answer, whatever the spelling of the URL: the route's pattern, its decoded
 * parameters and its query in key order (`/%61pi/experiences?b=1&a=2` is `/api/experiences`
 * with a=2, b=1).
 */
function cacheKey(request: FastifyRequest): string {
  const query = Object.entries((request.query ?? {}) as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${request.routeOptions.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(query)}`;
}

/** Headers of a kept answer, then its bytes in the best encoding accepted, or 304 when unchanged. */
function fromCache(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): Buffer | string {
  reply.header('etag', entry.etag);
  reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === entry.etag)) {
    reply.code(304);
    return '';
  }
  const encoding = pickEncoding(request.headers['accept-encoding'], entry);
  if (encoding) {
    reply.header('content-encoding', encoding);
    return entry[encoding]!;
  }
  return entry.identity;
}

/** A public read answered to a caller without a token: the same for everyone. */
function isPublicAnswer(request: FastifyRequest): boolean {
  return !!routeConfig(request).publicRead && !request.headers.authorization;
}

export const responseCaching = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    const responses = new ResponseCache(ctx.cache);
    /** Requests whose answer may be kept: the cache key and the version it started under. */
    const cacheable = new WeakMap<FastifyRequest, { key: string; version: number }>();

    app.addHook('onSend', async (request, reply, payload) => {
      const pending = cacheable.get(request);
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      return fromCache(request, reply, responses.store(pending.key, payload, pending.version));
    });

    /** Sends the kept answer for `key`, or marks the request so its answer is kept. */
    const answerFromKept = (request: FastifyRequest, reply: FastifyReply, key: string) => {
      const hit = responses.get(key);
      if (!hit) {
        cacheable.set(request, { key, version: responses.version });
        return undefined;
      }
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(fromCache(request, reply, hit));
    };

    // A repeat public GET is answered from the bytes kept (after the rate limit counted it).
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !isPublicAnswer(request)) return;
      return answerFromKept(request, reply, `public ${cacheKey(request)}`);
    });

    // Members-only GETs the same for every member: a preHandler runs after the route's own
    // onRequest hook, which has checked the caller, so a kept answer only ever reaches a
    // signed-in member; it stays `no-store` for browsers.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'GET' || !routeConfig(request).sameForEveryMember) return;
      return answerFromKept(request, reply, `member ${cacheKey(request)}`);
    });

    // Public reads anyone may cache but must revalidate (ETag, 304); every other API answer,
    // and any answer to a signed-in caller (it may carry per-person fields), is never stored.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!(routeConfig(request).api || request.is404) || reply.hasHeader('cache-control')) return payload;
      const revalidate =
        (request.method === 'GET' || request.method === 'HEAD') &&
        (reply.statusCode === 200 || reply.statusCode === 304) &&
        isPublicAnswer(request);
      reply.header('cache-control', revalidate ? 'no-cache' : 'no-store');
      return payload;
    });
  },
  { name: 'response-caching' },
);
