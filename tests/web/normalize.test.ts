// contract/normalize.ts: the server's one envelope reads; anything else is a malformed answer.
import { describe, expect, it } from 'vitest';
import { errorText, messageText, readData } from '@contract/normalize';
import { LoginResponse, MeResponse } from '@contract/users';
import { makeUser } from './msw/fixtures';

const user = makeUser();
const tokens = { accessToken: 'a', refreshToken: 'r' };

describe('readData', () => {
  it('validates the data of `{ success: true, data }`', () => {
    expect(readData(LoginResponse, { success: true, data: { ...tokens, user } })).toEqual({ ...tokens, user });
    expect(readData(MeResponse, { success: true, data: { user }, message: 'Profile updated' })).toEqual({ user });
  });

  it('gives undefined for failures, other shapes and missing or malformed fields', () => {
    expect(readData(MeResponse, { success: false, error: 'nope', data: { user } })).toBeUndefined();
    expect(readData(MeResponse, { success: true, user })).toBeUndefined();
    expect(readData(MeResponse, { success: true, data: {} })).toBeUndefined();
    expect(readData(MeResponse, { success: true, data: { user: { ...user, role: 'admin' } } })).toBeUndefined();
    expect(readData(MeResponse, 'text')).toBeUndefined();
    expect(readData(MeResponse, [user])).toBeUndefined();
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
    expect(({} as Record<string, unknown>).user).toBeUndefined();
  });
});
