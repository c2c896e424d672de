// Access tokens are short-lived JWTs; refresh tokens are random strings stored only as hashes.
import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
}

export class TokenService {
  /** Imported once: given raw bytes, jose imports the key again on every call (2.5x the time). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** Successors are MACs under a key of their own, derived from the secret, never the JWT key itself. */
  private readonly successorKey: Buffer;

  constructor(
    secret: string,
    private readonly accessSeconds: number,
  ) {
    this.successorKey = createHmac('sha256', secret).update('refresh-successor').digest();
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.key.catch(() => undefined); // a bad secret fails at first use, as before, not as an unhandled rejection
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.accessSeconds}s`)
      .sign(await this.key);
  }

  /** Throws on a bad signature, another algorithm (including `none`) or an expired token. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('malformed token');
    return { sub: payload.sub, sid: payload.sid, role: String(payload.role ?? 'user') };
  }

  /**
   * The refresh token that replaces `refreshToken` on rotation: an HMAC of it under a key only
   * the server holds, shaped like newRefreshToken(). Deterministic, so a replay within the grace
   * (services/users.ts refresh()) recomputes the same successor and finds its row by hash: the
   * database still keeps only hashes, and nothing can be computed from a stolen hash.
   */
  successorOf(refreshToken: string): string {
    return createHmac('sha256', this.successorKey).update(`refresh-successor:${refreshToken}`).digest('base64url');
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
