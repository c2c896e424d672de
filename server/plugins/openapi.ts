// Route schemas from contract/ (zod): Fastify validates each request part with them
// (lib/validate.ts), and the same schemas describe the API as OpenAPI 3.1 at
// `GET /api/openapi.json`, with a reference page for people at `GET /api/docs` (Swagger UI):
// the SPA's bundle carries none of it. Who may call a route comes from
// its `config.access` (plugins/auth.ts) and its limits from lib/rate-limit.ts, so the document
// says what the server does.
import fs from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSION } from '../../contract/api-version';
import { API_REFERENCE, ENDPOINTS, type Endpoint } from '../../contract/endpoints';
import { PADDED_BODY_BYTES } from '../../contract/rules';
import { LIMIT_SCOPE_LABELS, limitRateText } from '../../contract/vocabulary';
import type { AppContext } from '../context';
import { KeptAnswer, keptPayload } from '../lib/response-cache';
import { publishedLimits, type PublishedLimit } from '../lib/rate-limit';
import { finishDocument, SECURITY_SCHEMES, securityOf, tagOf, TAGS } from './openapi-document';
import { endpointKeyOf } from './route-config';
import { API_DOCS_CSS } from '../lib/api-docs-theme';
import { checkedSerializerCompiler, serializerCompiler, validatorCompiler } from '../lib/validate';

const CHANGELOG_FILE = path.resolve(import.meta.dirname, '../../docs/api-changelog.md');

/** `approveUser` → "Approve user": the summary of each operation, from its key in contract/endpoints.ts. */
function sentence(name: string): string {
  const words = name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function limitText(limit: PublishedLimit): string {
  return `${limit.name}: ${limitRateText(limit.max, limit.windowSeconds)} ${LIMIT_SCOPE_LABELS[limit.scope]}`;
}

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'Open to anyone; no token.',
  member: 'Members only: send `Authorization: Bearer <accessToken>`.',
  moderator: 'Moderators only: send `Authorization: Bearer <accessToken>` of a moderator.',
};

const PAGING_TEXT: Record<NonNullable<Endpoint['paging']>, string> = {
  cursor:
    "Paged by cursor: the answer's `nextCursor` (null on the last page) goes back as `cursor`, and the `Link` header holds the next page's URL. A cursor is opaque and stays valid while the list's sort order is the same; it holds no personal data.",
  page: 'Paged by number: `page` (from 1) and `limit`; the answer carries `total`, `page` and `pageSize`.',
};

