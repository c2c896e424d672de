// contract/normalize.ts: every envelope variant a host may send (docs/product-rules.md, "The API") reads the same.
import { describe, expect, it } from 'vitest';
import { errorText, messageText, readData, unwrapBody } from '@contract/normalize';
import { ExperienceListResponse } from '@contract/experiences';
import { LoginResponse, MeResponse } from '@contract/users';
import { makeUser } from './msw/fixtures';

const user = makeUser();
const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 900 };

describe('unwrapBody', () => {
  it.each([
    ['{ success, data: { x } }', { success: true, data: { x: 1 } }],
    ['{ success, data: { data: { x } } }', { success: true, data: { data: { x: 1 } } }],
    ['{ success, x }', { success: true, x: 1 }],
    ['{ x }', { x: 1 }],
  ])('reads %s', (_name, body) => {
    expect(unwrapBody(body)).toEqual({ x: 1 });
  });

  it('merges fields spread over levels, deeper ones winning', () => {
    expect(unwrapBody({ success: true, trackingId: 'T', data: { data: { experience: 1 }, trackingId: 'U' } })).toEqual({
      trackingId: 'U',
      experience: 1,
    });
  });

  it('puts a bare array, at any level, under the list key', () => {
    expect(unwrapBody([1, 2], { listKey: 'experiences' })).toEqual({ experiences: [1, 2] });
    expect(unwrapBody({ success: true, data: [1] }, { listKey: 'experiences' })).toEqual({ experiences: [1] });
    expect(unwrapBody({ data: { data: [1] } }, { listKey: 'experiences' })).toEqual({ experiences: [1] });
  });

  it('rejects what is not a body', () => {
    expect(unwrapBody('<html>')).toBeNull();
    expect(unwrapBody(null)).toBeNull();
    expect(unwrapBody([1])).toBeNull();
  });
});

describe('readData', () => {
  it('validates login data in either nesting', () => {
    expect(readData(LoginResponse, { success: true, data: { ...tokens, user } })).toEqual({ ...tokens, user });
    expect(readData(LoginResponse, { success: true, data: { data: { ...tokens, user } } })).toEqual({
      ...tokens,
      user,
    });
  });

  it('validates a user at the top level', () => {
    expect(readData(MeResponse, { success: true, user })).toEqual({ user });
  });

  it('validates a bare list', () => {
    expect(readData(ExperienceListResponse, [], { listKey: 'experiences' })).toBeUndefined(); // nextCursor missing
    expect(readData(ExperienceListResponse, { experiences: [], nextCursor: null })).toEqual({
      experiences: [],
      nextCursor: null,
      total: null,
    });
  });

  it('gives undefined for failures and missing or malformed fields', () => {
    expect(readData(MeResponse, { success: false, error: 'nope', data: { user } })).toBeUndefined();
    expect(readData(MeResponse, { success: true, data: {} })).toBeUndefined();
    expect(readData(MeResponse, { success: true, data: { user: { ...user, role: 'admin' } } })).toBeUndefined();
    expect(readData(MeResponse, 'text')).toBeUndefined();
  });
});

describe('errorText and messageText', () => {
  it('read non-blank texts only', () => {
    expect(errorText({ success: false, error: 'Bad' })).toBe('Bad');
    expect(errorText({ success: false, error: '  ' })).toBeUndefined();
    expect(errorText('Bad')).toBeUndefined();
    expect(messageText({ success: true, message: 'Saved' })).toBe('Saved');
  });
});

describe('a __proto__ key in an envelope', () => {
  it('is not a way to supply fields: data inherited through it does not count', () => {
    const body = JSON.parse(`{"success":true,"data":{"__proto__":{"user":${JSON.stringify(user)}}}}`);
    expect(readData(MeResponse, body)).toBeUndefined();
    expect(Object.keys(unwrapBody(body)!)).toEqual([]);
    expect(({} as Record<string, unknown>).user).toBeUndefined();
  });
});
