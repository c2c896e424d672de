// The write path's cost (docs/performance.md, "Writes"): on PGlite every statement takes a turn
// on the one connection, so a submission or a vote that needs fewer turns keeps the queue behind
// it shorter; and no write may stop to merge a GIN pending list for everyone queued behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, QueryResult, Transaction } from '../../server/db/client';
import { newMember } from './fixtures';
import { createTestApp, json, submit, tableDigests, validSubmission, type TestApp } from './helpers';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { warmWritePath } from '../../server/services/warm-up';

let t: TestApp;
/** With publication batches, as a server runs by default (services/publication/), each applying whatever is due. */
let batches: TestApp;
let bpc: string;
beforeAll(async () => {
  t = await createTestApp();
  batches = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1' });
  bpc = t.peptides.get('BPC-157')!;
});
afterAll(async () => {
  await t.close();
  await batches.close();
});

/**
 * Counts the statements the services send while `fn` runs (BEGIN and COMMIT not included). The
 * rate limiter's counters are not the write path: on PostgreSQL they live in the same database
 * (PgRateLimitStore, server/lib/rate-limit.ts), on PGlite in memory, so they are left out; nor is
 * the mail queue's delivery and the digest's check, which run in the background
 * (plugins/mail-delivery.ts), for instance just after a new member's approval.
 */
