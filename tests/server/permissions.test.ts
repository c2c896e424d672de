// The permission table of docs/product-rules.md ("Who may do what"), cell by cell, enforced by the
// server: every endpoint of contract/endpoints.ts against every kind of caller. Also: the
// profile update cannot escalate, other people's resources are refused, and tokens that are
// expired, forged or revoked get 401 everywhere a token is read.
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorBody, ENDPOINTS } from '../../contract';
import {
  MODERATOR,
  PASSWORD,
  bearer,
  createTestApp,
  json,
  login,
  member,
  submit,
  validSubmission,
  type TestApp,
} from './helpers';
import { unsubscribeToken } from '../../server/services/digest';
import { promoteToModerator } from '../../server/services/users';
import { createPeptide, moderatorToken, newMember, rows, uniqueEmail, validPeptide } from './fixtures';

/**
 * `pending` and `rejected` are accounts whose sign-in is refused (403), so they hold no token
 * and act as visitors; `other` is a second approved member, for resources another one owns.
 */
const ROLES = ['visitor', 'pending', 'rejected', 'member', 'other', 'moderator'] as const;
type Role = (typeof ROLES)[number];
type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let owner: Awaited<ReturnType<typeof newMember>>;
let other: Awaited<ReturnType<typeof newMember>>;
let modHeaders: Headers;
let bpc: string;
const accounts: Record<'pending' | 'rejected', string> = { pending: '', rejected: '' };

