// Finished answers of hot public GETs, kept as bytes (plain, br and gzip) with their ETag, so a
// repeat request costs no query, no JSON serialisation and no compression. Tied to ReadCache:
// any write that empties it (here or, on PostgreSQL, in another process) makes these stale too.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { ReadCache } from './cache';

export interface CachedResponse {
  version: number;
  expiresAt: number;
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** Below this a body is sent as is: compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(
    private readonly reads: ReadCache,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 300,
  ) {}

  /** The version a request starts under; answers built under an older one are never kept. */
  get version(): number {
    return this.reads.currentVersion;
  }

  get(key: string): CachedResponse | null {
    if (!this.reads.enabled) return null;
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.version !== this.reads.currentVersion || hit.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return hit;
  }

  /** Builds the entry for a finished body; keeps it only if no write happened since `version`. */
  store(key: string, body: string, version: number): CachedResponse {
    const identity = Buffer.from(body);
    const big = identity.length >= COMPRESS_THRESHOLD;
    const entry: CachedResponse = {
      version,
      expiresAt: Date.now() + this.ttlMs,
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      identity,
      br: big ? zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : null,
      gzip: big ? zlib.gzipSync(identity, { level: 6 }) : null,
    };
    if (this.reads.enabled && version === this.reads.currentVersion) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, entry);
    }
    return entry;
  }
}

/** The best encoding the client accepts that we hold: br, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined, entry: CachedResponse): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?([\\s,]|$))`).test(acceptEncoding);
  if (entry.br && accepts('br')) return 'br';
  if (entry.gzip && accepts('gzip')) return 'gzip';
  return null;
}
