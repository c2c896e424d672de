// Keyset cursors: only cursors this server wrote, for the same sort, are accepted.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors';
import { decodeCursor, encodeCursor } from './experiences';

const ID = '3f2a8c1e-5b7d-4e9f-a012-3456789abcde';
const AT = '2024-05-10T12:34:56.789Z';

function refused(cursor: string, kinds: Parameters<typeof decodeCursor>[1]) {
  try {
    decodeCursor(cursor, kinds);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    return true;
  }
  return false;
}

describe('cursors', () => {
  it('round-trip what the server writes', () => {
    expect(decodeCursor(encodeCursor([AT, ID]), ['timestamp', 'uuid'])).toEqual([AT, ID]);
    expect(decodeCursor(encodeCursor([3, AT, ID]), ['integer', 'timestamp', 'uuid'])).toEqual([3, AT, ID]);
    expect(decodeCursor(encodeCursor([6.666666666666667, AT, ID]), ['number', 'timestamp', 'uuid'])).toEqual([6.666666666666667, AT, ID]);
  });

  it.each<[string, unknown[], Parameters<typeof decodeCursor>[1]]>([
    ['wrong length', [AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a rating where a count belongs', [6.5, AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a number as text', ['3', AT, ID], ['integer', 'timestamp', 'uuid']],
    ['a date Postgres would not read', ['1', ID], ['timestamp', 'uuid']],
    ['an impossible date', ['2024-02-31T00:00:00.000Z', ID], ['timestamp', 'uuid']],
    ['a date in another format', ['Fri May 10 2024', ID], ['timestamp', 'uuid']],
    ['hyphens for a uuid', [AT, '-'.repeat(36)], ['timestamp', 'uuid']],
    ['null', [null, AT, ID], ['number', 'timestamp', 'uuid']],
  ])('refuses %s', (_name, values, kinds) => {
    expect(refused(encodeCursor(values as (string | number)[]), kinds)).toBe(true);
  });

  it('refuses garbage that is not base64 JSON', () => {
    expect(refused('garbage', ['timestamp', 'uuid'])).toBe(true);
    expect(refused('', ['timestamp', 'uuid'])).toBe(true);
    expect(refused(Buffer.from('{"a":1}').toString('base64url'), ['timestamp', 'uuid'])).toBe(true);
  });
});
