// Builds the Fastify app: external plugins, then ours, then routes. index.ts only listens.
import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './context';
import { clientAddress } from './lib/address';
import { HttpError } from './lib/errors';
import { analyticsRoutes } from './routes/analytics';
import { experienceRoutes } from './routes/experiences';
import { peptideRoutes } from './routes/peptides';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Request logs carry method, path and status only: never bodies, tokens, passwords or addresses. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req) => ({ method: req.method, url: req.url.split('?')[0] }),
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
  });

  // External plugins.
  await app.register(helmet, {
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
  if (process.env.CORS_ORIGIN) {
    await app.register(cors, { origin: process.env.CORS_ORIGIN.split(',').map((s) => s.trim()) });
  }

  // A JSON request without a body (POST .../approve) is an empty object, not a parse error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new HttpError(400, 'The request body is not valid JSON');
      done(err, undefined);
    }
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
    if (request.url.startsWith('/api/')) ctx.limiter.check('general', clientAddress(request), ctx.config.rateLimits.general);
  });

  // No caching of API answers by browsers or proxies unless a route says otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(systemRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(peptideRoutes, { ctx });
  await app.register(experienceRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });

  const staticDir = ctx.config.staticDir;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasSpa = !!indexHtml && fs.existsSync(indexHtml);
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, error: 'Not found' });
  });

  return app;
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
