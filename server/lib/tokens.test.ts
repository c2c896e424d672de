import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService, newRefreshToken, sha256 } from './tokens';

const SECRET = 'test-secret-that-is-long-enough-0123456789';

describe('TokenService', () => {
  it('signs access tokens it can verify, with the claims and the configured lifetime', async () => {
    const tokens = new TokenService(SECRET, 900);
    const jwt = await tokens.signAccess({ sub: 'u1', sid: 's1', role: 'moderator' });
    expect(await tokens.verifyAccess(jwt)).toEqual({ sub: 'u1', sid: 's1', role: 'moderator' });
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('refuses another key, an expired token, alg none, another algorithm and missing claims', async () => {
    const tokens = new TokenService(SECRET, 900);
    const other = await new TokenService('another-secret-0123456789-0123456789', 900).signAccess({
      sub: 'u',
      sid: 's',
      role: 'user',
    });
    await expect(tokens.verifyAccess(other)).rejects.toThrow();
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    await expect(tokens.verifyAccess(expired)).rejects.toThrow();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    await expect(
      tokens.verifyAccess(`${b64({ alg: 'none' })}.${b64({ sub: 'u', sid: 's', exp: 9e9 })}.`),
    ).rejects.toThrow();
    const hs512 = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setExpirationTime('1m')
      .sign(key);
    await expect(tokens.verifyAccess(hs512)).rejects.toThrow();
    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setExpirationTime('1m')
      .sign(key);
    await expect(tokens.verifyAccess(noSid)).rejects.toThrow(/malformed/);
    await expect(tokens.verifyAccess('not-a-jwt')).rejects.toThrow();
  });
});

describe('refresh tokens', () => {
  it('are long random strings, stored only as their sha256', () => {
    const a = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(a);
    expect(sha256(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('refresh token successors', () => {
  it('are derived from the token and the secret alone, shaped like a fresh token', () => {
    const tokens = new TokenService(SECRET, 900);
    const token = newRefreshToken();
    const next = tokens.successorOf(token);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new TokenService(SECRET, 60).successorOf(token)).toBe(next);
    expect(tokens.successorOf(next)).not.toBe(next);
    expect(tokens.successorOf(newRefreshToken())).not.toBe(next);
    expect(new TokenService('another-secret-0123456789-0123456789', 900).successorOf(token)).not.toBe(next);
  });
});
