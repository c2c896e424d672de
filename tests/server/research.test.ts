// Research Hub API: moderators only, real figures, the paged per-peptide table
// with means and their n, and the registration decisions the User Management tab makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DecisionResponse,
  LimitsResponse,
  PendingUsersResponse,
  ResearchOverviewResponse,
  ResearchPeptidesResponse,
  type ResearchPeptideRow,
} from '../../contract';
import { PASSWORD, bearer, createTestApp, json, member, submit, validSubmission, type TestApp } from './helpers';
import { figureOf } from './aggregate-check';
import { ModerationSummaryResponse } from '../../contract/moderation-api';
import { expectError, moderatorToken, newMember, rows, uniqueEmail } from './fixtures';

let t: TestApp;
let mod: Record<string, string>;
let user: Awaited<ReturnType<typeof newMember>>;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const peptideId = (name: string) => {
  const id = t.peptides.get(name);
  if (!id) throw new Error(`no seeded peptide ${name}`);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
  user = await newMember(t, 'research-member');
  const bpc = peptideId('BPC-157');
  const semax = peptideId('Semax');
  await submit(t, validSubmission(bpc, { outcomes: { energy: 6, recovery: 9 } }));
  await submit(t, validSubmission(bpc, { outcomes: { energy: 8, recovery: 7 } }));
  await submit(t, validSubmission(bpc, { outcomes: { energy: 4 } }));
  // No stack, no extra effects, no sourcing: the one report without optional details.
  await submit(t, validSubmission(semax, { outcomes: { focus: 7 }, effects: [] }));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may use the Research Hub API', () => {
  const urls = [
    '/api/research/overview',
    '/api/research/peptides',
    '/api/research/export',
    '/api/research/export?format=csv',
    '/api/users/pending',
  ];

  it('visitors get 401 and approved members 403 on every research and moderation call', async () => {
    for (const url of urls) {
      expectError(await get(url), 401);
      expectError(await get(url, user.headers), 403, /moderator/i);
    }
    const pending = await member(t, uniqueEmail('target'), { approve: false });
    expectError(await post(`/api/users/${pending.userId}/approve`, user.headers), 403, /moderator/i);
    expectError(await post(`/api/users/${pending.userId}/reject`, user.headers, { notes: '' }), 403, /moderator/i);
    // The refused calls changed nothing.
    const [row] = await rows<{ status: string }>(t, 'select status from users where id = $1', [pending.userId]);
    expect(row.status).toBe('pending');
  });

  it('the rate limits are public: the API Access tab reads them', async () => {
    const res = await get('/api/limits');
    expect(res.statusCode).toBe(200);
    const limits = LimitsResponse.parse(json(res)).data.limits;
    const submissions = limits.find((l) => l.description === 'POST /api/experiences');
    expect(submissions).toMatchObject({
      max: t.config.rateLimits.submissions.max,
      windowSeconds: t.config.rateLimits.submissions.windowSeconds,
    });
  });
});

