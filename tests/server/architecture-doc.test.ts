// What docs/architecture.md says of the server, held to the code: the order in which app.ts
// registers its plugins (the doc's numbered list in "A request's path"), and that a route's access
// comes from contract/endpoints.ts alone (plugins/route-config.ts `apiScope`), never from the
// route. Reads the files as text and builds bare Fastify apps: no database.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract/endpoints';
import { apiScope } from '../../server/plugins/route-config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * What `buildApp` registers, in order: `app.register(x, ...)`, a plugin that registers itself
 * (`await crossOrigin(app, ctx)`) and the body parser (`app.addContentTypeParser`).
 */
function registeredByApp(): string[] {
  const source = read('server/app.ts');
  const body = source.slice(source.indexOf('export async function buildApp'));
  const steps = /await app\.register\(\s*(\w+)|await (\w+)\(app\b|app\.(addContentTypeParser)\(/g;
  return [...body.matchAll(steps)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The doc's numbered list of the same: each item opens with the name app.ts uses. */
function listedByDoc(): string[] {
  const doc = read('docs/architecture.md');
  const section = doc.slice(doc.indexOf("### A request's path"), doc.indexOf('```mermaid\nsequenceDiagram'));
  return [...section.matchAll(/^\d+\. `(\w+)`/gm)].map((m) => m[1]);
}

describe('docs/architecture.md, "A request\'s path"', () => {
  it('lists what app.ts registers, in its order', () => {
    const registered = registeredByApp();
    expect(registered.length).toBeGreaterThan(15);
    expect(listedByDoc()).toEqual(registered);
  });
});

describe('access comes from contract/endpoints.ts, never from the route', () => {
  const memberRead = Object.values(ENDPOINTS).find((e) => e.method === 'GET' && e.access === 'member');

  it('gives a route the access of its row', async () => {
    expect(memberRead).toBeDefined();
    const app = Fastify();
    await app.register(
      apiScope(async (api) => {
        api.get(memberRead!.path, async (request) => ({ access: request.routeOptions.config.access }));
      }),
    );
    const answer = await app.inject({ method: 'GET', url: memberRead!.path.replace(/:\w+/g, 'x') });
    expect(answer.json()).toEqual({ access: 'member' });
    await app.close();
  });

  it('stops the app at start when a route declares its own access', async () => {
    const app = Fastify();
    app.register(
      apiScope(async (api) => {
        api.get(ENDPOINTS.health.path, { config: { access: 'member' } }, async () => ({}));
      }),
    );
    await expect(app.ready()).rejects.toThrow(/declares its access/);
    await app.close();
  });

  it('stops the app at start when a route has no row', async () => {
    const app = Fastify();
    app.register(
      apiScope(async (api) => {
        api.get('/api/not-in-the-contract', async () => ({}));
      }),
    );
    await expect(app.ready()).rejects.toThrow(/is not in contract\/endpoints.ts/);
    await app.close();
  });
});
