// Rate limits of docs/product-rules.md ("Limits and proxies"), configured small: 429 with Retry-After.
// Every test uses client addresses of its own, so the per-address counters do not interfere.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, SubmitExperienceRequest } from '../../contract';
import { submitExperience } from '../../server/services/experiences';
import {
  PASSWORD,
  accountId,
  bearer,
  confirmAddress,
  createTestApp,
  json,
  validSubmission,
  type TestApp,
} from './helpers';
import { countRows, moderatorToken, uniqueEmail, validPeptide } from './fixtures';

let t: TestApp;
let modToken: string;
let addressCounter = 0;
const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_MULTIPLIER: '1',
    RATE_LIMIT_REGISTER: '2',
    RATE_LIMIT_SUBMISSIONS: '2',
    RATE_LIMIT_LOGIN_EMAIL: '3',
    RATE_LIMIT_LOGIN_ADDRESS: '4',
    RATE_LIMIT_VOTES: '2',
    RATE_LIMIT_GENERAL: '30',
    RATE_LIMIT_PEPTIDES: '2',
    RATE_LIMIT_PEPTIDE_DELETES: '3',
  });
  modToken = await moderatorToken(t);
});
afterAll(() => t.close());

function expect429(res: Awaited<ReturnType<TestApp['app']['inject']>>, maxWait: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(ApiErrorBody.parse(json(res)).error).toMatch(
    /^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/,
  );
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  // A window ends on a whole minute (server/lib/rate-limit.ts windowEnd): up to a minute after its length.
  expect(retryAfter).toBeLessThanOrEqual(maxWait + 60);
}

async function register(email: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress,
    payload: { email, password: PASSWORD },
  });
}

