// Coarse time: no public answer, export or cursor gives a report's time finer than
// its UTC day, which is all the database keeps. Sorting newest first still works.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  lookupTracked,
  ownReport,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';
import { createPeptide, moderatorToken, rows, uniqueWord } from './fixtures';

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations/007_coarse_time.sql',
);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

/** A peptide of its own, so a test sees exactly the reports it wrote. */
async function isolatedPeptideFor(app: TestApp): Promise<string> {
  return createPeptide(app, await moderatorToken(app), { name: uniqueWord('Coarse') });
}
afterAll(() => t?.close());

/** Every createdAt / updatedAt / time-like value anywhere in a JSON answer. */
function times(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) times(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/(createdAt|updatedAt)$/.test(k) && typeof v === 'string') out.push(v);
      else times(v, out);
    }
  }
  return out;
}

describe('a report as published', () => {
  it('carries its UTC day only, in every answer that shows it; the database keeps only the day', async () => {
    const peptideId = await isolatedPeptideFor(t);
    const dayBefore = new Date().toISOString().slice(0, 10);
    const { trackingId } = await submit(t, validSubmission(peptideId));
    const experience = await ownReport(t, trackingId);
    expect(experience.createdAt).toMatch(DAY);
    // The day it was sent: the one before the request or, if midnight UTC passed meanwhile, after it.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(experience.createdAt);
    await updateTracked(t.app, trackingId, { effects: ['Calm'] });
    const mod = bearer(await moderatorToken(t));
    const answers = [
      ...(await Promise.all(
        [
          `/api/experiences?peptideId=${peptideId}`,
          `/api/experiences/${experience._id}`,
          '/api/experiences/home/public',
        ].map((url) => t.app.inject({ method: 'GET', url })),
      )),
      await lookupTracked(t.app, trackingId),
    ];
    const exported = await t.app.inject({ method: 'GET', url: '/api/research/export?limit=100', headers: mod });
    for (const res of [...answers, exported]) {
      expect(res.statusCode, res.body).toBe(200);
      for (const v of times(json(res))) expect(v).toMatch(DAY);
      // No ISO time of day anywhere in the text, under any name (the export's own generatedAt
      // is when it was made, not a report's time).
      expect(res.body.replace(/"generatedAt":"[^"]*"/, '')).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    }
    const own = json(answers[3]).data.experience;
    expect(own.updatedAt).toMatch(DAY);
    const [stored] = await rows<{ created: Date; updated: Date }>(
      t,
      'select created_at as created, updated_at as updated from experiences where id = $1',
      [experience._id],
    );
    for (const at of [new Date(stored.created), new Date(stored.updated)]) {
      expect(at.getUTCHours() + at.getUTCMinutes() + at.getUTCSeconds() + at.getUTCMilliseconds()).toBe(0);
    }
  });

  it('the database refuses a time finer than the day, whatever writes it', async () => {
    const [{ id }] = await rows<{ id: string }>(t, 'select id from experiences limit 1');
    await expect(
      t.ctx.db.query(`update experiences set created_at = '2026-01-02T03:04:05.006Z' where id = $1`, [id]),
    ).rejects.toThrow(/experiences_created_day/);
    await expect(
      t.ctx.db.query(`update experiences set updated_at = '2026-01-02T03:04:00Z' where id = $1`, [id]),
    ).rejects.toThrow(/experiences_updated_day/);
  });
});

describe('paging', () => {
  it('cursors reveal neither a time nor an id, and newest-first paging walks every report once', async () => {
    const peptideId = await isolatedPeptideFor(t);
    const written: string[] = [];
    for (let i = 0; i < 9; i++) written.push((await submit(t, validSubmission(peptideId))).experience._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { peptideId, sort: 'newest', limit: '4', ...(cursor ? { cursor } : {}) };
      const res = await t.app.inject({ method: 'GET', url: '/api/experiences', query });
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data as { experiences: { _id: string; createdAt: string }[]; nextCursor: string | null };
      seen.push(...data.experiences.map((e) => e._id));
      cursor = data.nextCursor;
      if (cursor) {
        const opened = Buffer.from(cursor, 'base64url').toString('latin1');
        expect(opened).not.toMatch(/\d{4}-\d{2}/);
        for (const e of data.experiences) expect(opened).not.toContain(e._id.slice(0, 8));
        // Tampered: refused with 400, not a failed query.
        const bytes = Buffer.from(cursor, 'base64url');
        bytes[bytes.length - 1] ^= 1;
        const tampered = await t.app.inject({
          method: 'GET',
          url: '/api/experiences',
          query: { ...query, cursor: bytes.toString('base64url') },
        });
        expect(tampered.statusCode).toBe(400);
      }
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...written].sort());
  });
});

describe('migration 007', () => {
  it('coarsens existing times to the UTC day, keeps every report on it, and leaves the aggregates alone', async () => {
    const peptideId = await isolatedPeptideFor(t);
    const { experience } = await submit(t, validSubmission(peptideId));
    await t.ctx.db.transaction((tx) =>
      tx.exec(
        'alter table experiences drop constraint experiences_created_day, drop constraint experiences_updated_day',
      ),
    );
    // Ten past midnight UTC: in a zone half an hour ahead, truncating in local time would move it
    // to the previous UTC day.
    await t.ctx.db.query(
      `update experiences set created_at = '2026-03-04T00:10:07.089Z', updated_at = '2026-03-05T23:59:59.999Z' where id = $1`,
      [experience._id],
    );
    const daily = async () =>
      rows(t, 'select day::text, experiences, rating_sum from experience_daily where peptide_id = $1 order by day', [
        peptideId,
      ]);
    const before = await daily();
    await t.ctx.db.transaction(async (tx) => {
      await tx.exec(`set local time zone 'Asia/Kolkata'`);
      await tx.exec(fs.readFileSync(MIGRATION, 'utf8'));
    });
    const [row] = await rows<{ created: Date; updated: Date }>(
      t,
      'select created_at as created, updated_at as updated from experiences where id = $1',
      [experience._id],
    );
    expect(new Date(row.created).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(new Date(row.updated).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(await daily()).toEqual(before);
    // And the constraints are back.
    await expect(
      t.ctx.db.query(`update experiences set created_at = '2026-03-04T00:10:00Z' where id = $1`, [experience._id]),
    ).rejects.toThrow(/experiences_created_day/);
  });
});

describe('the moderation log (migration 011)', () => {
  const logOf = (id: string) =>
    rows<{ created: Date; moderator: string | null; action: string }>(
      t,
      'select created_at as created, moderator_id as moderator, action from moderation_log where experience_id = $1 order by seq',
      [id],
    );

  it("dates an automatic hold by the report's UTC day and a moderator's action by the UTC hour; the database refuses finer", async () => {
    const peptideId = await isolatedPeptideFor(t);
    const dayBefore = new Date().toISOString().slice(0, 10);
    const held = await submit(
      t,
      validSubmission(peptideId, {
        story: `Read more at https://example.com about this ${uniqueWord('log')} ${'steady '.repeat(20)}`,
      }),
    );
    expect(held.status).toBe('held');
    const mod = bearer(await moderatorToken(t));
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${held.experience._id}/hide`,
      headers: mod,
      payload: { reason: 'spam' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const [hold, hidden] = await logOf(held.experience._id);
    expect(hold.action).toBe('hold');
    expect([dayBefore, new Date().toISOString().slice(0, 10)].map((d) => `${d}T00:00:00.000Z`)).toContain(
      new Date(hold.created).toISOString(),
    );
    expect(hidden.action).toBe('hide');
    expect(new Date(hidden.created).toISOString()).toMatch(/T\d{2}:00:00\.000Z$/);
    // An edit after the hide holds it again: dated by the day, so earlier than the hide by time,
    // yet third in the report's own order (seq).
    const edited = await updateTracked(t.app, held.trackingId, { effects: ['Calm'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await logOf(held.experience._id)).map((e) => e.action)).toEqual(['hold', 'hide', 'hold']);
    // The log API gives no finer time either.
    const log = await t.app.inject({ method: 'GET', url: `/api/moderation/log?limit=100`, headers: mod });
    for (const v of times(json(log))) expect(v).not.toMatch(/:\d[1-9]:|:[1-5]\d:|\.\d*[1-9]\d*Z/);
    await expect(
      t.ctx.db.query(
        `insert into moderation_log (experience_id, action, created_at, moderator_id) values ($1, 'publish', '2026-03-04T10:10:07Z', $2)`,
        [held.experience._id, hidden.moderator],
      ),
    ).rejects.toThrow(/moderation_log_coarse_created/);
  });
});
