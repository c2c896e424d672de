// Route schemas from contract/ (zod): Fastify validates each request part with them
// (lib/validate.ts), and the same schemas describe the API as OpenAPI 3.1 at
// `GET /api/openapi.json`, with a page for people at `GET /api/docs` (lib/api-docs-page.ts),
// rendered on the server: the SPA's bundle carries none of it. Who may call a route comes from
// its `config.access` (plugins/auth.ts) and its limits from lib/rate-limit.ts, so the document
// says what the server does.
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorBody } from '../../contract/common';
import { API_REFERENCE, ENDPOINTS } from '../../contract/endpoints';
import { LIMIT_SCOPE_LABELS, limitWindowText } from '../../contract/vocabulary';
import type { AppContext } from '../context';
import { renderApiDocs } from '../lib/api-docs-page';
import { KeptAnswer, keptPayload } from '../lib/response-cache';
import { publishedLimits, type PublishedLimit } from '../lib/rate-limit';
import { checkedSerializerCompiler, serializerCompiler, validatorCompiler } from '../lib/validate';

const BEARER = 'bearerAuth';

/** `approveUser` → "Approve user": the summary of each route, from its name in contract/endpoints.ts. */
const SUMMARIES = new Map<string, string>(
  Object.entries(ENDPOINTS).map(([name, e]) => [`${e.method} ${e.path}`, sentence(name)]),
);

function sentence(name: string): string {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The group a path belongs to in the document: its first segment after `/api`. */
function tagOf(url: string): string {
  const segment = url.split('/')[2] ?? '';
  const groups: Record<string, string> = { auth: 'users', votes: 'experiences', effects: 'experiences', research: 'analytics', health: 'system', limits: 'system', 'openapi.json': 'documentation', docs: 'documentation' };
  return groups[segment] ?? segment;
}

function limitText(limit: PublishedLimit): string {
  return `${limit.name}: ${limit.max} per ${limitWindowText(limit.windowSeconds)} ${LIMIT_SCOPE_LABELS[limit.scope]}`;
}

const errorBody = { description: 'An error; its error field says what is wrong in words a person can read', ...z.toJSONSchema(ApiErrorBody, { target: 'draft-2020-12' }) };

export const routeSchemas = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(ctx.config.checkResponses ? checkedSerializerCompiler : serializerCompiler);

    const limits = publishedLimits(ctx.config.rateLimits);

    const transform: SwaggerTransform = (input) => {
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const { route } = input;
      const method = [route.method].flat()[0] ?? 'GET';
      const access = route.config?.access ?? 'public';
      const applying = limits.filter((l) => l.routes === '*' || l.routes.includes(`${method} ${url}`));
      const response: Record<string, unknown> = {};
      for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>)) {
        response[status] = { description: status === '201' ? 'Created' : 'Success', ...body };
      }
      response['4XX'] = errorBody;
      const description = [
        access === 'public' ? 'Open to anyone.' : access === 'member' ? 'Members only: send `Authorization: Bearer <access token>`.' : 'Moderators only: send `Authorization: Bearer <access token>` of a moderator.',
        `Limits: ${applying.map(limitText).join('; ')}.`,
      ].join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          summary: (schema.summary as string | undefined) ?? SUMMARIES.get(`${method} ${url}`) ?? `${method} ${url}`,
          description,
          tags: [tagOf(url)],
          ...(access === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
          response,
          'x-access': access,
          'x-rate-limits': applying.map(({ routes: _routes, ...limit }) => limit),
        },
      };
    };

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Peptide Community API',
          version: '1',
          description:
            'Anonymous peptide experience reports and community statistics. Every answer is JSON: `{ "success": true, "data": … }`, or `{ "success": false, "error": "…" }` with a 4xx or 5xx status. Sign in with `POST /api/users/login` and send the access token as `Authorization: Bearer …` to the routes marked for members or moderators.',
        },
        tags: ['system', 'users', 'peptides', 'experiences', 'analytics', 'moderation', 'documentation'].map((name) => ({ name })),
        components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });

    // The document and its page are the same for everyone until the next deploy: each is built,
    // tagged and compressed (per encoding asked for) once, never again per request.
    let document: KeptAnswer | null = null;
    app.get(API_REFERENCE.document, { config: { api: true }, schema: { summary: 'This document (OpenAPI 3.1)' } }, async (request, reply) => {
      document ??= new KeptAnswer(JSON.stringify(app.swagger()));
      // Browsers revalidate it (ETag, 304), as every public read.
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
      return reply.send(keptPayload(request, reply, document));
    });

    let page: KeptAnswer | null = null;
    app.get(API_REFERENCE.page, { config: { api: true }, schema: { summary: 'This API described for people (HTML)' } }, async (request, reply) => {
      page ??= new KeptAnswer(renderApiDocs(app.swagger() as Parameters<typeof renderApiDocs>[0], API_REFERENCE.document));
      // Browsers may keep it a while.
      reply.header('cache-control', 'public, max-age=300').type('text/html; charset=utf-8');
      return reply.send(keptPayload(request, reply, page));
    });
  },
  { name: 'route-schemas' },
);
