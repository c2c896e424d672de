// Votes: one per account per experience, four types, 409 on the same type, a change replaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExperienceResponse,
  MyVotesResponse,
  NO_VOTE_TO_WITHDRAW_MESSAGE,
  VOTE_WITHDRAWN_MESSAGE,
  VoteResponse,
  VoteStatusResponse,
  VOTE_TYPES,
  WithdrawVoteResponse,
} from '../../contract';
import { expectAggregatesExact } from './aggregate-check';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { expectError, moderatorToken, newMember, rows } from './fixtures';

let t: TestApp;
let bpc: string;
beforeAll(async () => {
  t = await createTestApp();
  bpc = t.peptides.get('BPC-157')!;
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const castVote = (experienceId: string, voteType: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/experiences/${experienceId}/vote`, headers, payload: { voteType } });

async function newExperience() {
  return (await submit(t, validSubmission(bpc))).experience._id;
}

async function counts(experienceId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/experiences/${experienceId}` });
  return ExperienceResponse.parse(json(res)).data.experience.votes;
}

describe('POST /api/experiences/:id/vote', () => {
  it('visitors get 401 and nothing is stored', async () => {
    const id = await newExperience();
    expectError(await castVote(id, 'helpful'), 401);
    expect(await rows(t, 'select 1 from votes where experience_id = $1', [id])).toHaveLength(0);
  });

  it('records a helpful vote with 201, returning the vote and the counts from the database', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    const res = await castVote(id, 'helpful', m.headers);
    expect(res.statusCode).toBe(201);
    const body = VoteResponse.parse(json(res));
    expect(body.data.vote).toMatchObject({ experienceId: id, voteType: 'helpful' });
    expect(body.data.votes).toEqual({ helpful: 1, notHelpful: 0, detailed: 0, concerning: 0, total: 1 });
    expect(body.message).toBe('Your helpful vote has been recorded.');
    expect(await counts(id)).toEqual(body.data.votes);
    const [row] = await rows<{ id: string; user_id: string }>(
      t,
      'select id, user_id from votes where experience_id = $1',
      [id],
    );
    expect(row).toEqual({ id: body.data.vote._id, user_id: m.userId });
  });

  it.each(VOTE_TYPES)('the same type again (%s) is a 409 with the Already Voted message', async (voteType) => {
    const m = await newMember(t);
    const id = await newExperience();
    expect((await castVote(id, voteType, m.headers)).statusCode).toBe(201);
    expectError(await castVote(id, voteType, m.headers), 409, `You have already marked this experience as ${voteType}`);
    expect(await rows(t, 'select 1 from votes where experience_id = $1', [id])).toHaveLength(1);
  });

  it('another type replaces the vote: still one row, counts move', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const id = await newExperience();
    const first = VoteResponse.parse(json(await castVote(id, 'helpful', m.headers))).data;
    await castVote(id, 'helpful', other.headers);
    const res = await castVote(id, 'concerning', m.headers);
    expect(res.statusCode).toBe(201);
    const second = VoteResponse.parse(json(res)).data;
    expect(second.vote._id).toBe(first.vote._id);
    expect(second.votes).toEqual({ helpful: 1, notHelpful: 0, detailed: 0, concerning: 1, total: 2 });
    const mine = await rows<{ vote_type: string }>(
      t,
      'select vote_type from votes where experience_id = $1 and user_id = $2',
      [id, m.userId],
    );
    expect(mine).toEqual([{ vote_type: 'concerning' }]);
    expect(await counts(id)).toEqual(second.votes);
    // Back to helpful is allowed (it is a change again).
    expect((await castVote(id, 'helpful', m.headers)).statusCode).toBe(201);
    expect(await counts(id)).toEqual({ helpful: 2, notHelpful: 0, detailed: 0, concerning: 0, total: 2 });
  });

  it('moderators vote like members', async () => {
    const id = await newExperience();
    expect((await castVote(id, 'detailed', bearer(await moderatorToken(t)))).statusCode).toBe(201);
    expect((await counts(id)).detailed).toBe(1);
  });

  it('answers 400 for an unknown vote type or malformed id, 404 for an unknown experience', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    expectError(
      await castVote(id, 'love', m.headers),
      400,
      /voteType must be one of: helpful, not-helpful, detailed, concerning/,
    );
    expectError(await castVote(id, undefined, m.headers), 400, /voteType/);
    expectError(await castVote('nope', 'helpful', m.headers), 400, /^id: must be a valid id/);
    expectError(await castVote(UNKNOWN_ID, 'helpful', m.headers), 404, /Experience not found/);
    expect(await rows(t, 'select 1 from votes where user_id = $1', [m.userId])).toHaveLength(0);
  });

  it('two concurrent votes by one account leave exactly one row', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    const same = await Promise.all([castVote(id, 'helpful', m.headers), castVote(id, 'helpful', m.headers)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const id2 = await newExperience();
    const mixed = await Promise.all([
      castVote(id2, 'helpful', m.headers),
      castVote(id2, 'detailed', m.headers),
      castVote(id2, 'concerning', m.headers),
    ]);
    expect(mixed.every((r) => r.statusCode === 201)).toBe(true);
    for (const e of [id, id2]) {
      const votes = await rows(t, 'select 1 from votes where experience_id = $1 and user_id = $2', [e, m.userId]);
      expect(votes).toHaveLength(1);
      expect((await counts(e)).total).toBe(1);
    }
  });

  it('the database itself refuses a second row for one account and experience', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    await castVote(id, 'helpful', m.headers);
    await expect(
      t.ctx.db.query(`insert into votes (experience_id, user_id, vote_type) values ($1, $2, 'detailed')`, [
        id,
        m.userId,
      ]),
    ).rejects.toThrow();
  });
});

