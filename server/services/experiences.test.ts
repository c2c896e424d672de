// Keyset cursors: opaque (encrypted), and only cursors this server wrote, for the same sort and
// with values PostgreSQL can read, are accepted.
import { describe, expect, it } from 'vitest';
import { CursorCodec } from '../lib/cursor';
import { HttpError } from '../lib/errors';
import { decodeCursor } from './experience-feed';

const ID = '3f2a8c1e-5b7d-4e9f-a012-3456789abcde';
const AT = '2024-05-10T12:00:00.000Z';
const ctx = { cursors: new CursorCodec('a server secret') };
const encode = (values: unknown[]) => ctx.cursors.encode(values as (string | number)[]);

function refused(cursor: string, kinds: Parameters<typeof decodeCursor>[2], from = ctx) {
  try {
    decodeCursor(from, cursor, kinds);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    return true;
  }
  return false;
}

describe('cursors', () => {
  it('round-trip what the server writes', () => {
    expect(decodeCursor(ctx, encode([AT, ID]), ['timestamp', 'uuid'])).toEqual([AT, ID]);
    expect(decodeCursor(ctx, encode([3, AT, ID]), ['integer', 'timestamp', 'uuid'])).toEqual([3, AT, ID]);
    expect(decodeCursor(ctx, encode([6.666666666666667, AT, ID]), ['number', 'timestamp', 'uuid'])).toEqual([
      6.666666666666667,
      AT,
      ID,
    ]);
  });

  it('reveal neither a time nor an id to whoever holds them', () => {
    const cursor = encode([AT, ID]);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(decoded).not.toContain('2024');
    expect(decoded).not.toContain(ID.slice(0, 8));
    expect(cursor).not.toContain(Buffer.from('2024').toString('base64url').slice(0, 4));
    // The same place always gets the same cursor (lib/cursor.ts says why); any other, another.
    expect(encode([AT, ID])).toBe(cursor);
    expect(encode([AT, '3f2a8c1e-5b7d-4e9f-a012-3456789abcdf'])).not.toBe(cursor);
    expect(encode(['2024-05-10T12:00:00.001Z', ID])).not.toBe(cursor);
    // Nor does its nonce repeat: GCM must never see one nonce with two different texts.
    const nonce = (c: string) => Buffer.from(c, 'base64url').subarray(0, 12).toString('hex');
    expect(
      new Set(
        [
          [AT, ID],
          [AT, ID.replace('a', 'b')],
          [1, AT, ID],
          [2, AT, ID],
        ].map((v) => nonce(encode(v))),
      ),
    ).toHaveProperty('size', 4);
  });

  it('refuse a cursor edited by hand or written under another secret', () => {
    const cursor = encode([AT, ID]);
    const bytes = Buffer.from(cursor, 'base64url');
    bytes[14] ^= 1;
    expect(refused(bytes.toString('base64url'), ['timestamp', 'uuid'])).toBe(true);
    expect(refused(cursor, ['timestamp', 'uuid'], { cursors: new CursorCodec('another secret') })).toBe(true);
    // The readable cursors of old (base64 JSON) are not accepted either.
    expect(refused(Buffer.from(JSON.stringify([AT, ID])).toString('base64url'), ['timestamp', 'uuid'])).toBe(true);
  });

  it.each<[string, unknown[], Parameters<typeof decodeCursor>[2]]>([
    ['wrong length', [AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a rating where a count belongs', [6.5, AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a count beyond PostgreSQL integer', [2 ** 31, AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a number as text', ['3', AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a date Postgres would not read', ['1', ID], ['timestamp', 'uuid']],
    ['an impossible date', ['2024-02-31T00:00:00.000Z', ID], ['timestamp', 'uuid']],
    ['a six-digit year', ['+275760-09-13T00:00:00.000Z', ID], ['timestamp', 'uuid']],
    ['a date in another format', ['Fri May 10 2024', ID], ['timestamp', 'uuid']],
    ['hyphens for a uuid', [AT, '-'.repeat(36)], ['timestamp', 'uuid']],
    ['null', [null, AT, ID], ['number', 'timestamp', 'uuid']],
  ])('refuses %s', (_name, values, kinds) => {
    expect(refused(encode(values), kinds)).toBe(true);
  });

  it('refuses garbage', () => {
    expect(refused('garbage', ['timestamp', 'uuid'])).toBe(true);
    expect(refused('', ['timestamp', 'uuid'])).toBe(true);
    expect(refused('🙂', ['timestamp', 'uuid'])).toBe(true);
    expect(refused('A'.repeat(300), ['timestamp', 'uuid'])).toBe(true);
  });
});
