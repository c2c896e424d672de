// Accounts: registration, approval, sign-in, tokens (expiry, forgery, rotation, reuse, logout), profile.
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DecisionResponse,
  LoginResponse,
  LogoutResponse,
  MeResponse,
  PendingUsersResponse,
  RefreshResponse,
  RegisterResponse,
} from '../../contract';
import { ensureModerator, promoteToModerator } from '../../server/services/users';
import {
  PASSWORD,
  accountId,
  bearer,
  confirmAddress,
  createTestApp,
  json,
  login,
  member,
  type TestApp,
} from './helpers';
import { expectError, moderatorToken, newMember, rows, uniqueEmail } from './fixtures';

let t: TestApp;
let modToken: string;
beforeAll(async () => {
  t = await createTestApp();
  modToken = await moderatorToken(t);
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function register(email: string, password = PASSWORD) {
  return post('/api/users/register', { email, password });
}

/**
 * Registers a new account, confirms its address with the mailed link, and returns its id (the
 * answer has none: it reads alike for a taken email).
 */
async function registeredId(email: string, password = PASSWORD): Promise<string> {
  expect((await register(email, password)).statusCode).toBe(201);
  await confirmAddress(t, email);
  return accountId(t, email);
}

describe('POST /api/users/register', () => {
  it('creates a pending user account and never returns the password', async () => {
    const email = uniqueEmail('reg');
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    const body = RegisterResponse.parse(json(res));
    expect(body.data.user).toEqual({ email, status: 'pending' });
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toMatch(/password|hash/i);
    const [row] = await rows<{ password_hash: string; status: string; role: string }>(
      t,
      'select password_hash, status, role from users where email = $1',
      [email],
    );
    expect(row).toMatchObject({ status: 'pending', role: 'user' });
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('trims the email; the same email in another letter case creates no second account', async () => {
    const email = uniqueEmail('dup');
    const first = await register(`  ${email}  `);
    expect(first.statusCode).toBe(201);
    expect(RegisterResponse.parse(json(first)).data.user.email).toBe(email);
    expect((await register(email.toUpperCase())).statusCode).toBe(201);
    expect(await rows(t, 'select 1 from users where lower(email) = lower($1)', [email])).toHaveLength(1);
  });

  it('answers a taken email exactly as a new one, in comparable time, and leaves the account as it was', async () => {
    // A realistic share of scrypt in the time (2^14 here; 2^17 in production), so that skipping
    // the hash for a taken email would show.
    const slow = await createTestApp({ SCRYPT_N: String(2 ** 14) });
    try {
      await takenEmailReadsAsNew(slow);
    } finally {
      await slow.close();
    }
  });

  async function takenEmailReadsAsNew(s: TestApp) {
    const signUp = (email: string, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/users/register', payload: { email, password } });
    const signIn = (email: string, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    const owner = await newMember(s, 'taken');
    const [before] = await rows(s, 'select * from users where id = $1', [owner.userId]);
    const answers: { status: number; body: unknown }[] = [];
    const timings = { fresh: [] as number[], taken: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const kind of ['fresh', 'taken'] as const) {
        const email = kind === 'taken' ? owner.email.toUpperCase() : uniqueEmail('fresh');
        const started = performance.now();
        const res = await signUp(email, `another-secret-${i}`);
        timings[kind].push(performance.now() - started);
        // The answer echoes the email as sent: compare it with the email taken out.
        const body = json(res);
        body.data.user.email = '<email>';
        answers.push({ status: res.statusCode, body });
      }
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].status).toBe(201);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [fresh, taken] = [median(timings.fresh), median(timings.taken)];
    console.log(
      `register median: new email ${fresh.toFixed(1)} ms, taken email ${taken.toFixed(1)} ms (SCRYPT_N=${s.config.scryptN})`,
    );
    expect(Math.max(fresh, taken) / Math.min(fresh, taken)).toBeLessThan(3);

    const [after] = await rows(s, 'select * from users where id = $1', [owner.userId]);
    expect(after).toEqual(before);
    expect((await signIn(owner.email, PASSWORD)).statusCode).toBe(200);
    expectError(await signIn(owner.email, 'another-secret-0'), 401);
  }

  it.each([
    ['          ', 'password must not be only spaces'],
    ['zzzzzzzzzzzz', 'password must not be one character or a short pattern repeated'],
    ['my-Gardener-pass', 'password must not contain the part of your email before the @'],
  ])('refuses the password %j with 400 and creates no account', async (password, message) => {
    const email = 'gardener@example.com';
    expect(expectError(await register(email, password), 400)).toBe(message);
    expect(await rows(t, 'select id from users where email = $1', [email])).toEqual([]);
  });

  it('a password typed in another Unicode form (NFKC) signs in alike', async () => {
    const composed = 'Crème brûlée 4 ever';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const email = uniqueEmail('nfkc');
    const id = await registeredId(email, decomposed);
    await post(`/api/users/${id}/approve`, undefined, bearer(modToken));
    expect((await post('/api/users/login', { email, password: composed })).statusCode).toBe(200);
    expect((await post('/api/users/login', { email, password: decomposed })).statusCode).toBe(200);
    // Fullwidth letters are the same letters once normalised.
    const wide = uniqueEmail('wide');
    await post(
      `/api/users/${await registeredId(wide, 'ｗｉｄｅ－ｌｅｔｔｅｒｓ-77')}/approve`,
      undefined,
      bearer(modToken),
    );
    expect((await post('/api/users/login', { email: wide, password: 'wide-letters-77' })).statusCode).toBe(200);
  });

  it('MODERATOR_PASSWORD is normalised alike: the moderator signs in with either Unicode form', async () => {
    const email = uniqueEmail('nfkc-mod');
    const composed = 'Modérateur clé 7';
    await ensureModerator(t.ctx, email, composed.normalize('NFD'));
    expect((await post('/api/users/login', { email, password: composed })).statusCode).toBe(200);
    // Started again with the other form, the stored hash still matches: nothing changes.
    const [before] = await rows<{ password_hash: string }>(t, 'select password_hash from users where email = $1', [
      email,
    ]);
    await ensureModerator(t.ctx, email, composed);
    const [after] = await rows<{ password_hash: string }>(t, 'select password_hash from users where email = $1', [
      email,
    ]);
    expect(after.password_hash).toBe(before.password_hash);
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, /email/],
    [{ email: '', password: PASSWORD }, /email/],
    [{ password: PASSWORD }, /email/],
    [{ email: 'short@example.com', password: 'seven77' }, /password must be at least 8 characters/],
    [{ email: 'nopass@example.com' }, /password/],
    [{ email: 'long@example.com', password: 'x'.repeat(201) }, /password must be at most 200/],
  ])('answers 400 naming the field for %j', async (payload, pattern) => {
    expectError(await post('/api/users/register', payload), 400, pattern);
  });

  it.each(['password1', 'Password123', '12345678', 'qwertyuiop', 'ILOVEYOU'])(
    'refuses the common password %j with 400 and creates no account',
    async (password) => {
      const email = uniqueEmail('common');
      expectError(await register(email, password), 400, 'password is too common');
      expect(await rows(t, 'select id from users where email = $1', [email])).toEqual([]);
    },
  );

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.com", ',
    });
    expectError(res, 400, /not valid JSON/);
  });
});

