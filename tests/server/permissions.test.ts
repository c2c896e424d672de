// The permission table of decisions.md ("Accounts and roles"), cell by cell, enforced by the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorBody, ENDPOINTS } from '../../contract';
import { PASSWORD, bearer, createTestApp, json, member, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, newMember, uniqueEmail, validPeptide } from './fixtures';

type Role = 'visitor' | 'pending' | 'user' | 'moderator';
type Headers = Record<string, string>;

let t: TestApp;
let user: Awaited<ReturnType<typeof newMember>>;
let otherMember: Awaited<ReturnType<typeof newMember>>;
let modHeaders: Headers;
let bpc: string;
let pendingEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await newMember(t, 'perm-user');
  otherMember = await newMember(t, 'perm-other');
  modHeaders = bearer(await moderatorToken(t));
  bpc = t.peptides.get('BPC-157')!;
  pendingEmail = uniqueEmail('perm-pending');
  await member(t, pendingEmail, { approve: false });
});
afterAll(() => t.close());

/** A pending account cannot obtain a token, so it acts exactly like a visitor. */
function headersFor(role: Role): Headers {
  if (role === 'user') return user.headers;
  if (role === 'moderator') return modHeaders;
  return {};
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

async function freshExperience() {
  return (await submit(t, validSubmission(bpc))).experience._id;
}

async function pendingUserId() {
  return (await member(t, uniqueEmail('perm-target'), { approve: false })).userId;
}

interface Row {
  action: string;
  endpoint: keyof typeof ENDPOINTS;
  run: (headers: Headers) => Promise<LightMyRequestResponse>;
  expect: Record<Role, number>;
}

const READ = { visitor: 200, pending: 200, user: 200, moderator: 200 };
const MEMBERS = { visitor: 401, pending: 401, user: 200, moderator: 200 };
const MEMBERS_CREATE = { visitor: 401, pending: 401, user: 201, moderator: 201 };
const MODERATORS = { visitor: 401, pending: 401, user: 403, moderator: 200 };

const table: Row[] = [
  { action: 'read peptides', endpoint: 'peptides', run: (h) => inject('GET', '/api/peptides', h), expect: READ },
  { action: 'read public peptides', endpoint: 'publicPeptides', run: (h) => inject('GET', '/api/peptides/public', h), expect: READ },
  { action: 'read a peptide', endpoint: 'peptide', run: (h) => inject('GET', `/api/peptides/${bpc}`, h), expect: READ },
  { action: 'read experiences', endpoint: 'experiences', run: (h) => inject('GET', '/api/experiences', h), expect: READ },
  { action: 'read home experiences', endpoint: 'homeExperiences', run: (h) => inject('GET', '/api/experiences/home/public', h), expect: READ },
  { action: 'read an experience', endpoint: 'experience', run: async (h) => inject('GET', `/api/experiences/${await freshExperience()}`, h), expect: READ },
  { action: 'read public analytics', endpoint: 'publicAnalytics', run: (h) => inject('GET', '/api/analytics/public', h), expect: READ },
  { action: 'read effects', endpoint: 'effects', run: (h) => inject('GET', '/api/effects', h), expect: READ },
  { action: 'read limits', endpoint: 'limits', run: (h) => inject('GET', '/api/limits', h), expect: READ },
  {
    action: 'look up by tracking ID', endpoint: 'trackedExperience',
    run: async (h) => inject('GET', `/api/experiences/tracking/${(await submit(t, validSubmission(bpc))).trackingId}`, h),
    expect: READ,
  },
  {
    action: 'submit an experience (anonymous)', endpoint: 'submitExperience',
    run: (h) => inject('POST', '/api/experiences', h, validSubmission(bpc)),
    expect: { visitor: 201, pending: 201, user: 201, moderator: 201 },
  },
  {
    action: 'vote', endpoint: 'vote',
    run: async (h) => inject('POST', `/api/experiences/${await freshExperience()}/vote`, h, { voteType: 'helpful' }),
    expect: MEMBERS_CREATE,
  },
  { action: 'read own vote', endpoint: 'voteStatus', run: async (h) => inject('GET', `/api/experiences/${await freshExperience()}/vote`, h), expect: MEMBERS },
  { action: 'read own votes', endpoint: 'myVotes', run: async (h) => inject('GET', `/api/votes?experienceIds=${await freshExperience()}`, h), expect: MEMBERS },
  { action: 'create a peptide', endpoint: 'createPeptide', run: (h) => inject('POST', '/api/peptides', h, validPeptide()), expect: MEMBERS_CREATE },
  {
    action: 'delete a peptide they created', endpoint: 'deletePeptide',
    run: async (h) => {
      // Visitors and pending accounts cannot create one: try to delete another member's.
      const creator = h.authorization ? h : otherMember.headers;
      const id = await createPeptide(t, creator.authorization.slice(7));
      return inject('DELETE', `/api/peptides/${id}`, h);
    },
    expect: MEMBERS,
  },
  {
    action: 'delete a peptide another member created', endpoint: 'deletePeptide',
    run: async (h) => inject('DELETE', `/api/peptides/${await createPeptide(t, otherMember.accessToken)}`, h),
    expect: { visitor: 401, pending: 401, user: 403, moderator: 200 },
  },
  { action: 'read own profile', endpoint: 'me', run: (h) => inject('GET', '/api/users/me', h), expect: MEMBERS },
  { action: 'update own profile', endpoint: 'updateMe', run: (h) => inject('PUT', '/api/users/me', h, { demographics: { age: 40 } }), expect: MEMBERS },
  { action: 'authenticated analytics', endpoint: 'analytics', run: (h) => inject('GET', '/api/analytics', h), expect: MEMBERS },
  { action: 'trends', endpoint: 'trends', run: (h) => inject('GET', '/api/analytics/trends?period=weekly&groupBy=category', h), expect: MEMBERS },
  { action: 'compare', endpoint: 'compare', run: (h) => inject('GET', `/api/analytics/compare?ids=${bpc}`, h), expect: MEMBERS },
  { action: 'list pending users', endpoint: 'pendingUsers', run: (h) => inject('GET', '/api/users/pending', h), expect: MODERATORS },
  { action: 'approve a user', endpoint: 'approveUser', run: async (h) => inject('POST', `/api/users/${await pendingUserId()}/approve`, h), expect: MODERATORS },
  { action: 'reject a user', endpoint: 'rejectUser', run: async (h) => inject('POST', `/api/users/${await pendingUserId()}/reject`, h, { notes: '' }), expect: MODERATORS },
  { action: 'research overview', endpoint: 'researchOverview', run: (h) => inject('GET', '/api/research/overview', h), expect: MODERATORS },
  { action: 'research export', endpoint: 'researchExport', run: (h) => inject('GET', '/api/research/export?limit=5', h), expect: MODERATORS },
];

const cells = table.flatMap((row) => (['visitor', 'pending', 'user', 'moderator'] as const).map((role) => [row.action, role, row] as const));

describe('permission table', () => {
  it('a pending account cannot sign in, so it never holds a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: pendingEmail, password: PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(ApiErrorBody.parse(json(res)).error).toMatch(/awaiting approval/i);
    expect(res.body).not.toMatch(/accessToken|refreshToken/);
  });

  it.each(cells)('%s as %s', async (_action, role, row) => {
    const res = await row.run(headersFor(role));
    const expected = row.expect[role];
    expect(res.statusCode, res.body).toBe(expected);
    const body = json(res);
    if (expected >= 400) {
      expect(ApiErrorBody.parse(body).error.length).toBeGreaterThan(0);
    } else {
      expect(body.success).toBe(true);
    }
  });

  it('covers every endpoint of the contract except the account calls tested in auth.test.ts', () => {
    const inTable = new Set(table.map((r) => r.endpoint));
    const accountCalls = ['health', 'register', 'login', 'refresh', 'logout', 'updateTrackedExperience', 'deleteTrackedExperience'];
    const missing = Object.keys(ENDPOINTS).filter((k) => !inTable.has(k as keyof typeof ENDPOINTS) && !accountCalls.includes(k));
    expect(missing).toEqual([]);
    // Every endpoint marked member or moderator is refused to visitors in the table.
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      if (e.access === 'public') continue;
      const rows = table.filter((r) => r.endpoint === key);
      expect(rows.length, key).toBeGreaterThan(0);
      for (const r of rows) expect(r.expect.visitor, key).toBe(401);
      if (e.access === 'moderator') for (const r of rows) expect(r.expect.user, key).toBe(403);
    }
  });
});

describe('roles cannot be claimed', () => {
  it('a member cannot approve themselves or anyone else, nor make themselves moderator', async () => {
    const m = await newMember(t, 'perm-climb');
    expect((await inject('POST', `/api/users/${m.userId}/approve`, m.headers)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/users/me', m.headers, { role: 'moderator' })).statusCode).toBe(400);
    expect((await inject('GET', '/api/research/overview', m.headers)).statusCode).toBe(403);
  });
});
