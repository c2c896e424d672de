// server/db/migrations/006_safe_text.sql: rows stored before the safe-text rule (inserted here
// with SQL, as the API used to let them in) are cleaned without losing a report; the aggregates
// still equal a from-scratch recomputation; the public reads then pass the SPA's reader and
// schemas with no reserved or invisible name left; what was done is in data_repairs; a second run
// changes nothing, and demonstration data is left alone.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperienceListResponse, Name, PeptideResponse, isReservedName } from '../../contract';
import { peptideNameKey } from '../../contract/names';
import { readData } from '../../contract/normalize';
import { bulkSeed } from '../../server/db/seed/bulk';
import { parseResponseBody, resolveBody } from '../../src/api/json';
import { createTestApp, json, type TestApp } from './helpers';
import { expectAggregatesExact } from './aggregate-check';
import { newMember } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/006_safe_text.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rec = Record<string, unknown>;

let serial = 0;
/** An experience written straight to the table, bypassing the API (as old code let it be). */
async function insertExperience(
  peptideId: string,
  fields: { outcomes: Rec; effects?: string[]; stack?: string[]; dosage?: string; story?: string },
) {
  serial += 1;
  const values = Object.values(fields.outcomes) as number[];
  const res = await t.ctx.db.query<{ id: string }>(
    `insert into experiences (tracking_hash, peptide_id, dosage, frequency, duration_days, route, primary_purpose,
       age_range, biological_sex, activity_level, outcomes, rating, effects, timeline, story, stack, search_text)
     values ($1, $2, $3, 'daily', 30, 'oral', '{Recovery}', '30-34', 'male', 'active', $4::jsonb, $5, $6, '1-week', $7, $8, 'x')
     returning id`,
    [
      `migration-test-${process.pid}-${serial}`,
      peptideId,
      fields.dosage ?? '250 mcg',
      JSON.stringify(fields.outcomes),
      values.reduce((a, b) => a + b, 0) / values.length,
      fields.effects ?? [],
      fields.story ?? 'A story long enough to be a real report about how things went over the weeks.',
      fields.stack ?? [],
    ],
  );
  return res.rows[0].id;
}

async function runMigration() {
  await t.ctx.db.transaction(async (tx) => {
    await tx.exec(MIGRATION);
  });
  t.ctx.cache.invalidate();
}

async function repairs(): Promise<Record<string, number>> {
  const res = await t.ctx.db.query<{ name: string; count: number }>('select name, count from data_repairs order by id');
  const out: Record<string, number> = {};
  for (const r of res.rows) out[r.name] = (out[r.name] ?? 0) + Number(r.count);
  return out;
}

async function spaRead<S extends Parameters<typeof readData>[0]>(schema: S, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return readData(schema, await resolveBody(parseResponseBody(res.body)));
}

const isCleanName = (s: string) => Name(100).safeParse(s).success && Name(100).parse(s) === s;

