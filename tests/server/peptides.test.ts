// Peptide catalogue: list (search, category, sorts, paging), detail, create with its
// validation, soft delete by creator or moderator, canDelete, and the kept aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  CATEGORIES,
  DeletePeptideResponse,
  ExperienceListResponse,
  ExperienceResponse,
  PeptideListResponse,
  PeptideResponse,
  REQUIRED_FIELDS_MESSAGE,
  SEQUENCE_MESSAGE,
  peptideMatchesSearch,
  popularityScore,
  type Peptide,
} from '../../contract';
import { figureOf } from './aggregate-check';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, expectError, moderatorToken, newMember, rows, uniqueWord, validPeptide } from './fixtures';

let t: TestApp;
let owner: Awaited<ReturnType<typeof newMember>>;
let stranger: Awaited<ReturnType<typeof newMember>>;
let mod: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newMember(t, 'owner');
  stranger = await newMember(t, 'stranger');
  mod = bearer(await moderatorToken(t));
  // Some experiences and votes so the rating/experience/popularity sorts have something to order;
  // two peptides with 5 or more, so the rating sort has means to order (contract/how-sure.ts).
  const voter = await newMember(t, 'voter');
  const plan: [string, number, number][] = [
    ['BPC-157', 6, 8],
    ['TB-500', 1, 4],
    ['Semax', 5, 9],
    ['Selank', 2, 6],
  ];
  for (const [name, n, score] of plan) {
    for (let i = 0; i < n; i++) {
      const { experience } = await submit(
        t,
        validSubmission(t.peptides.get(name)!, { outcomes: { energy: score, mood: score - i } }),
      );
      if (i === 0) {
        await t.app.inject({
          method: 'POST',
          url: `/api/experiences/${experience._id}/vote`,
          headers: voter.headers,
          payload: { voteType: 'helpful' },
        });
      }
    }
  }
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function list(
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
  path = '/api/peptides',
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `${path}?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return PeptideListResponse.parse(json(res)).data;
}

async function detail(id: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/peptides/${id}`, headers });
}

async function liveCount(where = 'true', params: unknown[] = []): Promise<number> {
  const [r] = await rows<{ n: number }>(
    t,
    `select count(*)::int as n from peptides where deleted_at is null and ${where}`,
    params,
  );
  return r.n;
}

const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);

