// Decisions on accounts after the first (services/account-decisions.ts, docs/product-rules.md
// "Registration approval"): an approval or rejection taken back within ACCOUNT_UNDO_SECONDS
// sends no mail; approved members (and rejected registrations, which can still be approved) are listed, searchable and paged; a suspension ends the
// member's sessions at once and refuses sign-in while their votes and flags stay; reinstating
// lets them in again; the account log says who did each. Runs on PostgreSQL too (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED_MESSAGE } from '../../contract/members';
import { bearer, createTestApp, json, login, member, PASSWORD, submit, validSubmission, type TestApp } from './helpers';
import { expectError, moderatorToken, newMember, rows, uniqueEmail } from './fixtures';

let t: TestApp;
let mod: Record<string, string>;
let bpc: string;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_UNDO_SECONDS: '15' });
  mod = bearer(await moderatorToken(t));
  bpc = t.peptides.get('BPC-157')!;
}, 120_000);
afterAll(() => t?.close());

const post = (url: string, headers = mod, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers = mod) => t.app.inject({ method: 'GET', url, headers });
const pending = async (prefix: string) => {
  const email = uniqueEmail(prefix);
  return { email, ...(await member(t, email, { approve: false })) };
};
const decisionMails = (id: string) =>
  rows<{ kind: string; due_later: boolean }>(
    t,
    `select kind, next_attempt_at > now() as due_later from mail_queue where user_id = $1 and kind in ('approved', 'rejected')`,
    [id],
  );
const logOf = async (memberId: string) =>
  (json(await get('/api/moderation/accounts/log?limit=100')).data.entries as { memberId: string }[]).filter(
    (e) => e.memberId === memberId,
  );