describe('006_safe_text.sql', () => {
  it('demonstration data is left alone: the migration changes nothing in a seeded database', async () => {
    await bulkSeed(t.ctx.db, { experiences: 300, voters: 5, batchSize: 300, seed: 3 });
    const before = (
      await t.ctx.db.query('select id, outcomes, effects, stack, dosage, story, rating from experiences order by id')
    ).rows;
    const before2 = (
      await t.ctx.db.query('select id, name, common_effects, side_effects, description from peptides order by id')
    ).rows;
    await t.ctx.db.query('delete from data_repairs');
    await runMigration();
    expect(
      (await t.ctx.db.query('select id, outcomes, effects, stack, dosage, story, rating from experiences order by id'))
        .rows,
    ).toEqual(before);
    expect(
      (await t.ctx.db.query('select id, name, common_effects, side_effects, description from peptides order by id'))
        .rows,
    ).toEqual(before2);
    expect(Object.values(await repairs()).every((n) => n === 0)).toBe(true);
  }, 120_000);

  it('cleans what breaks the rule, keeps every report and its ratings, keeps the aggregates exact, and the feed reads', async () => {
    const bpc = t.peptides.get('BPC-157')!;
    const total = async () =>
      Number((await t.ctx.db.query<{ n: number }>('select count(*)::int as n from experiences')).rows[0].n);
    const onlyReserved = await insertExperience(bpc, { outcomes: { constructor: 7 } });
    const mixed = await insertExperience(bpc, {
      outcomes: JSON.parse(
        '{"__proto__": 4, " Prototype ": 6, "Sle\\u200bep": 2, "Sleep": 8, "\\u200b": 5, "energy": 9}',
      ),
      effects: ['constructor', 'Head\u202eache', '\u200b', 'Cafe\u0301 jitters'],
      stack: ['__proto__', 'TB\u2060-500'],
      dosage: '250\u0007mcg',
      story: 'Line one of a long enough story about the weeks.\r\nLine two\u0007 with a bell.\tTabbed.',
    });
    const clean = await insertExperience(bpc, { outcomes: { energy: 6, sleep: 7 }, effects: ['Calm'] });
    const m = await newMember(t, 'migration');
    const peptideId = (
      await t.ctx.db.query<{ id: string }>(
        `insert into peptides (name, name_key, peptide_sequence, category, description, detailed_description, mechanism, common_dosage, common_frequency,
           common_effects, side_effects, common_stacks, created_by)
         values ('Proto\u200btype', 'proto\u200btype', 'AA', 'Anti-Aging', 'Desc', 'Longer', 'Mech', '1 mg', 'Daily', $1, $2, '{}', $3) returning id`,
        [['__proto__', 'Calm\u200b'], ['Nausea\u202e'], m.userId],
      )
    ).rows[0].id;
    await insertExperience(peptideId, { outcomes: { prototype: 3, mood: 5 } });
    await t.ctx.db.query(
      `insert into effects (name, type) values ('constructor', 'side'), ('Head\u200bache', 'side'), ('Jit\u200dters', 'side')`,
    );
    await t.ctx.db.query(`update users set demographics = $2::jsonb where id = $1`, [
      m.userId,
      JSON.stringify({ age: 30, allergies: ['__proto__', 'pollen\u200b', '\u200b'], fitnessGoals: ['Strength'] }),
    ]);
    const countBefore = await total();
    const ratingBefore = (
      await t.ctx.db.query<{ rating: number }>('select rating from experiences where id = $1', [onlyReserved])
    ).rows[0].rating;
    await t.ctx.db.query('delete from data_repairs');

    await runMigration();

    // No report lost; a report whose only outcome was reserved keeps its rating under a new name.
    expect(await total()).toBe(countBefore);
    const row = async (id: string) =>
      (
        await t.ctx.db.query<{
          outcomes: Rec;
          effects: string[];
          stack: string[];
          dosage: string;
          story: string;
          rating: number;
        }>('select * from experiences where id = $1', [id])
      ).rows[0];
    expect((await row(onlyReserved)).outcomes).toEqual({ 'constructor (renamed)': 7 });
    expect((await row(onlyReserved)).rating).toBe(ratingBefore);
    const mixedRow = await row(mixed);
    expect(mixedRow.outcomes).toEqual({
      '__proto__ (renamed)': 4,
      'Prototype (renamed)': 6,
      Sleep: 8,
      '(unnamed)': 5,
      energy: 9,
    });
    expect(mixedRow.rating).toBeCloseTo((4 + 6 + 8 + 5 + 9) / 5, 9);
    expect(mixedRow.effects).toEqual(['Headache', 'Café jitters']);
    expect(mixedRow.stack).toEqual(['TB-500']);
    expect(mixedRow.dosage).toBe('250 mcg');
    expect(mixedRow.story).toBe('Line one of a long enough story about the weeks.\nLine two with a bell.\tTabbed.');
    expect((await row(clean)).outcomes).toEqual({ energy: 6, sleep: 7 });
    const pep = (
      await t.ctx.db.query<{ name: string; name_key: string; common_effects: string[]; side_effects: string[] }>(
        'select * from peptides where id = $1',
        [peptideId],
      )
    ).rows[0];
    expect(pep).toMatchObject({ name: 'Prototype (renamed)', common_effects: ['Calm'], side_effects: ['Nausea'] });
    // Renamed, it is unique under its new name's key (004_peptide_name_key.sql).
    expect(pep.name_key).toBe(peptideNameKey(pep.name));
    const effects = (await t.ctx.db.query<{ name: string }>('select name from effects')).rows.map((r) => r.name);
    expect(effects).toContain('Headache');
    expect(effects).toContain('Jitters');
    expect(effects.filter((e) => e.toLowerCase() === 'headache')).toHaveLength(1);
    expect(effects.some(isReservedName)).toBe(false);
    const demographics = (
      await t.ctx.db.query<{ demographics: Rec }>('select demographics from users where id = $1', [m.userId])
    ).rows[0].demographics;
    expect(demographics).toEqual({ age: 30, allergies: ['pollen'], fitnessGoals: ['Strength'] });

    // Every stored name now passes the contract's rule.
    const stored = (
      await t.ctx.db.query<{ outcomes: Rec; effects: string[]; stack: string[] }>(
        'select outcomes, effects, stack from experiences',
      )
    ).rows;
    for (const r of stored)
      for (const name of [...Object.keys(r.outcomes), ...r.effects, ...r.stack])
        expect(isCleanName(name), JSON.stringify(name)).toBe(true);

    await expectAggregatesExact(t);

    // The operator can see what was done.
    const done = await repairs();
    expect(done['experiences: outcome names cleaned or renamed']).toBe(3);
    expect(done['experiences: outcome names merged (rating recomputed)']).toBe(1);
    expect(done['experiences: effects cleaned or dropped']).toBe(1);
    expect(done['peptides: names cleaned or renamed']).toBe(1);
    expect(done['effects vocabulary: names removed (reserved, blank or duplicate once cleaned)']).toBe(2);
    expect(done['users: profile lists cleaned']).toBe(1);

    // The public reads pass the SPA's reader and schemas.
    const feed = await spaRead(ExperienceListResponse, '/api/experiences?limit=100');
    expect(feed?.experiences.map((e) => e._id)).toEqual(expect.arrayContaining([onlyReserved, mixed, clean]));
    expect(await spaRead(PeptideResponse, `/api/peptides/${peptideId}`)).toBeDefined();
    const analytics = json(await t.app.inject({ method: 'GET', url: '/api/analytics/public' })).data;
    const keys = (analytics.effectivenessData as { effectiveness: Rec }[]).flatMap((d) => Object.keys(d.effectiveness));
    expect(keys.some(isReservedName)).toBe(false);

    // A second run changes nothing.
    await t.ctx.db.query('delete from data_repairs');
    const snapshotAll = async () =>
      (await t.ctx.db.query('select id, outcomes, effects, stack, dosage, story, rating from experiences order by id'))
        .rows;
    const once = await snapshotAll();
    await runMigration();
    expect(await snapshotAll()).toEqual(once);
    expect(Object.values(await repairs()).every((n) => n === 0)).toBe(true);
  });
});