describe('approval flow', () => {
  it('pending → login refused → moderator lists, approves → login works', async () => {
    const email = uniqueEmail('flow');
    const userId = await registeredId(email);

    const refused = await post('/api/users/login', { email, password: PASSWORD });
    expectError(refused, 403, /awaiting approval/i);

    // The pending list pages; walk it to find the new account.
    const seen: string[] = [];
    for (let page = 1; page < 100; page++) {
      const res = await get(`/api/users/pending?limit=2&page=${page}`, bearer(modToken));
      expect(res.statusCode).toBe(200);
      const body = PendingUsersResponse.parse(json(res));
      expect(body.data.pageSize).toBe(2);
      expect(body.data.page).toBe(page);
      expect(body.data.users.length).toBeLessThanOrEqual(2);
      for (const u of body.data.users) expect(u.status).toBe('pending');
      seen.push(...body.data.users.map((u) => u._id));
      if (page * 2 >= body.data.total) {
        expect(seen).toHaveLength(body.data.total);
        break;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(userId);
    const [pendingCount] = await rows<{ n: number }>(
      t,
      `select count(*)::int as n from users where status = 'pending' and email_confirmed`,
    );
    expect(seen).toHaveLength(pendingCount.n);

    const approved = await post(`/api/users/${userId}/approve`, undefined, bearer(modToken));
    expect(approved.statusCode).toBe(200);
    expect(DecisionResponse.parse(json(approved)).data.user).toMatchObject({ _id: userId, email, status: 'approved' });

    const ok = await post('/api/users/login', { email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const body = LoginResponse.parse(json(ok));
    expect(body.data.user).toMatchObject({ _id: userId, status: 'approved', role: 'user' });

    const list = PendingUsersResponse.parse(json(await get('/api/users/pending?limit=100', bearer(modToken))));
    expect(list.data.users.map((u) => u._id)).not.toContain(userId);
  });

  it('a page past the end is empty but keeps the total', async () => {
    await registeredId(uniqueEmail('pending-total'));
    const res = await get('/api/users/pending?page=5000&limit=100', bearer(modToken));
    const body = PendingUsersResponse.parse(json(res));
    expect(body.data.users).toEqual([]);
    expect(body.data.total).toBeGreaterThan(0);
  });

  it('reject stores the notes, and the account cannot sign in', async () => {
    const email = uniqueEmail('rejected');
    const userId = await registeredId(email);
    const res = await post(`/api/users/${userId}/reject`, { notes: '  Not enough information  ' }, bearer(modToken));
    expect(res.statusCode).toBe(200);
    expect(DecisionResponse.parse(json(res)).data.user).toMatchObject({
      status: 'rejected',
      moderatorNotes: 'Not enough information',
    });
    expectError(await post('/api/users/login', { email, password: PASSWORD }), 403, /not approved/i);
    const pending = PendingUsersResponse.parse(json(await get('/api/users/pending?limit=100', bearer(modToken))));
    expect(pending.data.users.map((u) => u._id)).not.toContain(userId);
  });

  it('reject with an empty note (as the UI sends) and with no body at all', async () => {
    const a = await registeredId(uniqueEmail('rej-empty'));
    const resA = await post(`/api/users/${a}/reject`, { notes: '' }, bearer(modToken));
    expect(DecisionResponse.parse(json(resA)).data.user).toMatchObject({ status: 'rejected', moderatorNotes: null });
    const b = await registeredId(uniqueEmail('rej-nobody'));
    const resB = await post(`/api/users/${b}/reject`, undefined, bearer(modToken));
    expect(DecisionResponse.parse(json(resB)).data.user.status).toBe('rejected');
  });

  it('approving or rejecting twice answers 409', async () => {
    const a = await registeredId(uniqueEmail('twice'));
    expect((await post(`/api/users/${a}/approve`, undefined, bearer(modToken))).statusCode).toBe(200);
    expectError(await post(`/api/users/${a}/approve`, undefined, bearer(modToken)), 409, /already approved/);
    const b = await registeredId(uniqueEmail('twice-rej'));
    expect((await post(`/api/users/${b}/reject`, {}, bearer(modToken))).statusCode).toBe(200);
    expectError(await post(`/api/users/${b}/reject`, {}, bearer(modToken)), 409, /already rejected/);
  });

  it('a rejected account can later be approved and then signs in', async () => {
    const email = uniqueEmail('second-chance');
    const id = await registeredId(email);
    await post(`/api/users/${id}/reject`, {}, bearer(modToken));
    expect((await post(`/api/users/${id}/approve`, undefined, bearer(modToken))).statusCode).toBe(200);
    expect((await post('/api/users/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 400 for overlong notes', async () => {
    expectError(
      await post('/api/users/not-a-uuid/approve', undefined, bearer(modToken)),
      400,
      /^id: must be a valid id/,
    );
    expectError(await post('/api/users/not-a-uuid/reject', {}, bearer(modToken)), 400, /^id: must be a valid id/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await post(`/api/users/${unknown}/approve`, undefined, bearer(modToken)), 404, /not found/i);
    expectError(await post(`/api/users/${unknown}/reject`, {}, bearer(modToken)), 404, /not found/i);
    const id = await registeredId(uniqueEmail('long-notes'));
    expectError(await post(`/api/users/${id}/reject`, { notes: 'x'.repeat(1001) }, bearer(modToken)), 400, /notes/);
  });

  it('a moderator cannot change their own account', async () => {
    const me = MeResponse.parse(json(await get('/api/users/me', bearer(modToken)))).data.user;
    expectError(await post(`/api/users/${me._id}/reject`, {}, bearer(modToken)), 403);
  });

  it('a moderator cannot approve or reject another moderator', async () => {
    const other = await newMember(t, 'other-mod');
    await promoteToModerator(t.ctx, other.email);
    const reject = expectError(
      await post(`/api/users/${other.userId}/reject`, { notes: 'takeover' }, bearer(modToken)),
      403,
    );
    expect(reject).toBe('You cannot approve or reject another moderator');
    expectError(
      await post(`/api/users/${other.userId}/approve`, undefined, bearer(modToken)),
      403,
      /another moderator/,
    );
    // Still an approved moderator whose sign-in works.
    expect((await get('/api/users/me', other.headers)).statusCode).toBe(200);
    expect((await get('/api/users/pending', other.headers)).statusCode).toBe(200);
    const [row] = await rows<{ role: string; status: string }>(t, 'select role, status from users where id = $1', [
      other.userId,
    ]);
    expect(row).toEqual({ role: 'moderator', status: 'approved' });
  });

  it('members get 403 and visitors 401 on every moderation call', async () => {
    const m = await newMember(t);
    const target = await registeredId(uniqueEmail('target'));
    expectError(await get('/api/users/pending', m.headers), 403, /moderator/i);
    expectError(await post(`/api/users/${target}/approve`, undefined, m.headers), 403);
    expectError(await post(`/api/users/${target}/reject`, {}, m.headers), 403);
    expectError(await get('/api/users/pending'), 401);
    expectError(await post(`/api/users/${target}/approve`), 401);
    expectError(await post(`/api/users/${target}/reject`, {}), 401);
    const [row] = await rows<{ status: string }>(t, 'select status from users where id = $1', [target]);
    expect(row.status).toBe('pending');
  });

  it('pending list rejects out-of-range paging with 400', async () => {
    expectError(await get('/api/users/pending?limit=101', bearer(modToken)), 400, /limit/);
    expectError(await get('/api/users/pending?page=0', bearer(modToken)), 400, /page/);
  });
});

describe('POST /api/users/login', () => {
  it('returns tokens and the user; email is case-insensitive and trimmed', async () => {
    const m = await newMember(t, 'login');
    const res = await post('/api/users/login', { email: `  ${m.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = LoginResponse.parse(json(res));
    expect(body.data.user._id).toBe(m.userId);
    expect(decodeJwt(body.data.accessToken).sub).toBe(m.userId);
    // The access token lives about 15 minutes.
    const claims = decodeJwt(body.data.accessToken);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(body.data.refreshToken).not.toBe(body.data.accessToken);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const m = await newMember(t, 'wrongpw');
    const wrong = expectError(await post('/api/users/login', { email: m.email, password: 'not-the-password' }), 401);
    const unknown = expectError(
      await post('/api/users/login', { email: uniqueEmail('ghost'), password: PASSWORD }),
      401,
    );
    expect(wrong).toBe(unknown);
    expect(wrong).toMatch(/invalid email or password/i);
  });

  it('answers 400 naming the missing field', async () => {
    expectError(await post('/api/users/login', { password: PASSWORD }), 400, /email/);
    expectError(await post('/api/users/login', { email: 'a@example.com' }), 400, /password/);
    expectError(await post('/api/users/login', { email: 'a@example.com', password: '' }), 400, /password is required/);
  });

  it('a pending account gets 403 saying it awaits approval', async () => {
    const email = uniqueEmail('pending');
    await member(t, email, { approve: false });
    const error = expectError(await post('/api/users/login', { email, password: PASSWORD }), 403);
    expect(error).toMatch(/awaiting approval/i);
  });
});

describe('bearer tokens', () => {
  async function secret(): Promise<Uint8Array> {
    const [row] = await rows<{ value: string }>(t, `select value from app_settings where key = 'jwt_secret'`);
    return new TextEncoder().encode(row.value);
  }

  it('a valid token reads /api/users/me with the contract shape', async () => {
    const m = await newMember(t, 'me');
    const res = await get('/api/users/me', m.headers);
    expect(res.statusCode).toBe(200);
    expect(MeResponse.parse(json(res)).data.user).toMatchObject({
      _id: m.userId,
      email: m.email,
      role: 'user',
      status: 'approved',
    });
  });

  it('a token signed with the right key but expired is a 401', async () => {
    const m = await newMember(t, 'expired');
    const { sid } = decodeJwt(m.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid, role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(m.userId)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(await secret());
    const refused = await get('/api/users/me', bearer(expired));
    expectError(refused, 401, /expired/);
    // A program tells an expired token (refresh) from a bad one (sign in again) without reading prose.
    expect(json(refused).code).toBe('token_expired');
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    const forged = await get('/api/users/me', bearer(`${expired.slice(0, -4)}AAAA`));
    expect(json(forged).code).toBe('invalid_token');
    expect((await get('/api/users/me')).headers['www-authenticate']).toBe('Bearer realm="api"');
    // The same claims, not expired, pass: the refusal really is the expiry.
    const fresh = await new SignJWT({ sid, role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(m.userId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await secret());
    expect((await get('/api/users/me', bearer(fresh))).statusCode).toBe(200);
  });

  it('a token forged with another key is a 401', async () => {
    const m = await newMember(t, 'forged');
    const { sid } = decodeJwt(m.accessToken);
    const forged = await new SignJWT({ sid, role: 'moderator' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-completely-different-secret-key-000000'));
    expectError(await get('/api/users/me', bearer(forged)), 401);
    expectError(await get('/api/users/pending', bearer(forged)), 401);
  });

  it('a token with alg "none" or another algorithm is a 401', async () => {
    const m = await newMember(t, 'algnone');
    const { sid } = decodeJwt(m.accessToken);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: m.userId, sid, role: 'moderator', exp })}.`;
    expectError(await get('/api/users/me', bearer(unsigned)), 401);
    const hs512 = await new SignJWT({ sid, role: 'user' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(m.userId)
      .setExpirationTime('5m')
      .sign(await secret());
    expectError(await get('/api/users/me', bearer(hs512)), 401);
  });

  it('a token for a session that does not exist is a 401', async () => {
    const m = await newMember(t, 'nosession');
    const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setExpirationTime('5m')
      .sign(await secret());
    expectError(await get('/api/users/me', bearer(token)), 401);
  });

  it('garbage and malformed Authorization headers are a 401', async () => {
    expectError(await get('/api/users/me', { authorization: 'Bearer not.a.jwt' }), 401);
    expectError(await get('/api/users/me', { authorization: 'Basic dXNlcjpwYXNz' }), 401);
    expectError(await get('/api/users/me', { authorization: 'Bearer' }), 401);
    // Even on public reads a bad token is reported, so the client refreshes.
    expectError(await get('/api/peptides', { authorization: 'Bearer not.a.jwt' }), 401);
  });

  it('the role claim in a token does not grant moderator rights: the account role decides', async () => {
    const m = await newMember(t, 'roleclaim');
    const { sid } = decodeJwt(m.accessToken);
    const token = await new SignJWT({ sid, role: 'moderator' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.userId)
      .setExpirationTime('5m')
      .sign(await secret());
    expect((await get('/api/users/me', bearer(token))).statusCode).toBe(200);
    expectError(await get('/api/users/pending', bearer(token)), 403);
  });

  it('a member whose account is rejected after signing in loses access at once', async () => {
    const m = await newMember(t, 'laterrejected');
    expect((await get('/api/users/me', m.headers)).statusCode).toBe(200);
    expect((await post(`/api/users/${m.userId}/reject`, { notes: 'spam' }, bearer(modToken))).statusCode).toBe(200);
    const res = await get('/api/users/me', m.headers);
    expect([401, 403]).toContain(res.statusCode);
    expectError(res, res.statusCode);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401);
    expectError(await post('/api/users/login', { email: m.email, password: PASSWORD }), 403, /not approved/);
  });
});

describe('refresh rotation and logout', () => {
  it('refresh returns a new pair that works', async () => {
    const m = await newMember(t, 'refresh');
    const res = await post('/api/auth/refresh', { refreshToken: m.refreshToken });
    expect(res.statusCode).toBe(200);
    const pair = RefreshResponse.parse(json(res)).data;
    expect(pair.refreshToken).not.toBe(m.refreshToken);
    // Token answers say how long the access token lasts, sign-in as well as refresh.
    expect(pair.expiresIn).toBe(t.config.accessTokenSeconds);
    expect(json(await post('/api/users/login', { email: m.email, password: PASSWORD })).data.expiresIn).toBe(
      t.config.accessTokenSeconds,
    );
    expect((await get('/api/users/me', bearer(pair.accessToken))).statusCode).toBe(200);
    // And the new refresh token rotates again.
    const again = await post('/api/auth/refresh', { refreshToken: pair.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('reusing a refresh token after the grace revokes the whole sign-in', async () => {
    const m = await newMember(t, 'reuse');
    const first = RefreshResponse.parse(json(await post('/api/auth/refresh', { refreshToken: m.refreshToken }))).data;
    expect((await get('/api/users/me', bearer(first.accessToken))).statusCode).toBe(200);
    await pastGrace(m.userId);

    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401, /already used/);
    // The newer token of the same family is dead too, and so are the access tokens.
    expectError(await post('/api/auth/refresh', { refreshToken: first.refreshToken }), 401);
    expectError(await get('/api/users/me', bearer(first.accessToken)), 401);
    expectError(await get('/api/users/me', m.headers), 401);
  });

  it('reuse revokes only that sign-in, not the member’s other sessions', async () => {
    const m = await newMember(t, 'reuse-other');
    const other = await login(t, m.email, PASSWORD);
    await post('/api/auth/refresh', { refreshToken: m.refreshToken });
    await pastGrace(m.userId);
    await post('/api/auth/refresh', { refreshToken: m.refreshToken });
    expectError(await get('/api/users/me', m.headers), 401);
    expect((await get('/api/users/me', bearer(other.accessToken))).statusCode).toBe(200);
  });

  it('a refresh token past its 30 days is refused', async () => {
    const m = await newMember(t, 'refresh-expired');
    const [session] = await rows<{ days: number }>(
      t,
      `select round(extract(epoch from (expires_at - created_at)) / 86400)::int as days from sessions where user_id = $1`,
      [m.userId],
    );
    expect(session.days).toBe(30);
    await t.ctx.db.query(`update sessions set expires_at = now() - interval '1 minute' where user_id = $1`, [m.userId]);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401, /session has ended/);
  });

  it('unknown and missing refresh tokens', async () => {
    expectError(
      await post('/api/auth/refresh', { refreshToken: 'definitely-not-a-token' }),
      401,
      /invalid refresh token/i,
    );
    expectError(await post('/api/auth/refresh', {}), 400, /refreshToken/);
    expectError(await post('/api/auth/refresh', { refreshToken: '' }), 400, /refreshToken/);
  });

  it('logout with the refresh token ends the session: refresh fails, access token 401', async () => {
    const m = await newMember(t, 'logout');
    const res = await post('/api/auth/logout', { refreshToken: m.refreshToken }, m.headers);
    expect(res.statusCode).toBe(200);
    LogoutResponse.parse(json(res));
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401);
    expectError(await get('/api/users/me', m.headers), 401);
  });

  it('logout with only the access token also revokes the session', async () => {
    const m = await newMember(t, 'logout-access');
    expect((await post('/api/auth/logout', {}, m.headers)).statusCode).toBe(200);
    expectError(await get('/api/users/me', m.headers), 401);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401);
  });

  it('logout with only the refresh token (expired access token) still revokes it', async () => {
    const m = await newMember(t, 'logout-refresh');
    expect(
      (await post('/api/auth/logout', { refreshToken: m.refreshToken }, { authorization: 'Bearer expired.or.bad' }))
        .statusCode,
    ).toBe(200);
    expectError(await get('/api/users/me', m.headers), 401);
  });

  it('logout leaves other sign-ins of the same member alone', async () => {
    const m = await newMember(t, 'logout-other');
    const other = await login(t, m.email, PASSWORD);
    await post('/api/auth/logout', { refreshToken: m.refreshToken }, m.headers);
    expect((await get('/api/users/me', bearer(other.accessToken))).statusCode).toBe(200);
  });

  it('logout without anything is a harmless 200; a wrong type is a 400', async () => {
    expect((await post('/api/auth/logout', {})).statusCode).toBe(200);
    expectError(await post('/api/auth/logout', { refreshToken: 42 }), 400, /refreshToken/);
  });
});

/** Moves the member's rotations back past the 30-second grace, as if the reuse came later. */
async function pastGrace(userId: string) {
  await t.ctx.db.query(
    `update sessions set replaced_at = replaced_at - interval '31 seconds' where user_id = $1 and replaced_at is not null`,
    [userId],
  );
}

const refreshWith = async (refreshToken: string) => {
  const res = await post('/api/auth/refresh', { refreshToken });
  expect(res.statusCode, res.body).toBe(200);
  return RefreshResponse.parse(json(res)).data;
};

describe('two tabs refreshing at once (grace of REFRESH_GRACE_SECONDS, 30 s)', () => {
  it('the same token twice within the grace: both 200 with the same successor, both access tokens work', async () => {
    const m = await newMember(t, 'grace');
    const tabA = await refreshWith(m.refreshToken);
    const tabB = await refreshWith(m.refreshToken);
    expect(tabB.refreshToken).toBe(tabA.refreshToken);
    expect(tabA.refreshToken).not.toBe(m.refreshToken);
    expect((await get('/api/users/me', bearer(tabA.accessToken))).statusCode).toBe(200);
    expect((await get('/api/users/me', bearer(tabB.accessToken))).statusCode).toBe(200);
    // The shared successor is one live token: it rotates as usual.
    const next = await refreshWith(tabA.refreshToken);
    expect(next.refreshToken).not.toBe(tabA.refreshToken);
    expect((await get('/api/users/me', bearer(next.accessToken))).statusCode).toBe(200);
  });

  it('simultaneous refreshes with one token all succeed with the same successor', async () => {
    const m = await newMember(t, 'grace-concurrent');
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/auth/refresh', { refreshToken: m.refreshToken })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = answers.map((r) => RefreshResponse.parse(json(r)).data);
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    for (const pair of pairs) expect((await get('/api/users/me', bearer(pair.accessToken))).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: pairs[0].refreshToken })).statusCode).toBe(200);
  });

  it('a token two generations old is reuse even within the grace: the sign-in is revoked', async () => {
    const m = await newMember(t, 'grace-two-generations');
    const second = await refreshWith(m.refreshToken);
    const third = await refreshWith(second.refreshToken);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401, /already used/);
    expectError(await post('/api/auth/refresh', { refreshToken: third.refreshToken }), 401);
    expectError(await get('/api/users/me', bearer(third.accessToken)), 401);
  });

  it('a signed-out session is not brought back by a token replaced within the grace', async () => {
    const m = await newMember(t, 'grace-logout');
    const rotated = await refreshWith(m.refreshToken);
    expect((await post('/api/auth/logout', { refreshToken: rotated.refreshToken })).statusCode).toBe(200);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401);
    expectError(await post('/api/auth/refresh', { refreshToken: rotated.refreshToken }), 401);
  });

  it('after the grace the successor is refused along with the reused token', async () => {
    const m = await newMember(t, 'grace-over');
    const rotated = await refreshWith(m.refreshToken);
    await pastGrace(m.userId);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401, /already used/);
    expectError(await post('/api/auth/refresh', { refreshToken: rotated.refreshToken }), 401);
  });

  it('REFRESH_GRACE_SECONDS shortens the grace: reuse after it, though within the default 30 s, revokes', async () => {
    // 20 s, not a fraction of a second: the reuse right away must land within it on a loaded machine.
    const short = await createTestApp({ REFRESH_GRACE_SECONDS: '20' });
    try {
      const m = await member(short, uniqueEmail('grace-short'));
      const refreshOn = (refreshToken: string) =>
        short.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      const rotated = RefreshResponse.parse(json(await refreshOn(m.refreshToken))).data;
      expect((await refreshOn(m.refreshToken)).statusCode).toBe(200);
      // The rotation 21 s ago: past this grace, inside the default one.
      await short.ctx.db.query(
        `update sessions set replaced_at = now() - interval '21 seconds' where user_id = $1 and replaced_at is not null`,
        [m.userId],
      );
      expectError(await refreshOn(m.refreshToken), 401, /already used/);
      expectError(await refreshOn(rotated.refreshToken), 401);
    } finally {
      await short.close();
    }
  });
});

describe('GET/PUT /api/users/me', () => {
  it('visitors get 401', async () => {
    expectError(await get('/api/users/me'), 401);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/users/me', payload: {} }), 401);
  });

  it('updates demographics and preferences and reads them back', async () => {
    const m = await newMember(t, 'profile');
    const payload = {
      demographics: {
        ageRange: '30-34',
        biologicalSex: 'female',
        weight: 61.5,
        height: 170,
        activityLevel: 'active',
        fitnessGoals: [' Run ', '', 'Lift'],
      },
      preferences: { units: { weight: 'kg', height: 'cm' }, notifications: { weeklyDigest: true } },
    };
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers: m.headers, payload });
    expect(res.statusCode).toBe(200);
    const user = MeResponse.parse(json(res)).data.user;
    expect(user.demographics).toMatchObject({
      ageRange: '30-34',
      biologicalSex: 'female',
      weight: 61.5,
      fitnessGoals: ['Run', 'Lift'],
    });
    const read = MeResponse.parse(json(await get('/api/users/me', m.headers))).data.user;
    expect(read.demographics).toEqual(user.demographics);
    expect(read.preferences).toMatchObject({ notifications: { weeklyDigest: true } });
  });

  it('refuses role, status or email changes and invalid values with 400', async () => {
    const m = await newMember(t, 'escalate');
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/users/me', headers: m.headers, payload });
    expectError(await put({ role: 'moderator' }), 400, /role/);
    // The wizard's vocabulary only: no age range under 18, no level the wizard does not offer (the
    // profile's old age and levels are deprecated aliases: tests/server/deprecated-aliases.test.ts).
    expectError(await put({ demographics: { ageRange: '13-17' } }), 400, /ageRange/);
    expectError(await put({ demographics: { activityLevel: 'hyper-active' } }), 400, /activityLevel/);
    expectError(await put({ demographics: { age: 5 } }), 400, /age/);
    expectError(await put({ demographics: { biologicalSex: 'robot' } }), 400, /biologicalSex/);
    // What the profile no longer collects is refused, not silently kept.
    expectError(await put({ demographics: { medicalConditions: ['asthma'] } }), 400, /medicalConditions/);
    expectError(await put({ preferences: { privacy: { shareAge: true } } }), 400, /privacy/);
    expectError(await put({ demographics: { role: 'moderator' } }), 400, /role/);
    const me = MeResponse.parse(json(await get('/api/users/me', m.headers))).data.user;
    expect(me.role).toBe('user');
    expectError(await get('/api/users/pending', m.headers), 403);
  });
});
