// `npm run bench [-- --db pglite|postgres] [--experiences 100000] [--duration 3] [--connections 50] [--workers 2]`
//   `[--sizes 10000,100000,1000000] [--no-cache] [--no-pglite] [--only REGEX] [--baseline DIR]`
// Starts the real server on a bulk database (generated once into .bench-data/ or a PostgreSQL
// database `bench_<n>`), runs autocannon against the endpoints that matter and prints one table.
// `--db postgres` runs PGlite and PostgreSQL (1 and 2 workers) and prints them side by side
// (`--no-pglite`: PostgreSQL only). `--sizes` runs the one database of `--db` at each size and
// prints one table of p95 per endpoint per size. `--no-cache` turns the server's read caches off
// (READ_CACHE=off): every read goes to the database. `--only` keeps the endpoints whose name
// matches. `--baseline DIR` also runs the server of another checkout (e.g. a worktree of main)
// on the same database, just before this one, so old and new are measured in the same
// conditions. Results go to bench-results/<timestamp>.json.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    experiences: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string' },
    sizes: { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    only: { type: 'string' },
    baseline: { type: 'string' },
  },
});
let EXPERIENCES = Number(args.experiences);
const NO_CACHE = args['no-cache'];
const ONLY = args.only ? new RegExp(args.only, 'i') : null;
const BASELINE = args.baseline ? path.resolve(args.baseline) : null;
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const MODERATOR = { email: 'bench-moderator@example.com', password: 'bench-moderator-password' };
const MEMBER_PASSWORD = 'bench-member-password';
const ACCEPT = { 'accept-encoding': 'br, gzip' };

interface Row {
  endpoint: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  errors: number;
  /** Expected refusals (409: already voted that way), not errors. */
  expected: number;
  statuses: Record<string, number>;
}

interface Run {
  label: string;
  db: 'pglite' | 'postgres';
  workers: number;
  experiences: number;
  cached: boolean;
  /** The checkout whose server answered (the baseline's, or this one). */
  serverDir: string;
  rows: Row[];
  pagingBytes?: { firstPage: number; firstPageUncompressed: number; allExperiences: number; experiences: number };
}

// ---------- database preparation ----------