beforeAll(async () => {
  // An approval can be undone for a while (the undo row below).
  t = await createTestApp({ ACCOUNT_UNDO_SECONDS: '15' });
  owner = await newMember(t, 'perm-owner');
  other = await newMember(t, 'perm-other');
  modHeaders = bearer(await moderatorToken(t));
  bpc = t.peptides.get('BPC-157')!;
  accounts.pending = uniqueEmail('perm-pending');
  await member(t, accounts.pending, { approve: false });
  accounts.rejected = uniqueEmail('perm-rejected');
  const rejected = await member(t, accounts.rejected, { approve: false });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/users/${rejected.userId}/reject`,
    headers: modHeaders,
    payload: { notes: '' },
  });
  if (res.statusCode !== 200) throw new Error(`reject failed: ${res.body}`);
});
afterAll(() => t.close());

const inject = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

/** The headers a caller of this kind sends. Pending and rejected accounts first try to sign in, and are refused. */
async function headersFor(role: Role): Promise<Headers> {
  if (role === 'member') return owner.headers;
  if (role === 'other') return other.headers;
  if (role === 'moderator') return modHeaders;
  if (role === 'pending' || role === 'rejected') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: accounts[role], password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.body).not.toMatch(/accessToken|refreshToken/);
  }
  return {};
}

/** Credentials each kind of caller holds (visitors hold none that work). */
function credentialsOf(role: Role): { email: string; password: string } {
  if (role === 'member') return { email: owner.email, password: PASSWORD };
  if (role === 'other') return { email: other.email, password: PASSWORD };
  if (role === 'moderator') return MODERATOR;
  if (role === 'pending' || role === 'rejected') return { email: accounts[role], password: PASSWORD };
  return { email: uniqueEmail('nobody'), password: PASSWORD };
}

/**
 * For the routes that end sessions or the account: a fresh approved account of the cell's kind
 * (a moderator's made a moderator), signed in; none for the kinds that hold no session.
 */
async function ownSession(role: Role): Promise<{ headers: Headers; password: string } | null> {
  if (!['member', 'other', 'moderator'].includes(role)) return null;
  const m = await newMember(t, `perm-own-${role}`);
  if (role !== 'moderator') return { headers: m.headers, password: PASSWORD };
  await promoteToModerator(t.ctx, m.email);
  return { headers: bearer((await login(t, m.email, PASSWORD)).accessToken), password: PASSWORD };
}

async function freshExperience(status: 'published' | 'held' | 'hidden' = 'published') {
  const id = (await submit(t, validSubmission(bpc))).experience._id;
  if (status !== 'published') await t.ctx.db.query('update experiences set status = $2 where id = $1', [id, status]);
  return id;
}
async function freshTracking() {
  return (await submit(t, validSubmission(bpc))).trackingId;
}
async function pendingUserId() {
  return (await member(t, uniqueEmail('perm-target'), { approve: false })).userId;
}
/** A member a moderator has just approved (still undoable), or approved long ago and suspended. */
async function justApprovedId() {
  const id = await pendingUserId();
  await inject('POST', `/api/users/${id}/approve`, modHeaders);
  return id;
}
async function suspendedId() {
  const { userId } = await newMember(t, 'perm-suspended');
  await inject('POST', `/api/users/${userId}/suspend`, modHeaders, {});
  return userId;
}

interface Row {
  action: string;
  endpoint: keyof typeof ENDPOINTS;
  run: (headers: Headers, role: Role) => Promise<LightMyRequestResponse>;
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> =>
  Object.fromEntries(ROLES.map((r) => [r, status])) as Record<Role, number>;
const READ = all(200);
const MEMBERS = { ...all(401), member: 200, other: 200, moderator: 200 };
const MEMBERS_CREATE = { ...all(401), member: 201, other: 201, moderator: 201 };
const MODERATORS = { ...all(401), member: 403, other: 403, moderator: 200 };

const table: Row[] = [
  { action: 'health', endpoint: 'health', run: (h) => inject('GET', '/api/health', h), expect: READ },
  { action: 'readiness', endpoint: 'healthReady', run: (h) => inject('GET', '/api/health/ready', h), expect: READ },
  { action: 'read limits', endpoint: 'limits', run: (h) => inject('GET', '/api/limits', h), expect: READ },
  {
    action: 'read how the site publishes',
    endpoint: 'publication',
    run: (h) => inject('GET', '/api/publication', h),
    expect: READ,
  },
  {
    action: 'read the API document',
    endpoint: 'apiDocument',
    run: (h) => inject('GET', '/api/openapi.json', h),
    expect: READ,
  },
  {
    action: 'read the API changelog',
    endpoint: 'apiChangelog',
    run: (h) => inject('GET', '/api/changelog', h),
    expect: READ,
  },
  { action: 'read peptides', endpoint: 'peptides', run: (h) => inject('GET', '/api/peptides', h), expect: READ },
  {
    action: 'read public peptides',
    endpoint: 'publicPeptides',
    run: (h) => inject('GET', '/api/peptides/public', h),
    expect: READ,
  },
  {
    action: 'read the peptide catalogue',
    endpoint: 'peptideCatalogue',
    run: (h) => inject('GET', '/api/peptides/catalogue', h),
    expect: READ,
  },
  { action: 'read a peptide', endpoint: 'peptide', run: (h) => inject('GET', `/api/peptides/${bpc}`, h), expect: READ },
  {
    action: 'read experiences',
    endpoint: 'experiences',
    run: (h) => inject('GET', '/api/experiences', h),
    expect: READ,
  },
  {
    action: 'read home experiences',
    endpoint: 'homeExperiences',
    run: (h) => inject('GET', '/api/experiences/home/public', h),
    expect: READ,
  },
  {
    action: 'read an experience',
    endpoint: 'experience',
    run: async (h) => inject('GET', `/api/experiences/${await freshExperience()}`, h),
    expect: READ,
  },
  {
    action: 'read public analytics',
    endpoint: 'publicAnalytics',
    run: (h) => inject('GET', '/api/analytics/public', h),
    expect: READ,
  },
  { action: 'read effects', endpoint: 'effects', run: (h) => inject('GET', '/api/effects', h), expect: READ },
  {
    action: 'register an account',
    endpoint: 'register',
    run: (h) => inject('POST', '/api/users/register', h, { email: uniqueEmail('perm-reg'), password: PASSWORD }),
    expect: all(201),
  },
  {
    action: 'sign in with own credentials',
    endpoint: 'login',
    run: (h, role) => inject('POST', '/api/users/login', h, credentialsOf(role)),
    expect: { visitor: 401, pending: 403, rejected: 403, member: 200, other: 200, moderator: 200 },
  },
  {
    action: 'refresh own session',
    endpoint: 'refresh',
    run: async (h, role) => {
      // A fresh sign-in per cell, so rotating it leaves the shared tokens alone.
      const token = ['member', 'other', 'moderator'].includes(role)
        ? (await login(t, credentialsOf(role).email, credentialsOf(role).password)).refreshToken
        : 'not-a-real-refresh-token';
      return inject('POST', '/api/auth/refresh', h, { refreshToken: token });
    },
    expect: MEMBERS,
  },
  {
    action: 'sign out',
    endpoint: 'logout',
    run: async (_h, role) => {
      if (!['member', 'other', 'moderator'].includes(role)) return inject('POST', '/api/auth/logout', {}, {});
      const s = await login(t, credentialsOf(role).email, credentialsOf(role).password);
      return inject('POST', '/api/auth/logout', bearer(s.accessToken), { refreshToken: s.refreshToken });
    },
    expect: READ,
  },
  {
    action: 'look up by tracking ID (capability)',
    endpoint: 'trackedExperience',
    run: async (h) => inject('POST', '/api/experiences/tracking/lookup', h, { trackingId: await freshTracking() }),
    expect: READ,
  },
  {
    action: 'update by tracking ID (capability)',
    endpoint: 'updateTrackedExperience',
    run: async (h) =>
      inject('PUT', '/api/experiences/tracking', h, { trackingId: await freshTracking(), effects: ['Better sleep'] }),
    expect: READ,
  },
  {
    action: 'delete by tracking ID (capability)',
    endpoint: 'deleteTrackedExperience',
    run: async (h) => inject('POST', '/api/experiences/tracking/delete', h, { trackingId: await freshTracking() }),
    expect: READ,
  },
  {
    action: 'update without knowing the tracking ID',
    endpoint: 'updateTrackedExperience',
    run: (h) =>
      inject('PUT', '/api/experiences/tracking', h, { trackingId: 'TRK-00000000000000000001', effects: ['Hijacked'] }),
    expect: all(404),
  },
  {
    action: 'delete without knowing the tracking ID',
    endpoint: 'deleteTrackedExperience',
    run: (h) => inject('POST', '/api/experiences/tracking/delete', h, { trackingId: 'TRK-00000000000000000001' }),
    expect: all(404),
  },
  {
    action: 'submit an experience (anonymous)',
    endpoint: 'submitExperience',
    run: (h) => inject('POST', '/api/experiences', h, validSubmission(bpc)),
    expect: all(201),
  },
  {
    action: 'vote',
    endpoint: 'vote',
    run: async (h) => inject('POST', `/api/experiences/${await freshExperience()}/vote`, h, { voteType: 'helpful' }),
    expect: MEMBERS_CREATE,
  },
  {
    action: 'withdraw own vote',
    endpoint: 'withdrawVote',
    run: async (h) => {
      const id = await freshExperience();
      // A vote to withdraw where the caller can hold one; visitors send the DELETE alone.
      if (h.authorization) await inject('POST', `/api/experiences/${id}/vote`, h, { voteType: 'helpful' });
      return inject('DELETE', `/api/experiences/${id}/vote`, h);
    },
    expect: MEMBERS,
  },
  {
    action: 'read own vote',
    endpoint: 'voteStatus',
    run: async (h) => inject('GET', `/api/experiences/${await freshExperience()}/vote`, h),
    expect: MEMBERS,
  },
  {
    action: 'read own flags',
    endpoint: 'myFlags',
    run: async (h) => inject('GET', `/api/flags?experienceIds=${await freshExperience()}`, h),
    expect: MEMBERS,
  },
  {
    action: 'read own votes',
    endpoint: 'myVotes',
    run: async (h) => inject('GET', `/api/votes?experienceIds=${await freshExperience()}`, h),
    expect: MEMBERS,
  },
  {
    action: 'create a peptide',
    endpoint: 'createPeptide',
    run: (h) => inject('POST', '/api/peptides', h, validPeptide()),
    expect: MEMBERS_CREATE,
  },
  {
    action: 'delete a peptide the member created',
    endpoint: 'deletePeptide',
    run: async (h) => inject('DELETE', `/api/peptides/${await createPeptide(t, owner.accessToken)}`, h),
    expect: { ...all(401), member: 200, other: 403, moderator: 200 },
  },
  {
    action: 'delete a seeded catalogue peptide',
    endpoint: 'deletePeptide',
    run: async (h, role) => {
      // Only the moderator's cell may really delete one: create a stand-in created by nobody.
      if (role !== 'moderator') return inject('DELETE', `/api/peptides/${bpc}`, h);
      const id = await createPeptide(t, other.accessToken);
      await t.ctx.db.query('update peptides set created_by = null where id = $1', [id]);
      return inject('DELETE', `/api/peptides/${id}`, h);
    },
    expect: { ...all(401), member: 403, other: 403, moderator: 200 },
  },
  { action: 'read own profile', endpoint: 'me', run: (h) => inject('GET', '/api/users/me', h), expect: MEMBERS },
  {
    action: 'update own profile',
    endpoint: 'updateMe',
    run: (h) => inject('PUT', '/api/users/me', h, { demographics: { ageRange: '40-44' } }),
    expect: MEMBERS,
  },
  // A member's own account: each cell on an account of its own, so the shared ones keep their sessions.
  {
    action: 'change own password',
    endpoint: 'changePassword',
    run: async (h, role) => {
      const s = await ownSession(role);
      return inject('POST', '/api/users/me/password', s ? s.headers : h, {
        currentPassword: s?.password ?? PASSWORD,
        newPassword: 'another-long-passphrase-9',
      });
    },
    expect: MEMBERS,
  },
  {
    action: 'sign out everywhere',
    endpoint: 'signOutEverywhere',
    run: async (h, role) => inject('POST', '/api/users/me/sessions/end', (await ownSession(role))?.headers ?? h, {}),
    expect: MEMBERS,
  },
  {
    action: 'download own data',
    endpoint: 'exportMe',
    run: (h) => inject('GET', '/api/users/me/export', h),
    expect: MEMBERS,
  },
  {
    action: 'delete own account',
    endpoint: 'deleteMe',
    run: async (h, role) => {
      const s = await ownSession(role);
      return inject('POST', '/api/users/me/delete', s ? s.headers : h, { password: s?.password ?? PASSWORD });
    },
    // A moderator's cell deletes a second moderator made for it; the seeded one stays.
    expect: MEMBERS,
  },
  {
    action: 'ask for a password reset',
    endpoint: 'forgotPassword',
    run: (h, role) => inject('POST', '/api/auth/forgot-password', h, { email: credentialsOf(role).email }),
    expect: READ,
  },
  {
    action: 'confirm an address with an unknown link',
    endpoint: 'confirmEmail',
    run: (h) => inject('POST', '/api/auth/confirm-email', h, { token: 'x'.repeat(43) }),
    expect: all(400),
  },
  {
    action: 'reset a password with an unknown link',
    endpoint: 'resetPassword',
    run: (h) =>
      inject('POST', '/api/auth/reset-password', h, { token: 'x'.repeat(43), password: 'another-long-passphrase-9' }),
    expect: all(400),
  },
  {
    action: 'unsubscribe from the digest with its link',
    endpoint: 'unsubscribe',
    run: async (h, role) =>
      inject('POST', '/api/users/unsubscribe', h, {
        token: unsubscribeToken(t.ctx, role === 'other' ? other.userId : owner.userId),
      }),
    expect: READ,
  },
  {
    action: 'authenticated analytics',
    endpoint: 'analytics',
    run: (h) => inject('GET', '/api/analytics', h),
    expect: MEMBERS,
  },
  {
    action: 'trends',
    endpoint: 'trends',
    run: (h) => inject('GET', '/api/analytics/trends?period=weekly&groupBy=category', h),
    expect: MEMBERS,
  },
  {
    action: 'compare',
    endpoint: 'compare',
    run: (h) => inject('GET', `/api/analytics/compare?ids=${bpc}`, h),
    expect: MEMBERS,
  },
  {
    action: 'mark a peptide page reviewed',
    endpoint: 'reviewPeptide',
    run: (h) => inject('POST', `/api/peptides/${bpc}/review`, h),
    expect: MODERATORS,
  },
  {
    action: 'list pending users',
    endpoint: 'pendingUsers',
    run: (h) => inject('GET', '/api/users/pending', h),
    expect: MODERATORS,
  },
  {
    action: 'approve a user',
    endpoint: 'approveUser',
    run: async (h) => inject('POST', `/api/users/${await pendingUserId()}/approve`, h),
    expect: MODERATORS,
  },
  {
    action: 'reject a user',
    endpoint: 'rejectUser',
    run: async (h) => inject('POST', `/api/users/${await pendingUserId()}/reject`, h, { notes: '' }),
    expect: MODERATORS,
  },
  {
    action: 'list approved members',
    endpoint: 'members',
    run: (h) => inject('GET', '/api/users/members?q=perm', h),
    expect: MODERATORS,
  },
  {
    action: 'undo an approval',
    endpoint: 'undoUserDecision',
    run: async (h) => inject('POST', `/api/users/${await justApprovedId()}/undo`, h),
    expect: MODERATORS,
  },
  {
    action: 'suspend a member',
    endpoint: 'suspendUser',
    run: async (h) => inject('POST', `/api/users/${(await newMember(t, 'perm-suspend')).userId}/suspend`, h, {}),
    expect: MODERATORS,
  },
  {
    action: 'reinstate a member',
    endpoint: 'reinstateUser',
    run: async (h) => inject('POST', `/api/users/${await suspendedId()}/reinstate`, h),
    expect: MODERATORS,
  },
  {
    action: 'read the account log',
    endpoint: 'accountLog',
    run: (h) => inject('GET', '/api/moderation/accounts/log', h),
    expect: MODERATORS,
  },
  {
    action: 'research overview',
    endpoint: 'researchOverview',
    run: (h) => inject('GET', '/api/research/overview', h),
    expect: MODERATORS,
  },
  {
    action: 'research peptides',
    endpoint: 'researchPeptides',
    run: (h) => inject('GET', '/api/research/peptides?limit=5', h),
    expect: MODERATORS,
  },
  {
    action: 'research export',
    endpoint: 'researchExport',
    run: (h) => inject('GET', '/api/research/export?limit=5', h),
    expect: MODERATORS,
  },
  {
    action: 'flag a report',
    endpoint: 'flag',
    run: async (h) => inject('POST', `/api/experiences/${await freshExperience()}/flag`, h, { reason: 'spam' }),
    expect: MEMBERS_CREATE,
  },
  {
    action: 'moderation queue',
    endpoint: 'moderationQueue',
    run: (h) => inject('GET', '/api/moderation/queue', h),
    expect: MODERATORS,
  },
  {
    action: 'moderation log',
    endpoint: 'moderationLog',
    run: (h) => inject('GET', '/api/moderation/log', h),
    expect: MODERATORS,
  },
  {
    action: 'publish a held report',
    endpoint: 'moderationPublish',
    run: async (h) => inject('POST', `/api/moderation/experiences/${await freshExperience('held')}/publish`, h),
    expect: MODERATORS,
  },
  {
    action: 'hide a report',
    endpoint: 'moderationHide',
    run: async (h) =>
      inject('POST', `/api/moderation/experiences/${await freshExperience()}/hide`, h, { reason: 'spam' }),
    expect: MODERATORS,
  },
  {
    action: 'restore a hidden report',
    endpoint: 'moderationRestore',
    run: async (h) => inject('POST', `/api/moderation/experiences/${await freshExperience('hidden')}/restore`, h),
    expect: MODERATORS,
  },
  {
    action: 'moderation summary',
    endpoint: 'moderationSummary',
    run: (h) => inject('GET', '/api/moderation/summary', h),
    expect: MODERATORS,
  },
  {
    action: 'hide several reports at once',
    endpoint: 'moderationBulk',
    run: async (h) =>
      inject('POST', '/api/moderation/bulk', h, { ids: [await freshExperience()], action: 'hide', reason: 'spam' }),
    expect: MODERATORS,
  },
  {
    action: "undo a moderator's hide",
    endpoint: 'moderationUndo',
    run: async (h) => {
      const id = await freshExperience();
      const hidden = await inject('POST', `/api/moderation/experiences/${id}/hide`, modHeaders, { reason: 'spam' });
      expect(hidden.statusCode).toBe(200);
      return inject('POST', `/api/moderation/experiences/${id}/undo`, h);
    },
    expect: MODERATORS,
  },
];

const cells = table.flatMap((row) => ROLES.map((role) => [row.action, role, row] as const));
const holes: string[] = [];

describe('permission matrix', () => {
  it.each(cells)('%s as %s', async (action, role, row) => {
    const res = await row.run(await headersFor(role), role);
    const expected = row.expect[role];
    if (res.statusCode !== expected) holes.push(`${action} as ${role}: ${res.statusCode}, expected ${expected}`);
    expect(res.statusCode, res.body).toBe(expected);
    // The API document and its changelog are the answers outside the envelope.
    if (expected < 400 && row.endpoint === 'apiChangelog') return expect(res.body).toMatch(/^# API changelog/);
    const body = json(res);
    if (expected >= 400) expect(ApiErrorBody.parse(body).error.length).toBeGreaterThan(0);
    else expect(row.endpoint === 'apiDocument' ? body.openapi : body.success).toBeTruthy();
  });

  it('covers every endpoint of the contract, and refuses visitors wherever the contract says members', () => {
    const inTable = new Set(table.map((r) => r.endpoint));
    expect(Object.keys(ENDPOINTS).filter((k) => !inTable.has(k as keyof typeof ENDPOINTS))).toEqual([]);
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      if (e.access === 'public') continue;
      for (const r of table.filter((row) => row.endpoint === key)) {
        expect(r.expect.visitor, key).toBe(401);
        if (e.access === 'moderator') expect(r.expect.member, key).toBe(403);
      }
    }
    console.log(
      `[permissions] ${table.length} rows x ${ROLES.length} callers = ${cells.length} cells over ${inTable.size} endpoints; holes found: ${holes.length}`,
    );
  });
});

describe('the profile update cannot escalate', () => {
  it.each([
    ['role', { role: 'moderator' }],
    ['status', { status: 'approved' }],
    ['email', { email: 'someone-else@example.com' }],
    ['password', { password: 'a-new-password-123' }],
    ['passwordHash', { passwordHash: 'scrypt$1$8$1$x$y' }],
    ['id of another user', { _id: '00000000-0000-4000-8000-000000000000' }],
    ['role nested in demographics', { demographics: { role: 'moderator' } }],
    ['role nested in preferences', { preferences: { role: 'moderator' } }],
  ])('PUT /api/users/me with %s is a 400 and changes nothing', async (_name, payload) => {
    const m = await newMember(t, 'perm-escalate');
    const [before] = await rows(t, 'select * from users where id = $1', [m.userId]);
    const res = await inject('PUT', '/api/users/me', m.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(ApiErrorBody.parse(json(res)).error).toMatch(/\S/);
    const [after] = await rows(t, 'select * from users where id = $1', [m.userId]);
    expect(after).toEqual(before);
    // Still a plain member, still signing in with the old password.
    expect((await inject('GET', '/api/users/pending', m.headers)).statusCode).toBe(403);
    expect((await login(t, m.email, PASSWORD)).accessToken).toBeTruthy();
  });

  it('a valid profile update leaves role, status, email and password hash untouched', async () => {
    const m = await newMember(t, 'perm-valid');
    const [before] = await rows<Record<string, unknown>>(
      t,
      'select role, status, email, password_hash from users where id = $1',
      [m.userId],
    );
    expect((await inject('PUT', '/api/users/me', m.headers, { demographics: { ageRange: '50+' } })).statusCode).toBe(
      200,
    );
    const [after] = await rows<Record<string, unknown>>(
      t,
      'select role, status, email, password_hash from users where id = $1',
      [m.userId],
    );
    expect(after).toEqual(before);
  });
});

describe('other people’s resources', () => {
  it('a member cannot delete another member’s peptide by id; the peptide stays', async () => {
    const id = await createPeptide(t, other.accessToken);
    expect((await inject('DELETE', `/api/peptides/${id}`, owner.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/api/peptides/${id}`, {})).statusCode).toBe(200);
  });

  it('vote status and vote lists only ever show the caller’s own votes', async () => {
    const exp = await freshExperience();
    expect(
      (await inject('POST', `/api/experiences/${exp}/vote`, other.headers, { voteType: 'concerning' })).statusCode,
    ).toBe(201);
    const mine = json(await inject('GET', `/api/experiences/${exp}/vote`, owner.headers)).data;
    expect(mine.hasVoted).toBe(false);
    const list = json(await inject('GET', `/api/votes?experienceIds=${exp}`, owner.headers)).data;
    expect(JSON.stringify(list)).not.toContain('concerning');
  });

  it('withdrawing removes only the caller’s own vote, never another member’s', async () => {
    const exp = await freshExperience();
    expect(
      (await inject('POST', `/api/experiences/${exp}/vote`, other.headers, { voteType: 'concerning' })).statusCode,
    ).toBe(201);
    const res = await inject('DELETE', `/api/experiences/${exp}/vote`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ withdrawn: false, votes: { concerning: 1, total: 1 } });
    expect(json(await inject('GET', `/api/experiences/${exp}/vote`, other.headers)).data).toMatchObject({
      hasVoted: true,
      voteType: 'concerning',
    });
  });

  it('a member cannot approve or reject accounts, including their own', async () => {
    const target = await pendingUserId();
    expect((await inject('POST', `/api/users/${target}/approve`, owner.headers)).statusCode).toBe(403);
    expect((await inject('POST', `/api/users/${owner.userId}/reject`, owner.headers)).statusCode).toBe(403);
    const [row] = await rows<{ status: string }>(t, 'select status from users where id = $1', [target]);
    expect(row.status).toBe('pending');
  });
});

