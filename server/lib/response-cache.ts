// Finished answers of hot GETs, kept as bytes with their ETag (and each compressed encoding once
// a request has asked for it), so a repeat request costs no query, no JSON serialisation and no
// compression. Tied to ReadCache: any write that empties it (here or, on PostgreSQL, in another
// process) makes these stale too.
//
// Eviction resists floods of one-off keys (random search terms, cache-busting values): a new
// answer goes to a small probation area (first in, first out) and moves to the main area only
// when asked for again; the main area gives up its least-asked answer (the least recently used
// among equals). A stream of distinct URLs churns the probation area alone, and to push out a
// hot page an answer must be asked for more often than that page in the same 30 s.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressBest } from './compression';
import type { ReadCache } from './cache';

/** Below this a body is sent as is: compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Compression settings, in one place for the compression plugin (app.ts) and the kept answers.
 * An answer compressed once (not kept, or kept and not yet asked for again) gets the quick
 * setting; an answer asked for again, which is then sent many times, the small one. A feed page
 * of 20 kB (docs/performance.md, "Compression"): brotli quality 2 takes 75 µs for 5.1 kB,
 * quality 4 150 µs for 4.8 kB, quality 5 200 µs for 4.6 kB. A 256 kB window (the default is
 * 4 MB) halves the work of one call and writes the same bytes for any answer below that size.
 */
export const COMPRESSION = {
  once: { brotliQuality: 2, gzipLevel: 3 },
  repeated: { brotliQuality: 5, gzipLevel: 6 },
  brotliWindowBits: 18,
} as const;

/** `best`: compressed when made, at the build's setting (server/lib/compression.ts), never again. */
type Effort = 'once' | 'repeated' | 'best';