describe('GET /api/peptides', () => {
  it('lists the catalogue with the contract shape, sorted by name, paged 20 by default', async () => {
    const data = await list();
    expect(data.total).toBe(await liveCount());
    expect(data.total).toBeGreaterThanOrEqual(24);
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(20);
    expect(data.peptides).toHaveLength(20);
    const names = data.peptides.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('pages walk every peptide exactly once; a page past the end is empty but keeps the total', async () => {
    const total = await liveCount();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 7); page++) {
      const data = await list({ limit: 7, page });
      expect(data).toMatchObject({ page, pageSize: 7, total });
      seen.push(...data.peptides.map((p) => p._id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const past = await list({ limit: 7, page: Math.ceil(total / 7) + 3 });
    expect(past.peptides).toEqual([]);
    expect(past.total).toBe(total);
  });

  it('searches name or description, case-insensitively', async () => {
    const word = uniqueWord('descword');
    const id = await createPeptide(t, owner.accessToken, { description: `Studied for ${word} effects.` });
    const byDescription = await list({ search: word.toUpperCase() });
    expect(byDescription.peptides.map((p) => p._id)).toEqual([id]);
    expect(byDescription.total).toBe(1);
    const byName = await list({ search: 'bpc', limit: 100 });
    expect(byName.peptides.map((p) => p.name)).toContain('BPC-157');
    // Every hit matches the shared rule, and nothing that matches is missing.
    const all = await list({ limit: 100 });
    for (const q of ['bpc', 'PEPTIDE', 'growth hormone', 'a']) {
      const expected = all.peptides
        .filter((p) => peptideMatchesSearch(p, q))
        .map((p) => p._id)
        .sort();
      const got = (await list({ search: q, limit: 100 })).peptides.map((p) => p._id).sort();
      expect(got, q).toEqual(expected);
    }
    expect((await list({ search: '%' })).total).toBe(0);
  });

  it.each(CATEGORIES)('filters by category %s', async (category) => {
    const data = await list({ category, limit: 100 });
    expect(data.peptides.length).toBeGreaterThan(0);
    expect(data.peptides.every((p) => p.category === category)).toBe(true);
    expect(data.total).toBe(await liveCount('category = $1', [category]));
  });

  it('sorts by name alphabetically, ignoring letter case', async () => {
    const prefix = uniqueWord('Sortname');
    for (const suffix of ['Gamma', 'alpha', 'DELTA', 'beta'])
      await createPeptide(t, owner.accessToken, { name: `${prefix}${suffix}` });
    const data = await list({ search: prefix, sort: 'name' });
    expect(data.peptides.map((p) => p.name)).toEqual(['alpha', 'beta', 'DELTA', 'Gamma'].map((s) => `${prefix}${s}`));
  });

  it('sorts by rating: the lower end of the likely range, then the peptides with fewer than 5 reports', async () => {
    const data = await list({ sort: 'rating', limit: 100 });
    expect(data.peptides.length).toBe(data.total);
    const ranked = data.peptides.filter((p) => p.ratingInterval !== null);
    expect(ranked.length).toBeGreaterThanOrEqual(2);
    expect(data.peptides.slice(0, ranked.length)).toEqual(ranked);
    expect(nonIncreasing(ranked.map((p) => p.ratingInterval!.low))).toBe(true);
    // The rest have no mean; most reports first, then the name.
    const rest = data.peptides.slice(ranked.length);
    expect(rest.every((p) => p.averageRating === null && p.totalExperiences < 5)).toBe(true);
    expect(nonIncreasing(rest.map((p) => p.totalExperiences))).toBe(true);
  });

  it.each([
    ['experiences', (p: Peptide) => p.totalExperiences],
    ['popularity', (p: Peptide) => p.popularity],
  ] as const)('sorts by %s descending', async (sort, value) => {
    const data = await list({ sort, limit: 100 });
    expect(data.peptides.length).toBe(data.total);
    const values = data.peptides.map(value);
    expect(values[0]).toBeGreaterThan(0);
    expect(nonIncreasing(values)).toBe(true);
    // Ties (and the many peptides with nothing yet, counted as 0) fall back to the name.
    for (let i = 1; i < data.peptides.length; i++) {
      if (values[i] === values[i - 1])
        expect(data.peptides[i - 1].name.toLowerCase() <= data.peptides[i].name.toLowerCase()).toBe(true);
    }
  });

  it('refuses bad paging and unknown sorts or categories with 400', async () => {
    const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/peptides?${qs}` });
    expectError(await get('limit=101'), 400, /limit must be at most 100/);
    expectError(await get('limit=0'), 400, /limit/);
    expectError(await get('page=0'), 400, /page/);
    expectError(await get('page=abc'), 400, /page/);
    expectError(await get('sort=price'), 400, /sort must be one of/);
    expectError(await get('category=Nootropics'), 400, /category/);
  });

  it('GET /api/peptides/public is the same list, never offering delete', async () => {
    const pub = await list({ limit: 100 }, mod, '/api/peptides/public');
    const priv = await list({ limit: 100 }, mod);
    expect(pub.peptides.map((p) => p._id)).toEqual(priv.peptides.map((p) => p._id));
    expect(pub.peptides.every((p) => !p.canDelete)).toBe(true);
    expect(priv.peptides.every((p) => p.canDelete)).toBe(true);
  });
});

describe('GET /api/peptides/:id', () => {
  it('reads a peptide with every spec field', async () => {
    const id = t.peptides.get('BPC-157')!;
    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    const p = PeptideResponse.parse(json(res)).data.peptide;
    expect(p).toMatchObject({ _id: id, name: 'BPC-157', category: 'Healing & Recovery', canDelete: false });
    expect(p.peptide_sequence).toMatch(/^[A-Za-z]+(-[A-Za-z]+)*$/);
    expect(p.commonEffects.length).toBeGreaterThan(0);
    const inList = (await list({ search: 'BPC-157' })).peptides.find((x) => x._id === id);
    expect(inList).toEqual(p);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await detail(UNKNOWN_ID), 404, /Peptide not found/);
    expectError(await detail('bpc-157'), 400, /^id: must be a valid id/);
  });
});

describe('POST /api/peptides', () => {
  const create = (payload: unknown, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: payload as object });

  it('creates a peptide for a member: trimmed fields, blank list entries dropped', async () => {
    const name = uniqueWord('Created');
    const res = await create(
      validPeptide({
        name: `  ${name}  `,
        peptide_sequence: 'Ac-SYSMEHFRWG-NH',
        category: 'Metabolic Health',
        commonEffects: [' Less appetite ', '', '   '],
        sideEffects: ['', 'Nausea'],
        commonStacks: ['  '],
        dosageRanges: { low: '100 mcg', medium: '', high: '500 mcg' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = PeptideResponse.parse(json(res)).data.peptide;
    expect(p).toMatchObject({
      name,
      peptide_sequence: 'Ac-SYSMEHFRWG-NH',
      category: 'Metabolic Health',
      commonEffects: ['Less appetite'],
      sideEffects: ['Nausea'],
      commonStacks: [],
      dosageRanges: { low: '100 mcg', medium: '', high: '500 mcg' },
      timeline: { onset: '', peak: '', duration: '' },
      averageRating: null,
      ratingInterval: null,
      totalExperiences: 0,
      canDelete: true,
    });
    const read = PeptideResponse.parse(json(await detail(p._id, owner.headers))).data.peptide;
    expect(read).toEqual(p);
    expect((await list({ search: name })).peptides.map((x) => x._id)).toEqual([p._id]);
  });

  it.each(['ABC--DEF', '-ABC', 'ABC-', 'AB1C', 'AB C', 'ÄBC', 'ABC_DEF'])(
    'refuses the sequence %j with the sequence message',
    async (sequence) => {
      expectError(await create(validPeptide({ peptide_sequence: sequence })), 400, SEQUENCE_MESSAGE);
    },
  );

  it.each([
    'name',
    'peptide_sequence',
    'category',
    'description',
    'detailedDescription',
    'mechanism',
    'commonDosage',
    'commonFrequency',
  ])('refuses a missing or blank %s with "Please fill in all required fields"', async (field) => {
    const missing = validPeptide();
    delete (missing as Record<string, unknown>)[field];
    const error = expectError(await create(missing), 400, REQUIRED_FIELDS_MESSAGE);
    expect(error).toContain(field);
    expectError(await create(validPeptide({ [field]: '   ' })), 400, field);
  });

  it('refuses an unknown category and overlong fields', async () => {
    expectError(await create(validPeptide({ category: 'Nootropics' })), 400, /category/);
    expectError(await create(validPeptide({ name: 'x'.repeat(101) })), 400, 'name: must be at most 100 characters');
    expectError(
      await create(validPeptide({ mechanism: 'x'.repeat(2001) })),
      400,
      'mechanism: must be at most 2000 characters',
    );
    expectError(
      await create(validPeptide({ commonEffects: Array.from({ length: 31 }, (_, i) => `e${i}`) })),
      400,
      /commonEffects/,
    );
  });

  it('a duplicate name, in any letter case, is a 409', async () => {
    const name = uniqueWord('Dup');
    expect((await create(validPeptide({ name }))).statusCode).toBe(201);
    expectError(await create(validPeptide({ name: name.toUpperCase() }), stranger.headers), 409, /already exists/);
    expectError(await create(validPeptide({ name: 'bpc-157' })), 409, /already exists/);
    // The answer names the peptide that has the name, so a form can link to its page.
    const taken = await create(validPeptide({ name: 'bpc-157' }));
    const body = ApiErrorBody.parse(json(taken));
    expect(body).toMatchObject({ code: 'conflict', existing: { id: t.peptides.get('BPC-157'), name: 'BPC-157' } });
  });

  it('visitors get 401 and nothing is created', async () => {
    const name = uniqueWord('Anon');
    expectError(await create(validPeptide({ name }), {}), 401);
    expect(await liveCount('name = $1', [name])).toBe(0);
  });
});

describe('DELETE /api/peptides/:id (soft delete)', () => {
  const del = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/peptides/${id}`, headers });

  it('the creator deletes it: gone from list and detail, its experiences stay', async () => {
    const name = uniqueWord('Doomed');
    const id = await createPeptide(t, owner.accessToken, { name });
    const { experience } = await submit(t, validSubmission(id));
    const res = await del(id, owner.headers);
    expect(res.statusCode).toBe(200);
    DeletePeptideResponse.parse(json(res));
    expect((await list({ search: name })).total).toBe(0);
    expectError(await detail(id), 404);
    const feed = ExperienceListResponse.parse(
      json(await t.app.inject({ method: 'GET', url: `/api/experiences?peptideId=${id}` })),
    );
    expect(feed.data.experiences.map((e) => e._id)).toEqual([experience._id]);
    expect(feed.data.experiences[0].peptideName).toBe(name);
    const one = await t.app.inject({ method: 'GET', url: `/api/experiences/${experience._id}` });
    expect(ExperienceResponse.parse(json(one)).data.experience._id).toBe(experience._id);
    expectError(await del(id, owner.headers), 404);
    // The name is free again.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/peptides',
          headers: owner.headers,
          payload: validPeptide({ name }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('another member gets 403 and the peptide stays', async () => {
    const id = await createPeptide(t, owner.accessToken);
    expectError(await del(id, stranger.headers), 403, /created this peptide or a moderator/);
    expect((await detail(id)).statusCode).toBe(200);
    // Seeded peptides belong to nobody: members cannot delete them.
    expectError(await del(t.peptides.get('TB-500')!, owner.headers), 403);
  });

  it('a moderator deletes any peptide', async () => {
    const id = await createPeptide(t, owner.accessToken);
    expect((await del(id, mod)).statusCode).toBe(200);
    expectError(await detail(id), 404);
  });

  it('visitors get 401; malformed id 400; unknown id 404', async () => {
    const id = await createPeptide(t, owner.accessToken);
    expectError(await del(id, {}), 401);
    expectError(await del('abc', owner.headers), 400, /^id: /);
    expectError(await del(UNKNOWN_ID, owner.headers), 404);
    expect((await detail(id)).statusCode).toBe(200);
  });
});

describe('POST /api/peptides/:id/review', () => {
  it("a member's page is not reviewed until a moderator marks it; the seeded catalogue is", async () => {
    const seeded = PeptideResponse.parse(json(await detail(t.peptides.get('Semax')!))).data.peptide;
    expect(seeded.reviewedAt).not.toBeNull();
    const id = await createPeptide(t, owner.accessToken, { name: uniqueWord('Unreviewed') });
    expect(PeptideResponse.parse(json(await detail(id))).data.peptide.reviewedAt).toBeNull();
    const review = (headers: Record<string, string>, peptideId = id) =>
      t.app.inject({ method: 'POST', url: `/api/peptides/${peptideId}/review`, headers });
    expectError(await review({}), 401);
    expectError(await review(owner.headers), 403);
    expectError(await review(mod, UNKNOWN_ID), 404);
    const before = Date.now();
    const res = await review(mod);
    expect(res.statusCode, res.body).toBe(200);
    const reviewedAt = PeptideResponse.parse(json(res)).data.peptide.reviewedAt!;
    expect(Date.parse(reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Every reader sees it at once, in the page and the list.
    expect(PeptideResponse.parse(json(await detail(id))).data.peptide.reviewedAt).toBe(reviewedAt);
    expect(
      (
        await list({
          search: (await rows<{ name: string }>(t, 'select name from peptides where id = $1', [id]))[0]!.name,
        })
      ).peptides[0]!.reviewedAt,
    ).toBe(reviewedAt);
  });
});

describe('canDelete', () => {
  it('is true for the creator and moderators, false for other members and visitors', async () => {
    const name = uniqueWord('Owned');
    const id = await createPeptide(t, owner.accessToken, { name });
    const seeded = t.peptides.get('Selank')!;
    const cases: [string, Record<string, string>, boolean, boolean][] = [
      ['creator', owner.headers, true, false],
      ['another member', stranger.headers, false, false],
      ['visitor', {}, false, false],
      ['moderator', mod, true, true],
    ];
    for (const [who, headers, own, seed] of cases) {
      const inList = (await list({ search: name }, headers)).peptides[0];
      expect(inList.canDelete, `${who} list`).toBe(own);
      expect(PeptideResponse.parse(json(await detail(id, headers))).data.peptide.canDelete, `${who} detail`).toBe(own);
      expect(PeptideResponse.parse(json(await detail(seeded, headers))).data.peptide.canDelete, `${who} seeded`).toBe(
        seed,
      );
    }
  });
});

describe('aggregates', () => {
  it('averageRating, totalExperiences and popularity match a recomputation from the experiences table', async () => {
    const voters = [await newMember(t, 'agg'), await newMember(t, 'agg')];
    const id = await createPeptide(t, owner.accessToken);
    const a = await submit(t, validSubmission(id, { outcomes: { energy: 3, sleep: 4 } }));
    const b = await submit(t, validSubmission(id, { outcomes: { energy: 10 } }));
    for (const v of voters) {
      await t.app.inject({
        method: 'POST',
        url: `/api/experiences/${a.experience._id}/vote`,
        headers: v.headers,
        payload: { voteType: 'helpful' },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: `/api/experiences/${b.experience._id}/vote`,
      headers: voters[0].headers,
      payload: { voteType: 'concerning' },
    });

    const mine = PeptideResponse.parse(json(await detail(id))).data.peptide;
    expect(mine.totalExperiences).toBe(2);
    // Two reports are too few for a mean (contract/how-sure.ts MIN_N).
    expect(mine).toMatchObject({ averageRating: null, ratingInterval: null });

    const truth = await rows<{ id: string; n: number; ratings: number[]; votes: number }>(
      t,
      `select p.id, count(e.id)::int as n, coalesce(array_agg(e.rating) filter (where e.id is not null), '{}') as ratings,
              (select count(*) from votes v join experiences x on x.id = v.experience_id where x.peptide_id = p.id)::int as votes
         from peptides p left join experiences e on e.peptide_id = p.id
        where p.deleted_at is null group by p.id`,
    );
    const maxN = Math.max(...truth.map((r) => r.n));
    const maxVotes = Math.max(...truth.map((r) => r.votes));
    const all = await list({ limit: 100 });
    expect(all.peptides).toHaveLength(truth.length);
    for (const p of all.peptides) {
      const r = truth.find((x) => x.id === p._id)!;
      expect(p.totalExperiences, p.name).toBe(r.n);
      expect({ mean: p.averageRating, interval: p.ratingInterval }, p.name).toEqual(figureOf(r.ratings));
      expect(p.popularity, p.name).toBe(popularityScore(r.n, r.votes, maxN, maxVotes));
      expect(p.popularity).toBeGreaterThanOrEqual(0);
      expect(p.popularity).toBeLessThanOrEqual(100);
    }
    expect(all.peptides.some((p) => p.popularity === 100 || p.popularity > 0)).toBe(true);
  });
});
