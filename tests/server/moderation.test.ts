// Flags, the moderation queue, moderators' decisions and the append-only log
// (docs/product-rules.md, "Moderation"; services/moderation.ts, migration 009_moderation.sql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationLogResponse, ModerationQueueResponse } from '../../contract/moderation-api';
import { HIDE_REASON_TEXT } from '../../contract/moderation';
import { bearer, createTestApp, json, lookupTracked, submit, validSubmission, type TestApp } from './helpers';
import { expectError, moderatorToken, newMember, rows } from './fixtures';

let t: TestApp;
let mod: Record<string, string>;
let peptideId: string;
type Member = Awaited<ReturnType<typeof newMember>>;
let members: Member[];

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
  peptideId = [...t.peptides.values()][0];
  members = [];
  for (let i = 0; i < 6; i++) members.push(await newMember(t, `flagger-${i}`));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const flag = (id: string, m: Member, payload: object = { reason: 'spam' }) =>
  inject('POST', `/api/experiences/${id}/flag`, m.headers, payload);
const act = (id: string, action: 'publish' | 'hide' | 'restore', payload?: object) =>
  inject('POST', `/api/moderation/experiences/${id}/${action}`, mod, payload);
const statusOf = async (id: string) =>
  (await rows<{ status: string }>(t, 'select status from experiences where id = $1', [id]))[0]?.status;
const logOf = (id: string) =>
  rows<{ action: string; moderator_id: string | null; reasons: string[]; note: string | null }>(
    t,
    'select action, moderator_id, reasons, note from moderation_log where experience_id = $1 order by seq',
    [id],
  );
async function report(overrides: Record<string, unknown> = {}) {
  return submit(t, validSubmission(peptideId, overrides));
}

