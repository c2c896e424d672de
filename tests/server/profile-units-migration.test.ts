// server/db/migrations/010_profile_units.sql: profiles stored before weight and height were kept
// in kg and cm (a member reading lbs or ft had those numbers stored) are converted once, so the
// profile shows what the member entered; the retired "peptides you follow" setting is removed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../contract';
import { createTestApp, json, type TestApp } from './helpers';
import { newMember } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/010_profile_units.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function store(userId: string, demographics: object, preferences: object) {
  await t.ctx.db.query('update users set demographics = $2::jsonb, preferences = $3::jsonb where id = $1', [
    userId,
    JSON.stringify(demographics),
    JSON.stringify(preferences),
  ]);
}

async function me(headers: Record<string, string>) {
  return MeResponse.parse(json(await t.app.inject({ method: 'GET', url: '/api/users/me', headers }))).data.user;
}

describe('010_profile_units', () => {
  it('converts lbs and ft values to kg and cm, leaves metric ones, drops impossible heights and the follow setting', async () => {
    const imperial = await newMember(t, 'units-imperial');
    const metric = await newMember(t, 'units-metric');
    const absurd = await newMember(t, 'units-absurd');
    await store(
      imperial.userId,
      { weight: 154.3, height: 5.91, age: 40 },
      { units: { weight: 'lbs', height: 'ft' }, notifications: { email: false, newExperiences: true } },
    );
    await store(metric.userId, { weight: 70, height: 180 }, { units: { weight: 'kg', height: 'cm' } });
    await store(absurd.userId, { height: 300 }, { units: { height: 'ft' } });
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));

    const a = await me(imperial.headers);
    expect(a.demographics?.weight).toBeCloseTo(69.989, 3);
    expect(a.demographics?.height).toBeCloseTo(180.137, 3);
    // Read from the row: the API no longer shows the email setting (migration 020 removed it).
    const [row] = (
      await t.ctx.db.query<{ preferences: { notifications?: object } }>('select preferences from users where id = $1', [
        imperial.userId,
      ])
    ).rows;
    expect(row!.preferences.notifications).toEqual({ email: false });
    expect((await me(metric.headers)).demographics).toMatchObject({ weight: 70, height: 180 });
    expect((await me(absurd.headers)).demographics?.height).toBeUndefined();
  });
});
