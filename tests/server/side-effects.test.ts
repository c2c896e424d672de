// Side effects apart from benefits (docs/product-rules.md, "Side effects"): a side effect never
// enters a report's rating, its peptide's means or the feed's sort, whether it is sent in
// `sideEffects` or, by an older client, as a rated outcome (moved, its rating read as a
// severity). Migration 034_side_effects.sql moves stored outcomes the same way, queued ones too.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_REQUIRED_MESSAGE, SIDE_EFFECT_WORDS, severityOfRating } from '../../contract/side-effects';
import { lockQueue } from '../../server/db/queue-lock';
import { expectAggregatesExact } from './aggregate-check';
import { createPeptide, expectError, newMember, queueQuery, rows, uniqueWord } from './fixtures';
import { createTestApp, json, ownReport, submit, updateTracked, validSubmission, type TestApp } from './helpers';

const MIGRATION_FILE = path.join(import.meta.dirname, '../../server/db/migrations/034_side_effects.sql');
const MIGRATION = fs.readFileSync(MIGRATION_FILE, 'utf8');

let t: TestApp;
let peptideId: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await newMember(t, 'sidefx');
  // validPeptide: common effect "Faster recovery", side effect "Headache".
  peptideId = await createPeptide(t, owner.accessToken, { name: uniqueWord('Sidefx') });
});
afterAll(() => t.close());

const detail = async (id: string) =>
  json(await t.app.inject({ method: 'GET', url: `/api/experiences/${id}` })).data.experience as {
    rating: number;
    outcomes: Record<string, number>;
    sideEffects: { name: string; severity: string }[];
  };