/** An approved account, registered from an address of its own. */
async function approvedAccount() {
  const email = uniqueEmail('rl');
  expect((await register(email, nextAddress())).statusCode).toBe(201);
  await confirmAddress(t, email, 1, nextAddress());
  const id = await accountId(t, email);
  await t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/approve`,
    remoteAddress: nextAddress(),
    headers: bearer(modToken),
  });
  return { email, id };
}

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });

describe('rate limits', () => {
  it('registrations: 2 per hour per address, then 429 with Retry-After; other addresses unaffected', async () => {
    const address = nextAddress();
    expect((await register(uniqueEmail('rl-reg'), address)).statusCode).toBe(201);
    expect((await register(uniqueEmail('rl-reg'), address)).statusCode).toBe(201);
    const before = await countRows(t, 'users');
    const blocked = await register(uniqueEmail('rl-reg'), address);
    expect429(blocked, 3600);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(ApiErrorBody.parse(json(blocked)).error).toBe(
      `Too many requests. Please try again in ${Math.ceil(Number(blocked.headers['retry-after']) / 60)} minutes.`,
    );
    expect(await countRows(t, 'users')).toBe(before);
    expect((await register(uniqueEmail('rl-reg'), nextAddress())).statusCode).toBe(201);
  });

  it('submissions: 2 per hour per address; the third stores nothing', async () => {
    const address = nextAddress();
    const body = validSubmission(t.peptides.get('BPC-157')!);
    const post = () => t.app.inject({ method: 'POST', url: '/api/experiences', remoteAddress: address, payload: body });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const before = await countRows(t, 'experiences');
    expect429(await post(), 3600);
    expect(await countRows(t, 'experiences')).toBe(before);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      remoteAddress: nextAddress(),
      payload: body,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('sign-in per account and address: 3 failures, then 429 for that pair only', async () => {
    const { email } = await approvedAccount();
    const address = nextAddress();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-password', address)).statusCode).toBe(401);
    const refused = await login(email, PASSWORD, address);
    expect429(refused, 900);
    // The 429 names the limit that refused it, not the general one.
    expect(refused.headers['ratelimit-policy']).toBe('"login-account-address";q=3;w=900');
    expect(refused.headers.ratelimit).toMatch(/^"login-account-address";r=0;t=\d+$/);
    // The account is compared case-insensitively.
    expect429(await login(email.toUpperCase(), PASSWORD, address), 900);
    // The owner elsewhere is not stopped.
    expect((await login(email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('sign-in per address: 4 failures per 15 minutes over any emails', async () => {
    const address = nextAddress();
    for (let i = 0; i < 4; i++)
      expect((await login(uniqueEmail('rl-nobody'), 'whatever-password', address)).statusCode).toBe(401);
    const { email } = await approvedAccount();
    const refused = await login(email, PASSWORD, address);
    expect429(refused, 900);
    expect(refused.headers['ratelimit-policy']).toBe('"login-address";q=4;w=900');
    expect((await login(email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  // Flags use the votes' rule in a bucket of their own (server/routes/experiences.ts).
  it.each([
    { what: 'votes', path: 'vote', body: { voteType: 'helpful' }, table: 'votes' },
    { what: 'flags', path: 'flag', body: { reason: 'spam' }, table: 'flags' },
  ])(
    '$what: 2 per hour per account, whatever the address; a refused one is not stored',
    async ({ path, body, table }) => {
      const { email } = await approvedAccount();
      const { accessToken } = json(await login(email, PASSWORD, nextAddress())).data;
      const experiences = [];
      for (let i = 0; i < 3; i++) {
        const input = SubmitExperienceRequest.parse(validSubmission(t.peptides.get('TB-500')!));
        experiences.push((await submitExperience(t.ctx, input)).experience._id);
      }
      const send = (id: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/experiences/${id}/${path}`,
          remoteAddress: nextAddress(),
          headers: bearer(accessToken),
          payload: body,
        });
      expect((await send(experiences[0])).statusCode).toBe(201);
      expect((await send(experiences[1])).statusCode).toBe(201);
      expect429(await send(experiences[2]), 3600);
      expect(await countRows(t, table)).toBeGreaterThanOrEqual(2);
      const [stored] = (
        await t.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table} where experience_id = $1`, [
          experiences[2],
        ])
      ).rows;
      expect(stored.n).toBe(0);
    },
  );

  it('withdrawing a vote spends the same per-account budget as voting', async () => {
    const { email } = await approvedAccount();
    const { accessToken } = json(await login(email, PASSWORD, nextAddress())).data;
    const input = SubmitExperienceRequest.parse(validSubmission(t.peptides.get('TB-500')!));
    const id = (await submitExperience(t.ctx, input)).experience._id;
    const send = (method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/experiences/${id}/vote`,
        remoteAddress: nextAddress(),
        headers: bearer(accessToken),
        ...(method === 'POST' ? { payload: { voteType: 'helpful' } } : {}),
      });
    expect((await send('POST')).statusCode).toBe(201);
    expect((await send('DELETE')).statusCode).toBe(200);
    // Two of two spent: neither another withdrawal nor another vote goes through.
    expect429(await send('DELETE'), 3600);
    expect429(await send('POST'), 3600);
  });

  // Each page created or deleted empties the cached public answers: a loop of them kept the
  // rendered pages cold. Counted per account, before the body is read.
  it('peptide pages: 2 created a day per account, whatever the address; the third stores nothing; another member is not stopped', async () => {
    const { email } = await approvedAccount();
    const { accessToken } = json(await login(email, PASSWORD, nextAddress())).data;
    const create = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        remoteAddress: nextAddress(),
        headers: bearer(token),
        payload: validPeptide(),
      });
    expect((await create(accessToken)).statusCode).toBe(201);
    expect((await create(accessToken)).statusCode).toBe(201);
    const before = await countRows(t, 'peptides');
    const blocked = await create(accessToken);
    expect429(blocked, 86_400);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(86_000);
    // Even a body the schema would refuse counts and is answered 429 first.
    expect429(
      await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        remoteAddress: nextAddress(),
        headers: bearer(accessToken),
        payload: {},
      }),
      86_400,
    );
    expect(await countRows(t, 'peptides')).toBe(before);
    const other = await approvedAccount();
    const otherToken = json(await login(other.email, PASSWORD, nextAddress())).data.accessToken;
    expect((await create(otherToken)).statusCode).toBe(201);
  });

  it('peptide pages: 3 deleted a day per account; a create-and-delete loop stops at the first limit it meets', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { email } = await approvedAccount();
      const { accessToken } = json(await login(email, PASSWORD, nextAddress())).data;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: bearer(accessToken),
        remoteAddress: nextAddress(),
        payload: validPeptide(),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(json(res).data.peptide._id);
    }
    // A moderator deletes four members' pages: three go, the fourth waits a day.
    const remove = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/peptides/${id}`,
        remoteAddress: nextAddress(),
        headers: bearer(modToken),
      });
    for (const id of ids.slice(0, 3)) expect((await remove(id)).statusCode).toBe(200);
    expect429(await remove(ids[3]), 86_400);
    const [left] = (
      await t.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from peptides where id = $1 and deleted_at is null',
        [ids[3]],
      )
    ).rows;
    expect(left.n).toBe(1);

    // A member looping: two pages made and deleted, then the third creation is refused.
    const { email } = await approvedAccount();
    const headers = bearer(json(await login(email, PASSWORD, nextAddress())).data.accessToken);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers,
        remoteAddress: nextAddress(),
        payload: validPeptide(),
      });
      statuses.push(made.statusCode);
      if (made.statusCode !== 201) break;
      statuses.push(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/peptides/${json(made).data.peptide._id}`,
            headers,
            remoteAddress: nextAddress(),
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([201, 200, 201, 200, 429]);
  });

  it('a path the router cannot decode is counted and says what is left, as every answer does', async () => {
    const address = nextAddress();
    const res = await t.app.inject({ method: 'GET', url: '/api/experiences/%E0%A4%A', remoteAddress: address });
    expect(res.statusCode).toBe(400);
    expect(res.headers['ratelimit-policy']).toBe('"general";q=30;w=60');
    expect(res.headers.ratelimit).toMatch(/^"general";r=29;t=\d+$/);
  });

  it('everything else: 30 per minute per address in this configuration', async () => {
    const address = nextAddress();
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: i % 2 ? '/api/health' : '/api/peptides',
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect429(blocked, 60);
    // Unknown /api paths count too, and paths the router cannot decode; other addresses do not.
    expect429(await t.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: address }), 60);
    expect429(await t.app.inject({ method: 'GET', url: '/api/experiences/%E0%A4%A', remoteAddress: address }), 60);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: nextAddress() })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limits recover after their window', () => {
  // The same limits with their configured windows (an hour for registrations, submissions and
  // votes, 15 minutes for sign-in, a minute for the rest), on the app's clock, which the test moves.
  // It starts at 22:30 UTC, so the submissions' window crosses midnight, when the keyed hash of an
  // address rotates (server/lib/rate-limit.ts): the limit must hold across it, at any time of day.
  let s: TestApp;
  let sModToken: string;
  let now = Date.UTC(2026, 0, 5, 22, 30);
  beforeAll(async () => {
    s = await createTestApp({
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_SUBMISSIONS: '2',
      RATE_LIMIT_LOGIN_EMAIL: '3',
      RATE_LIMIT_LOGIN_ADDRESS: '4',
      RATE_LIMIT_VOTES: '2',
      RATE_LIMIT_GENERAL: '5',
    });
    s.ctx.clock.set(() => now);
    sModToken = json(
      await s.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: nextAddress(),
        payload: { email: 'moderator@example.com', password: 'moderator-password' },
      }),
    ).data.accessToken;
  });
  afterAll(() => s.close());

  /**
   * Moves the clock to a second before the end of the window the 429's Retry-After announced
   * (still refused: `again` answers 429), then to its end; the caller then sees the limit lifted.
   */
  async function waitOut(
    res: Awaited<ReturnType<TestApp['app']['inject']>>,
    again: () => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>,
  ) {
    const retryAfter = Number(res.headers['retry-after']);
    expect429(res, retryAfter);
    expect(retryAfter).toBeGreaterThan(1);
    now += (retryAfter - 1) * 1000;
    expect429(await again(), 1);
    now += 1000;
  }
  const inject = (opts: InjectOptions) => s.app.inject(opts);

  it('registrations', async () => {
    const address = nextAddress();
    const reg = () =>
      inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: address,
        payload: { email: uniqueEmail('rl-w'), password: PASSWORD },
      });
    expect((await reg()).statusCode).toBe(201);
    expect((await reg()).statusCode).toBe(201);
    await waitOut(await reg(), reg);
    expect((await reg()).statusCode).toBe(201);
  });

  it('submissions', async () => {
    const address = nextAddress();
    const post = () =>
      inject({
        method: 'POST',
        url: '/api/experiences',
        remoteAddress: address,
        payload: validSubmission(s.peptides.get('BPC-157')!),
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    await waitOut(await post(), post);
    expect((await post()).statusCode).toBe(201);
  });

  async function account() {
    const email = uniqueEmail('rl-w');
    await inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: nextAddress(),
      payload: { email, password: PASSWORD },
    });
    await confirmAddress(s, email, 1, nextAddress());
    const id = await accountId(s, email);
    await inject({
      method: 'POST',
      url: `/api/users/${id}/approve`,
      remoteAddress: nextAddress(),
      headers: bearer(sModToken),
    });
    return email;
  }
  const signIn = (email: string, password: string, remoteAddress: string) =>
    inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });

  it('sign-in per account and address', async () => {
    const email = await account();
    const address = nextAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong-password', address)).statusCode).toBe(401);
    await waitOut(await signIn(email, PASSWORD, address), () => signIn(email, PASSWORD, address));
    expect((await signIn(email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('sign-in per address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 4; i++)
      expect((await signIn(uniqueEmail('rl-none'), 'whatever-password', address)).statusCode).toBe(401);
    const email = await account();
    await waitOut(await signIn(email, PASSWORD, address), () => signIn(email, PASSWORD, address));
    expect((await signIn(email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('votes', async () => {
    const email = await account();
    const { accessToken } = json(await signIn(email, PASSWORD, nextAddress())).data;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await submitExperience(s.ctx, SubmitExperienceRequest.parse(validSubmission(s.peptides.get('TB-500')!))))
          .experience._id,
      );
    const vote = (id: string) =>
      inject({
        method: 'POST',
        url: `/api/experiences/${id}/vote`,
        remoteAddress: nextAddress(),
        headers: bearer(accessToken),
        payload: { voteType: 'helpful' },
      });
    expect((await vote(ids[0])).statusCode).toBe(201);
    expect((await vote(ids[1])).statusCode).toBe(201);
    await waitOut(await vote(ids[2]), () => vote(ids[2]));
    expect((await vote(ids[3])).statusCode).toBe(201);
  });

  it('everything else', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode).toBe(200);
    const health = () => inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    await waitOut(await health(), health);
    expect((await inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode).toBe(200);
  });
});
