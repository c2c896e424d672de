// Paging cursors that reveal nothing: the keyset values (a report's time and id) are encrypted
// and authenticated with AES-256-GCM under a key derived from the server secret, so a cursor
// tells its holder neither when a report was written nor which one it is, and a cursor nobody
// wrote here (or one edited by hand) is refused. Every process derives the same key, so a
// cursor from one worker pages on in another.
//
// The nonce is derived from the values (an HMAC under a second key), not drawn at random: the
// same place in a list always gets the same cursor, so a kept answer made again, or a page
// rendered again (lib/page-render.ts), is the same to the byte, its ETag with it, until the data
// moves (tests/e2e/publication.test.ts holds /community to that across a queued submission).
// Equal cursors tell their holder only that both page on from the same place, which anyone
// holding a cursor learns anyway by using it. Different values never share a nonce (short of a
// 96-bit HMAC collision), which is what GCM needs.
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { badRequest } from './errors';

export type CursorValue = string | number;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const INVALID = 'cursor is invalid; start again from the first page';

export class CursorCodec {
  private readonly key: Buffer;
  private readonly nonceKey: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('paging-cursor-v1').digest();
    this.nonceKey = createHmac('sha256', secret).update('paging-cursor-nonce-v1').digest();
  }

  encode(values: readonly CursorValue[]): string {
    const text = JSON.stringify(values);
    const iv = createHmac('sha256', this.nonceKey).update(text).digest().subarray(0, IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The values this server wrote, or a 400 for anything else. */
  decode(cursor: string): unknown[] {
    const raw = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url') : Buffer.alloc(0);
    if (raw.length <= IV_BYTES + TAG_BYTES) throw badRequest(INVALID);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      const values: unknown = JSON.parse(text);
      if (Array.isArray(values)) return values;
    } catch {
      // Not one of ours: tampered, truncated, or from another server secret.
    }
    throw badRequest(INVALID);
  }
}
