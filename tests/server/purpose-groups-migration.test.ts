// server/db/migrations/027_drop_purpose_groups.sql: the purpose groups, their counter, trigger and
// index are gone (nothing read them), the migration may run twice, and what was queued before it
// (a payload that still carries `purpose_groups`) is published by the next batch and edited after.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { createTestApp, json, lookupTracked, submit, updateTracked, validSubmission, type TestApp } from './helpers';
import { createPeptide, newMember, queueQuery, rows, uniqueWord } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/027_drop_purpose_groups.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  // Each batch applies whatever is due (no minimum group: batch-minimum.test.ts).
  t = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1' });
});
afterAll(() => t.close());

const nextBatch = () => nextBatchAt(new Date(), t.ctx.config.publishEveryMs)!;

describe('027_drop_purpose_groups', () => {
  it('leaves no column, counter, trigger or index of purpose groups, and may run again', async () => {
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));
    expect(
      await rows(
        t,
        `select column_name from information_schema.columns where table_name = 'experiences' and column_name = 'purpose_groups'`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        t,
        `select relname from pg_class where relname in ('experience_group_counts', 'experiences_groups_idx')`,
      ),
    ).toEqual([]);
    expect(await rows(t, `select tgname from pg_trigger where tgname = 'experiences_group_counts'`)).toEqual([]);
    expect(await rows(t, `select proname from pg_proc where proname = 'experience_group_counts_trigger'`)).toEqual([]);
  });

  it('publishes a report and an edit queued before it, whose payloads still name purpose groups', async () => {
    const owner = await newMember(t, 'groups');
    const pid = await createPeptide(t, owner.accessToken, { name: uniqueWord('Groups') });
    const sent = await submit(t, validSubmission(pid));
    expect(sent.status).toBe('queued');
    // As the queue kept it before migration 027.
    await queueQuery(
      t,
      `update publication_queue set payload = payload || '{"purpose_groups": ["healing"]}'::jsonb where experience_id = $1`,
      [sent.experience._id],
    );
    expect((await runBatch(t.ctx, nextBatch())).applied).toMatchObject({ submitted: 1 });
    expect(json(await lookupTracked(t.app, sent.trackingId)).data.experience.status).toBe('published');

    expect((await updateTracked(t.app, sent.trackingId, { dosage: '300 mcg' })).statusCode).toBe(200);
    await queueQuery(
      t,
      `update publication_queue set payload = payload || '{"purpose_groups": ["performance"]}'::jsonb where experience_id = $1`,
      [sent.experience._id],
    );
    expect((await runBatch(t.ctx, nextBatch())).applied).toMatchObject({ edited: 1 });
    expect(json(await lookupTracked(t.app, sent.trackingId)).data.experience).toMatchObject({
      status: 'published',
      dosage: '300 mcg',
    });
  });
});