export const routeSchemas = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(ctx.config.checkResponses ? checkedSerializerCompiler : serializerCompiler);

    const limits = publishedLimits(ctx.config.rateLimits);

    const transform: SwaggerTransform = (input) => {
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      if (schema.hide) return { schema, url };
      const { route } = input;
      const method = [route.method].flat()[0] ?? 'GET';
      const key = endpointKeyOf(method, route.url);
      if (!key) return { schema: { ...schema, hide: true }, url };
      const endpoint = ENDPOINTS[key] as Endpoint;
      const applying = limits.filter((l) => l.endpoints === '*' || l.endpoints.includes(key));
      const response: Record<string, unknown> = {};
      for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>)) {
        response[status] = { description: status === '201' ? 'Created' : 'Success', ...body };
      }
      const { answerBytes, paddedBody } =
        (route as { config?: { answerBytes?: number; paddedBody?: boolean } }).config ?? {};
      const description = [
        schema.description as string | undefined,
        answerBytes
          ? `Every successful answer is exactly ${answerBytes.toLocaleString('en')} bytes, whatever the report: the JSON, then spaces (valid JSON), never compressed, with no ETag, so that its size tells someone who sees the traffic nothing. Error answers keep their own size.`
          : undefined,
        paddedBody
          ? `The body may end with spaces (the web app pads it to ${PADDED_BODY_BYTES.toLocaleString('en')} bytes); that size is always admitted.`
          : undefined,
        endpoint.token === 'optional'
          ? 'Open to anyone; a member may send a token (it must then be valid) and sees more.'
          : ACCESS_TEXT[endpoint.access],
        endpoint.paging ? PAGING_TEXT[endpoint.paging] : undefined,
        `Limits: ${applying.map(limitText).join('; ')}.`,
      ]
        .filter(Boolean)
        .join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          operationId: key,
          summary: (schema.summary as string | undefined) ?? sentence(key),
          description,
          tags: [tagOf(endpoint.path)],
          security: securityOf(endpoint),
          response,
          'x-access': endpoint.access,
          'x-rate-limits': applying.map(({ endpoints: _endpoints, ...limit }) => limit),
        },
      };
    };

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Peptide Community API',
          version: API_VERSION,
          description: [
            'Anonymous peptide experience reports and community statistics. Every answer is JSON: `{ "success": true, "data": … }`, or `{ "success": false, "error": "…", "code": "…" }` with a 4xx or 5xx status, where `error` is a sentence for a person and `code` a stable word for a program; a 400 lists each refused input in `issues`.',
            'Sign in with `POST /api/users/login` and send the access token as `Authorization: Bearer …` to the operations marked for members or moderators; it lasts `expiresIn` seconds, and `POST /api/auth/refresh` gives a new one.',
            'Every answer carries `RateLimit-Policy` and `RateLimit` (the general per-address limit and what is left of it); a 429 carries `Retry-After`. Public reads answer any origin (CORS, no credentials).',
            `Version ${API_VERSION}. What each version changed: [the changelog](${API_REFERENCE.changelog}); clients must ignore fields and enum values they do not know (new ones come in minor versions).`,
            "Reports are anonymous: no report carries its age range, sex or activity level (`demographics` is always `null`; a peptide's `reporters` give the shares of its reports by each), and dates are days.",
          ].join('\n\n'),
          contact: { name: 'Peptide Community', url: `${ctx.config.mail.publicUrl}/terms` },
          license: { name: 'Terms of use', url: `${ctx.config.mail.publicUrl}/terms` },
        },
        // Relative: a client (and Try it out on /api/docs) calls the address it read the document
        // from, whichever name the site answers on, never PUBLIC_URL's, which the page's CSP
        // (connect-src 'self') would block from any other address.
        servers: [{ url: '/', description: 'The address this document was read from' }],
        tags: TAGS,
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform,
      transformObject: (input) =>
        finishDocument(jsonSchemaTransformObject(input) as Record<string, unknown>) as ReturnType<
          typeof jsonSchemaTransformObject
        >,
    });

    // The document and its page are the same for everyone until the next deploy: each is built,
    // tagged and compressed (per encoding asked for) once, never again per request.
    let document: KeptAnswer | null = null;
    app.get(
      API_REFERENCE.document,
      { config: { api: true }, schema: { summary: 'This document (OpenAPI 3.1)' } },
      async (request, reply) => {
        document ??= new KeptAnswer(JSON.stringify(app.swagger()));
        // Browsers revalidate it (ETag, 304), as every public read.
        reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
        return reply.send(keptPayload(request, reply, document));
      },
    );

    // The changelog, read once from docs/api-changelog.md (the repository is what runs).
    let changelog: KeptAnswer | null = null;
    app.get(
      API_REFERENCE.changelog,
      { config: { api: true }, schema: { summary: 'What each version of this document changed' } },
      async (request, reply) => {
        changelog ??= new KeptAnswer(fs.readFileSync(CHANGELOG_FILE, 'utf8'));
        reply.header('cache-control', 'no-cache').type('text/markdown; charset=utf-8');
        return reply.send(keptPayload(request, reply, changelog));
      },
    );

    // The reference page: Swagger UI, served from this server (scripts, styles and the document
    // all from here, within the site's CSP; no validator badge, which would call out), with
    // try-it-out and an Authorize button for the access token.
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE.page,
      // Readable for everyone (tests/e2e/api-docs.test.ts runs axe on it): no top bar (its logo
      // has no text, its URL field no label), no deep-link anchors inside the operation buttons,
      // and colours with enough contrast (lib/api-docs-theme.ts).
      theme: { title: 'Peptide Community API reference', css: [{ filename: 'theme.css', content: API_DOCS_CSS }] },
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: false,
        tryItOutEnabled: true,
        displayOperationId: true,
        defaultModelsExpandDepth: 0,
        docExpansion: 'list',
        validatorUrl: null,
      },
      staticCSP: false,
      // Its own `static/index.html` redirects to the page by cutting that suffix off the URL, so
      // with a query (`?x=1`) or a trailing slash it redirected to itself forever, and `//api/...`
      // named a host. Answered here: always the one page's path.
      uiHooks: {
        onRequest: async (request, reply) => {
          if (request.routeOptions.url === `${API_REFERENCE.page}/static/index.html`)
            return reply.redirect(`${API_REFERENCE.page}/`);
        },
      },
    });
  },
  { name: 'route-schemas' },
);
