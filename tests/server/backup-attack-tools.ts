// What the holder of a backup does with it (tests/server/backup-attacks.test.ts): read the rows of
// a table out of a plain SQL dump, hash candidate addresses with every secret the dump holds to
// find them among the rate-limit counters, list every time the file names, and measure how well
// the order of the publication queue's rows follows the order in which they arrived.
import { createHmac } from 'node:crypto';

export interface CopyBlock {
  columns: string[];
  rows: string[][];
}

/** The rows of `table` in a dump (pg_dump's `COPY public.t (a, b) FROM stdin;` block, quoted or not), in the file's order. */
export function copyBlock(dump: string, table: string): CopyBlock | null {
  const head = new RegExp(`^COPY public\\."?${table}"? \\(([^)]*)\\) FROM stdin;$`, 'm').exec(dump);
  if (!head) return null;
  const columns = head[1].split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  const rows: string[][] = [];
  const start = head.index + head[0].length + 1;
  for (const line of dump.slice(start, dump.indexOf('\n\\.\n', start - 1) + 1).split('\n')) {
    if (line === '' || line === '\\.') continue;
    rows.push(line.split('\t'));
  }
  return { columns, rows };
}

/**
 * The publication queue's rows, in the file's order: one block, or one per partition (migration
 * 028), each in its table's physical order; their `column`.
 */
export function queueColumn(dump: string, name: string): string[] {
  const tables = [...dump.matchAll(/^COPY public\."?(publication_queue(?:_p\d+)?)"? \(/gm)].map((m) => m[1]);
  return tables.flatMap((table) => column(copyBlock(dump, table), name));
}

/** One column of a block, by name. */
export function column(block: CopyBlock | null, name: string): string[] {
  if (!block) return [];
  const at = block.columns.indexOf(name);
  if (at < 0) throw new Error(`no column ${name} in ${block.columns.join(', ')}`);
  return block.rows.map((r) => r[at]);
}

/** Every address of the /24 around each of `addresses` (the attacker's search space, with the real ones in it). */
export function neighbourhood(addresses: string[]): string[] {
  const out = new Set<string>();
  for (const a of addresses) {
    const prefix = a.split('.').slice(0, 3).join('.');
    for (let i = 0; i < 256; i++) out.add(`${prefix}.${i}`);
  }
  return [...out];
}

/**
 * The keys a holder of the dump can try: each secret itself, and each secret turned into a day's
 * key the way the limiter derived it from the server's secret before (HMAC of "rate-limit:" and
 * the UTC date), for every day the test ran on and the day before.
 */
export function candidateKeys(secrets: string[], times: number[]): Buffer[] {
  const days = new Set<string>();
  for (const t of times)
    for (const back of [0, 1]) days.add(new Date(t - back * 86_400_000).toISOString().slice(0, 10));
  const keys: Buffer[] = [];
  for (const secret of secrets) {
    keys.push(Buffer.from(secret));
    for (const day of days) keys.push(createHmac('sha256', secret).update(`rate-limit:${day}`).digest());
  }
  return keys;
}

/** The limiter's keyed hash of an identifier under `key` (server/lib/rate-limit.ts RateLimiter). */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
}

export interface Counter {
  key: string;
  count: number;
  resetAt: number;
}

/** The rate-limit counters a dump holds (none when it left their rows out). */
export function counters(dump: string): Counter[] {
  const block = copyBlock(dump, 'rate_limit_counters');
  if (!block) return [];
  const keys = column(block, 'key');
  const counts = column(block, 'count');
  const resets = column(block, 'reset_at');
  return keys.map((key, i) => ({ key, count: Number(counts[i]), resetAt: Number(resets[i]) }));
}

/**
 * Identifiers found among the counters: each candidate hashed under each key, matched against
 * the counters' keys; the counter it was found in says when its window ends.
 */
export function recoverIdentifiers(found: Counter[], candidates: string[], keys: Buffer[]): Map<string, Counter[]> {
  const byHash = new Map<string, Counter[]>();
  for (const c of found) {
    const hash = c.key.slice(c.key.indexOf(':') + 1);
    byHash.set(hash, [...(byHash.get(hash) ?? []), c]);
  }
  const recovered = new Map<string, Counter[]>();
  if (!byHash.size) return recovered;
  for (const key of keys) {
    for (const candidate of candidates) {
      const hit = byHash.get(keyedHash(key, candidate));
      if (hit) recovered.set(candidate, [...(recovered.get(candidate) ?? []), ...hit]);
    }
  }
  return recovered;
}

const ISO = /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(?::?\d{2})?)?/g;
/** Epoch milliseconds (13 digits) or seconds (10 digits), not part of a longer word or number. */
const EPOCH = /(?<![\w.])(\d{13}|\d{10})(?![\w.])/g;

/** A time the dump names: its text and the instant it stands for (ms). */
export interface NamedTime {
  text: string;
  ms: number;
}

/** Every time written in the file: ISO-like timestamps (any zone) and epoch numbers within [from, to]. */
export function timesIn(dump: string, from: number, to: number): NamedTime[] {
  const out: NamedTime[] = [];
  for (const m of dump.matchAll(ISO)) {
    const zone = m[8]
      ? m[8] === 'Z'
        ? 'Z'
        : m[8].length === 3
          ? `${m[8]}:00`
          : m[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
      : 'Z';
    const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${(m[7] ?? '').slice(0, 4)}${zone}`);
    if (Number.isFinite(ms) && ms >= from && ms <= to) out.push({ text: m[0], ms });
  }
  for (const m of dump.matchAll(EPOCH)) {
    const n = Number(m[1]);
    const ms = m[1].length === 13 ? n : n * 1000;
    if (ms >= from && ms <= to) out.push({ text: m[1], ms });
  }
  return out;
}

/** Whether `time` is finer than the minute. */
export const finerThanMinute = (time: NamedTime) => time.ms % 60_000 !== 0;

/** Spearman's rank correlation of two orders of the same items (1: the same order; 0: unrelated). */
export function rankCorrelation(arrival: string[], stored: string[]): number {
  const n = arrival.length;
  if (n < 2) return 0;
  const rank = new Map(stored.map((id, i) => [id, i]));
  let d2 = 0;
  arrival.forEach((id, i) => {
    const r = rank.get(id);
    if (r === undefined) throw new Error(`${id} is not in the stored order`);
    d2 += (r - i) ** 2;
  });
  return 1 - (6 * d2) / (n * (n * n - 1));
}
