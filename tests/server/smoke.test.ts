import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponse, PeptideListResponse } from '../../contract';
import { createTestApp, json, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and catalogue', () => {
  it('answers health with the contract shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponse.parse(json(res)).data).toEqual({ status: 'ok' });
  });

  it('lists the seeded peptides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/peptides?limit=100' });
    const body = PeptideListResponse.parse(json(res));
    expect(body.data.total).toBeGreaterThanOrEqual(24);
  });
});
