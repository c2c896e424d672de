// Builds the Fastify app: external plugins, then ours, then routes. index.ts only listens.
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppContext } from './context';
import { clientAddress } from './lib/address';
import { HttpError } from './lib/errors';
import { NUL_MESSAGE, parseJsonBody } from './lib/json-body';
import { COMPRESS_THRESHOLD, pickEncoding, ResponseCache, type CachedResponse } from './lib/response-cache';
import { loadSpaIndex } from './lib/spa-preload';
import { analyticsRoutes } from './routes/analytics';
import { experienceRoutes } from './routes/experiences';
import { peptideRoutes } from './routes/peptides';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';
import { listExperiences } from './services/experiences';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A members-only GET whose answer does not depend on which member asks (kept as bytes). */
    sameForEveryMember?: boolean;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Request logs carry method, path and status only: never bodies, tokens, passwords or addresses. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      // A tracking ID is a capability (it can edit and delete a report): never in the log.
      req: (req) => ({ method: req.method, url: req.url.split('?')[0].replace(/\/tracking\/[^/]*/i, '/tracking/[redacted]') }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  };
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
    // Router-level refusals (overlong or undecodable path parameters) in the API's envelope.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as FastifyError).statusCode === 414 ? 414 : 400;
      void (reply as FastifyReply).code(status).send({ success: false, error: status === 414 ? 'A path parameter is too long' : 'The request path is not valid' });
    },
  });

  // External plugins. Security headers from helmet, whose middleware is built once here:
  // @fastify/helmet built it again (parsing the CSP) on every request, about 8% of the CPU of a
  // cached read.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(process.env.CORS_ORIGIN ? [] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // Finished public answers are kept as bytes (see lib/response-cache.ts). This hook comes
  // before the ETag and compression plugins so it sees the JSON text, and sets both itself.
  const responses = new ResponseCache(ctx.cache);
  /** Requests whose answer may be kept: the cache key and the version it started under. */
  const cacheable = new WeakMap<FastifyRequest, { key: string; version: number }>();
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = cacheable.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    return fromCache(request, reply, responses.store(pending.key, payload, pending.version));
  });

  // ETag before compression, so the tag is of the JSON itself; weak because the gzip and br
  // bodies of one representation share it. A matching If-None-Match answers 304 with no body.
  await app.register(etag, { weak: true });
  // Small answers are not worth the CPU; brotli at quality 4 is fast and beats gzip on JSON.
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  if (process.env.CORS_ORIGIN) {
    await app.register(cors, { origin: process.env.CORS_ORIGIN.split(',').map((s) => s.trim()) });
  }

  // A JSON request without a body (POST .../approve) is an empty object, not a parse error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // server/lib/json-body.ts: NUL, broken unicode and __proto__-like keys are a 400 too.
    let parsed: unknown;
    try {
      parsed = parseJsonBody(typeof body === 'string' ? body : body.toString('utf8'));
    } catch (err) {
      return done(err as HttpError, undefined);
    }
    done(null, parsed);
  });
  // PostgreSQL text cannot hold a NUL character: refuse it up front (400), never as a 500.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && /%00/.test(request.url)) throw new HttpError(400, NUL_MESSAGE);
  });

  // Ours: one error handler, the general rate limit, JSON 404s under /api.
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send({ success: false, error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, error: clientErrorMessage(error, status) });
    }
    request.log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
    return reply.code(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
  });

  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await ctx.limiter.check('general', clientAddress(request), ctx.config.rateLimits.general);
  });

  // A repeat public GET is answered from bytes kept in memory (after the rate limit counted it).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization || !isPublicRead(request.url.split('?')[0])) return;
    const hit = responses.get(request.url);
    if (!hit) {
      cacheable.set(request, { key: request.url, version: responses.version });
      return;
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(fromCache(request, reply, hit));
  });

  // Members-only GETs whose answer is the same for every member (community analytics, trends,
  // compare: `config.sameForEveryMember`) are kept as bytes too, apart from the public ones. A
  // preHandler runs after the route's own onRequest hook, which has checked the caller, so a
  // kept answer only ever reaches a signed-in member; it stays `no-store` for browsers.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.sameForEveryMember) return;
    const key = `member ${request.url}`;
    const hit = responses.get(key);
    if (!hit) {
      cacheable.set(request, { key, version: responses.version });
      return;
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(fromCache(request, reply, hit));
  });

  // Public reads anyone may cache but must revalidate (ETag, 304); everything else, and any
  // answer to a signed-in caller (it may carry per-person fields), is never stored.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      const revalidate =
        (request.method === 'GET' || request.method === 'HEAD') &&
        (reply.statusCode === 200 || reply.statusCode === 304) &&
        !request.headers.authorization &&
        isPublicRead(request.url.split('?')[0]);
      reply.header('cache-control', revalidate ? 'no-cache' : 'no-store');
    }
    return payload;
  });

  if (process.env.BENCH_RAW === 'true') {
    // Benchmark only: the community first page straight from the database, bypassing the
    // read cache, so `npm run bench` can report cached reads as a multiple of this ceiling.
    const uncached: AppContext = { ...ctx, cache: { get: (_key: string, load: () => Promise<unknown>) => load(), invalidate() {} } as unknown as AppContext['cache'] };
    app.get('/api/bench/raw', async () => ({
      success: true,
      data: await listExperiences(uncached, { search: '', category: 'all', sort: 'newest', limit: 20 }),
    }));
  }

  if (ctx.db.listen) {
    // Other processes on this PostgreSQL write too: their commits empty our read cache.
    const stop = await ctx.db.listen('app_cache', () => ctx.cache.invalidate(), (up) => ctx.cache.setTrusted(up));
    // Sessions they end and accounts whose standing they change (payload: the user id) leave our
    // session cache at once; while this connection is down every check asks the database.
    const stopSessions = await ctx.db
      .listen(
        'app_sessions',
        (userId) => (userId ? ctx.sessions.invalidateUser(userId) : ctx.sessions.invalidateAll()),
        (up) => ctx.sessions.setTrusted(up),
      )
      .catch(async (err: unknown) => {
        await stop();
        throw err;
      });
    app.addHook('onClose', async () => {
      await stopSessions();
      ctx.sessions.setTrusted(false);
      await stop();
    });
  }

  await app.register(systemRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(peptideRoutes, { ctx });
  await app.register(experienceRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });

  const staticDir = ctx.config.staticDir;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasSpa = !!indexHtml && fs.existsSync(indexHtml);
  const spaIndex = hasSpa && staticDir ? loadSpaIndex(staticDir) : null;
  if (hasSpa && staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ success: false, error: `Not found: ${request.method} ${pathname}` });
    }
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what any other path shows.
      if (!spaIndex) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(spaIndex.htmlFor(request.url));
    }
    return reply.code(404).send({ success: false, error: 'Not found' });
  });

  return app;
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

/** GETs whose answer is the same for every visitor (never tracking lookups or account data). */
const PUBLIC_READS = [
  /^\/api\/peptides(\/public)?$/,
  /^\/api\/peptides\/[0-9a-f-]{36}$/,
  /^\/api\/experiences$/,
  /^\/api\/experiences\/home\/public$/,
  /^\/api\/experiences\/[0-9a-f-]{36}$/,
  /^\/api\/analytics\/public$/,
  /^\/api\/effects$/,
  /^\/api\/limits$/,
];
function isPublicRead(pathname: string): boolean {
  return PUBLIC_READS.some((re) => re.test(pathname));
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON (application/json)';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body length does not match its Content-Length';
    default:
      if (status === 413) return 'The request body is too large';
      if (status === 415) return 'Unsupported content type; send JSON (application/json)';
      // Fastify's own 4xx messages are plain; they never hold data from our database.
      return error.message || 'Bad request';
  }
}