async function statementsDuring(app: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const db = app.ctx.db as { -readonly [K in keyof Db]: Db[K] };
  const all: string[] = [];
  const seen = {
    push: (sql: string) => void (/rate_limit_counters|mail_queue|digest_week|weeklyDigest/.test(sql) || all.push(sql)),
  };
  const query = db.query;
  const transaction = db.transaction;
  db.query = <T>(sql: string, params?: unknown[]) => {
    seen.push(sql);
    return query.call(db, sql, params) as Promise<QueryResult<T>>;
  };
  db.transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    transaction.call(db, (tx: Transaction) =>
      work({
        ...tx,
        query: <U>(sql: string, params?: unknown[]) => {
          seen.push(sql);
          return tx.query<U>(sql, params);
        },
      }),
    ) as Promise<T>;
  try {
    await fn();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return all;
}

describe('the write path', () => {
  it("a submission takes three statements (the queue's lock, its peptide, its row in the publication queue); the report shows at the batch as sent", async () => {
    // Others of the same combination, public through a batch as everything is: the card still
    // shows no demographics (docs/product-rules.md, "Anonymity").
    const cell = { ageRange: '45-49', biologicalSex: 'female', activityLevel: 'sedentary' };
    const bpcOfBatches = batches.peptides.get('BPC-157')!;
    for (let i = 0; i < 5; i++) await submit(batches, validSubmission(bpcOfBatches, { demographics: cell }));
    await runBatch(batches.ctx, nextBatchAt(new Date(), batches.config.publishEveryMs)!);
    const body = validSubmission(bpcOfBatches, { demographics: cell });
    let answer = { _id: '' };
    const statements = await statementsDuring(batches, async () => {
      answer = (await submit(batches, body)).experience;
    });
    // The lock keeps the queue's random order whole (server/db/queue-lock.ts).
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/pg_advisory_xact_lock/);
    expect(statements[2]).toMatch(/insert into publication_queue/);
    // The answer names the report by its id only (contract/experiences.ts SubmitExperienceResponse).
    expect(Object.keys(answer)).toEqual(['_id']);
    expect((await batches.app.inject({ method: 'GET', url: `/api/experiences/${answer._id}` })).statusCode).toBe(404);
    await runBatch(batches.ctx, nextBatchAt(new Date(), batches.config.publishEveryMs)!);
    const shown = json(await batches.app.inject({ method: 'GET', url: `/api/experiences/${answer._id}` })).data
      .experience;
    expect(shown).toMatchObject({ _id: answer._id, story: body.story, outcomes: body.outcomes, demographics: null });
  });

  it('a held submission answers its hold reasons in the same three statements; its log entry is written by the batch', async () => {
    let res: Awaited<ReturnType<typeof submit>> | null = null;
    const statements = await statementsDuring(batches, async () => {
      res = await submit(
        batches,
        validSubmission(batches.peptides.get('BPC-157')!, {
          story:
            'Ask me at seller@example.com for the batch I used; it worked well for my shoulder and my sleep over six weeks.',
        }),
      );
    });
    expect(res!.status).toBe('held');
    expect(res!.holdReasons).toEqual(['email']);
    expect(statements).toHaveLength(3);
    await runBatch(batches.ctx, nextBatchAt(new Date(), batches.config.publishEveryMs)!);
    const log = await batches.ctx.db.query<{ action: string; reasons: string[] }>(
      'select action, reasons from moderation_log where experience_id = $1',
      [res!.experience._id],
    );
    expect(log.rows).toEqual([{ action: 'hold', reasons: ['email'] }]);
  });

  it('a vote takes one statement to record and one to read the counts (besides the session check and monthly activity)', async () => {
    const m = await newMember(t);
    const id = (await submit(t, validSubmission(bpc))).experience._id;
    let status = 0;
    const statements = await statementsDuring(t, async () => {
      status = (
        await t.app.inject({
          method: 'POST',
          url: `/api/experiences/${id}/vote`,
          headers: m.headers,
          payload: { voteType: 'helpful' },
        })
      ).statusCode;
    });
    expect(status).toBe(201);
    expect(
      statements.filter((s) => !/account_activity|from sessions/.test(s)),
      statements.join('\n'),
    ).toHaveLength(2);
    // The same vote again and a missing report are still told apart.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/experiences/${id}/vote`,
      headers: m.headers,
      payload: { voteType: 'helpful' },
    });
    expect(again.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/experiences/00000000-0000-4000-8000-000000000000/vote',
      headers: m.headers,
      payload: { voteType: 'helpful' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a member's later votes in the month send no activity statement, and the member still counts as active", async () => {
    const m = await newMember(t);
    const [first, second] = [
      (await submit(t, validSubmission(bpc))).experience._id,
      (await submit(t, validSubmission(bpc))).experience._id,
    ];
    const vote = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/experiences/${id}/vote`,
        headers: m.headers,
        payload: { voteType: 'helpful' },
      });
    expect((await vote(first)).statusCode).toBe(201);
    let status = 0;
    const statements = await statementsDuring(t, async () => {
      status = (await vote(second)).statusCode;
    });
    expect(status).toBe(201);
    expect(
      statements.filter((s) => !/from sessions/.test(s)),
      statements.join('\n'),
    ).toHaveLength(2);
    const active = await t.ctx.db.query(
      `select 1 from account_activity a join users u on u.id = a.user_id
        where u.email = $1 and a.month = date_trunc('month', now() at time zone 'UTC')::date`,
      [m.email],
    );
    expect(active.rows).toHaveLength(1);
  });

  it('the warm-up at start runs the write path and leaves every table exactly as it was', async () => {
    await newMember(t);
    await submit(t, validSubmission(bpc));
    // Every table but what the server writes in the background by design (tableDigests).
    const contents = () => tableDigests(t);
    const before = await contents();
    const messages: string[] = [];
    let statements: string[] = [];
    statements = await statementsDuring(t, () => warmWritePath(t.ctx, (message) => messages.push(message)));
    expect(messages.join('\n')).toMatch(/^Write path warmed/);
    expect(statements.join('\n')).toMatch(/insert into experiences[\s\S]*insert into votes/);
    expect(await contents()).toEqual(before);
  });

  // Tests that show something wrote nothing (the fuzz test, the warm-up above) may span the hour,
  // when the hourly run (PUBLISH_EVERY=0) records its batch: with nothing to apply it must leave
  // every table as it was but that record, which tableDigests leaves out.
  it('the hourly publication run with nothing to apply changes nothing but its record of the last batch', async () => {
    const before = await tableDigests(t);
    const nextHour = new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000);
    expect((await runBatch(t.ctx, nextHour)).ran).toBe(true);
    expect(await tableDigests(t)).toEqual(before);
    const record = await t.ctx.db.query<{ value: string }>(
      `select value from app_settings where key = 'last_publication_batch'`,
    );
    expect(record.rows[0]?.value).toBe(nextHour.toISOString());
  });

  it('the GIN indexes of experiences keep only a small pending list for a later write to merge', async () => {
    const res = await t.ctx.db.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_class c join pg_index i on i.indexrelid = c.oid
         join pg_class r on r.oid = i.indrelid join pg_am a on a.oid = c.relam
        where r.relname = 'experiences' and a.amname = 'gin' order by 1`,
    );
    expect(res.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of res.rows)
      expect({ name: row.name, options: row.options }).toEqual({
        name: row.name,
        options: expect.arrayContaining(['gin_pending_list_limit=64']),
      });
  });
});