describe('GET /api/research/overview', () => {
  it('counts what the database holds, and the pending count follows registrations and decisions', async () => {
    const before = ResearchOverviewResponse.parse(json(await get('/api/research/overview', mod))).data;
    const [c] = await rows<{ exps: number; votes: number; pending: number; peptides: number; detailed: number }>(
      t,
      `select (select count(*) from experiences)::int as exps, (select count(*) from votes)::int as votes,
              (select count(*) from users where status = 'pending')::int as pending,
              (select count(*) from peptides where deleted_at is null)::int as peptides,
              (select count(*) from experiences
                where cardinality(stack) > 0 or cardinality(effects) > 0 or sourcing is not null)::int as detailed`,
    );
    expect(before).toMatchObject({
      experiences: c.exps,
      votes: c.votes,
      pendingRegistrations: c.pending,
      peptides: c.peptides,
    });
    expect(before.experiencesThisMonth).toBe(c.exps);
    // Categories cover every report; the per-peptide list is capped (the Database tab pages the full table).
    expect(before.perCategory.reduce((s, x) => s + x.experiences, 0)).toBe(c.exps);
    expect(before.perCategory.find((x) => x.name === 'Healing & Recovery')?.experiences).toBe(3);
    expect(before.perPeptide.length).toBeLessThanOrEqual(100);
    // A share that moves with the data (3 of these 4 reports name extra effects), unlike the
    // required parts, which every report has.
    expect(before.optionalDetailsShare).toBe(Math.round((c.detailed / c.exps) * 100) / 100);
    expect(before.optionalDetailsShare).toBe(0.75);

    // The moderation summary (the User Management tab's badge) counts the same registrations.
    const waitingRegistrations = async () =>
      ModerationSummaryResponse.parse(json(await get('/api/moderation/summary', mod))).data.pendingRegistrations;
    expect(await waitingRegistrations()).toBe(before.pendingRegistrations);
    const pending = await member(t, uniqueEmail('counted'), { approve: false });
    const after = ResearchOverviewResponse.parse(json(await get('/api/research/overview', mod))).data;
    expect(after.pendingRegistrations).toBe(before.pendingRegistrations + 1);
    expect(await waitingRegistrations()).toBe(before.pendingRegistrations + 1);
    expect((await post(`/api/users/${pending.userId}/approve`, mod)).statusCode).toBe(200);
    const decided = ResearchOverviewResponse.parse(json(await get('/api/research/overview', mod))).data;
    expect(decided.pendingRegistrations).toBe(before.pendingRegistrations);
    expect(await waitingRegistrations()).toBe(before.pendingRegistrations);
    expect(decided.members).toBe(before.members + 1);
  });
});

