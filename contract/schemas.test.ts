// Contract schemas as validation rules: messages that name the field, list cleaning, tolerant
// reading of uneven response envelopes.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CompareQuery,
  CreatePeptideRequest,
  ExperienceListQuery,
  LoginResponse,
  PeptideListResponse,
  SubmitExperienceRequest,
  TrackingId,
  TrackingLookupRequest,
  UpdateTrackedExperienceRequest,
  formatIssues,
} from './index';
import { errorText, isFailureBody, readData, unwrapBody } from './normalize';

function message(schema: z.ZodMiniType, input: unknown): string {
  const r = schema.safeParse(input, { reportInput: true });
  if (r.success) throw new Error('expected a failure');
  return formatIssues(r.error.issues);
}

const submission = {
  peptideId: '00000000-0000-4000-8000-000000000000',
  dosage: '250 mcg',
  frequency: 'daily',
  duration: 30,
  routeOfAdministration: 'oral',
  primaryPurpose: ['Focus'],
  demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'moderate' },
  outcomes: { focus: 8 },
  timeline: '1-week',
  story: 'x'.repeat(100),
};

describe('formatIssues', () => {
  it('names missing fields, wrong types and bad values', () => {
    const schema = z.object({ a: z.string(), b: z.object({ c: z.enum(['x', 'y']) }), n: z.number().check(z.gte(2)) });
    expect(message(schema, {})).toBe('a is required; b is required; n is required');
    expect(message(schema, { a: 1, b: { c: 'z' }, n: 1 })).toBe(
      'a must be a string; b.c must be one of: x, y; n must be at least 2',
    );
    expect(message(z.array(z.string()).check(z.minLength(2)), ['a'])).toBe('body must have at least 2 items');
    expect(message(z.strictObject({}), { role: 'x' })).toBe('unknown field: role');
  });

  it('echoes at most three plain unknown names, never markup, control or direction characters, never 60 kB', () => {
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 1]));
    expect(message(z.strictObject({}), many)).toBe('unknown fields: k0, k1, k2 and 2997 more');
    expect(message(z.strictObject({}), { ['k'.repeat(60_000)]: 1 })).toBe('1 unknown field');
    expect(message(z.strictObject({}), { '<img src=x onerror=alert(1)>\u202e\u0007': 1, role: 2 })).toBe(
      'unknown fields: role and 1 more',
    );
    expect(message(z.object({ d: z.strictObject({}) }), { d: { '\u202e': 1 } })).toBe('d: 1 unknown field');
  });

  it('keeps custom messages and prefixes the field unless the message already starts with it', () => {
    expect(message(z.object({ story: z.string().check(z.minLength(3, 'story too short')) }), { story: 'a' })).toBe(
      'story too short',
    );
    expect(message(z.object({ x: z.string().check(z.minLength(3, 'too short')) }), { x: 'a' })).toBe('x: too short');
  });

  it('reports at most three issues', () => {
    expect(message(SubmitExperienceRequest, {}).split('; ')).toHaveLength(3);
  });
});