function runSeed(env: NodeJS.ProcessEnv) {
  console.log(`Generating ${EXPERIENCES.toLocaleString('en')} experiences (once; kept for later runs)...`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-bulk.ts', '--experiences', String(EXPERIENCES)], {
    cwd: root,
    env: { ...process.env, ...env, STATIC_DIR: 'none', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('seed:bulk failed');
}

function preparePglite(): NodeJS.ProcessEnv {
  const dir = path.join(root, '.bench-data', `pglite-${EXPERIENCES}`);
  const marker = path.join(dir, 'bulk-seeded');
  if (!fs.existsSync(marker)) {
    fs.rmSync(dir, { recursive: true, force: true });
    runSeed({ DATA_DIR: dir });
    fs.writeFileSync(marker, String(EXPERIENCES));
  }
  return { DATA_DIR: dir };
}

async function preparePostgres(): Promise<NodeJS.ProcessEnv> {
  const base = spawnSync('bash', [path.join(root, 'scripts/ci-postgres.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (base.status !== 0) throw new Error('Could not start PostgreSQL (scripts/ci-postgres.sh)');
  const baseUrl = base.stdout.trim().split('\n').pop()!;
  const name = `bench_${EXPERIENCES}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rows.length) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seeded = await db
    .query(`select value from app_settings where key = 'bench_bulk_seeded'`)
    .then((r) => r.rows.length > 0)
    .catch(() => false);
  await db.end();
  if (!seeded) {
    runSeed({ DATABASE_URL: url.toString() });
    const mark = new pg.Client({ connectionString: url.toString() });
    await mark.connect();
    await mark.query(`insert into app_settings (key, value) values ('bench_bulk_seeded', $1) on conflict (key) do nothing`, [
      String(EXPERIENCES),
    ]);
    await mark.end();
  }
  return { DATABASE_URL: url.toString() };
}

// ---------- server ----------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(
  env: NodeJS.ProcessEnv,
  workers: number,
  serverDir = root,
): Promise<{ base: string; child: ChildProcess; startMs: number }> {
  const port = await freePort();
  const started = Date.now();
  // The raw route is mounted by the benchmark's own build of the server (scripts/bench-server.ts);
  // a baseline checkout older than that file mounted it from BENCH_RAW=true in server/index.ts.
  const ownBuild = fs.existsSync(path.join(serverDir, 'scripts', 'bench-server.ts'));
  const child = spawn(process.execPath, ['--import', 'tsx', ownBuild ? 'scripts/bench-server.ts' : 'server/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      // Limits stay on (their cost is measured) but high enough never to answer 429 here.
      RATE_LIMIT_MULTIPLIER: '1000000',
      // Bench accounts only: a cheaper password hash keeps member setup short.
      SCRYPT_N: '16384',
      MODERATOR_EMAIL: MODERATOR.email,
      MODERATOR_PASSWORD: MODERATOR.password,
      WORKERS: String(workers),
      SEED_DEMO: 'true',
      ...(NO_CACHE ? { READ_CACHE: 'off' } : {}),
      ...(ownBuild ? {} : { BENCH_RAW: 'true' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('The server exited during start');
    // With several workers, wait until each has had time to listen: probe a few times in a row.
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) {
      const startMs = Date.now() - started;
      if (workers > 1) await new Promise((r) => setTimeout(r, 3000));
      return { base, child, startMs };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not answer within 60 s');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// ---------- HTTP helpers ----------

async function api<T = any>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** Body bytes on the wire (compressed as a browser would ask) and decoded. */
function wireBytes(base: string, url: string, headers: Record<string, string> = {}, encoding = 'br, gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
  });
}

async function members(base: string, count: number): Promise<string[]> {
  const mod = await api(base, 'POST', '/api/users/login', MODERATOR);
  if (mod.status !== 200) throw new Error(`moderator login failed: ${JSON.stringify(mod.json)}`);
  const modToken = mod.json.data.accessToken as string;
  const tokens: string[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i++) {
    const email = `bench-${stamp}-${i}@example.com`;
    const reg = await api(base, 'POST', '/api/users/register', { email, password: MEMBER_PASSWORD });
    if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.json)}`);
    // Registration answers no id (it must not tell a new email from a taken one): look it up.
    const pending = await api(base, 'GET', '/api/users/pending?limit=100', undefined, modToken);
    const id = pending.json.data.users.find((u: { email: string }) => u.email === email)._id;
    await api(base, 'POST', `/api/users/${id}/approve`, {}, modToken);
    const login = await api(base, 'POST', '/api/users/login', { email, password: MEMBER_PASSWORD });
    tokens.push(login.json.data.accessToken);
  }
  return tokens;
}

// ---------- load ----------

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Per-request body/path/header rotation (writes). */
  setup?: (req: any) => any;
  expectedStatuses?: number[];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(base: string, t: Target, connections = CONNECTIONS, duration = DURATION): Promise<Row> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: base + t.url,
    method: t.method ?? 'GET',
    connections,
    duration,
    headers: { ...ACCEPT, ...(t.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...t.headers },
    requests: t.setup ? [{ setupRequest: t.setup }] : undefined,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const expected = (t.expectedStatuses ?? []).reduce((n, s) => n + (statuses[s] ?? 0), 0);
  const ok = Object.entries(statuses)
    .filter(([s]) => Number(s) < 400)
    .reduce((n, [, c]) => n + c, 0);
  const bad = latencies.length - ok - expected + result.errors + result.timeouts;
  return {
    endpoint: t.name,
    reqPerSec: Math.round(latencies.length / duration),
    p50: round2(percentile(latencies, 50)),
    p95: round2(percentile(latencies, 95)),
    p99: round2(percentile(latencies, 99)),
    bytes: t.method === 'POST' ? Math.round(result.throughput.total / Math.max(1, result.requests.total)) : await wireBytes(base, t.url, t.headers),
    errors: bad,
    expected,
    statuses,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A number in letters only (a-z, base 26), so text made with it never looks like a phone number. */
function lettersOf(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

async function benchOnce(
  label: string,
  db: 'pglite' | 'postgres',
  env: NodeJS.ProcessEnv,
  workers: number,
  full: boolean,
  measureBytes = true,
  serverDir = root,
): Promise<Run> {
  console.log(`\n== ${label} ==`);
  const { base, child, startMs } = await startServer(env, workers, serverDir);
  console.log(`server ready in ${startMs} ms`);
  try {
    const peptides = (await api(base, 'GET', '/api/peptides/public')).json.data.peptides as { _id: string; name: string }[];
    const first = (await api(base, 'GET', '/api/experiences?limit=20')).json.data;
    // A cursor some pages in: the keyset resumes from it without counting rows before it.
    let cursor = first.nextCursor as string;
    for (let i = 0; i < 5; i++) cursor = (await api(base, 'GET', `/api/experiences?limit=100&cursor=${cursor}`)).json.data.nextCursor;
    const tokens = await members(base, full ? 40 : 10);
    const auth = { authorization: `Bearer ${tokens[0]}` };
    const ids = [peptides[0]._id, peptides[1]._id, peptides[2]._id].join(',');

    // Experiences to vote on: members × experiences pairs, rotating so most votes are new.
    const voteTargets: string[] = [];
    let c: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: { experiences: { _id: string }[]; nextCursor: string | null } = (
        await api(base, 'GET', `/api/experiences?limit=100&sort=helpful${c ? `&cursor=${c}` : ''}`)
      ).json.data;
      voteTargets.push(...page.experiences.map((e) => e._id));
      c = page.nextCursor;
      if (!c) break;
    }
    // No 'concerning': five of them hold a report for a moderator (CONCERNING_HOLD_THRESHOLD),
    // after which every vote on it is a 404 and the run measures refusals.
    const voteTypes = ['helpful', 'detailed', 'not-helpful'];
    const runStamp = lettersOf(Date.now());
    let voteN = 0;
    let submitN = 0;
    const submission = (peptideId: string) => ({
      peptideId,
      dosage: '250 mcg',
      frequency: 'daily',
      duration: 30,
      routeOfAdministration: 'subcutaneous',
      primaryPurpose: ['Recovery'],
      demographics: { ageRange: '30-35', biologicalSex: 'male', activityLevel: 'active' },
      outcomes: { energy: 6, sleep: 7, recovery: 8 },
      effects: [],
      timeline: '1-week',
      // Distinct stories: a repeated one would be held for a moderator (services/moderation-rules.ts).
      // The number is spelt in letters: seven digits in a row would read as a phone number.
      story: `Benchmark report ${lettersOf(submitN)} ${runStamp}: steady improvement in recovery over four weeks, with better sleep from the second week onwards.`,
      stack: [],
    });

    const reads: Target[] = [
      { name: 'raw ceiling (uncached feed query)', url: '/api/bench/raw' },
      { name: 'GET /api/peptides', url: '/api/peptides' },
      { name: 'GET /api/peptides?category&sort=popularity', url: `/api/peptides?category=${encodeURIComponent('Growth Hormone')}&sort=popularity` },
      { name: 'GET /api/peptides/public', url: '/api/peptides/public' },
      { name: 'community: newest', url: '/api/experiences?sort=newest' },
      { name: 'community: helpful', url: '/api/experiences?sort=helpful' },
      { name: 'community: rating', url: '/api/experiences?sort=rating' },
      { name: 'community: search "sleep"', url: '/api/experiences?search=sleep' },
      { name: 'community: category cognitive', url: '/api/experiences?category=cognitive' },
      { name: 'community: later page (cursor)', url: `/api/experiences?cursor=${cursor}` },
      { name: 'GET /api/experiences/home/public', url: '/api/experiences/home/public' },
      { name: 'GET /api/analytics/public', url: '/api/analytics/public' },
      { name: 'GET /api/analytics (member)', url: '/api/analytics', headers: auth },
      { name: 'GET /api/analytics/trends', url: '/api/analytics/trends?period=monthly&groupBy=category', headers: auth },
      { name: 'GET /api/analytics/compare', url: `/api/analytics/compare?ids=${ids}`, headers: auth },
    ];
    // Uncached, every sort with every filter costs its own query: the whole matrix, with a
    // common word, a rare term (the name of the peptide with the fewest reports) and the
    // peptide with the most. Cached, these would all be the same kept bytes, so only --no-cache.
    if (NO_CACHE) {
      const byCount = [...((await api(base, 'GET', '/api/peptides?limit=100')).json.data.peptides as { _id: string; name: string; totalExperiences: number }[])]
        .filter((p) => p.totalExperiences > 0)
        .sort((a, b) => b.totalExperiences - a.totalExperiences);
      const popular = byCount[0];
      const rare = byCount[byCount.length - 1];
      console.log(`  rare term: "${rare.name}" (${rare.totalExperiences} reports); popular peptide ${popular.name} (${popular.totalExperiences})`);
      const filters: [string, string][] = [
        ['all', ''],
        ['search "sleep"', '&search=sleep'],
        [`search rare "${rare.name}"`, `&search=${encodeURIComponent(rare.name)}`],
        ['category cognitive', '&category=cognitive'],
        [`peptide ${popular.name}`, `&peptideId=${popular._id}`],
      ];
      for (const sort of ['newest', 'oldest', 'helpful', 'rating'])
        for (const [name, query] of filters) reads.push({ name: `uncached ${sort} + ${name}`, url: `/api/experiences?sort=${sort}${query}` });
    }
    const writes: Target[] = [
      {
        name: 'POST /api/experiences (submit)',
        url: '/api/experiences',
        method: 'POST',
        setup: (req) => ({ ...req, body: JSON.stringify(submission(peptides[submitN++ % peptides.length]._id)) }),
      },
      {
        name: 'POST /api/experiences/:id/vote',
        url: `/api/experiences/${voteTargets[0]}/vote`,
        method: 'POST',
        expectedStatuses: [409],
        setup: (req) => {
          const n = voteN++;
          const token = tokens[n % tokens.length];
          const target = voteTargets[Math.floor(n / tokens.length) % voteTargets.length];
          return {
            ...req,
            path: `/api/experiences/${target}/vote`,
            headers: { ...req.headers, authorization: `Bearer ${token}` },
            body: JSON.stringify({ voteType: voteTypes[n % voteTypes.length] }),
          };
        },
      },
    ];
    const all = full ? [...reads, ...writes] : reads.filter((t) => /raw|peptides$|newest|analytics\/public/.test(t.name));
    const targets = ONLY ? all.filter((t) => ONLY.test(t.name)) : all;
    const rows: Row[] = [];
    for (const t of targets) {
      // A short warm-up fills caches and JIT before the measured run.
      await load(base, t, 10, 1);
      const row = await load(base, t);
      rows.push(row);
      console.log(
        `  ${t.name.padEnd(44)} ${String(row.reqPerSec).padStart(7)} req/s  p95 ${row.p95} ms  ${row.errors ? `${row.errors} errors` : ''}`,
      );
    }

    let pagingBytes: Run['pagingBytes'];
    // Paging through every experience takes a while: once per bench is enough (same data).
    if (measureBytes) pagingBytes = await measurePaging(base);
    return { label, db, workers, rows, pagingBytes, experiences: EXPERIENCES, cached: !NO_CACHE, serverDir };
  } finally {
    // Requests autocannon abandoned at the end are still being answered: let them finish.
    await new Promise((r) => setTimeout(r, 1500));
    await stopServer(child);
    await removeBenchWrites(env);
  }
}

/**
 * Takes out what a run wrote (its submissions, its member accounts with their votes), so that
 * every run measures the generated community and not the runs before it: each run adds a few
 * thousand reports at the newest end, which a newest-first search then walks past. The
 * triggers put every counter back as the rows go.
 */
async function removeBenchWrites(env: NodeJS.ProcessEnv) {
  const { openDb } = await import('../server/db/client');
  const db = await openDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL ?? null });
  try {
    // One account, then a hundred reports, per statement: each delete changes its peptide's
    // counters through the triggers, and thousands of changes of one row in a single transaction
    // grew the counter tables for good on PGlite (server/db/housekeeping.ts). Then the vacuum
    // PostgreSQL's autovacuum would run, and the server on PGlite runs a minute after writes.
    const users = await db.query<{ id: string }>(`select id from users where email like 'bench-%@example.com' and email <> $1`, [MODERATOR.email]);
    for (const { id } of users.rows) await db.query(`delete from users where id = $1`, [id]);
    const reports = (await db.query<{ id: string }>(`select id from experiences where story like 'Benchmark report %'`)).rows.map((r) => r.id);
    for (let i = 0; i < reports.length; i += 100) await db.query(`delete from experiences where id = any($1::uuid[])`, [reports.slice(i, i + 100)]);
    await db.vacuumCounters();
  } finally {
    await db.close();
  }
}

/** First community page against every experience as JSON (what the old client downloaded). */
async function measurePaging(base: string): Promise<Run['pagingBytes']> {
  const firstPage = await wireBytes(base, '/api/experiences');
  const firstPageUncompressed = await wireBytes(base, '/api/experiences', {}, 'identity');
  let all = 0;
  let count = 0;
  let cursor: string | null = null;
  // Sum of the experiences arrays serialised, i.e. the JSON array of every experience.
  do {
    const res: Response = await fetch(`${base}/api/experiences?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const data: { experiences: unknown[]; nextCursor: string | null } = ((await res.json()) as { data: { experiences: unknown[]; nextCursor: string | null } }).data;
    for (const e of data.experiences) all += Buffer.byteLength(JSON.stringify(e)) + 1;
    count += data.experiences.length;
    cursor = data.nextCursor;
  } while (cursor);
  return { firstPage, firstPageUncompressed, allExperiences: all + 1, experiences: count };
}

// ---------- report ----------

function printTable(runs: Run[]) {
  const names = runs[0].rows.map((r) => r.endpoint);
  const cols = runs.map((run) => run.label);
  const header = ['endpoint', ...cols.flatMap((l) => [`${l} req/s`, 'p50', 'p95', 'p99', 'bytes', 'errors'])];
  const lines = names.map((name) => [
    name,
    ...runs.flatMap((run) => {
      const r = run.rows.find((x) => x.endpoint === name);
      if (!r) return ['-', '-', '-', '-', '-', '-'];
      return [String(r.reqPerSec), fmt(r.p50), fmt(r.p95), fmt(r.p99), String(r.bytes), r.expected ? `${r.errors} (+${r.expected} 409)` : String(r.errors)];
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  console.log('(latencies in ms; bytes = response body on the wire with br/gzip; 409 = already voted that way, expected)');
  for (const run of runs) {
    const raw = run.rows.find((r) => r.endpoint.startsWith('raw'))?.reqPerSec ?? 0;
    const cached = ['community: newest', 'GET /api/peptides/public', 'GET /api/experiences/home/public', 'GET /api/analytics/public']
      .map((n) => run.rows.find((r) => r.endpoint === n))
      .filter((r): r is Row => !!r)
      .map((r) => `${r.endpoint.replace('GET ', '')} ${raw ? (r.reqPerSec / raw).toFixed(1) : '?'}x`);
    console.log(`${run.label}: cached reads vs raw ceiling (${raw} req/s): ${cached.join(', ')}`);
    if (run.pagingBytes) {
      const p = run.pagingBytes;
      console.log(
        `${run.label}: first community page ${p.firstPage} B on the wire (${p.firstPageUncompressed} B uncompressed) vs all ` +
          `${p.experiences.toLocaleString('en')} experiences as JSON ${p.allExperiences.toLocaleString('en')} B: ` +
          `1/${Math.round(p.allExperiences / p.firstPageUncompressed)} uncompressed, 1/${Math.round(p.allExperiences / p.firstPage)} on the wire`,
      );
    }
  }
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/** One table: p95 of each endpoint (rows) at each size (columns), writes with p50 / p99 too. */
function printSizes(all: Run[]) {
  const names = [...new Set(all.flatMap((r) => r.rows.map((x) => x.endpoint)))];
  const header = ['p95 ms (writes: p50 / p95 / p99)', ...all.map((r) => r.label)];
  const lines = names.map((name) => [
    name,
    ...all.map((run) => {
      const r = run.rows.find((x) => x.endpoint === name);
      if (!r) return '-';
      return name.startsWith('POST') ? `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}` : fmt(r.p95);
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  console.log(`(50 connections, ${DURATION} s per endpoint; load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')})`);
}

// ---------- main ----------

const runs: Run[] = [];
const requestedWorkers = args.workers ? Number(args.workers) : null;
const suffix = NO_CACHE ? ' uncached' : '';

/** One measured run, preceded by the baseline checkout's server on the same database when asked. */
async function measure(label: string, db: 'pglite' | 'postgres', env: NodeJS.ProcessEnv, workers: number, measureBytes: boolean) {
  if (BASELINE) runs.push(await benchOnce(`${label} (baseline)${suffix}`, db, env, workers, true, false, BASELINE));
  runs.push(await benchOnce(`${label}${suffix}`, db, env, workers, true, measureBytes && !ONLY));
}

if (args.db !== 'pglite' && args.db !== 'postgres') {
  console.error(`--db must be pglite or postgres, got "${args.db}"`);
  process.exit(1);
}
const sizes = args.sizes ? args.sizes.split(',').map((n) => Number(n.trim())) : null;
if (sizes?.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`--sizes takes whole numbers separated by commas, got "${args.sizes}"`);
  process.exit(1);
}
if (sizes) {
  // One database (--db), one worker, each size in turn; paging every report is skipped.
  for (const size of sizes) {
    EXPERIENCES = size;
    const env = args.db === 'postgres' ? await preparePostgres() : preparePglite();
    await measure(`${args.db === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${size.toLocaleString('en')}`, args.db, env, 1, false);
  }
} else if (args.db === 'pglite') {
  if (requestedWorkers && requestedWorkers > 1) console.log('--workers applies to PostgreSQL (--db postgres); PGlite serves one process.');
  await measure('PGlite', 'pglite', preparePglite(), 1, true);
} else {
  const pgEnv = await preparePostgres();
  if (!args['no-pglite']) await measure('PGlite', 'pglite', preparePglite(), 1, true);
  await measure('PostgreSQL', 'postgres', pgEnv, 1, args['no-pglite']);
  const w = requestedWorkers ?? 2;
  if (w > 1) await measure(`PostgreSQL ${w} workers`, 'postgres', pgEnv, w, false);
}

printTable(runs);
if (sizes) printSizes(runs);
const outDir = path.join(root, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      experiences: sizes ?? EXPERIENCES,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      cached: !NO_CACHE,
      baseline: BASELINE,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      node: process.version,
      runs,
    },
    null,
    2,
  ),
);
console.log(`\nResults written to ${path.relative(root, file)}`);