describe('flags', () => {
  it('a member flags once (201), again 409; FLAG_HOLD_THRESHOLD flags hold the report at once, logged as automatic', async () => {
    const { experience } = await report();
    const first = await flag(experience._id, members[0], { reason: 'dangerous', note: 'Suggests an unsafe dose.' });
    expect(first.statusCode).toBe(201);
    expect(json(first).data).toEqual({ flagged: true, status: 'published' });
    expectError(await flag(experience._id, members[0], { reason: 'spam' }), 409, /already flagged/);
    expect((await flag(experience._id, members[1])).statusCode).toBe(201);
    expect(await statusOf(experience._id)).toBe('published');
    const third = await flag(experience._id, members[2], { reason: 'personal-info' });
    expect(json(third).data.status).toBe('held');
    expect(await statusOf(experience._id)).toBe('held');
    expect((await inject('GET', `/api/experiences/${experience._id}`)).statusCode).toBe(404);
    expect(await logOf(experience._id)).toEqual([
      { action: 'hold', moderator_id: null, reasons: ['flags'], note: null },
    ]);
    // Held: no longer flaggable (like an unknown report).
    expect((await flag(experience._id, members[3])).statusCode).toBe(404);
  });

  it('refuses unknown reports (404), bad reasons and long or unsafe notes (400)', async () => {
    const { experience } = await report();
    expect((await flag('00000000-0000-4000-8000-000000000000', members[0])).statusCode).toBe(404);
    expectError(await flag(experience._id, members[0], { reason: 'boring' }), 400);
    expectError(await flag(experience._id, members[0], { reason: 'other', note: 'x'.repeat(501) }), 400);
    expectError(await flag(experience._id, members[0], { reason: 'other', note: 'bad \u0000 byte' }), 400);
    expect((await flag(experience._id, members[0], { reason: 'other', note: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('visitors get 401', async () => {
    const { experience } = await report();
    expect((await inject('POST', `/api/experiences/${experience._id}/flag`, {}, { reason: 'spam' })).statusCode).toBe(
      401,
    );
  });

  it('5 concerning votes hold a published report', async () => {
    const { experience } = await report();
    for (let i = 0; i < 5; i++) {
      const res = await inject('POST', `/api/experiences/${experience._id}/vote`, members[i].headers, {
        voteType: 'concerning',
      });
      expect(res.statusCode).toBe(201);
      expect(await statusOf(experience._id)).toBe(i < 4 ? 'published' : 'held');
    }
    expect(await logOf(experience._id)).toEqual([
      { action: 'hold', moderator_id: null, reasons: ['concerning-votes'], note: null },
    ]);
  });

  it('concerning votes arriving together past the threshold hold the report once', async () => {
    // The vote and the hold are separate statements (services/votes.ts castVote): whichever way
    // the fifth and sixth votes interleave, the report is held once and nobody gets an error.
    const { experience } = await report();
    const vote = (i: number) =>
      inject('POST', `/api/experiences/${experience._id}/vote`, members[i].headers, { voteType: 'concerning' });
    for (let i = 0; i < 3; i++) expect((await vote(i)).statusCode).toBe(201);
    const together = await Promise.all([vote(3), vote(4), vote(5)]);
    // Each is recorded, or refused because the report was already held: never an error.
    for (const res of together) expect([201, 404]).toContain(res.statusCode);
    expect(await statusOf(experience._id)).toBe('held');
    expect(await logOf(experience._id)).toEqual([
      { action: 'hold', moderator_id: null, reasons: ['concerning-votes'], note: null },
    ]);
  });
});

describe('decisions', () => {
  it('publish: held -> published; a published report with open flags -> its flags resolved (kept); otherwise 409', async () => {
    const held = await report({ story: `${validSubmission('').story} Visit shop.com.` });
    expect(await statusOf(held.experience._id)).toBe('held');
    const res = await act(held.experience._id, 'publish');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ id: held.experience._id, status: 'published', publicFrom: null });
    expect((await inject('GET', `/api/experiences/${held.experience._id}`)).statusCode).toBe(200);
    expectError(await act(held.experience._id, 'publish'), 409, /held report/);

    const flagged = await report();
    await flag(flagged.experience._id, members[0]);
    expect((await act(flagged.experience._id, 'publish')).statusCode).toBe(200);
    const flags = await rows<{ resolved_at: Date | null }>(
      t,
      'select resolved_at from flags where experience_id = $1',
      [flagged.experience._id],
    );
    expect(flags).toHaveLength(1);
    expect(flags[0].resolved_at).not.toBeNull();
    expectError(await act(flagged.experience._id, 'publish'), 409);
    expect((await act('00000000-0000-4000-8000-000000000000', 'publish')).statusCode).toBe(404);
  });

  it('hide: published or held -> hidden with a reason; restore: hidden -> published; invalid transitions 409; each logged', async () => {
    const { experience, trackingId } = await report();
    expectError(await act(experience._id, 'restore'), 409, /hidden report/);
    expectError(await act(experience._id, 'hide', { reason: 'nonsense' }), 400);
    expectError(await act(experience._id, 'hide', { reason: 'spam', note: 'y'.repeat(501) }), 400);
    expect((await act(experience._id, 'hide', { reason: 'spam', note: 'Advertises a shop.' })).statusCode).toBe(200);
    expect((await inject('GET', `/api/experiences/${experience._id}`)).statusCode).toBe(404);
    expectError(await act(experience._id, 'hide', { reason: 'spam' }), 409, /already hidden/);
    expectError(await act(experience._id, 'publish'), 409);
    // The submitter sees the status and the reason.
    const own = json(await lookupTracked(t.app, trackingId)).data.experience;
    expect(own).toMatchObject({ status: 'hidden', hiddenReason: { code: 'spam', text: HIDE_REASON_TEXT.spam } });

    expect((await act(experience._id, 'restore')).statusCode).toBe(200);
    expect(json(await lookupTracked(t.app, trackingId)).data.experience).toMatchObject({
      status: 'published',
      hiddenReason: null,
    });
    const modId = (await rows<{ id: string }>(t, `select id from users where role = 'moderator' limit 1`))[0].id;
    expect(await logOf(experience._id)).toEqual([
      { action: 'hide', moderator_id: modId, reasons: ['spam'], note: 'Advertises a shop.' },
      { action: 'restore', moderator_id: modId, reasons: [], note: null },
    ]);
  });

  it('members get 403 and visitors 401 on every moderator route', async () => {
    const { experience } = await report();
    for (const [method, url] of [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/log'],
      ['POST', `/api/moderation/experiences/${experience._id}/publish`],
      ['POST', `/api/moderation/experiences/${experience._id}/hide`],
      ['POST', `/api/moderation/experiences/${experience._id}/restore`],
    ] as const) {
      expect(
        (await inject(method, url, members[0].headers, method === 'POST' ? { reason: 'spam' } : undefined)).statusCode,
      ).toBe(403);
      expect((await inject(method, url, {}, method === 'POST' ? { reason: 'spam' } : undefined)).statusCode).toBe(401);
    }
    expect(await statusOf(experience._id)).toBe('published');
  });
});

describe('the queue', () => {
  it('held reports and published reports with open flags, oldest first, keyset paged, with reasons and counts', async () => {
    // A fresh database state for the queue: decide everything queued so far.
    const fresh = await createTestApp();
    try {
      const freshMod = bearer(await moderatorToken(fresh));
      const pid = [...fresh.peptides.values()][0];
      const flagger = await newMember(fresh, 'q-flagger');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const body = validSubmission(
          pid,
          i % 2 === 0
            ? {
                story: `${validSubmission('').story} Mail me at x${'abcde'[i]}@mail.example.`,
                sourcing: { batchId: 'B-1' },
              }
            : {},
        );
        const created = (await submit(fresh, body)).experience._id;
        // Distinct days, oldest first in insertion order.
        await fresh.ctx.db.query(
          `update experiences set created_at = utc_day(now() - make_interval(days => $2)) where id = $1`,
          [created, 10 - i],
        );
        ids.push(created);
      }
      // 1 and 3 are published: flag 1 only (3 stays out of the queue).
      const f = await fresh.app.inject({
        method: 'POST',
        url: `/api/experiences/${ids[1]}/flag`,
        headers: flagger.headers,
        payload: { reason: 'off-topic', note: 'Not about a peptide.' },
      });
      expect(f.statusCode).toBe(201);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: Awaited<ReturnType<typeof fresh.app.inject>> = await fresh.app.inject({
          method: 'GET',
          url: '/api/moderation/queue',
          query: { limit: '2', ...(cursor ? { cursor } : {}) },
          headers: freshMod,
        });
        expect(res.statusCode).toBe(200);
        const data: ReturnType<typeof ModerationQueueResponse.parse>['data'] = ModerationQueueResponse.parse(
          json(res),
        ).data;
        for (const item of data.items) {
          seen.push(item.experience._id);
          if (item.experience._id === ids[1]) {
            expect(item).toMatchObject({
              status: 'published',
              holdReasons: [],
              flags: {
                open: 1,
                reasons: [{ reason: 'off-topic', count: 1 }],
                notes: [{ reason: 'off-topic', note: 'Not about a peptide.' }],
              },
              concerningVotes: 0,
            });
          } else {
            expect(item).toMatchObject({ status: 'held', holdReasons: ['email'], flags: { open: 0 } });
            // The full report: demographics and sourcing, whatever the public view withholds.
            expect(item.experience.demographics).toEqual({
              ageRange: '30-34',
              biologicalSex: 'male',
              activityLevel: 'active',
            });
            expect(item.experience.sourcing).toEqual({ batchId: 'B-1' });
          }
        }
        cursor = data.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(seen).toEqual([ids[0], ids[1], ids[2], ids[4]]);
      expect(pages).toBe(2);
      expectError(
        await fresh.app.inject({ method: 'GET', url: '/api/moderation/queue?cursor=garbage', headers: freshMod }),
        400,
      );

      // Decisions empty the queue; the research overview counts what is left.
      const overview = async () =>
        json(await fresh.app.inject({ method: 'GET', url: '/api/research/overview', headers: freshMod })).data;
      expect(await overview()).toMatchObject({ heldReports: 3, openFlags: 1 });
      await fresh.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${ids[1]}/publish`,
        headers: freshMod,
      });
      await fresh.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${ids[0]}/hide`,
        headers: freshMod,
        payload: { reason: 'personal-info' },
      });
      expect(await overview()).toMatchObject({ heldReports: 2, openFlags: 0 });
      const after = json(
        await fresh.app.inject({ method: 'GET', url: '/api/moderation/queue', headers: freshMod }),
      ).data.items.map((i: { experience: { _id: string } }) => i.experience._id);
      expect(after).toEqual([ids[2], ids[4]]);

      // The log: newest first, filtered by action and moderator, paged; automatic holds have no moderator.
      const log = async (query: Record<string, string>) =>
        ModerationLogResponse.parse(
          json(await fresh.app.inject({ method: 'GET', url: '/api/moderation/log', query, headers: freshMod })),
        ).data;
      const all = await log({ limit: '100' });
      // Newest first by time; entries of the same hour (or day, for automatic holds: migration
      // 011_moderation_log_time.sql) come in random-id order, so only the times are ordered.
      // ids[1] was public with an open flag: publishing it kept it and dismissed the flag.
      expect(all.entries.map((e) => e.action).sort()).toEqual(['hide', 'hold', 'hold', 'hold', 'keep-published']);
      const times = all.entries.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.entries.filter((e) => e.action === 'hold').every((e) => e.moderatorId === null)).toBe(true);
      const hide = all.entries.find((e) => e.action === 'hide')!;
      expect(hide).toMatchObject({
        experienceId: ids[0],
        reasons: ['personal-info'],
        moderatorEmail: 'moderator@example.com',
      });
      const modId = hide.moderatorId!;
      expect((await log({ action: 'hold' })).entries).toHaveLength(3);
      expect((await log({ moderatorId: modId })).entries.map((e) => e.action).sort()).toEqual([
        'hide',
        'keep-published',
      ]);
      const page1 = await log({ limit: '2' });
      const page2 = await log({ limit: '2', cursor: page1.nextCursor! });
      expect([...page1.entries, ...page2.entries].map((e) => e._id)).toEqual(all.entries.slice(0, 4).map((e) => e._id));

      // Append-only: the database refuses to change or delete an entry.
      await expect(fresh.ctx.db.query('delete from moderation_log')).rejects.toThrow(/append-only/);
      await expect(fresh.ctx.db.query(`update moderation_log set note = 'x'`)).rejects.toThrow(/append-only/);
      // A deleted report keeps its log entries.
      await fresh.ctx.db.query('delete from experiences where id = $1', [ids[0]]);
      expect((await log({ limit: '100' })).entries).toHaveLength(5);
    } finally {
      await fresh.close();
    }
  });

  it('view=hidden lists hidden reports (to restore), experienceId answers one report whatever its status', async () => {
    const queue = async (query: Record<string, string>) => {
      const res = await inject('GET', `/api/moderation/queue?${new URLSearchParams(query)}`, mod);
      expect(res.statusCode, res.body).toBe(200);
      return ModerationQueueResponse.parse(json(res)).data;
    };
    const ids = (data: { items: { experience: { _id: string } }[] }) => data.items.map((i) => i.experience._id);
    const hidden = (await report()).experience._id;
    const held = (await report({ story: `${validSubmission('').story} See www.example.com for more.` })).experience._id;
    const published = (await report()).experience._id;
    expect((await act(hidden, 'hide', { reason: 'dangerous' })).statusCode).toBe(200);
    expect((await act((await report()).experience._id, 'hide', { reason: 'spam' })).statusCode).toBe(200);

    const hiddenView = ids(await queue({ view: 'hidden', limit: '100' }));
    expect(hiddenView).toContain(hidden);
    expect(hiddenView).not.toContain(held);
    const waiting = ids(await queue({ limit: '100' }));
    expect(waiting).toContain(held);
    expect(waiting).not.toContain(hidden);
    // Paged like the waiting view: each page of one report follows the last.
    const first = await queue({ view: 'hidden', limit: '1' });
    const second = await queue({ view: 'hidden', limit: '1', cursor: first.nextCursor! });
    expect([...ids(first), ...ids(second)]).toEqual(hiddenView.slice(0, 2));

    const one = await queue({ experienceId: hidden });
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({
      status: 'hidden',
      experience: { _id: hidden, hiddenReason: { code: 'dangerous' } },
    });
    expect(one.nextCursor).toBeNull();
    expect((await queue({ experienceId: published })).items[0]).toMatchObject({
      status: 'published',
      flags: { open: 0 },
    });
    expect((await queue({ experienceId: '00000000-0000-4000-8000-000000000000' })).items).toEqual([]);
    expectError(await inject('GET', '/api/moderation/queue?view=deleted', mod), 400);
    expectError(await inject('GET', '/api/moderation/queue?experienceId=nope', mod), 400);
  });
});
