import { describe, expect, it } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_MIN, PASSWORD_MIN_MESSAGE, RegisterRequest } from '../../contract/users';
import { loadConfig } from '../config';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import { assertPasswordNotCommon, decoyHash, hashPassword, verifyPassword } from './passwords';

const N = 1024;

describe('passwords (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse', N);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and stores the cost with it, never the password', async () => {
    const a = await hashPassword('same password', N);
    const b = await hashPassword('same password', N);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('same password');
  });

  it('verifies with the cost stored in the hash (the default cost may change later)', async () => {
    const hash = await hashPassword('pw-12345', 2048);
    expect(hash.split('$')[1]).toBe('2048');
    expect(await verifyPassword('pw-12345', hash)).toBe(true);
  });

  it('production cost 2^17 works within the memory limit', async () => {
    const hash = await hashPassword('strong one', 2 ** 17);
    expect(await verifyPassword('strong one', hash)).toBe(true);
  }, 20_000);

  it('treats unicode forms alike (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9', N);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('refuses malformed stored hashes without throwing', async () => {
    expect(await verifyPassword('x', 'disabled$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$c2FsdA==$a2V5')).toBe(false);
  });

  it('the decoy hash is reused and matches nothing likely', async () => {
    const a = await decoyHash(N);
    expect(await decoyHash(N)).toBe(a);
    expect(await verifyPassword('password', a)).toBe(false);
  });
});

describe('password rules', () => {
  it('the contract refuses fewer than 8 characters with the user-facing message', () => {
    expect(PASSWORD_MIN).toBe(8);
    const short = RegisterRequest.safeParse({ email: 'a@example.com', password: '1234567' });
    expect(short.success).toBe(false);
    expect(JSON.stringify(short.error?.issues)).toContain(PASSWORD_MIN_MESSAGE);
    expect(RegisterRequest.safeParse({ email: 'a@example.com', password: 'x7#kQ2!m' }).success).toBe(true);
  });

  it('ships a list of about a thousand common passwords, all lowercase', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(800);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
    // Enough of them pass the length rule that the list matters.
    expect([...COMMON_PASSWORDS].filter((p) => p.length >= PASSWORD_MIN).length).toBeGreaterThan(250);
  });

  it.each([
    'password',
    'PASSWORD1',
    '12345678',
    'qwertyuiop',
    'iloveyou',
    'Sunshine1',
    ' football ',
    'P@ssw0rd',
    'welcome123',
  ])('refuses the common password %j in any letter case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(() => assertPasswordNotCommon(password)).toThrow(PASSWORD_COMMON_MESSAGE);
  });

  it.each(['correct-horse-battery', 'x7#kQ2!m', 'moderator-password', 'Blue tractor at noon'])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
      expect(() => assertPasswordNotCommon(password)).not.toThrow();
    },
  );

  it('production configuration hashes with scrypt N >= 2^17; only SCRYPT_N lowers it, below 2^14 only in the test suites', () => {
    expect(loadConfig({}).scryptN).toBeGreaterThanOrEqual(2 ** 17);
    expect(loadConfig({ NODE_ENV: 'production' }).scryptN).toBeGreaterThanOrEqual(2 ** 17);
    expect(loadConfig({ SCRYPT_N: '1024', NODE_ENV: 'test' }).scryptN).toBe(1024);
    expect(() => loadConfig({ SCRYPT_N: '1024' })).toThrow(/SCRYPT_N must be a power of two from 16384/);
  });

  it('a hash made with the default configuration records N >= 2^17', async () => {
    const hash = await hashPassword('strong one', loadConfig({}).scryptN);
    expect(Number(hash.split('$')[1])).toBeGreaterThanOrEqual(2 ** 17);
  }, 20_000);
});
