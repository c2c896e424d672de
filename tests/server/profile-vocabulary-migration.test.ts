// server/db/migrations/038_profile_vocabulary.sql: profiles stored with an age from 13 and five
// activity levels move to the wizard's age ranges (from 18) and four levels, once, and what moved
// is counted in migration_notes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { newMember, rows } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/038_profile_vocabulary.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('038_profile_vocabulary', () => {
  it('moves ages to their range, drops ages under 18, maps the five activity levels to four, and counts it', async () => {
    const cases: [object, object][] = [
      [
        { age: 18, activityLevel: 'lightly-active' },
        { ageRange: '18-24', activityLevel: 'moderate' },
      ],
      [
        { age: 34, activityLevel: 'very-active', weight: 70 },
        { ageRange: '30-34', activityLevel: 'active', weight: 70 },
      ],
      [
        { age: 50, activityLevel: 'extremely-active' },
        { ageRange: '50+', activityLevel: 'athletic' },
      ],
      [{ age: 15, biologicalSex: 'female' }, { biologicalSex: 'female' }],
      [{ activityLevel: 'sedentary' }, { activityLevel: 'sedentary' }],
      [{ activityLevel: 'moderately-active' }, { activityLevel: 'moderate' }],
    ];
    const ids: string[] = [];
    for (const [i, [before]] of cases.entries()) {
      const m = await newMember(t, `vocabulary-${i}`);
      ids.push(m.userId);
      await t.ctx.db.query('update users set demographics = $2::jsonb where id = $1', [
        m.userId,
        JSON.stringify(before),
      ]);
    }
    await t.ctx.db.query(`delete from migration_notes where migration = '038_profile_vocabulary'`);
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));
    for (const [i, [, after]] of cases.entries()) {
      const [row] = await rows<{ demographics: object }>(t, 'select demographics from users where id = $1', [ids[i]]);
      expect(row!.demographics).toEqual(after);
    }
    const notes = await rows<{ note: string; n: number }>(
      t,
      `select note, n::int as n from migration_notes where migration = '038_profile_vocabulary' order by note`,
    );
    expect(Object.fromEntries(notes.map((r) => [r.note, r.n]))).toEqual({
      'profile ages moved to their age range': 3,
      'profile ages under 18 (or not a number) removed': 1,
      "profile activity levels moved to the wizard's": 4,
    });
  });
});