describe('undo of an approval or rejection', () => {
  it('puts the account back to pending and drops its mail, which waited for the window; the log says who', async () => {
    const p = await pending('undo-approve');
    const approved = await post(`/api/users/${p.userId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await decisionMails(p.userId)).toEqual([{ kind: 'approved', due_later: true }]);
    const undo = await post(`/api/users/${p.userId}/undo`);
    expect(json(undo)).toMatchObject({
      data: { id: p.userId, status: 'pending', undone: 'approve' },
      message: 'Approval undone: the account waits for a decision again, and no mail was sent.',
    });
    expect(await decisionMails(p.userId)).toEqual([]);
    expect(
      (json(await get('/api/users/pending?limit=100')).data.users as { _id: string }[]).some((u) => u._id === p.userId),
    ).toBe(true);
    expectError(await post(`/api/users/${p.userId}/undo`), 409, /no recent approval or rejection/);
    expect(await logOf(p.userId)).toMatchObject([
      { action: 'undo', undid: 'approve', moderatorEmail: 'moderator@example.com', memberEmail: p.email },
      { action: 'approve', undid: null, moderatorEmail: 'moderator@example.com' },
    ]);

    // A rejection the same way, with its note kept in the log.
    expect((await post(`/api/users/${p.userId}/reject`, mod, { notes: 'Looks automated' })).statusCode).toBe(200);
    expect(json(await post(`/api/users/${p.userId}/undo`)).data.undone).toBe('reject');
    expect((await logOf(p.userId))[1]).toMatchObject({ action: 'reject', note: 'Looks automated' });
  });

  it('refuses once the window has passed or the mail has gone: then Suspend', async () => {
    const p = await pending('undo-late');
    expect((await post(`/api/users/${p.userId}/approve`)).statusCode).toBe(200);
    await t.ctx.db.query(`update users set decided_at = decided_at - interval '1 minute' where id = $1`, [p.userId]);
    expectError(await post(`/api/users/${p.userId}/undo`), 409, /suspend the member/);
    const q = await pending('undo-sent');
    expect((await post(`/api/users/${q.userId}/approve`)).statusCode).toBe(200);
    await t.ctx.db.query(`delete from mail_queue where user_id = $1`, [q.userId]);
    expectError(await post(`/api/users/${q.userId}/undo`), 409, /mail has been sent/);
    expect((await rows<{ status: string }>(t, 'select status from users where id = $1', [q.userId]))[0].status).toBe(
      'approved',
    );
  });
});

describe('approved members', () => {
  it('lists approved and suspended members, not moderators, searchable by part of the email and paged', async () => {
    const tag = `find${Date.now().toString(36)}`;
    const found = [await newMember(t, `${tag}-a`), await newMember(t, `${tag}-b`), await newMember(t, `${tag}-c`)];
    const page1 = json(await get(`/api/users/members?q=${tag.toUpperCase()}&limit=2`)).data;
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.users).toHaveLength(2);
    const page2 = json(await get(`/api/users/members?q=${tag}&limit=2&page=2`)).data;
    const ids = [...page1.users, ...page2.users].map((u: { _id: string }) => u._id).sort();
    expect(ids).toEqual(found.map((m) => m.userId).sort());
    expect(page1.users[0]).toMatchObject({ status: 'approved', decidedBy: 'moderator@example.com' });
    expect(json(await get('/api/users/members?q=moderator@example.com')).data.total).toBe(0);
    // LIKE's wildcards are plain characters here.
    expect(json(await get('/api/users/members?q=%25')).data.total).toBe(0);
  });

  it('lists a rejected registration, which a moderator can still approve later: then it signs in', async () => {
    const p = await pending('reverse-reject');
    expect((await post(`/api/users/${p.userId}/reject`, mod, { notes: 'Unclear' })).statusCode).toBe(200);
    const listed = json(await get(`/api/users/members?q=${encodeURIComponent(p.email)}`)).data.users;
    expect(listed).toMatchObject([{ _id: p.userId, status: 'rejected', decidedBy: 'moderator@example.com' }]);
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: p.email, password: PASSWORD } });
    expect((await signIn()).statusCode).toBe(403);
    const approved = await post(`/api/users/${p.userId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(await get(`/api/users/members?q=${encodeURIComponent(p.email)}`)).data.users).toMatchObject([
      { status: 'approved' },
    ]);
    expect((await signIn()).statusCode).toBe(200);
    expect((await logOf(p.userId)).map((e) => (e as unknown as { action: string }).action)).toEqual([
      'approve',
      'reject',
    ]);
  });
});

describe('suspension', () => {
  it('ends the sessions at once and refuses sign-in with a sentence; votes and flags stay; reinstating lets them in', async () => {
    const m = await newMember(t, 'suspend');
    const second = await login(t, m.email, PASSWORD);
    const report = (await submit(t, validSubmission(bpc))).experience._id;
    expect((await post(`/api/experiences/${report}/vote`, m.headers, { voteType: 'helpful' })).statusCode).toBe(201);
    expect((await post(`/api/experiences/${report}/flag`, m.headers, { reason: 'spam' })).statusCode).toBe(201);
    const votesBefore = json(await get(`/api/experiences/${report}`, {})).data.experience.votes;
    expect((await get('/api/users/me', m.headers)).statusCode).toBe(200);

    const suspended = await post(`/api/users/${m.userId}/suspend`, mod, { note: 'Vote ring' });
    expect(json(suspended)).toMatchObject({ data: { user: { _id: m.userId, status: 'suspended' } } });
    // Both sessions, the one the cache just saw included.
    expectError(await get('/api/users/me', m.headers), 401);
    expectError(await get('/api/users/me', bearer(second.accessToken)), 401);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: second.refreshToken } }),
      401,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: m.email, password: PASSWORD },
    });
    expect(expectError(refused, 403)).toBe(SUSPENDED_MESSAGE);
    expect(json(await get(`/api/experiences/${report}`, {})).data.experience.votes).toEqual(votesBefore);
    expect(
      await rows(t, 'select resolved_at from flags where experience_id = $1 and user_id = $2', [report, m.userId]),
    ).toEqual([{ resolved_at: null }]);
    expect(
      (json(await get(`/api/users/members?q=${encodeURIComponent(m.email)}`)).data.users as { status: string }[])[0]
        .status,
    ).toBe('suspended');
    expectError(await post(`/api/users/${m.userId}/suspend`, mod, {}), 409, /Only an approved member/);
    expectError(await post(`/api/users/${m.userId}/approve`), 409, /reinstate/);

    const back = await post(`/api/users/${m.userId}/reinstate`);
    expect(json(back)).toMatchObject({ data: { user: { status: 'approved' } } });
    expect((await login(t, m.email, PASSWORD)).userId).toBe(m.userId);
    expectError(await post(`/api/users/${m.userId}/reinstate`), 409, /Only a suspended member/);
    expect((await logOf(m.userId)).map((e) => (e as unknown as { action: string }).action)).toEqual([
      'reinstate',
      'suspend',
      'approve',
    ]);
    expect((await logOf(m.userId))[1]).toMatchObject({ note: 'Vote ring', moderatorEmail: 'moderator@example.com' });
  });

  it('never reaches a moderator, oneself or an unknown account', async () => {
    const me = json(await get('/api/users/me')).data.user._id as string;
    expectError(await post(`/api/users/${me}/suspend`, mod, {}), 403, /your own account/);
    expectError(await post('/api/users/00000000-0000-4000-8000-000000000000/suspend', mod, {}), 404);
    const p = await pending('suspend-pending');
    expectError(await post(`/api/users/${p.userId}/suspend`, mod, {}), 409, /Only an approved member/);
  });

  it('the log refuses to be rewritten', async () => {
    await expect(t.ctx.db.query('delete from account_log')).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query(`update account_log set note = 'x'`)).rejects.toThrow(/append-only/);
  });
});
