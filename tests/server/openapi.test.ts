// The API describes itself: every route the app registers is in the OpenAPI
// 3.1 document at /api/openapi.json with its request parts, responses, access and limits, the
// document's references all resolve, and /api/docs is a page for people. Access is checked
// before the schemas, so a caller without access hears 401/403 before any 400 about its input.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract';
import { bearer, createTestApp, json, type TestApp } from './helpers';
import { expectError, newMember } from './fixtures';

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  'x-access'?: string;
  'x-rate-limits'?: { name: string; max: number; windowSeconds: number }[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
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
        for (const response of Object.values(op.responses)) expect(response.description).toBeTruthy();
        // Every path parameter is declared.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required), `${method} ${path} {${name}}`).toBe(true);
        }
      }
    }
  });

  it('lists every route the app registers, with its method', () => {
    const listed = apiRoutes();
    expect(listed.length).toBeGreaterThan(40);
    for (const { method, url } of listed) expect(operation(method, url), `${method} ${url}`).toBeDefined();
    // And nothing the app does not serve.
    const served = new Set(listed.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    for (const [path, item] of Object.entries(doc.paths)) for (const method of Object.keys(item)) expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
  });

  it("gives each route the access it declares, which is contract/endpoints.ts's, as a bearer requirement", () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      const route = apiRoutes().find((r) => r.method === e.method && r.url === e.path);
      expect(route, name).toBeDefined();
      expect(route!.route.config?.access ?? 'public', name).toBe(e.access);
      const op = operation(e.method, e.path)!;
      expect(op['x-access'], name).toBe(e.access);
      if (e.access === 'public') expect(op.security, name).toBeUndefined();
      else expect(op.security, name).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('describes requests, responses and limits from the same schemas the server checks', () => {
    const submit = operation('POST', '/api/experiences')!;
    const body = submit.requestBody!.content['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    expect(body.properties).toHaveProperty('peptideId');
    expect(body.required).toContain('peptideId');
    expect(submit.responses['201'].content!['application/json'].schema).toMatchObject({ properties: { success: {}, data: {} } });
    expect(submit.responses['4XX'].content!['application/json'].schema).toMatchObject({ properties: { success: {}, error: { type: 'string' } } });
    expect(submit['x-rate-limits']!.map((l) => l.name)).toEqual(['Experience submissions', 'All other API requests']);
    // Flags are counted apart from votes (a member who used up the votes can still flag).
    expect(doc.paths['/api/experiences/{id}/flag']!.post!['x-rate-limits']!.map((l) => l.name)).toEqual(['Flags', 'All other API requests']);
    expect(doc.paths['/api/experiences/{id}/vote']!.delete!['x-rate-limits']!.map((l) => l.name)).toEqual(['Votes', 'All other API requests']);
    expect(submit['x-rate-limits']![0]).toMatchObject({ max: t.config.rateLimits.submissions.max, windowSeconds: t.config.rateLimits.submissions.windowSeconds });

    const list = operation('GET', '/api/experiences')!;
    expect(list.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['search', 'category', 'sort', 'limit', 'cursor']));
    expect(list.responses['200'].content!['application/json'].schema).toMatchObject({ properties: { data: { properties: { experiences: { type: 'array' } } } } });
    expect(operation('GET', '/api/research/export')!.responses['200'].content).toHaveProperty('text/csv');
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page listing every route, cacheable, under the same CSP as the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('href="/api/openapi.json"');
    for (const { method, url } of apiRoutes()) expect(res.body, `${method} ${url}`).toContain(`<code class="path">${openapiPath(url)}</code>`);
  });
});

describe('access comes before the schemas', () => {
  it('an anonymous caller with bad input hears 401, a member on a moderator route 403, a member with bad input 400', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/experiences/nope/vote', payload: { voteType: 'nope' } }), 401);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/users/me', payload: { demographics: 5 } }), 401);
    const m = await newMember(t);
    expectError(await t.app.inject({ method: 'GET', url: '/api/research/peptides?page=nope', headers: m.headers }), 403);
    expectError(await t.app.inject({ method: 'POST', url: '/api/experiences/nope/vote', headers: m.headers, payload: { voteType: 'helpful' } }), 400, 'id: must be a valid id');
    expectError(await t.app.inject({ method: 'POST', url: `/api/experiences/${UNKNOWN}/vote`, headers: m.headers, payload: {} }), 400, 'voteType must be one of');
    expectError(await t.app.inject({ method: 'GET', url: '/api/peptides?limit=5', headers: bearer('not-a-token') }), 401);
  });

  it('nothing about the body or query reaches a caller without access: malformed JSON, a body too large, another type, a NUL', async () => {
    const hide = `/api/moderation/experiences/${UNKNOWN}/hide`;
    const raw = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: hide, payload, headers: { 'content-type': 'application/json', ...headers } });
    const m = await newMember(t);
    // Anonymous: 401; a member on a moderator route: 403.
    for (const [headers, status] of [[{}, 401], [m.headers, 403]] as const) {
      expectError(await raw('{"reason":', headers), status);
      expectError(await raw('{"reason":"spam","__proto__":{}}', headers), status);
      expectError(await raw(JSON.stringify({ reason: 'spam', note: 'x'.repeat(200_000) }), headers), status);
      expectError(await raw('<a/>', { ...headers, 'content-type': 'application/xml' }), status);
      expectError(await t.app.inject({ method: 'GET', url: '/api/moderation/queue?view=%00', headers }), status);
    }
  });
});
