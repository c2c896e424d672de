// The publication batches under load, for scripts/bench.ts (docs/performance.md, "Publication
// batches"):
//  - batchUnderLoad: queues N changes through the API, then runs their batch (the benchmark's
//    POST /api/bench/batch, scripts/bench-routes.ts) while 50 connections read a cached page:
//    how long the batch and its scrub take, the reads' latency while they run, and how many
//    readiness checks (each a database read) are answered meanwhile;
//  - mixedLoad: reads of the public pages with one submission in ten, for the cache's hit rate
//    (run with and without batches: every submission emptied the caches before them);
//  - the submissions' body, padded as the web app sends it (contract/rules.ts padJson).
import autocannon from 'autocannon';
import { padJson } from '../contract/rules';

/** A number in letters only (a-z, base 26), so text made with it never looks like a phone number. */
export function lettersOf(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** A distinct, valid report as the wizard sends it: padded to 4,096-byte blocks. */
export function submissionBody(peptideId: string, n: number, stamp: string): string {
  return padJson(
    JSON.stringify({
      peptideId,
      dosage: '250 mcg',
      frequency: 'daily',
      duration: 30,
      routeOfAdministration: 'subcutaneous',
      primaryPurpose: ['Recovery'],
      demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
      outcomes: { energy: 6, sleep: 7, recovery: 8 },
      effects: [],
      timeline: '1-week',
      // Distinct stories: a repeated one would be held for a moderator. Spelt in letters: seven
      // digits in a row would read as a phone number.
      story: `Benchmark report ${lettersOf(n)} ${stamp}: steady improvement in recovery over four weeks, with better sleep from the second week onwards.`,
      stack: [],
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Sends `count` submissions over `connections` connections, each from an address of its own (X-Forwarded-For). */
export async function queueSubmissions(
  base: string,
  peptides: string[],
  count: number,
  connections = 50,
): Promise<{ ok: number; ms: number }> {
  const stamp = lettersOf(Date.now());
  let n = 0;
  let ok = 0;
  const started = Date.now();
  const instance = autocannon({
    url: `${base}/api/experiences`,
    method: 'POST',
    connections,
    amount: count,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: any) => {
          const i = n++;
          return {
            ...req,
            body: submissionBody(peptides[i % peptides.length], i, stamp),
            headers: { ...req.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          };
        },
      },
    ],
  });
  instance.on('response', (_c: unknown, status: number) => {
    if (status === 201) ok++;
  });
  await instance;
  return { ok, ms: Date.now() - started };
}

export interface BatchFigures {
  queued: number;
  queueMs: number;
  batchMs: number;
  scrubMs: number;
  applied: Record<string, number>;
  /** Reads of a cached page answered while the batch and its scrub ran. */
  reads: number;
  readP50: number;
  readP99: number;
  readMax: number;
  readErrors: number;
  /**
   * Readiness checks (GET /api/health/ready, a statement on the database: what an uncached page,
   * a lookup or a load balancer waits for), one at a time while the batch ran: how many were
   * answered before it ended, and their slowest. On PGlite they waited for the whole batch before
   * db/reads-between.ts.
   */
  dbReads: number;
  dbReadMax: number;
}

/** Queues `changes` submissions, then runs their batch while 50 connections read `readUrl`. */
export async function batchUnderLoad(
  base: string,
  peptides: string[],
  changes: number,
  readUrl = '/api/experiences?sort=newest',
): Promise<BatchFigures> {
  const queued = await queueSubmissions(base, peptides, changes);
  const during: number[] = [];
  let window = { from: Infinity, to: -Infinity };
  let readErrors = 0;
  const reader = autocannon({
    url: base + readUrl,
    connections: 50,
    duration: 600,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  reader.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    const now = Date.now();
    if (now >= window.from && now - ms <= window.to) {
      during.push(ms);
      if (status >= 400) readErrors++;
    }
  });
  // The cache is warm and the readers at full speed before the batch starts.
  await new Promise((r) => setTimeout(r, 2000));
  window = { from: Date.now(), to: Infinity };
  const batch = { running: true };
  const dbReads: number[] = [];
  const readiness = (async () => {
    while (batch.running) {
      const asked = Date.now();
      await fetch(`${base}/api/health/ready`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      if (batch.running) dbReads.push(Date.now() - asked);
    }
  })();
  const res = await fetch(`${base}/api/bench/batch`, { method: 'POST' });
  const body = (await res.json()) as { data: { ms: number; scrubMs: number; applied: Record<string, number> } };
  batch.running = false;
  window = { ...window, to: Date.now() };
  reader.stop();
  await readiness;
  during.sort((a, b) => a - b);
  return {
    queued: queued.ok,
    queueMs: queued.ms,
    batchMs: body.data.ms,
    scrubMs: body.data.scrubMs,
    applied: body.data.applied,
    reads: during.length,
    readP50: round1(percentile(during, 50)),
    readP99: round1(percentile(during, 99)),
    readMax: round1(during.at(-1) ?? 0),
    readErrors,
    dbReads: dbReads.length,
    dbReadMax: Math.max(0, ...dbReads),
  };
}

export interface MixedFigures {
  requests: number;
  submissions: number;
  answerHitRate: number;
  readHitRate: number;
  invalidations: number;
  readP99: number;
}

/** `seconds` of public reads with one submission in ten; the caches' hit rates over the run. */
export async function mixedLoad(base: string, peptides: string[], seconds: number): Promise<MixedFigures> {
  const urls = [
    '/api/experiences?sort=newest',
    '/api/experiences?sort=helpful',
    '/api/experiences/home/public',
    '/api/peptides/public',
    '/api/analytics/public',
    '/api/peptides?limit=24',
  ];
  const stats = async () =>
    ((await (await fetch(`${base}/api/bench/cache`)).json()) as { data: Record<string, number> }).data;
  const before = await stats();
  const stamp = lettersOf(Date.now());
  let n = 0;
  let submissions = 0;
  const reads: number[] = [];
  const instance = autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (req: any) => {
          const i = n++;
          if (i % 10 === 9) {
            return {
              ...req,
              method: 'POST',
              path: '/api/experiences',
              body: submissionBody(peptides[i % peptides.length], i, stamp),
              headers: {
                ...req.headers,
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              },
            };
          }
          return { ...req, method: 'GET', path: urls[i % urls.length], body: undefined };
        },
      },
    ],
  });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    if (status === 201) submissions++;
    else reads.push(ms);
  });
  const result = await instance;
  const after = await stats();
  const delta = (k: string) => (after[k] ?? 0) - (before[k] ?? 0);
  reads.sort((a, b) => a - b);
  const rate = (hit: string, miss: string) =>
    Math.round((1000 * delta(hit)) / Math.max(1, delta(hit) + delta(miss))) / 10;
  return {
    requests: result.requests.total,
    submissions,
    answerHitRate: rate('answerHits', 'answerMisses'),
    readHitRate: rate('readHits', 'readMisses'),
    invalidations: delta('invalidations'),
    readP99: round1(percentile(reads, 99)),
  };
}

export interface SubmitFigures {
  submissions: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * `seconds` of distinct submissions over 50 connections, each request from an address of its own
 * as 50 people's browsers would send them (the server must trust one proxy: TRUST_PROXY=1).
 */
export async function submissionLoad(base: string, peptides: string[], seconds: number): Promise<SubmitFigures> {
  const stamp = lettersOf(Date.now());
  let n = 0;
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `${base}/api/experiences`,
    method: 'POST',
    connections: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (req: any) => {
          const i = n++;
          return {
            ...req,
            body: submissionBody(peptides[i % peptides.length], i, stamp),
            headers: { ...req.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          };
        },
      },
    ],
  });
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    latencies.push(ms);
    if (status !== 201) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    submissions: latencies.length - errors,
    perSecond: Math.round(latencies.length / seconds),
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
    p99: round1(percentile(latencies, 99)),
    errors: errors + result.errors + result.timeouts,
  };
}
