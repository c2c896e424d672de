// The API describes itself: every route the app registers is in the OpenAPI
// 3.1 document at /api/openapi.json with its request parts, responses, access and limits, the
// document's references all resolve, and /api/docs is a page for people. Access is checked
// before the schemas, so a caller without access hears 401/403 before any 400 about its input.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE, ENDPOINTS, RETIRED_ENDPOINTS } from '../../contract';
import { bearer, createTestApp, json, submit as submitReport, validSubmission, type TestApp } from './helpers';
import { expectError, newMember } from './fixtures';
import { ApiErrorBody } from '../../contract';

function expectErrorBody(res: { statusCode: number; body: string }, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  return ApiErrorBody.parse(JSON.parse(res.body));
}

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
  'x-access'?: string;
  'x-rate-limits'?: { name: string; max: number; windowSeconds: number }[];
};
type Response = {
  $ref?: string;
  description: string;
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema: unknown }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; url?: string }; contact?: unknown };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    schemas: Record<string, unknown>;
    responses: Record<string, Response>;
    headers: Record<string, unknown>;
  };
};

const routes: RouteOptions[] = [];
let t: TestApp;
let doc: Document;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (route) => void routes.push(route) });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = json(res) as Document;
}, 120_000);
afterAll(() => t?.close());

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** The API's routes as Fastify registered them (HEAD twins of GETs are implied by the GET). */
function apiRoutes(): { method: string; url: string; route: RouteOptions }[] {
  return routes
    .flatMap((route) => [route.method].flat().map((method) => ({ method: String(method), url: route.url, route })))
    .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
}
const operation = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];
/** A response as a client reads it: a `$ref` to a shared one followed. */
const answer = (response: Response): Response =>
  response.$ref ? doc.components.responses[response.$ref.split('/').pop()!]! : response;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose references all resolve', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.push(value);
        else walk(value);
      }
    };
    walk(doc);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
      expect(target, `${ref} resolves`).toBeDefined();
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses, `${method} ${path}`).toBeDefined();
        for (const response of Object.values(op.responses)) expect(answer(response).description).toBeTruthy();
        // Every path parameter is declared.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(
            op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required),
            `${method} ${path} {${name}}`,
          ).toBe(true);
        }
      }
    }
  });

  it('registers exactly the endpoints of contract/endpoints.ts, besides the retired paths and the reference page', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    const declared = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`));
    const besides = new Set(RETIRED_ENDPOINTS.flatMap((r) => r.methods.map((m) => `${m} ${r.path}`)));
    const reference = (r: string) => r === `GET ${API_REFERENCE.page}` || r.startsWith(`GET ${API_REFERENCE.page}/`);
    expect([...registered].filter((r) => !declared.has(r) && !besides.has(r) && !reference(r))).toEqual([]);
    expect([...declared].filter((r) => !registered.has(r))).toEqual([]);
  });

  it('lists every endpoint with its method, and leaves out the retired paths and the reference page', () => {
    const listed = apiRoutes().filter((r) => !r.route.schema?.hide);
    expect(listed.length).toBeGreaterThan(40);
    for (const { method, url } of listed) expect(operation(method, url), `${method} ${url}`).toBeDefined();
    // And nothing the app does not serve.
    const served = new Set(listed.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item)) expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
  });

  it("gives each route the access it declares, which is contract/endpoints.ts's, as a bearer requirement", () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      const route = apiRoutes().find((r) => r.method === e.method && r.url === e.path);
      expect(route, name).toBeDefined();
      expect(route!.route.config?.access ?? 'public', name).toBe(e.access);
      const op = operation(e.method, e.path)!;
      expect(op['x-access'], name).toBe(e.access);
      // Public operations say so (`[]`); where a token is optional, either way is fine.
      if (e.access !== 'public') expect(op.security, name).toEqual([{ bearerAuth: [] }]);
      else if ('token' in e) expect(op.security, name).toEqual([{}, { bearerAuth: [] }]);
      else expect(op.security, name).toEqual([]);
    }
  });

  it('describes requests, responses and limits from the same schemas the server checks', () => {
    const submit = operation('POST', '/api/experiences')!;
    const body = submit.requestBody!.content['application/json'].schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(body.properties).toHaveProperty('peptideId');
    expect(body.required).toContain('peptideId');
    expect(submit.responses['201'].content!['application/json'].schema).toMatchObject({
      properties: { success: {}, data: {} },
    });
    expect(answer(submit.responses['400']!).content!['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.components.schemas.Error).toMatchObject({
      properties: {
        success: {},
        error: { type: 'string' },
        code: { enum: expect.arrayContaining(['validation_failed', 'rate_limited', 'token_expired']) },
      },
    });
    // The honeypot is for bots: a client that fills every documented field is not one.
    expect(body.properties).not.toHaveProperty('website');
    expect(submit['x-rate-limits']!.map((l) => l.name)).toEqual(['Experience submissions', 'All other API requests']);
    // Flags are counted apart from votes (a member who used up the votes can still flag).
    expect(doc.paths['/api/experiences/{id}/flag']!.post!['x-rate-limits']!.map((l) => l.name)).toEqual([
      'Flags',
      'All other API requests',
    ]);
    expect(doc.paths['/api/experiences/{id}/vote']!.delete!['x-rate-limits']!.map((l) => l.name)).toEqual([
      'Votes',
      'All other API requests',
    ]);
    expect(submit['x-rate-limits']![0]).toMatchObject({
      max: t.config.rateLimits.submissions.max,
      windowSeconds: t.config.rateLimits.submissions.windowSeconds,
    });

    const list = operation('GET', '/api/experiences')!;
    expect(list.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'sort', 'limit', 'cursor']),
    );
    expect(list.responses['200'].content!['application/json'].schema).toMatchObject({
      properties: { data: { properties: { experiences: { type: 'array' } } } },
    });
    expect(operation('GET', '/api/research/export')!.responses['200'].content).toHaveProperty('text/csv');
  });
});

describe('a document a generated client can use', () => {
  it('names every operation by its key in contract/endpoints.ts, with a tag the document describes', () => {
    const tags = new Set(doc.tags!.filter((tag) => tag.description).map((tag) => tag.name));
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      const op = operation(e.method, e.path)!;
      expect(op.operationId, key).toBe(key);
      expect(
        op.tags?.every((tag: string) => tags.has(tag)),
        key,
      ).toBe(true);
    }
    expect(doc.info.license?.url).toMatch(/^https?:/);
    // Relative, so Try it out works from any address the site answers on.
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('names the shared shapes, and says what the fields a stranger cannot guess mean', () => {
    const list = operation('GET', '/api/experiences')!;
    const text = JSON.stringify(list.responses['200']);
    expect(text).toContain('#/components/schemas/Experience');
    // A report's demographics: kept for older clients, always null, and marked so.
    const experience = doc.components.schemas.Experience as {
      properties: Record<string, { deprecated?: boolean; description?: string }>;
    };
    expect(experience.properties.demographics).toMatchObject({
      deprecated: true,
      description: expect.stringContaining('Always null'),
    });
    expect(JSON.stringify(doc.components.schemas.ReporterShares)).toContain('each on its own');
    expect(JSON.stringify(operation('GET', '/api/peptides/{id}')!.responses['200'])).toContain(
      '#/components/schemas/PeptideDetail',
    );
    expect(JSON.stringify(doc.components.schemas.MatchCount)).toContain('capped');
    expect(list.parameters!.find((p) => p.name === 'cursor')).toMatchObject({
      description: expect.stringContaining('nextCursor'),
    });
    expect(operation('GET', '/api/votes')!.parameters![0]).toMatchObject({
      name: 'experienceIds',
      description: expect.stringContaining('1 to 100'),
    });
    expect(list.description).toContain('Link');
    // The tracking ID's pattern admits every spelling the server accepts.
    const lookup = operation('POST', '/api/experiences/tracking/lookup')!.requestBody!.content['application/json']
      .schema as { properties: { trackingId: { pattern: string } } };
    expect(new RegExp(lookup.properties.trackingId.pattern).test(' trk-01234567890123456789 ')).toBe(true);
  });

  it('lists each error status an operation can answer, with the headers a client acts on', () => {
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      const op = operation(e.method, e.path)!;
      for (const status of ['400', '429', '500']) expect(op.responses[status], `${key} ${status}`).toBeDefined();
      if (e.access !== 'public') expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '403']));
      if (e.method === 'GET') expect(op.responses['304'], key).toBeDefined();
      const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
      expect(Object.keys(ok.headers ?? {}), key).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
    }
    expect(Object.keys(answer({ $ref: '#/components/responses/TooManyRequests', description: '' }).headers!)).toContain(
      'Retry-After',
    );
    expect(Object.keys(answer({ $ref: '#/components/responses/Unauthorized', description: '' }).headers!)).toContain(
      'WWW-Authenticate',
    );
  });
});

describe('errors, limits and pages a program can read', () => {
  it('a 400 names each refused input by its path, with a stable code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: { demographics: { ageRange: 'old' } },
    });
    const body = expectErrorBody(res, 400);
    expect(body.code).toBe('validation_failed');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['demographics', 'ageRange'] }),
        expect.objectContaining({ path: ['story'] }),
      ]),
    );
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: '{"story":',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectErrorBody(broken, 400).code).toBe('invalid_json');
  });

  it('every answer says how much of the general limit is left', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/effects' });
    const second = await t.app.inject({ method: 'GET', url: '/api/effects' });
    const { max, windowSeconds } = t.config.rateLimits.general;
    expect(second.headers['ratelimit-policy']).toBe(`"general";q=${max};w=${windowSeconds}`);
    const left = (res: typeof first) => Number(/r=(\d+)/.exec(String(res.headers.ratelimit))![1]);
    expect(left(second)).toBeLessThan(left(first));
    expect(expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404).code).toBe(
      'not_found',
    );
  });

  it('a list paged by cursor links its next page, and the link leads there', async () => {
    for (let i = 0; i < 3; i++) await submitReport(t, validSubmission(t.peptides.get('BPC-157')!));
    const first = await t.app.inject({ method: 'GET', url: '/api/experiences?limit=2' });
    const link = String(first.headers.link);
    const match = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(match, link).not.toBeNull();
    expect(match![1]).toContain(`cursor=${encodeURIComponent(json(first).data.nextCursor)}`);
    const next = await t.app.inject({ method: 'GET', url: match![1] });
    expect(next.statusCode).toBe(200);
    expect(json(next).data.experiences[0]._id).not.toBe(json(first).data.experiences[0]._id);
    // The same answer kept by the server carries the same link.
    expect((await t.app.inject({ method: 'GET', url: '/api/experiences?limit=2' })).headers.link).toBe(link);
  });
});

describe('GET /api/docs', () => {
  it("is Swagger UI served from this server, under the site's CSP, reading this document, with try-it-out", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Every script and style from here: nothing on the page makes a request elsewhere.
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source, source).toMatch(/^\/api\/docs\//);
    expect(res.body).not.toMatch(/<script>[^<]/);
    for (const source of sources)
      expect((await t.app.inject({ method: 'GET', url: source })).statusCode, source).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('"tryItOutEnabled":true');
    expect(init.body).toMatch(/validatorUrl: null/);
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json(served).paths).toEqual(doc.paths);
  });

  it('its index.html leads to the page in one redirect, whatever follows it: never back to itself, never to another host', async () => {
    for (const url of [
      '/api/docs/static/index.html',
      '/api/docs/static/index.html?x=1',
      '/api/docs/static/index.html/',
      '//api/docs/static/index.html?x=1',
      '/api/docs/static/index.html?a=/static/index.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/api/docs/');
      expect((await t.app.inject({ method: 'GET', url: res.headers.location as string })).statusCode, url).toBe(200);
    }
  });
});

describe('access comes before the schemas', () => {
  it('an anonymous caller with bad input hears 401, a member on a moderator route 403, a member with bad input 400', async () => {
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/experiences/nope/vote', payload: { voteType: 'nope' } }),
      401,
    );
    expectError(await t.app.inject({ method: 'PUT', url: '/api/users/me', payload: { demographics: 5 } }), 401);
    const m = await newMember(t);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/research/peptides?page=nope', headers: m.headers }),
      403,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/experiences/nope/vote',
        headers: m.headers,
        payload: { voteType: 'helpful' },
      }),
      400,
      'id: must be a valid id',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/experiences/${UNKNOWN}/vote`, headers: m.headers, payload: {} }),
      400,
      'voteType must be one of',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/peptides?limit=5', headers: bearer('not-a-token') }),
      401,
    );
  });

  it('nothing about the body or query reaches a caller without access: malformed JSON, a body too large, another type, a NUL', async () => {
    const hide = `/api/moderation/experiences/${UNKNOWN}/hide`;
    const raw = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: hide, payload, headers: { 'content-type': 'application/json', ...headers } });
    const m = await newMember(t);
    // Anonymous: 401; a member on a moderator route: 403.
    for (const [headers, status] of [
      [{}, 401],
      [m.headers, 403],
    ] as const) {
      expectError(await raw('{"reason":', headers), status);
      expectError(await raw('{"reason":"spam","__proto__":{}}', headers), status);
      expectError(await raw(JSON.stringify({ reason: 'spam', note: 'x'.repeat(200_000) }), headers), status);
      expectError(await raw('<a/>', { ...headers, 'content-type': 'application/xml' }), status);
      expectError(await t.app.inject({ method: 'GET', url: '/api/moderation/queue?view=%00', headers }), status);
    }
  });
});
