// Sign-in limits a stranger cannot turn against the owner (server/lib/sign-in-limits.ts), with
// the default limits and waits: only failures count, 10 per (account, address) answer 429,
// an account failing from many addresses is slowed down but never refused, and its owner can
// sign in from their own address within a few seconds.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody, LoginResponse } from '../../contract';
import { PASSWORD, createTestApp, json, member, type TestApp } from './helpers';
import { uniqueEmail } from './fixtures';

let t: TestApp;
let n = 0;
/** A documentation address (RFC 5737) no other test here uses. */
const nextAddress = () => `203.0.${113 + Math.floor(++n / 250)}.${(n % 250) + 1}`;

beforeAll(async () => {
  // The real sign-in limits (the test default multiplies them by 1000) and the default waits;
  // registrations, all from one test address, are not what is tested here.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_REGISTER: '1000' });
  expect(t.config.rateLimits.loginPerEmail.max).toBe(10);
  expect(t.config.rateLimits.loginPerAccount.max).toBe(20);
  expect(t.config.loginDelay).toEqual({ baseMs: 250, maxMs: 4000 });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });

/** An approved account; its registration, approval and first sign-in come from addresses of their own. */
async function owner() {
  const email = uniqueEmail('owner');
  await member(t, email);
  return email;
}

/**
 * How long `fn` took, and the waits (ms) the sign-in limits scheduled meanwhile (the timers set
 * from server/lib/sign-in-limits.ts). The time shows a wait really happened; the waits show what
 * was not waited, which a time cannot on a loaded machine (a request there can take a second).
 */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; waits: number[] }> {
  const waits: number[] = [];
  const setTimer = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
    if (new Error().stack?.includes('server/lib/sign-in-limits.ts')) waits.push(ms ?? 0);
    return setTimer(callback, ms);
  }) as typeof setTimeout);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - started, waits };
  } finally {
    spy.mockRestore();
  }
}

function expect429(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(ApiErrorBody.parse(json(res)).error).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(800);
  // 15 minutes, ending on a whole minute (server/lib/rate-limit.ts windowEnd): up to a minute more.
  expect(retryAfter).toBeLessThanOrEqual(960);
}

describe('sign-in limits', () => {
  it('30 failures from one address: 429 there from the 11th, while the owner signs in from another address at once', async () => {
    const email = await owner();
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(email, `guess-${i}-password`, attacker)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect429(await login(email, `guess-last-password`, attacker));
    // Even the right password waits out the window from that address...
    expect429(await login(email, PASSWORD, attacker));
    // ...but not from the owner's own address.
    const { value: res, ms, waits } = await timed(() => login(email, PASSWORD, nextAddress()));
    console.log(`owner's sign-in after 30 failed attempts from one address: ${res.statusCode} in ${ms.toFixed(0)} ms`);
    expect(res.statusCode).toBe(200);
    expect(LoginResponse.parse(json(res)).data.user.email).toBe(email);
    expect(waits).toEqual([]);
  });

  it('30 failures from three addresses: later attempts wait (never 429) and the owner still signs in within a few seconds', async () => {
    const email = await owner();
    const [a, b, c] = [nextAddress(), nextAddress(), nextAddress()];
    for (const address of [a, b]) {
      for (let i = 0; i < 10; i++) expect((await login(email, `guess-${i}-password`, address)).statusCode).toBe(401);
    }
    // From the 20th failure on every attempt waits before its password is checked: ten at once
    // from a third address each wait 250 ms, and none is refused.
    const burst = await timed(() =>
      Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `burst-${i}-password`, c))),
    );
    expect(burst.value.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    // Each waited; one that read the count after another's failure landed waits longer.
    expect(burst.waits).toHaveLength(10);
    expect(Math.min(...burst.waits)).toBeGreaterThanOrEqual(250);
    expect(burst.ms).toBeGreaterThanOrEqual(240);
    // 30 failures now: the owner's attempt waits the longest (4 s, no more) and succeeds.
    const { value: res, ms, waits } = await timed(() => login(email, PASSWORD, nextAddress()));
    console.log(
      `owner's sign-in after 30 failed attempts from 3 addresses: ${res.statusCode} in ${ms.toFixed(0)} ms (10 concurrent delayed failures took ${burst.ms.toFixed(0)} ms)`,
    );
    expect(res.statusCode).toBe(200);
    expect(waits).toEqual([4000]);
    expect(ms).toBeGreaterThanOrEqual(3900);
  });

  it('10 failures from one address: 429 with Retry-After for that account there; other addresses and other accounts still sign in', async () => {
    const email = await owner();
    const other = await owner();
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong-password', address)).statusCode).toBe(401);
    expect429(await login(email, PASSWORD, address));
    expect((await login(email, PASSWORD, nextAddress())).statusCode).toBe(200);
    expect((await login(other, PASSWORD, address)).statusCode).toBe(200);
  });

  it('successful sign-ins never count: 15 in a row from one address all succeed', async () => {
    const email = await owner();
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await login(email, PASSWORD, address)).statusCode);
    expect(statuses).toEqual(Array(15).fill(200));
  });

  it("a success clears that address's failures for the account", async () => {
    const email = await owner();
    const address = nextAddress();
    for (let i = 0; i < 9; i++) expect((await login(email, 'wrong-password', address)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, address)).statusCode).toBe(200);
    // Ten more failures are allowed again before the 429.
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong-password', address)).statusCode).toBe(401);
    expect429(await login(email, PASSWORD, address));
  });

  it('one address failing on many accounts is stopped (30 failures), without stopping those accounts elsewhere', async () => {
    const email = await owner();
    const sprayer = nextAddress();
    for (let i = 0; i < 30; i++)
      expect((await login(uniqueEmail('sprayed'), 'wrong-password', sprayer)).statusCode).toBe(401);
    expect429(await login(email, PASSWORD, sprayer));
    expect((await login(email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('an unknown email counts like a wrong password', async () => {
    const ghost = uniqueEmail('ghost');
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await login(ghost, PASSWORD, address)).statusCode).toBe(401);
    expect429(await login(ghost, PASSWORD, address));
  });
});

describe('sign-in limits, configured', () => {
  it('RATE_LIMIT_LOGIN_ACCOUNT and LOGIN_DELAY_* set when the wait starts and how long it grows', async () => {
    const s = await createTestApp({
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_LOGIN_ACCOUNT: '3',
      LOGIN_DELAY_BASE_MS: '100',
      LOGIN_DELAY_MAX_MS: '400',
    });
    try {
      const email = uniqueEmail('configured');
      await member(s, email);
      const signIn = (password: string) =>
        s.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: nextAddress(),
          payload: { email, password },
        });
      const attempts: { ms: number; waits: number[] }[] = [];
      for (let i = 0; i < 6; i++) attempts.push(await timed(() => signIn('wrong-password')));
      // Failures 0-2 before the attempt: no wait; then 100, 200, 400 ms.
      expect(attempts.map((a) => a.waits)).toEqual([[], [], [], [100], [200], [400]]);
      expect(attempts[3].ms).toBeGreaterThanOrEqual(95);
      expect(attempts[4].ms).toBeGreaterThanOrEqual(195);
      expect(attempts[5].ms).toBeGreaterThanOrEqual(395);
      const { value, ms, waits } = await timed(() => signIn(PASSWORD));
      expect(value.statusCode).toBe(200);
      expect(waits).toEqual([400]);
      expect(ms).toBeGreaterThanOrEqual(395);
    } finally {
      await s.close();
    }
  });
});
