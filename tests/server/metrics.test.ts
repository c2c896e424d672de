// GET /metrics (plugins/metrics.ts): Prometheus text for METRICS_TOKEN's holder, with the figures an
// operator reads (request durations by route pattern and status, database time and connections,
// caches, publication batches, the mail queue, rate-limit refusals by group). After requests
// carrying ids, queries, tracking IDs, emails and addresses in every place a client controls,
// no label holds any of them: every label value is from a fixed set.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract';
import { METRICS_PATH } from '../../server/lib/metrics';
import { runBatch } from '../../server/services/publication/queue';
import { bearer, confirmAddress, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { moderatorToken } from './fixtures';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
/** Every route pattern the app registered. */
const registered = new Set<string>();

beforeAll(async () => {
  // Batches on (their figures are read below), a register limit low enough to meet.
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN, PUBLISH_EVERY: '1h', RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_REGISTER: '2' },
    undefined,
    {
      onRoute: (route) => void registered.add(route.url),
    },
  );
}, 120_000);
afterAll(() => t?.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** `name{a="x",b="y"} value` lines: the samples of the scrape. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

const sum = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);

describe('GET /metrics', () => {
  it('is refused without the token (401, WWW-Authenticate) and never stored', async () => {
    for (const headers of [{}, bearer('metrics-test-token-0123456788'), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const ok = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, database time, caches, batches, mail and refusals by group', async () => {
    const before = await scrape();
    const peptideId = t.peptides.get('BPC-157')!;
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/experiences?limit=5' })).statusCode).toBe(200);
    const s = await submit(t, validSubmission(peptideId));
    expect((await t.app.inject({ method: 'GET', url: `/api/experiences/${s.experience._id}` })).statusCode).toBe(404); // queued, not public yet
    // Alone, it waits for its group (BATCH_MIN_CHANGES, 5): that batch is postponed; with four more it is published.
    expect(await runBatch(t.ctx, new Date(Date.now() + 3_600_000))).toMatchObject({ ran: true, postponed: true });
    for (let i = 0; i < 4; i++) await submit(t, validSubmission(peptideId));
    expect((await runBatch(t.ctx, new Date(Date.now() + 2 * 3_600_000))).applied.submitted).toBe(5);
    // Three registrations from one address: the third is over the limit of 2.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/users/register',
            remoteAddress: '198.51.100.7',
            payload: { email: `m${i}@metrics.test`, password: 'a-long-and-unusual-passphrase' },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
    // Its address confirmed, the account is offered to the moderators.
    await confirmAddress(t, 'm0@metrics.test');
    // A moderator's approval queues a mail, which the delivery sends to the outbox.
    const pending = json(
      await t.app.inject({ method: 'GET', url: '/api/users/pending', headers: bearer(await moderatorToken(t)) }),
    ).data.users as { _id: string }[];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/users/${pending[0]._id}/approve`,
          headers: bearer(await moderatorToken(t)),
        })
      ).statusCode,
    ).toBe(200);
    const deadline = Date.now() + 10_000;
    while (
      Date.now() < deadline &&
      sum(await scrape(), 'peptide_mail_deliveries_total', { kind: 'approved', outcome: 'sent' }) -
        sum(before, 'peptide_mail_deliveries_total', { kind: 'approved', outcome: 'sent' }) <
        1
    )
      t.ctx.mailWake.wake();

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      sum(after, name, labels) - sum(before, name, labels);
    expect(
      grew('peptide_http_request_duration_seconds_count', { route: '/api/experiences', method: 'GET', status: '200' }),
    ).toBe(3);
    expect(grew('peptide_http_request_duration_seconds_count', { route: '/api/experiences/:id', status: '404' })).toBe(
      1,
    );
    expect(grew('peptide_http_request_duration_seconds_count', { route: '/api/users/register', status: '429' })).toBe(
      1,
    );
    expect(grew('peptide_rate_limit_refusals_total', { group: 'register' })).toBe(1);
    expect(grew('peptide_db_query_duration_seconds_count', { kind: 'query', outcome: 'ok' })).toBeGreaterThan(3);
    expect(grew('peptide_db_query_duration_seconds_count', { kind: 'transaction' })).toBeGreaterThan(0);
    expect(grew('peptide_cache_requests_total', { cache: 'answers', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(grew('peptide_cache_requests_total', { cache: 'answers', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(grew('peptide_cache_invalidations_total')).toBeGreaterThan(0);
    expect(grew('peptide_publication_changes_total', { kind: 'submitted' })).toBe(5);
    expect(grew('peptide_publication_batch_duration_seconds_count')).toBe(1);
    expect(grew('peptide_publication_batches_postponed_total')).toBe(1);
    expect(grew('peptide_mail_deliveries_total', { kind: 'approved', outcome: 'sent' })).toBe(1);
    expect(sum(after, 'peptide_mail_queue_messages')).toBe(0);
    expect(sum(after, 'peptide_db_connections', { state: 'open' })).toBeGreaterThan(0);
    expect(sum(after, 'peptide_draining')).toBe(0);
    expect(sum(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples(after).some((x) => x.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('holds no id, query, tracking ID, email or address in any label after hostile requests', async () => {
    const peptideId = t.peptides.get('TB-500')!;
    const s = await submit(t, validSubmission(peptideId));
    const secrets = [
      s.trackingId,
      s.trackingId.slice(4),
      s.experience._id,
      peptideId,
      'victim@example.org',
      '203.0.113.99',
      '2001:db8::99',
      'utm_source',
      'secret-query-value',
      'sneaky-path-segment',
    ];
    const hostile: {
      method: string;
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
      remoteAddress?: string;
    }[] = [
      { method: 'GET', url: `/api/experiences/${s.experience._id}?utm_source=secret-query-value` },
      { method: 'GET', url: `/api/peptides/${peptideId}/disclosed?email=victim@example.org` },
      { method: 'POST', url: '/api/experiences/tracking/lookup', payload: { trackingId: s.trackingId } },
      { method: 'GET', url: `/api/experiences/tracking/${s.trackingId}` },
      { method: 'GET', url: `/%61pi/experiences/${s.experience._id}` },
      { method: 'GET', url: `//api//experiences/${s.experience._id}/` },
      { method: 'GET', url: '/api/sneaky-path-segment/victim@example.org' },
      { method: 'GET', url: '/sneaky-path-segment/victim@example.org' },
      {
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'victim@example.org', password: 'wrong-password-here' },
        remoteAddress: '203.0.113.99',
      },
      {
        method: 'GET',
        url: '/api/experiences',
        headers: { 'x-forwarded-for': '2001:db8::99', 'user-agent': 'victim@example.org' },
        remoteAddress: '2001:db8::99',
      },
      { method: 'PATCH', url: `/api/experiences/${s.experience._id}` },
      { method: 'GET', url: `${METRICS_PATH}?secret-query-value=1`, headers: bearer('victim@example.org') },
    ];
    for (const r of hostile) await t.app.inject(r as InjectOptions);
    const text = await scrape();
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // Every label value is one of a fixed set: route patterns the app registered, or the three groups.
    const routes = new Set<string>([...registered, '(not found)', '(web app)']);
    expect(routes.has(ENDPOINTS.experience.path)).toBe(true);
    const values = new Map<string, Set<string>>();
    for (const sample of samples(text))
      for (const [k, v] of Object.entries(sample.labels)) (values.get(k) ?? values.set(k, new Set()).get(k)!).add(v);
    for (const route of values.get('route') ?? []) expect(routes.has(route), route).toBe(true);
    for (const method of values.get('method') ?? [])
      expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(method);
    for (const status of values.get('status') ?? []) expect(status).toMatch(/^[1-5]\d\d$/);
    for (const group of values.get('group') ?? [])
      expect(['general', 'register', 'submit', 'vote', 'flag', 'login-account-address', 'login-address']).toContain(
        group,
      );
    console.log(
      `[metrics] ${samples(text).length} samples after ${hostile.length} hostile requests; label values: ${[...values].map(([k, v]) => `${k} (${v.size})`).join(', ')}; none holds an id, query, tracking ID, email or address`,
    );
  });
});