const withdraw = (experienceId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/experiences/${experienceId}/vote`, headers });

describe('DELETE /api/experiences/:id/vote (withdraw)', () => {
  it.each(VOTE_TYPES)(
    'withdraws a %s vote: the row goes, the counts and the peptide total follow',
    async (voteType) => {
      const m = await newMember(t);
      const other = await newMember(t);
      const id = await newExperience();
      await castVote(id, 'helpful', other.headers);
      expect((await castVote(id, voteType, m.headers)).statusCode).toBe(201);
      const res = await withdraw(id, m.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = WithdrawVoteResponse.parse(json(res));
      expect(body.message).toBe(VOTE_WITHDRAWN_MESSAGE);
      expect(body.data).toEqual({
        withdrawn: true,
        votes: { helpful: 1, notHelpful: 0, detailed: 0, concerning: 0, total: 1 },
      });
      expect(await counts(id)).toEqual(body.data.votes);
      expect(
        await rows(t, 'select 1 from votes where experience_id = $1 and user_id = $2', [id, m.userId]),
      ).toHaveLength(0);
      const status = await t.app.inject({ method: 'GET', url: `/api/experiences/${id}/vote`, headers: m.headers });
      expect(VoteStatusResponse.parse(json(status)).data.hasVoted).toBe(false);
      await expectAggregatesExact(t);
    },
  );

  it('after withdrawing, the same type can be cast again (no 409)', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    await castVote(id, 'detailed', m.headers);
    await withdraw(id, m.headers);
    expect((await castVote(id, 'detailed', m.headers)).statusCode).toBe(201);
    expect(await counts(id)).toEqual({ helpful: 0, notHelpful: 0, detailed: 1, concerning: 0, total: 1 });
  });

  it('with no vote to withdraw: 200, withdrawn false, nothing changes', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const id = await newExperience();
    await castVote(id, 'not-helpful', other.headers);
    const res = await withdraw(id, m.headers);
    expect(res.statusCode).toBe(200);
    const body = WithdrawVoteResponse.parse(json(res));
    expect(body.message).toBe(NO_VOTE_TO_WITHDRAW_MESSAGE);
    expect(body.data).toEqual({
      withdrawn: false,
      votes: { helpful: 0, notHelpful: 1, detailed: 0, concerning: 0, total: 1 },
    });
  });

  it('401 for visitors (nothing removed), 400 malformed id, 404 unknown or unpublished experience', async () => {
    const m = await newMember(t);
    const id = await newExperience();
    await castVote(id, 'helpful', m.headers);
    expectError(await withdraw(id), 401);
    expect((await counts(id)).helpful).toBe(1);
    expectError(await withdraw('nope', m.headers), 400, /^id: must be a valid id/);
    expectError(await withdraw(UNKNOWN_ID, m.headers), 404, /Experience not found/);
    await t.ctx.db.query(`update experiences set status = 'held' where id = $1`, [id]);
    expectError(await withdraw(id, m.headers), 404, /Experience not found/);
  });
});

describe('GET /api/experiences/:id/vote', () => {
  it('returns {hasVoted, voteType, voteId} for the caller only', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const id = await newExperience();
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/experiences/${id}/vote`, headers });
    expect(VoteStatusResponse.parse(json(await get(m.headers))).data).toEqual({
      hasVoted: false,
      voteType: null,
      voteId: null,
    });
    const vote = VoteResponse.parse(json(await castVote(id, 'not-helpful', m.headers))).data.vote;
    expect(VoteStatusResponse.parse(json(await get(m.headers))).data).toEqual({
      hasVoted: true,
      voteType: 'not-helpful',
      voteId: vote._id,
    });
    expect(VoteStatusResponse.parse(json(await get(other.headers))).data.hasVoted).toBe(false);
  });

  it('401 for visitors, 400 malformed id, 404 unknown experience', async () => {
    const m = await newMember(t);
    expectError(await t.app.inject({ method: 'GET', url: `/api/experiences/${await newExperience()}/vote` }), 401);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/experiences/x/vote', headers: m.headers }),
      400,
      /^id: /,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/experiences/${UNKNOWN_ID}/vote`, headers: m.headers }),
      404,
    );
  });
});

describe('GET /api/votes?experienceIds=', () => {
  it('returns the caller’s votes on the named experiences, keyed by experience', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const [a, b, c] = [await newExperience(), await newExperience(), await newExperience()];
    const va = VoteResponse.parse(json(await castVote(a, 'helpful', m.headers))).data.vote;
    const vb = VoteResponse.parse(json(await castVote(b, 'detailed', m.headers))).data.vote;
    await castVote(c, 'helpful', other.headers);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/votes?experienceIds=${a},${b},${c},${UNKNOWN_ID}`,
      headers: m.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(MyVotesResponse.parse(json(res)).data.votes).toEqual({
      [a]: { voteType: 'helpful', voteId: va._id },
      [b]: { voteType: 'detailed', voteId: vb._id },
    });
  });

  it('401 for visitors; 400 when missing, malformed or more than 100 ids', async () => {
    const m = await newMember(t);
    const get = (qs: string, headers: Record<string, string> = m.headers) =>
      t.app.inject({ method: 'GET', url: `/api/votes${qs}`, headers });
    expectError(await get(`?experienceIds=${UNKNOWN_ID}`, {}), 401);
    expectError(await get(''), 400, /experienceIds is required/);
    expectError(await get(`?experienceIds=${UNKNOWN_ID},nope`), 400, /experienceIds/);
    const many = Array.from({ length: 101 }, () => UNKNOWN_ID).join(',');
    expectError(await get(`?experienceIds=${many}`), 400, /experienceIds must be at most/);
    // A full page of 100 is fine.
    const hundred = Array.from({ length: 100 }, () => UNKNOWN_ID).join(',');
    expect(MyVotesResponse.parse(json(await get(`?experienceIds=${hundred}`))).data.votes).toEqual({});
  });
});