function compress(bytes: Buffer, encoding: Encoding, effort: Exclude<Effort, 'best'>): Buffer {
  const level = COMPRESSION[effort];
  if (encoding === 'gzip') return zlib.gzipSync(bytes, { level: level.gzipLevel });
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotliQuality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: COMPRESSION.brotliWindowBits,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * One finished answer: its bytes and tag. Each encoding is made quickly when first asked for,
 * and made small once when asked for again (an answer nobody asks for twice, such as a one-off
 * search, never pays for the small one); then kept. An answer made at start is compressed at
 * once instead (`compressedOnce`).
 */
export class KeptAnswer {
  readonly identity: Buffer;
  readonly etag: string;
  /** Headers that belong to this answer and go with it whenever it is sent (a paged list's Link). */
  readonly headers: Record<string, string> = {};
  private readonly encoded: Partial<Record<Encoding, { bytes: Buffer; effort: Effort }>> = {};

  constructor(body: string | Buffer) {
    this.identity = typeof body === 'string' ? Buffer.from(body) : body;
    this.etag = `W/"${createHash('sha1').update(this.identity).digest('base64url')}"`;
  }

  /**
   * An answer known when the server starts and sent for as long as it runs (the web app's pages,
   * lib/spa-preload.ts): compressed now, at the best ratio, like the build's files.
   */
  static compressedOnce(body: string | Buffer): KeptAnswer {
    const answer = new KeptAnswer(body);
    if (answer.compressible)
      for (const encoding of ['br', 'gzip'] as const)
        answer.encoded[encoding] = { bytes: compressBest(answer.identity, encoding), effort: 'best' };
    return answer;
  }

  get compressible(): boolean {
    return this.identity.length >= COMPRESS_THRESHOLD;
  }

  bytes(encoding: Encoding): Buffer {
    const kept = this.encoded[encoding];
    if (kept && kept.effort !== 'once') return kept.bytes;
    const effort = kept ? 'repeated' : 'once';
    const bytes = compress(this.identity, encoding, effort);
    this.encoded[encoding] = { bytes, effort };
    return bytes;
  }
}

/** The best encoding the client accepts: br, then gzip, else none (and none for small answers). */
export function pickEncoding(acceptEncoding: string | undefined, answer: KeptAnswer): Encoding | null {
  if (!acceptEncoding || !answer.compressible) return null;
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?([\\s,]|$))`).test(acceptEncoding);
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Sets the headers of a kept answer and returns its bytes in the best encoding accepted, or an
 * empty 304 when the client's tag matches. (The ETag and compression plugins leave an answer
 * that already has a tag and an encoding as it is.)
 */
export function keptPayload(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): Buffer | string {
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === answer.etag)) {
    reply.code(304);
    return '';
  }
  const encoding = pickEncoding(request.headers['accept-encoding'], answer);
  if (!encoding) return answer.identity;
  reply.header('content-encoding', encoding);
  return answer.bytes(encoding);
}

interface Entry {
  answer: KeptAnswer;
  expiresAt: number;
  /** Times asked for since kept (the first answer not counted). */
  hits: number;
}

export class ResponseCache {
  /** New answers, oldest first. */
  private readonly probation = new Map<string, Entry>();
  /** Answers asked for again, least recently used first. */
  private readonly main = new Map<string, Entry>();
  private readonly probationMax: number;
  private readonly mainMax: number;
  /** The read cache's version the kept answers were built under. */
  private keptVersion: number;

  constructor(
    private readonly reads: ReadCache,
    private readonly ttlMs = 30_000,
    maxEntries = 300,
  ) {
    this.probationMax = Math.max(1, Math.round(maxEntries / 5));
    this.mainMax = Math.max(1, maxEntries - this.probationMax);
    this.keptVersion = reads.currentVersion;
  }

  /** The version a request starts under; answers built under an older one are never kept. */
  get version(): number {
    return this.reads.currentVersion;
  }

  /** How many answers are kept (for tests and the benchmark). */
  get size(): number {
    return this.probation.size + this.main.size;
  }

  get(key: string): KeptAnswer | null {
    const answer = this.find(key);
    if (this.reads.enabled) this.reads.stats[answer ? 'answerHits' : 'answerMisses']++;
    return answer;
  }

  private find(key: string): KeptAnswer | null {
    if (!this.reads.enabled) return null;
    this.dropStale();
    const now = Date.now();
    const kept = this.main.get(key);
    if (kept) {
      this.main.delete(key);
      if (kept.expiresAt <= now) return null;
      kept.hits++;
      this.main.set(key, kept);
      return kept.answer;
    }
    const waiting = this.probation.get(key);
    if (!waiting) return null;
    this.probation.delete(key);
    if (waiting.expiresAt <= now) return null;
    waiting.hits++;
    this.promote(key, waiting);
    return waiting.answer;
  }

  /** The answer for a finished body; kept (on probation) only if no write happened since `version`. */
  store(key: string, body: string, version: number): KeptAnswer {
    const answer = new KeptAnswer(body);
    if (this.reads.enabled && version === this.reads.currentVersion) {
      this.dropStale();
      // Two requests for one key can both miss; the first one kept stays.
      if (!this.main.has(key) && !this.probation.has(key)) {
        if (this.probation.size >= this.probationMax)
          this.probation.delete(this.probation.keys().next().value as string);
        this.probation.set(key, { answer, expiresAt: Date.now() + this.ttlMs, hits: 0 });
      }
    }
    return answer;
  }

  /** Empties both areas when a write has happened since the answers were built. */
  private dropStale(): void {
    if (this.keptVersion === this.reads.currentVersion) return;
    this.probation.clear();
    this.main.clear();
    this.keptVersion = this.reads.currentVersion;
  }

  private promote(key: string, entry: Entry): void {
    if (this.main.size >= this.mainMax) {
      // An expired answer first, else the least asked for, the least recently used among equals.
      const now = Date.now();
      let victim: string | undefined;
      let fewest = Infinity;
      for (const [k, e] of this.main) {
        const hits = e.expiresAt <= now ? -1 : e.hits;
        if (hits < fewest) {
          fewest = hits;
          victim = k;
          if (hits < 0) break;
        }
      }
      this.main.delete(victim!);
    }
    this.main.set(key, entry);
  }
}
