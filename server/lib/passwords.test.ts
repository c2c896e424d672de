import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from './passwords';

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
