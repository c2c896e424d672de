// Builds the Fastify app: external plugins, then ours, then the routes; index.ts only listens.
// Everything that depends on the route (rate-limit group, caching, cache-control, logging) is
// declared on the route itself (plugins/route-config.ts), never matched against the URL text.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRouteHookHandler } from 'fastify';
import type { AppContext } from './context';
import { trustProxyOption } from './lib/address';
import { HttpError } from './lib/errors';
import { parseJsonBody, REQUEST_ENCODINGS, UNSUPPORTED_ENCODING_MESSAGE } from './lib/json-body';
import { COMPRESS_THRESHOLD, COMPRESSION } from './lib/response-cache';
import { accessChecks } from './plugins/auth';
import { crossOrigin } from './plugins/cors';
import { crossProcessSignals } from './plugins/cross-process';
import { deprecatedAliases } from './plugins/deprecations';
import { drainGate } from './plugins/drain';
import { metricsEndpoint } from './plugins/metrics';
import { publicationBatches } from './plugins/publication-batches';
import { mailDelivery } from './plugins/mail-delivery';
import { unconfirmedAccounts } from './plugins/unconfirmed-accounts';
import { clientErrorHandler, errorAnswers, frameworkErrors } from './plugins/errors';
import { fixedSizeAnswers } from './plugins/fixed-size-answers';
import { routeSchemas } from './plugins/openapi';
import { pagingLinks } from './plugins/paging-links';
import { requestGuards } from './plugins/request-guards';
import { responseCaching } from './plugins/response-cache';
import { apiScope, loggedPath } from './plugins/route-config';
import { securityHeaders } from './plugins/security-headers';
import { spa } from './plugins/spa';
import { accountRoutes } from './routes/account';
import { analyticsRoutes } from './routes/analytics';
import { experienceRoutes } from './routes/experiences';
import { memberRoutes } from './routes/members';
import { moderationRoutes } from './routes/moderation';
import { peptideRoutes } from './routes/peptides';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it registers (tests check each one is in the OpenAPI document). */
  onRoute?: onRouteHookHandler;
}

/**
 * Request logs carry method, the matched route's pattern and status only: never a path's ids or
 * tracking IDs, a query, a body, a token, a password or an address.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req) => ({ method: req.method, url: loggedPath(req) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  };
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    routerOptions: {
      maxParamLength: 200,
      // `/api/experiences/` and `/api//experiences` are the same route as `/api/experiences`.
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
    },
    // Refusals before any hook runs (router, Node's parser): the envelope and security headers.
    frameworkErrors: frameworkErrors(ctx),
    clientErrorHandler,
    // The drain answers for itself (plugins/drain.ts): 503 with Retry-After on SIGTERM, still
    // served on a handover; Fastify's own closing answer has no Retry-After.
    return503OnClosing: false,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // External plugins and ours, in the order their hooks must run.
  await app.register(securityHeaders);
  await app.register(drainGate, { ctx });
  await app.register(errorAnswers);
  await crossOrigin(app, ctx);
  await app.register(requestGuards, { ctx });
  await app.register(deprecatedAliases);
  await app.register(pagingLinks);
  await app.register(responseCaching, { ctx });
  // ETag before compression, so the tag is of the JSON itself; weak because the gzip and br
  // bodies of one representation share it. A matching If-None-Match answers 304 with no body.
  await app.register(etag, { weak: true });
  // Answers to a report's author of one fixed size, uncompressed, without the ETag just made:
  // before the compression plugin, which reads each route's `compress` as the route registers.
  await app.register(fixedSizeAnswers, { ctx });
  // The web app's files, before the compression plugin: it attaches itself to each route
  // registered after it (an onRoute hook), and these files are compressed already (the build's
  // .br and .gz copies, sent as stored; plugins/spa.ts). Hooks added with addHook (security
  // headers, guards, ETag) apply to every route wherever it is registered, these included.
  await app.register(spa, { staticDir: ctx.config.staticDir, cache: ctx.cache });
  // Small answers are not worth the CPU. An answer compressed here is made once (the read
  // cache keeps its own, lib/response-cache.ts): the quick setting of COMPRESSION. Answers up to
  // 64 kB (a feed page of 20 reports is about 20 kB) are compressed in one call: a compression
  // stream per answer cost 0.6 ms of CPU against 0.07 ms (docs/performance.md, "The uncached
  // path"), and on two cores there is no spare one for the stream's thread. Request bodies may
  // come compressed in the usual encodings; any other is a 415 that says so.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    syncThreshold: 64 * 1024,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.once.brotliQuality,
        [zlib.constants.BROTLI_PARAM_LGWIN]: COMPRESSION.brotliWindowBits,
      },
    },
    zlibOptions: { level: COMPRESSION.once.gzipLevel },
    requestEncodings: [...REQUEST_ENCODINGS],
    onUnsupportedRequestEncoding: () => new HttpError(415, UNSUPPORTED_ENCODING_MESSAGE),
  });
  await app.register(crossProcessSignals, { ctx });
  await app.register(publicationBatches, { ctx });

  // JSON is the only body the API reads: without Fastify's text/plain parser, a text (or any
  // other) body is a 415 naming the type to send, not a schema complaint about a string.
  // A JSON request without a body (POST .../approve) is an empty object, not a parse error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // lib/json-body.ts: NUL, broken unicode and __proto__-like keys are a 400 too.
    let parsed: unknown;
    try {
      parsed = parseJsonBody(typeof body === 'string' ? body : body.toString('utf8'));
    } catch (err) {
      return done(err as HttpError, undefined);
    }
    done(null, parsed);
  });

  // Route schemas (validation, the OpenAPI document) and access: both read while routes register.
  await app.register(routeSchemas, { ctx });
  await app.register(accessChecks, { ctx });
  await app.register(
    apiScope(async (api) => {
      await api.register(systemRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(peptideRoutes, { ctx });
      await api.register(experienceRoutes, { ctx });
      await api.register(moderationRoutes, { ctx });
      await api.register(analyticsRoutes, { ctx });
    }),
  );
  // Outside /api: not in the API document, answered for METRICS_TOKEN's holder only.
  await app.register(metricsEndpoint, { ctx });
  // The mail queue and the weekly digest, in the background of the running app.
  await app.register(mailDelivery, { ctx });
  // Accounts whose address was never confirmed, deleted after a week.
  await app.register(unconfirmedAccounts, { ctx });
  return app;
}
