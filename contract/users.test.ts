// Password rules of RegisterRequest: the SPA shows these messages as the server sends them.
import { describe, expect, it } from 'vitest';
import { Credentials, RegisterRequest, formatIssues } from './index';

function refusal(input: unknown): string {
  const r = RegisterRequest.safeParse(input, { reportInput: true });
  if (r.success) throw new Error('expected a failure');
  return formatIssues(r.error.issues);
}

describe('RegisterRequest passwords', () => {
  it.each([
    ['          ', 'password must not be only spaces'],
    [' \t \t \t \t ', 'password must not be only spaces'],
    ['aaaaaaaaaaaa', 'password must not be one character or a short pattern repeated'],
    ['🔑🔑🔑🔑🔑🔑🔑🔑', 'password must not be one character or a short pattern repeated'],
    // Spaces and invisible characters do not make a weak password strong (found by an outside attack).
    ['aaaaaaaa\u200b', 'password must not be one character or a short pattern repeated'],
    ['a a a a a a a a ', 'password must not be one character or a short pattern repeated'],
    ['abababababab', 'password must not be one character or a short pattern repeated'],
    ['abcabcabcabc', 'password must not be one character or a short pattern repeated'],
    ['\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b', 'password must not be only spaces'],
    ['f i o n a . s m i t h 1', 'password must not contain the part of your email before the @'],
    ['xx-Fiona.Smith-2024', 'password must not contain the part of your email before the @'],
    ['FIONA.SMITHrocks!', 'password must not contain the part of your email before the @'],
    // Fullwidth letters are the same letters once normalised (NFKC).
    ['ｆｉｏｎａ.ｓｍｉｔｈ-pass', 'password must not contain the part of your email before the @'],
  ])('refuses %j with a message naming the password', (password, expected) => {
    expect(refusal({ email: 'fiona.smith@example.com', password })).toBe(expected);
  });

  it('a pattern of 4 or more characters repeated, or a varied password, is allowed', () => {
    for (const password of ['abcdabcdabcd', 'correct horse battery', 'zz-top-1234']) {
      expect(RegisterRequest.safeParse({ email: 'fiona.smith@example.com', password }).success, password).toBe(true);
    }
  });

  it('a local part under 4 characters may appear in the password', () => {
    expect(RegisterRequest.safeParse({ email: 'bob@example.com', password: 'bob-likes-long-walks' }).success).toBe(
      true,
    );
    expect(refusal({ email: 'bobby@example.com', password: 'bobby-likes-long-walks' })).toMatch(/before the @/);
  });

  it('passwords are NFKC-normalised: other spellings of the same characters parse alike', () => {
    const composed = 'Crème brûlée 42';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const a = RegisterRequest.parse({ email: 'chef@example.com', password: composed }).password;
    const b = RegisterRequest.parse({ email: 'chef@example.com', password: decomposed }).password;
    expect(a).toBe(b);
    expect(Credentials.parse({ email: 'chef@example.com', password: 'ｐａｓｓｗｏｒｄ' }).password).toBe('password');
  });
});
