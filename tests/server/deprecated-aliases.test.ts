// Values an older API version accepted stay accepted until their sunset, read as what replaced
// them, and the answer says they are deprecated (docs/api.md, "Deprecated values";
// contract/deprecations.ts): the feed's old category slugs, the overlapping age ranges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIASES_SUNSET } from '../../contract/deprecations';
import { newMember } from './fixtures';
import { createTestApp, json, ownReport, submit, updateTracked, validSubmission, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUNSET = new Date(ALIASES_SUNSET).toUTCString();

describe('deprecated aliases', () => {
  it('the feed reads ?category=healing as Healing & Recovery, twice (the second from the kept answer), with Deprecation and Sunset', async () => {
    const current = await t.app.inject({ method: 'GET', url: '/api/experiences?category=Healing%20%26%20Recovery' });
    expect(current.headers.deprecation).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const old = await t.app.inject({ method: 'GET', url: '/api/experiences?category=healing' });
      expect(old.statusCode).toBe(200);
      expect(json(old).data).toEqual(json(current).data);
      expect(old.headers.deprecation).toMatch(/^@\d+$/);
      expect(old.headers.sunset).toBe(SUNSET);
    }
    // Anything else is still refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/experiences?category=heal' })).statusCode).toBe(400);
  });

  it('a report sent with an old age range is kept with the range that replaced it, and its answer says so', async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    const body = validSubmission(peptideId, {
      demographics: { ageRange: '25-30', biologicalSex: 'female', activityLevel: 'active' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.deprecation).toMatch(/^@\d+$/);
    expect(res.headers.sunset).toBe(SUNSET);
    const { trackingId } = json(res).data;
    expect((await ownReport(t, trackingId)).demographics).toMatchObject({ ageRange: '25-29' });

    const corrected = await updateTracked(t.app, trackingId, {
      demographics: { ageRange: '40-45', biologicalSex: 'female', activityLevel: 'active' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers.sunset).toBe(SUNSET);
    expect((await ownReport(t, trackingId)).demographics).toMatchObject({ ageRange: '40-44' });

    // A current value carries no deprecation.
    const fresh = await submit(t, validSubmission(peptideId));
    expect(fresh.trackingId).toMatch(/^TRK-/);
    const plain = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) });
    expect(plain.headers.deprecation).toBeUndefined();
  });

  it("the profile's old age and activity levels are kept as the wizard's range and level, never as an age", async () => {
    const m = await newMember(t, 'old-profile');
    const put = (demographics: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me', headers: m.headers, payload: { demographics } });
    const res = await put({ age: 27, activityLevel: 'very-active', biologicalSex: 'female' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.sunset).toBe(SUNSET);
    expect(json(res).data.user.demographics).toEqual({
      ageRange: '25-29',
      activityLevel: 'active',
      biologicalSex: 'female',
    });
    // Under 18 keeps no range; an age range sent beside an age wins.
    expect(json(await put({ age: 16 })).data.user.demographics).toEqual({});
    expect(json(await put({ age: 52, ageRange: '30-34' })).data.user.demographics).toEqual({ ageRange: '30-34' });
    const current = await put({ ageRange: '50+', activityLevel: 'athletic' });
    expect(current.headers.deprecation).toBeUndefined();
  });

  it('marks the aliases deprecated in the document, and the headers on the answers that may carry them', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const text = JSON.stringify(doc.paths['/api/experiences'].get.parameters);
    expect(text).toContain('"deprecated":true');
    expect(text).toContain('healing');
    expect(doc.paths['/api/experiences'].get.responses['200'].headers).toHaveProperty('Sunset');
    expect(JSON.stringify(doc.paths['/api/experiences'].post.requestBody)).toContain('18-25');
  });
});
