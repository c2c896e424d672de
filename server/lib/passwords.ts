// scrypt from node:crypto: per-user salt, constant-time compare, cost stored with the hash.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_COMMON_MESSAGE } from '../../contract/users';
import { isCommonPassword } from './common-passwords';
import { refusedInput } from './errors';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function options(N: number, r: number, p: number): ScryptOptions {
  // Node refuses N >= 2^15 without room: 128 * N * r bytes plus slack.
  return { N, r, p, maxmem: 128 * N * r * 2 + 16 * 1024 * 1024 };
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, options(N, 8, 1));
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), options(Number(n), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the account does not exist, so timing does not reveal it.
 * One per cost: a decoy made with another N (another app in this process) would take another time.
 */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(N: number): Promise<string> {
  let decoy = decoys.get(N);
  if (!decoy) decoys.set(N, (decoy = hashPassword(randomBytes(12).toString('hex'), N)));
  return decoy;
}

/**
 * Registration refuses the most common passwords (the length rule is the contract's). Called
 * after the contract check, so the password is already at least PASSWORD_MIN long.
 */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw refusedInput(field, PASSWORD_COMMON_MESSAGE);
}