describe('GET /api/research/peptides', () => {
  it('pages the whole catalogue: every peptide once, counts adding up to the experiences', async () => {
    const seen: ResearchPeptideRow[] = [];
    let total = 0;
    for (let page = 1; page < 50; page++) {
      const res = await get(`/api/research/peptides?limit=5&page=${page}`, mod);
      expect(res.statusCode).toBe(200);
      const data = ResearchPeptidesResponse.parse(json(res)).data;
      expect(data).toMatchObject({ page, pageSize: 5 });
      expect(data.peptides.length).toBeLessThanOrEqual(5);
      total = data.total;
      seen.push(...data.peptides);
      if (page * 5 >= data.total) break;
    }
    expect(seen).toHaveLength(total);
    expect(total).toBe(t.peptides.size);
    expect(new Set(seen.map((p) => p._id)).size).toBe(total);
    expect(seen.reduce((s, p) => s + p.experiences, 0)).toBe(4);
    // Default sort: most experiences first.
    const counts = seen.map((p) => p.experiences);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('each mean carries its n and interval: rating over the experiences, outcomes over those that rated them; none below 5', async () => {
    const read = async () =>
      ResearchPeptidesResponse.parse(json(await get('/api/research/peptides?limit=100', mod))).data.peptides;
    const few = (await read()).find((p) => p._id === peptideId('BPC-157'))!;
    expect(few).toMatchObject({ experiences: 3, meanRating: null, interval: null });
    expect(few.outcomeMeans).toContainEqual({ name: 'energy', mean: null, n: 3, interval: null });
    expect(few.outcomeMeans).toContainEqual({ name: 'recovery', mean: null, n: 2, interval: null });
    const unrated = (await read()).find((p) => p.experiences === 0)!;
    expect(unrated).toMatchObject({ meanRating: null, interval: null, outcomeMeans: [] });

    // Two more make 5: the mean and its interval, as recomputed from the reports.
    await submit(t, validSubmission(peptideId('BPC-157'), { outcomes: { energy: 5, recovery: 8 } }));
    await submit(t, validSubmission(peptideId('BPC-157'), { outcomes: { energy: 7 } }));
    const bpc = (await read()).find((p) => p._id === peptideId('BPC-157'))!;
    expect(bpc.experiences).toBe(5);
    const ratings = (
      await rows<{ rating: number }>(t, 'select rating from experiences where peptide_id = $1', [bpc._id])
    ).map((r) => r.rating);
    expect({ mean: bpc.meanRating, interval: bpc.interval }).toEqual(figureOf(ratings));
    expect(bpc.meanRating).not.toBeNull();
    expect(bpc.outcomeMeans).toContainEqual({ name: 'energy', n: 5, ...figureOf([6, 8, 4, 5, 7]) });
    expect(bpc.outcomeMeans).toContainEqual({ name: 'recovery', mean: null, n: 3, interval: null });
  });

  it('sorts by rating (the lower end of the likely range; fewer than 5 reports last) and by name; a page past the end is empty but keeps the total', async () => {
    const byRating = ResearchPeptidesResponse.parse(
      json(await get('/api/research/peptides?limit=100&sort=rating', mod)),
    ).data.peptides;
    const rated = byRating.filter((p) => p.meanRating !== null);
    expect(rated.length).toBeGreaterThan(0);
    expect(byRating.slice(0, rated.length)).toEqual(rated);
    const lows = rated.map((p) => p.interval!.low);
    expect(lows).toEqual([...lows].sort((a, b) => b - a));
    const byName = ResearchPeptidesResponse.parse(json(await get('/api/research/peptides?limit=100&sort=name', mod)))
      .data.peptides;
    const names = byName.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const past = ResearchPeptidesResponse.parse(json(await get('/api/research/peptides?page=999', mod))).data;
    expect(past).toMatchObject({ peptides: [], total: t.peptides.size, page: 999 });
  });

  it('refuses bad paging and sorts with 400', async () => {
    expectError(await get('/api/research/peptides?limit=101', mod), 400, /limit/);
    expectError(await get('/api/research/peptides?limit=0', mod), 400, /limit/);
    expectError(await get('/api/research/peptides?page=0', mod), 400, /page/);
    expectError(
      await get('/api/research/peptides?sort=votes', mod),
      400,
      /sort must be one of: experiences, rating, name/,
    );
  });
});

describe('registration decisions (User Management)', () => {
  it('approve and reject with notes: both leave the pending list; approved signs in, rejected cannot', async () => {
    const a = uniqueEmail('approve-me');
    const r = uniqueEmail('reject-me');
    const approveId = (await member(t, a, { approve: false })).userId;
    const rejectId = (await member(t, r, { approve: false })).userId;

    const list = PendingUsersResponse.parse(json(await get('/api/users/pending?limit=100', mod))).data;
    expect(list.users.map((u) => u.email)).toEqual(expect.arrayContaining([a, r]));
    const listed = list.users.find((u) => u.email === a)!;
    expect(listed).toMatchObject({ _id: approveId, status: 'pending', moderatorNotes: null });
    expect(Number.isNaN(Date.parse(listed.createdAt))).toBe(false);

    const approved = await post(`/api/users/${approveId}/approve`, mod);
    expect(DecisionResponse.parse(json(approved)).data.user).toMatchObject({ email: a, status: 'approved' });
    const rejected = await post(`/api/users/${rejectId}/reject`, mod, { notes: '  disposable address  ' });
    expect(DecisionResponse.parse(json(rejected)).data.user).toMatchObject({
      email: r,
      status: 'rejected',
      moderatorNotes: 'disposable address',
    });

    const after = PendingUsersResponse.parse(json(await get('/api/users/pending?limit=100', mod))).data;
    expect(after.users.map((u) => u.email)).not.toContain(a);
    expect(after.users.map((u) => u.email)).not.toContain(r);
    expect(after.total).toBe(list.total - 2);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: a, password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: r, password: PASSWORD } }),
      403,
    );
  });

  it('reject without notes (the UI may send an empty note) is accepted; deciding twice is a 409', async () => {
    const id = (await member(t, uniqueEmail('empty-note'), { approve: false })).userId;
    const res = await post(`/api/users/${id}/reject`, mod, { notes: '' });
    expect(DecisionResponse.parse(json(res)).data.user).toMatchObject({ status: 'rejected', moderatorNotes: null });
    expectError(await post(`/api/users/${id}/reject`, mod, { notes: '' }), 409, /already rejected/);
  });

  it('unknown and malformed ids: 404 and 400', async () => {
    expectError(await post('/api/users/00000000-0000-4000-8000-000000000000/approve', mod), 404);
    expectError(await post('/api/users/not-an-id/approve', mod), 400, /valid id/);
  });
});
