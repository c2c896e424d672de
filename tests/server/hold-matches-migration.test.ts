// server/db/migrations/030_hold_matches.sql and services/hold-backfill.ts on reports stored before
// the hold rules' matches were kept with them: the held, hidden and once-held ones are read again
// at start (their matches, a held repeat's original), the others read as matching nothing, and
// text stored with bidi controls loses them. Run twice: every statement of it may run again.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillHoldMatches } from '../../server/services/hold-backfill';
import { lockQueue } from '../../server/db/queue-lock';
import { moderatorToken, queueQuery, rows } from './fixtures';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/030_hold_matches.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('030_hold_matches', () => {
  it('reads again at start what a moderator can see; the rest matches nothing; stored bidi controls go', async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    const story = (extra: string) => `${validSubmission(peptideId).story} ${extra}`;
    const held = await submit(t, validSubmission(peptideId, { story: story('Order at peptideshop.com today.') }));
    const plain = await submit(t, validSubmission(peptideId, { story: story('Nothing to see here.') }));
    const original = `An account of its own, long enough to be compared by its word triples with another. ${'Sleep came easier and the knee settled. '.repeat(4)}`;
    const first = await submit(t, validSubmission(peptideId, { story: original }));
    const repeat = await submit(t, validSubmission(peptideId, { story: original }));
    expect([held.status, plain.status, first.status, repeat.status]).toEqual([
      'held',
      'published',
      'published',
      'held',
    ]);
    // A story stored with a right-to-left override, as the API took them before.
    await t.ctx.db.query(`update experiences set story = story || $2 where id = $1`, [
      plain.experience._id,
      ' \u202emoc.pohsedittpep\u202c',
    ]);
    const queued = '00000000-0000-4000-8000-0000000000c3';
    await queueQuery(
      t,
      `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'submit', 'hash-030', $2::jsonb, now())`,
      [queued, JSON.stringify({ story: 'queued \u202etext\u202c', route: 'oral' })],
    );

    // The database as it was before 030, then 030 twice.
    await t.ctx.db.query('drop index experiences_hold_matches_unread');
    await t.ctx.db.query('alter table experiences drop column hold_matches, drop column repeat_of');
    // As db/migrate.ts runs it: under the queue's lock (db/queue-lock.ts), since it rewrites queued payloads.
    for (let i = 0; i < 2; i++) {
      await t.ctx.db.transaction(async (tx) => {
        await lockQueue(tx);
        await tx.exec(MIGRATION);
      });
    }

    const unread = await rows<{ id: string }>(t, 'select id from experiences where hold_matches is null');
    expect(unread.map((r) => r.id).sort()).toEqual([held.experience._id, repeat.experience._id].sort());
    expect(
      (
        await rows<{ story: string }>(t, 'select story from experiences where id = $1', [plain.experience._id])
      )[0].story.endsWith(' moc.pohsedittpep'),
    ).toBe(true);
    expect(
      await rows(t, `select payload ->> 'story' as story from publication_queue where experience_id = $1`, [queued]),
    ).toEqual([{ story: 'queued text' }]);
    await queueQuery(t, 'delete from publication_queue where experience_id = $1', [queued]);

    expect(await backfillHoldMatches(t.ctx.db)).toBe(2);
    expect(await backfillHoldMatches(t.ctx.db)).toBe(0);
    const stored = await rows<{ id: string; hold_matches: unknown; repeat_of: string | null }>(
      t,
      'select id, hold_matches, repeat_of from experiences where id = any($1::uuid[])',
      [[held.experience._id, plain.experience._id, repeat.experience._id]],
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    expect(byId.get(held.experience._id)).toMatchObject({
      hold_matches: [{ kind: 'link', text: 'peptideshop.com' }],
      repeat_of: null,
    });
    expect(byId.get(plain.experience._id)).toMatchObject({ hold_matches: [], repeat_of: null });
    expect(byId.get(repeat.experience._id)).toMatchObject({ hold_matches: [], repeat_of: first.experience._id });

    // The queue's cards show what was read, with no reading of their own.
    const mod = bearer(await moderatorToken(t));
    const card = async (id: string) =>
      json(await t.app.inject({ method: 'GET', url: `/api/moderation/queue?experienceId=${id}`, headers: mod })).data
        .items[0];
    expect((await card(held.experience._id)).matches).toEqual([{ kind: 'link', text: 'peptideshop.com' }]);
    expect((await card(repeat.experience._id)).repeatOf).toMatchObject({ id: first.experience._id });
  });
});
