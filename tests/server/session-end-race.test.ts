// Ending sessions while a stolen one refreshes (docs/product-rules.md, "Your account"):
// sign out everywhere, a password change, a reset by mailed link and account deletion end every
// session of the account, including one whose refresh token is being rotated at that moment by
// two refreshers at once (the 30-second grace answers both with the same successor). Afterwards
// neither the last refresh token nor any access token the refreshers got works, and nothing
// answered 500 (on PostgreSQL a deletion used to deadlock against a refresh).
// On PostgreSQL (TEST_DATABASE_URL) this is a real race between connections of the pool; PGlite
// runs one statement at a time, so there it checks the same outcome without the interleaving.
import { ENDPOINTS } from '../../contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPasswordResets } from '../../server/services/accounts';
import { bearer, createTestApp, json, login, PASSWORD, type TestApp } from './helpers';
import { newMember } from './fixtures';
import { linkIn, startSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://peptides.example.org';
const NEW_PASSWORD = 'a-brand-new-passphrase-42';
const RESET_SUBJECT = 'Reset your Peptide Community password';
// PGlite runs one transaction at a time, so its tries never interleave inside the database: a
// few show the outcome; PostgreSQL gets enough to catch the race (before the fix it left 6 to 20
// of 20 stolen sessions alive per ending).
const TRIES = process.env.TEST_DATABASE_URL ? 20 : 5;

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const refresh = (refreshToken: string) => post(ENDPOINTS.refresh.path, { refreshToken });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: ENDPOINTS.me.path, headers: bearer(accessToken) });

type Owner = Awaited<ReturnType<typeof newMember>>;
/** Prepares what the owner needs (a mailed reset link), then answers the call that ends the sessions. */
type Ending = (owner: Owner) => Promise<() => ReturnType<typeof post>>;

const endings: Record<string, Ending> = {
  'sign out everywhere': async (owner) => () => post(ENDPOINTS.signOutEverywhere.path, {}, owner.headers),
  'a password change': async (owner) => () =>
    post(ENDPOINTS.changePassword.path, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, owner.headers),
  'a reset by mailed link': async (owner) => {
    expect((await post(ENDPOINTS.forgotPassword.path, { email: owner.email })).statusCode).toBe(200);
    // The request's turn now rather than at the next timer (services/accounts.ts RESET_TURN_MS).
    await runPasswordResets(t.ctx);
    const mail = await smtp.next((m) => m.to === owner.email && m.subject === RESET_SUBJECT);
    const token = decodeURIComponent(linkIn(mail.text, `${PUBLIC_URL}/reset-password#token=`).split('#token=')[1]!);
    return () => post(ENDPOINTS.resetPassword.path, { token, password: NEW_PASSWORD });
  },
  'account deletion': async (owner) => () => post(ENDPOINTS.deleteMe.path, { password: PASSWORD }, owner.headers),
};

/** What one try saw: whether anything of the attacker's sessions still worked afterwards. */
interface Try {
  survived: boolean;
  statuses: number[];
  endedWith: number;
  /** A request of the attacker was under way when the ending was sent. */
  raced: boolean;
}

interface Race {
  ended: boolean;
  inFlight: boolean;
  statuses: number[];
}
/** Prepared for an owner, then looping while `race.ended` is false; answers whether what it got still works. */
type Attack = (owner: Owner) => Promise<(race: Race) => Promise<() => Promise<boolean>>>;

/** Prepares the ending and the attack, runs the attack and, `delayMs` later, the ending. */
async function raceOnce(ending: Ending, delayMs: number, attack: Attack): Promise<Try> {
  const owner = await newMember(t, 'race');
  const end = await ending(owner);
  const run = await attack(owner);
  const race: Race = { ended: false, inFlight: false, statuses: [] };
  const attacking = run(race);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const raced = race.inFlight;
  const answer = await end();
  race.ended = true;
  const survives = await attacking;
  return {
    survived: await survives(),
    statuses: [...race.statuses, answer.statusCode],
    endedWith: answer.statusCode,
    raced,
  };
}

/**
 * Someone holding a copy of the owner's sign-in: two refreshers rotate its refresh token in
 * lockstep (both present the same token, as two tabs would, then go on with its successor).
 * Afterwards neither the last refresh token nor any access token they got may work.
 */
const stolenSession: Attack = async (owner) => {
  const stolen = await login(t, owner.email, PASSWORD);
  return async (race) => {
    const accessTokens = new Set([stolen.accessToken]);
    let latest = stolen.refreshToken;
    while (!race.ended) {
      race.inFlight = true;
      const answers = await Promise.all([refresh(latest), refresh(latest)]);
      race.inFlight = false;
      race.statuses.push(...answers.map((r) => r.statusCode));
      const ok = answers.filter((r) => r.statusCode === 200).map((r) => json(r).data);
      for (const data of ok) accessTokens.add(data.accessToken);
      if (!ok.length) break;
      latest = ok[0].refreshToken;
    }
    return async () =>
      (await refresh(latest)).statusCode === 200 ||
      (await Promise.all([...accessTokens].map(me))).some((r) => r.statusCode === 200);
  };
};

/**
 * Someone who knows the old password: two sign-ins in a loop. A sign-in that checked the old
 * password before a change, reset or deletion committed must not leave a session after it.
 */
const oldPassword: Attack = async (owner) => async (race) => {
  const signedIn: { accessToken: string; refreshToken: string }[] = [];
  const signIn = async () => {
    while (!race.ended) {
      race.inFlight = true;
      const res = await post(ENDPOINTS.login.path, { email: owner.email, password: PASSWORD });
      race.statuses.push(res.statusCode);
      if (res.statusCode !== 200) return;
      signedIn.push(json(res).data);
    }
  };
  await Promise.all([signIn(), signIn()]);
  const works = async (s: { accessToken: string; refreshToken: string }) =>
    (await refresh(s.refreshToken)).statusCode === 200 || (await me(s.accessToken)).statusCode === 200;
  return async () => (await Promise.all(signedIn.map(works))).some(Boolean);
};

async function expectNoSurvivor(name: string, once: (i: number) => Promise<Try>) {
  let survivors = 0;
  let serverErrors = 0;
  let raced = 0;
  const ends = new Set<number>();
  for (let i = 0; i < TRIES; i++) {
    const outcome = await once(i);
    if (outcome.survived) survivors += 1;
    if (outcome.raced) raced += 1;
    serverErrors += outcome.statuses.filter((s) => s >= 500).length;
    ends.add(outcome.endedWith);
  }
  expect({ survivors, serverErrors, ends: [...ends] }, `${name}: survivors ${survivors} of ${TRIES}`).toEqual({
    survivors: 0,
    serverErrors: 0,
    ends: [200],
  });
  // Each ending was sent while a request of the attacker was under way.
  expect(raced).toBe(TRIES);
}

describe('a stolen session refreshing while its owner ends every session', () => {
  for (const [name, ending] of Object.entries(endings)) {
    it(`${name}: ${TRIES} tries, no refresh or access token of the stolen session works afterwards, no 500`, async () => {
      await expectNoSurvivor(name, (i) => raceOnce(ending, i % 5, stolenSession));
    });
  }
});

describe('sign-ins with the old password while the owner changes or resets it or deletes the account', () => {
  for (const name of ['a password change', 'a reset by mailed link', 'account deletion']) {
    it(`${name}: ${TRIES} tries, no session of those sign-ins works afterwards, no 500`, async () => {
      await expectNoSurvivor(name, (i) => raceOnce(endings[name], i % 5, oldPassword));
    });
  }
});
