// server/db/migrations/020_accounts.sql on profiles stored before it: medical conditions and
// allergies are deleted, "gender" becomes the wizard's "biologicalSex" ("other" has no
// counterpart and goes), the sharing toggles go, and the weekly digest starts off for everyone
// (its box was on by default while nothing was sent). Run again on the migrated template: every
// statement of it may run twice.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { newMember, rows } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/020_accounts.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('020_accounts', () => {
  it('deletes what the profile no longer collects and keeps the rest', async () => {
    const a = await newMember(t, 'mig-a');
    const b = await newMember(t, 'mig-b');
    await t.ctx.db.query('update users set demographics = $2::jsonb, preferences = $3::jsonb where id = $1', [
      a.userId,
      JSON.stringify({
        age: 40,
        gender: 'female',
        weight: 70,
        medicalConditions: ['asthma'],
        allergies: ['penicillin'],
        fitnessGoals: ['strength'],
      }),
      JSON.stringify({
        units: { weight: 'lbs' },
        privacy: { shareAge: true, shareGender: false },
        notifications: { email: true, weeklyDigest: true },
      }),
    ]);
    await t.ctx.db.query('update users set demographics = $2::jsonb where id = $1', [
      b.userId,
      JSON.stringify({ gender: 'other', allergies: [] }),
    ]);
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));
    const [ra] = await rows<{ demographics: object; preferences: object }>(
      t,
      'select demographics, preferences from users where id = $1',
      [a.userId],
    );
    expect(ra).toEqual({
      demographics: { age: 40, biologicalSex: 'female', weight: 70, fitnessGoals: ['strength'] },
      preferences: { units: { weight: 'lbs' } },
    });
    const [rb] = await rows<{ demographics: object }>(t, 'select demographics from users where id = $1', [b.userId]);
    expect(rb!.demographics).toEqual({});
  });
});
