// Finished answers kept as bytes (lib/response-cache.ts) for the routes that declare them
// (`config.publicRead`, `config.sameForEveryMember`, see route-config.ts), and the
// `cache-control` of every API answer. Registered before the ETag and compression plugins, so
// it sees the JSON text and sets both itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { keptPayload, ResponseCache } from '../lib/response-cache';
import { holdsNul } from './request-guards';
import { routeConfig } from './route-config';

interface Schema {
  safeParse(input: unknown): { success: boolean; data?: unknown };
}

/**
 * A request part as the route reads it: parsed by the route's schema (lib/validate.ts), so keys
 * the schema does not know (cache-busters such as `?_=123`) are dropped and defaults filled in;
 * without a schema the route reads no query, and its path parameters as decoded. `undefined` when
 * the schema refuses the part: the route's own validation answers that request.
 */
function asRouteReads(schema: unknown, input: unknown, part: 'params' | 'querystring'): unknown {
  if (!schema) return part === 'params' ? (input ?? {}) : {};
  const result = (schema as Schema).safeParse(input ?? {});
  return result.success ? result.data : undefined;
}

/**
 * One key per answer, whatever the spelling of the URL: the route's pattern and its parameters
 * and query as the route reads them (`/%61pi/experiences?_=1&limit=20` is `/api/experiences`).
 * Parsed here for a lookup before validation (`validated` false), or taken from the request
 * once the route has validated them. Null when the request may not use the cache.
 */
function cacheKey(request: FastifyRequest, validated: boolean): string | null {
  let params: unknown = request.params;
  let query: unknown = request.query;
  if (!validated) {
    // A NUL is refused (request-guards.ts) even where the schema would drop the key holding it.
    if (holdsNul(params) || holdsNul(query)) return null;
    const schema = request.routeOptions.schema;
    params = asRouteReads(schema?.params, params, 'params');
    query = asRouteReads(schema?.querystring, query, 'querystring');
    if (params === undefined || query === undefined) return null;
  } else if (!request.routeOptions.schema?.querystring) {
    query = {};
  }
  // The schema's output lists its keys in its own order, whatever the URL's order.
  return `${request.routeOptions.url} ${JSON.stringify(params ?? {})} ${JSON.stringify(query ?? {})}`;
}

/** URLs whose cache key is remembered, and the longest remembered. */
const MEMO_URLS = 2000;
const MEMO_URL_MAX = 512;

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
      const kept = responses.store(pending.key, payload, pending.version);
      // A paged list's Link (plugins/paging-links.ts) belongs to the answer it was made for.
      const link = reply.getHeader('link');
      if (typeof link === 'string') kept.headers.link = link;
      return keptPayload(request, reply, kept);
    });

    /** Sends the kept answer for `key`, or marks the request so its answer is kept. */
    const answerFromKept = (request: FastifyRequest, reply: FastifyReply, key: string) => {
      const hit = responses.get(key);
      if (!hit) {
        cacheable.set(request, { key, version: responses.version });
        return undefined;
      }
      reply.header('content-type', 'application/json; charset=utf-8').headers(hit.headers);
      return reply.send(keptPayload(request, reply, hit));
    };

    // The key is a pure function of the URL (for GET), so a URL seen lately skips the schema's
    // parse (about a tenth of the CPU of a kept answer). Bounded, and emptied when full: a flood
    // of new URLs costs parses, never kept answers.
    const keysByUrl = new Map<string, string | null>();
    const publicKey = (request: FastifyRequest): string | null => {
      if (request.url.length > MEMO_URL_MAX) return cacheKey(request, false);
      let key = keysByUrl.get(request.url);
      if (key === undefined) {
        key = cacheKey(request, false);
        if (keysByUrl.size >= MEMO_URLS) keysByUrl.clear();
        keysByUrl.set(request.url, key);
      }
      return key;
    };

    // A repeat public GET is answered from the bytes kept (after the rate limit counted it).
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !isPublicAnswer(request)) return;
      const key = publicKey(request);
      if (key) return answerFromKept(request, reply, `public ${key}`);
    });

    // Members-only GETs the same for every member: a preHandler runs after the route's own
    // onRequest hook, which has checked the caller, so a kept answer only ever reaches a
    // signed-in member; it stays `no-store` for browsers.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'GET' || !routeConfig(request).sameForEveryMember) return;
      return answerFromKept(request, reply, `member ${cacheKey(request, true)}`);
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
