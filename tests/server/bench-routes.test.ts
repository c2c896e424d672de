// The benchmark's build of the app (scripts/bench-server.ts: the production app plus
// scripts/bench-routes.ts) starts and answers: a route-registration rule once stopped it at start
// (its routes are not in contract/endpoints.ts), and `npm run bench` failed with nothing else to say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { benchRoutes } from '../../scripts/bench-routes';
import { createTestApp, json, type TestApp } from './helpers';

let t: TestApp;
let bench: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  bench = await buildApp(t.ctx);
  await bench.register(benchRoutes, { ctx: t.ctx });
  await bench.ready();
});
afterAll(async () => {
  await bench?.close();
  await t?.close();
});

describe("the benchmark's routes", () => {
  it('start with the app and answer as API routes', async () => {
    const raw = await bench.inject({ method: 'GET', url: '/api/bench/raw' });
    expect(raw.statusCode).toBe(200);
    expect(json(raw)).toMatchObject({ success: true, data: { experiences: expect.any(Array) } });
    // An API route by its configuration: the API's cache-control, not the web app's.
    expect(raw.headers['cache-control']).toBe('no-store');
    expect(json(await bench.inject({ method: 'GET', url: '/api/bench/cache' })).data).toHaveProperty('answerHits');
  });
});