describe('expired, forged and revoked tokens', () => {
  const tokenEndpoints = table.filter((r) => ENDPOINTS[r.endpoint].access !== 'public');

  async function secret(): Promise<Uint8Array> {
    const [row] = await rows<{ value: string }>(t, `select value from app_settings where key = 'jwt_secret'`);
    return new TextEncoder().encode(row.value);
  }

  async function badTokens() {
    const m = await newMember(t, 'perm-tokens');
    const { sid } = decodeJwt(m.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = await new SignJWT({ sid, role: 'moderator' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(m.userId)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 1)
      .sign(await secret());
    const wrongKey = await new SignJWT({ sid, role: 'moderator' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(m.userId)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: m.userId, sid, role: 'moderator', exp: now + 600 })}.`;
    const revokedSession = await login(t, m.email, PASSWORD);
    expect(
      (
        await inject('POST', '/api/auth/logout', bearer(revokedSession.accessToken), {
          refreshToken: revokedSession.refreshToken,
        })
      ).statusCode,
    ).toBe(200);
    return { expired, 'wrong key': wrongKey, 'alg none': algNone, revoked: revokedSession.accessToken };
  }

  it('every endpoint that needs a session answers 401 to each bad token', async () => {
    const tokens = await badTokens();
    let checked = 0;
    for (const [kind, token] of Object.entries(tokens)) {
      for (const row of tokenEndpoints) {
        const res = await row.run(bearer(token), 'visitor');
        expect(res.statusCode, `${row.action} with ${kind} token: ${res.body}`).toBe(401);
        expect(ApiErrorBody.parse(json(res)).error).toMatch(/\S/);
        checked++;
      }
    }
    expect(checked).toBe(4 * tokenEndpoints.length);
  });

  it('a revoked refresh token cannot mint a new access token', async () => {
    const m = await newMember(t, 'perm-revoked-refresh');
    const s = await login(t, m.email, PASSWORD);
    await inject('POST', '/api/auth/logout', bearer(s.accessToken), { refreshToken: s.refreshToken });
    expect((await inject('POST', '/api/auth/refresh', {}, { refreshToken: s.refreshToken })).statusCode).toBe(401);
  });

  it('nothing a refused token asked for was written', async () => {
    const tokens = await badTokens();
    const before = (await rows<{ n: number }>(t, 'select count(*)::int as n from peptides'))[0].n;
    for (const token of Object.values(tokens)) {
      expect((await inject('POST', '/api/peptides', bearer(token), validPeptide())).statusCode).toBe(401);
    }
    expect((await rows<{ n: number }>(t, 'select count(*)::int as n from peptides'))[0].n).toBe(before);
  });
});