describe('a side effect never raises a rating', () => {
  it('a report with a severe side effect has the same Overall as the same report without it', async () => {
    const without = await submit(t, validSubmission(peptideId, { outcomes: { 'Faster recovery': 7 } }));
    const withSevere = await submit(
      t,
      validSubmission(peptideId, {
        outcomes: { 'Faster recovery': 7 },
        sideEffects: [{ name: 'Headache', severity: 'severe' }],
      }),
    );
    const a = await detail(without.experience._id);
    const b = await detail(withSevere.experience._id);
    expect(a.rating).toBe(7);
    expect(b.rating).toBe(7);
    expect(b.outcomes).toEqual({ 'Faster recovery': 7 });
    expect(b.sideEffects).toEqual([{ name: 'Headache', severity: 'severe' }]);
    expect(a.sideEffects).toEqual([]);
  });

  it('an older client rating "Headache 10/10" as an outcome: moved to the side effects as severe, Overall 7.0, not 8.5', async () => {
    const sent = await submit(
      t,
      validSubmission(peptideId, { outcomes: { 'Faster recovery': 7, headache: 10, Nausea: 2 } }),
    );
    const report = await detail(sent.experience._id);
    expect(report.rating).toBe(7);
    expect(report.outcomes).toEqual({ 'Faster recovery': 7 });
    expect(report.sideEffects).toEqual([
      { name: 'headache', severity: 'severe' },
      { name: 'Nausea', severity: 'mild' },
    ]);
    // The peptide's outcome means list no side effect.
    const peptide = json(await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` })).data;
    expect(JSON.stringify(peptide).toLowerCase()).not.toMatch(/"headache":|"name":"headache","mean"/);
    const outcomes = await rows<{ outcome: string }>(t, 'select outcome from peptide_outcomes where peptide_id = $1', [
      peptideId,
    ]);
    expect(outcomes.map((o) => o.outcome)).not.toContain('headache');
    await expectAggregatesExact(t);
  });

  it('a report whose every rated outcome is a side effect is refused with a sentence, and nothing is stored', async () => {
    const before = await rows(t, 'select count(*)::int as n from experiences');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { outcomes: { Headache: 8 } }),
    });
    expect(expectError(res, 400)).toContain(BENEFIT_REQUIRED_MESSAGE);
    expect(await rows(t, 'select count(*)::int as n from experiences')).toEqual(before);
  });

  it('refuses a side effect listed twice, a severity not on the list and more than 12', async () => {
    const post = (sideEffects: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId, { sideEffects }) });
    expectError(
      await post([
        { name: 'Headache', severity: 'mild' },
        { name: 'headache ', severity: 'severe' },
      ]),
      400,
      /each side effect can be listed once/,
    );
    expectError(await post([{ name: 'Headache', severity: 'awful' }]), 400);
    expectError(
      await post(Array.from({ length: 13 }, (_, i) => ({ name: `Side ${i}`, severity: 'mild' }))),
      400,
      /at most 12/,
    );
    expectError(await post([{ name: '__proto__', severity: 'mild' }]), 400);
  });

  it('a correction changes the side effects, and one sent as an outcome moves there too', async () => {
    const sent = await submit(t, validSubmission(peptideId, { outcomes: { 'Faster recovery': 6 } }));
    const res = await updateTracked(t.app, sent.trackingId, {
      outcomes: { 'Faster recovery': 6, Dizziness: 5 },
      sideEffects: [{ name: 'Injection site pain', severity: 'mild' }],
    });
    expect(res.statusCode).toBe(200);
    const own = await ownReport(t, sent.trackingId);
    expect(own.rating).toBe(6);
    expect(own.sideEffects).toEqual([
      { name: 'Injection site pain', severity: 'mild' },
      { name: 'Dizziness', severity: 'moderate' },
    ]);
    expect((await detail(sent.experience._id)).sideEffects).toHaveLength(2);
    await expectAggregatesExact(t);
  });

  it("keeps a peptide's own benefit rated though elsewhere it is a side effect", async () => {
    const owner = await newMember(t, 'appetite');
    const hungry = await createPeptide(t, owner.accessToken, {
      name: uniqueWord('Hunger'),
      commonEffects: ['Fatigue'],
      sideEffects: [],
    });
    const sent = await submit(t, validSubmission(hungry, { outcomes: { Fatigue: 4 } }));
    expect((await detail(sent.experience._id)).outcomes).toEqual({ Fatigue: 4 });
  });
});

describe('034_side_effects', () => {
  const again = () =>
    t.ctx.db.transaction(async (tx) => {
      await lockQueue(tx);
      await tx.exec(MIGRATION);
    });

  it('moves stored and queued side-effect outcomes with the documented severities, recounts, and may run twice', async () => {
    await t.ctx.db.query(`delete from migration_notes where migration = '034_side_effects'`);
    const mixed = await submit(t, validSubmission(peptideId, { outcomes: { 'Faster recovery': 6 } }));
    const only = await submit(t, validSubmission(peptideId, { outcomes: { 'Faster recovery': 5 } }));
    const kept = await submit(t, validSubmission(peptideId, { outcomes: { 'Faster recovery': 9 } }));
    // Put two back as stored before side effects had their own list.
    await t.ctx.db.query(
      `update experiences set outcomes = '{"Faster recovery": 6, "Headache": 9, "Water Retention": 4, "Mood Swings": 1}', rating = 5, side_effects = '[]' where id = $1`,
      [mixed.experience._id],
    );
    await t.ctx.db.query(`update experiences set outcomes = '{"Headache": 3}', rating = 3 where id = $1`, [
      only.experience._id,
    ]);
    const queuedId = '00000000-0000-4000-8000-0000000000b7';
    await queueQuery(
      t,
      `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'submit', $2, $3::jsonb, now())`,
      [
        queuedId,
        uniqueWord('hash'),
        JSON.stringify({ peptide_id: peptideId, outcomes: { 'Faster recovery': 8, nausea: 7 }, rating: 7.5 }),
      ],
    );

    await again();
    await again();

    const moved = await detail(mixed.experience._id);
    expect(moved.outcomes).toEqual({ 'Faster recovery': 6 });
    expect(moved.rating).toBe(6);
    expect(moved.sideEffects).toEqual([
      { name: 'Headache', severity: 'severe' },
      { name: 'Mood Swings', severity: 'mild' },
      { name: 'Water Retention', severity: 'moderate' },
    ]);
    // Every outcome a side effect: left as it was, counted apart.
    expect((await detail(only.experience._id)).outcomes).toEqual({ Headache: 3 });
    expect((await detail(kept.experience._id)).sideEffects).toEqual([]);
    const [queued] = await rows<{ payload: Record<string, unknown> }>(
      t,
      'select payload from publication_queue where experience_id = $1',
      [queuedId],
    );
    expect(queued.payload).toMatchObject({
      outcomes: { 'Faster recovery': 8 },
      side_effects: [{ name: 'nausea', severity: 'moderate' }],
      rating: 8,
    });
    const notes = await rows<{ note: string; n: string | number }>(
      t,
      `select note, n from migration_notes where migration = '034_side_effects' order by note`,
    );
    const count = (text: string) => Number(notes.find((n) => n.note.startsWith(text))?.n);
    expect(count('reports whose side-effect outcomes moved')).toBeGreaterThanOrEqual(1);
    expect(count('side-effect outcomes moved')).toBeGreaterThanOrEqual(3);
    expect(count('reports left as they were')).toBeGreaterThanOrEqual(1);
    expect(count('queued reports and corrections')).toBe(1);
    await queueQuery(t, 'delete from publication_queue where experience_id = $1', [queuedId]);
    await expectAggregatesExact(t);
  });

  it('moves by the words the contract names, and maps ratings as it says (1-3 mild, 4-7 moderate, 8-10 severe)', () => {
    const inMigration = [...MIGRATION.matchAll(/^\s*\('([a-z ]+)'\)(?:,$|\) as words)/gm)].map((m) => m[1]);
    expect(inMigration).toEqual([...SIDE_EFFECT_WORDS]);
    expect([1, 3, 4, 7, 8, 10].map(severityOfRating)).toEqual([
      'mild',
      'mild',
      'moderate',
      'moderate',
      'severe',
      'severe',
    ]);
    expect(MIGRATION).toContain(
      "when value::text::numeric <= 3 then 'mild' when value::text::numeric <= 7 then 'moderate' else 'severe'",
    );
  });
});