describe('request schemas', () => {
  it('a submission the wizard allows passes, with defaults for the optional lists', () => {
    const parsed = SubmitExperienceRequest.parse(submission);
    expect(parsed.effects).toEqual([]);
    expect(parsed.stack).toEqual([]);
  });

  it('trims list entries and drops blanks before counting them', () => {
    const parsed = SubmitExperienceRequest.parse({ ...submission, effects: [' a ', ...Array(30).fill(' '), 'b'] });
    expect(parsed.effects).toEqual(['a', 'b']);
    expect(
      message(SubmitExperienceRequest, { ...submission, effects: Array.from({ length: 21 }, (_, i) => `e${i}`) }),
    ).toMatch(/^effects/);
  });

  it('a filled field that is too long is not reported as missing', () => {
    expect(message(SubmitExperienceRequest, { ...submission, dosage: 'x'.repeat(61) })).toBe(
      'dosage must be at most 60 characters',
    );
    const peptide = {
      name: 'n',
      peptide_sequence: 'ABC',
      category: 'Anti-Aging',
      description: 'd',
      detailedDescription: 'd',
      mechanism: 'm',
      commonDosage: 'c',
      commonFrequency: 'f',
      sources: ['Author A (2020), J 1:2'],
    };
    expect(CreatePeptideRequest.safeParse(peptide).success).toBe(true);
    expect(message(CreatePeptideRequest, { ...peptide, description: 'x'.repeat(501) })).toBe(
      'description: must be at most 500 characters',
    );
    expect(message(CreatePeptideRequest, { ...peptide, description: ' ' })).toBe(
      'description: Please fill in all required fields',
    );
    expect(message(CompareQuery, { ids: Array(4).fill('00000000-0000-4000-8000-000000000000').join(',') })).toMatch(
      /at most 3/,
    );
  });

  it('the tracking ID is trimmed and upper-cased', () => {
    expect(TrackingId.parse(' trk-12345678901234567890 ')).toBe('TRK-12345678901234567890');
    expect(TrackingId.safeParse('TRK-12').success).toBe(false);
  });

  it('the tracking bodies carry the ID beside the changes, and nothing else', () => {
    const id = 'TRK-12345678901234567890';
    expect(TrackingLookupRequest.parse({ trackingId: ` ${id.toLowerCase()} ` })).toEqual({ trackingId: id });
    expect(message(TrackingLookupRequest, {})).toBe('trackingId is required');
    expect(message(TrackingLookupRequest, { trackingId: id, story: 'x' })).toBe('unknown field: story');
    expect(UpdateTrackedExperienceRequest.parse({ trackingId: id, effects: [' Calm '] })).toEqual({
      trackingId: id,
      effects: ['Calm'],
    });
    expect(message(UpdateTrackedExperienceRequest, { trackingId: id })).toMatch(/nothing to update/);
    expect(message(UpdateTrackedExperienceRequest, { trackingId: id, effects: [], website: 'x' })).toMatch(
      /unknown field: website/,
    );
    expect(message(UpdateTrackedExperienceRequest, { trackingId: id, peptideId: 'x' })).toMatch(/^peptideId/);
    expect(UpdateTrackedExperienceRequest.parse({ trackingId: id, duration: 12, sourcing: null })).toEqual({
      trackingId: id,
      duration: 12,
      sourcing: null,
    });
    expect(message(UpdateTrackedExperienceRequest, { effects: ['Calm'] })).toBe('trackingId is required');
  });

  it('list queries coerce numbers from the query string and apply defaults', () => {
    expect(ExperienceListQuery.parse({})).toEqual({ search: '', category: 'all', sort: 'newest', limit: 20 });
    expect(ExperienceListQuery.parse({ limit: '100' }).limit).toBe(100);
    expect(ExperienceListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('normalize: tolerant reading of response envelopes', () => {
  const user = {
    _id: '00000000-0000-4000-8000-000000000000',
    email: 'a@example.com',
    role: 'user',
    status: 'approved',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  const loginData = { accessToken: 'a', refreshToken: 'r', expiresIn: 900, user };

  it.each([
    ['canonical', { success: true, data: loginData }],
    ['nested data.data', { success: true, data: { data: loginData } }],
    ['top level', { success: true, ...loginData }],
  ])('reads login from the %s envelope', (_name, body) => {
    expect(readData(LoginResponse, body)).toEqual(loginData);
  });

  it('reads a bare array into the list key', () => {
    const peptides: unknown[] = [];
    expect(unwrapBody(peptides, { listKey: 'peptides' })).toEqual({ peptides });
    expect(unwrapBody([], {})).toBeNull();
    expect(
      readData(PeptideListResponse, { success: true, data: { peptides: [], total: 0, page: 1, pageSize: 20 } }),
    ).toEqual({
      peptides: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  it('failures and malformed bodies give undefined, never a throw', () => {
    expect(readData(LoginResponse, { success: false, error: 'nope', data: loginData })).toBeUndefined();
    expect(readData(LoginResponse, { success: true, data: { accessToken: 'a' } })).toBeUndefined();
    expect(readData(LoginResponse, 'html')).toBeUndefined();
    expect(readData(LoginResponse, null)).toBeUndefined();
    expect(isFailureBody({ success: false })).toBe(true);
    expect(isFailureBody({ success: true })).toBe(false);
    expect(errorText({ error: '  ' })).toBeUndefined();
    expect(errorText({ error: 'Bad' })).toBe('Bad');
  });
});
